// The path MTU from the snapshot, on fixtures/probe-2tier (every CA and inter-switch port
// runs MTU 2048 there; host1 -> host8 leaves spine2 by port 4, docs/probe.md "Testing without
// a card", checked with the interfaces' packet counters on the namespace fabric).

#include "ibatlas/verbs/rc_path.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/input_file.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::string snapshot_text() {
  return read_file(test::source_dir() + "/fixtures/probe-2tier/snapshot.xml");
}

PortId host_port(const Fabric& fabric, std::uint64_t node_guid) {
  return *fabric.find_port(*fabric.find_node(Guid{node_guid}), 1);
}

// The text with spine2 port 4's active MTU set to `mtu` bytes.
std::string with_spine2_port4_mtu(std::string text, const std::string& mtu) {
  std::size_t at = text.find("description=\"spine2\"");
  at = text.find("<port number=\"4\"", at);
  at = text.find("mtu=\"2048\"", at);
  return text.replace(at, 10, "mtu=\"" + mtu + "\"");
}

constexpr std::uint64_t kHost1 = 0x100000;

TEST(RcPathTest, PathMtuIsTheSmallestOnTheRoute) {
  Fabric fabric = read_xml_snapshot(snapshot_text(), "snapshot.xml").fabric;
  EXPECT_EQ(snapshot_path_mtu(fabric, host_port(fabric, kHost1), 14), VerbsMtu::Mtu2048);
  Fabric narrowed =
      read_xml_snapshot(with_spine2_port4_mtu(snapshot_text(), "1024"), "s.xml").fabric;
  EXPECT_EQ(snapshot_path_mtu(narrowed, host_port(narrowed, kHost1), 14), VerbsMtu::Mtu1024);
  // host1 -> host2 stays under leaf1 and never crosses spine2.
  EXPECT_EQ(snapshot_path_mtu(narrowed, host_port(narrowed, kHost1), 5), VerbsMtu::Mtu2048);
}

TEST(RcPathTest, NoRouteOrAnUnknownMtuGivesNone) {
  Fabric fabric = read_xml_snapshot(snapshot_text(), "snapshot.xml").fabric;
  EXPECT_EQ(snapshot_path_mtu(fabric, host_port(fabric, kHost1), 999), std::nullopt);
  std::string text = snapshot_text();
  std::size_t at = text.find("description=\"spine2\"");
  at = text.find("<port number=\"4\"", at);
  at = text.find(" mtu=\"2048\"", at);
  text.erase(at, 11);
  Fabric unknown = read_xml_snapshot(text, "s.xml").fabric;
  EXPECT_EQ(snapshot_path_mtu(unknown, host_port(unknown, kHost1), 14), std::nullopt);
}

TEST(RcPathTest, RequestPathTakesThePlansDlidAndTheSl) {
  Fabric fabric = read_xml_snapshot(with_spine2_port4_mtu(snapshot_text(), "512"), "s.xml").fabric;
  ProbeRequest request;
  request.from = host_port(fabric, kHost1);
  request.dlid = 14;
  RcPath path = rc_path(fabric, request, 2);
  EXPECT_EQ(path.dlid, 14);
  EXPECT_EQ(path.sl, 2);
  EXPECT_EQ(path.mtu, VerbsMtu::Mtu512);
  request.dlid = 999;
  EXPECT_EQ(rc_path(fabric, request, 0).mtu, VerbsMtu::Mtu4096);  // capped later by the port
}

}  // namespace
}  // namespace ibatlas
