#include "ibatlas/probe/hosts_file.hpp"

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

std::string error_of(std::string_view text) {
  try {
    read_hosts_file(text, "hosts");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(HostsFileTest, ReadsNodesAddressesAndDataAddresses) {
  std::vector<HostEntry> hosts = read_hosts_file(
      "# the lab\n"
      "host1 10.201.0.1:7000 10.200.0.2  # LID 2\n"
      "\n"
      "\"MT4123 ConnectX6   node07\" [fe80::1%mgmt]:7001\n"
      "0x0000000000100004\t10.201.0.3:7000\r\n",
      "hosts");
  ASSERT_EQ(hosts.size(), 3U);
  EXPECT_EQ(hosts[0].node, "host1");
  EXPECT_EQ(hosts[0].control, "10.201.0.1:7000");
  EXPECT_EQ(hosts[0].data, "10.200.0.2");
  EXPECT_EQ(hosts[0].line, 2U);
  EXPECT_EQ(hosts[1].node, "MT4123 ConnectX6   node07");
  EXPECT_EQ(hosts[1].control, "[fe80::1%mgmt]:7001");
  EXPECT_EQ(hosts[1].data, "fe80::1%mgmt");  // default: the control address
  EXPECT_EQ(hosts[2].node, "0x0000000000100004");
  EXPECT_EQ(hosts[2].data, "10.201.0.3");
  EXPECT_EQ(hosts[2].line, 5U);
}

TEST(HostsFileTest, RejectsMalformedLinesWithFileAndLine) {
  EXPECT_EQ(error_of("host1\n"),
            "hosts:1: expected ADDRESS:PORT after the node (port 1-65535), found end of line");
  EXPECT_EQ(error_of("\nhost1 10.0.0.1\n"),
            "hosts:2: expected ADDRESS:PORT after the node (port 1-65535), found \"10.0.0.1\"");
  EXPECT_EQ(error_of("host1 10.0.0.1:0\n"),
            "hosts:1: expected ADDRESS:PORT after the node (port 1-65535), found \"10.0.0.1:0\"");
  EXPECT_EQ(error_of("host1 10.0.0.1:65536\n").substr(0, 8), "hosts:1:");
  EXPECT_EQ(error_of("host1 fe80::1:7000\n").substr(0, 8), "hosts:1:");  // brackets needed
  EXPECT_EQ(error_of("host1 10.0.0.1:7000 10.0.0.2 extra\n"),
            "hosts:1: expected the end of the line after NODE ADDRESS:PORT [DATA_ADDRESS], "
            "found \"extra\"");
  EXPECT_EQ(error_of("host1 10.0.0.1:7000 a;rm\n"),
            "hosts:1: expected a data address, found \"a;rm\"");
  EXPECT_EQ(error_of("\"host 1 10.0.0.1:7000\n"),
            "hosts:1: expected a closing '\"', found \"\"host 1 10.0.0.1:7000\"");
  EXPECT_EQ(error_of("h 10.0.0.1:7000\nh 10.0.0.2:7000\n"),
            "hosts:2: expected each node once, found \"h\"");
}

TEST(HostsFileTest, EmptyFileHasNoHosts) {
  EXPECT_TRUE(read_hosts_file("", "hosts").empty());
  EXPECT_TRUE(read_hosts_file("# nothing\n\n", "hosts").empty());
}

}  // namespace
}  // namespace ibatlas
