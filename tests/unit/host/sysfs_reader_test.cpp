// Reading sysfs trees: the fixtures of fixtures/host/ (built by make-fixtures.sh from the
// kernel's documented layout), and trees made here whose links try to leave the root.

#include "ibatlas/host/sysfs_reader.hpp"

#include <filesystem>
#include <numeric>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include <sys/stat.h>

namespace ibatlas {
namespace {

namespace fs = std::filesystem;

std::string fixture(const std::string& name) {
  return test::source_dir() + "/fixtures/host/" + name;
}

HostSnapshot read_fixture(const std::string& name) {
  SysfsTree tree(fixture(name));
  return read_host_snapshot(tree);
}

// hdr-gen4-x16 as make-fixtures.sh writes it, field by field.
HostDevice expected_hdr_device() {
  HostDevice d;
  d.name = "mlx5_0";
  d.fw_ver = "20.31.1014";
  d.board_id = "MT_0000000223";
  d.node_guid = "0c42:a103:0016:5d2a";
  // The HCA's function first, then the root port above it.
  d.pcie = {PcieLink{"0000:41:00.0", 16.0, 16u, 16.0, 16u},
            PcieLink{"0000:00:01.1", 16.0, 16u, 16.0, 16u}};
  d.numa_node = 0;
  d.numa_cpus = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  d.ports = {HostPort{.number = 1,
                      .state = 4,
                      .state_name = "ACTIVE",
                      .phys_state = 5,
                      .phys_state_name = "LinkUp",
                      .rate = "200 Gb/sec (4X HDR)",
                      .link_layer = "InfiniBand",
                      .lid = 0x1a,
                      .sm_lid = 0x1}};
  return d;
}

TEST(SysfsReaderTest, ReadsAnHdrHcaItsPortAndItsPcieChain) {
  HostSnapshot s = read_fixture("hdr-gen4-x16");
  ASSERT_EQ(s.devices.size(), 1u);
  EXPECT_EQ(s.devices[0], expected_hdr_device());
}

TEST(SysfsReaderTest, ReadsTheCapturedProcessFacts) {
  HostSnapshot s = read_fixture("hdr-gen4-x16");
  std::vector<unsigned> cpus(32);
  std::iota(cpus.begin(), cpus.end(), 0u);
  EXPECT_EQ(s.process,
            (ProcessFacts{.allowed_cpus = cpus, .memlock_bytes = kUnlimited, .ipc_lock = false}));
}

TEST(SysfsReaderTest, OldKernelSpeedTextAndAPathThroughAPcieSwitch) {
  HostSnapshot edr = read_fixture("edr-gen3-x8");
  ASSERT_EQ(edr.devices.size(), 1u);
  EXPECT_EQ(edr.devices[0].pcie[0], (PcieLink{"0000:03:00.0", 8.0, 8u, 8.0, 8u}));
  EXPECT_EQ(edr.devices[0].pcie[1], (PcieLink{"0000:00:02.0", 8.0, 8u, 8.0, 16u}));

  HostSnapshot bridged = read_fixture("bridge-below-endpoint");
  ASSERT_EQ(bridged.devices.size(), 1u);
  const std::vector<PcieLink>& chain = bridged.devices[0].pcie;
  ASSERT_EQ(chain.size(), 4u);
  EXPECT_EQ(chain[0].address, "0000:03:00.0");
  EXPECT_EQ(chain[1].address, "0000:02:00.0");
  EXPECT_EQ(chain[2], (PcieLink{"0000:01:00.0", 8.0, 16u, 8.0, 16u}));
  EXPECT_EQ(chain[3], (PcieLink{"0000:00:03.1", 8.0, 16u, 16.0, 16u}));
}

TEST(SysfsReaderTest, PortStatesOfThePollingAndNoSmFixtures) {
  HostSnapshot polling = read_fixture("port-polling");
  const HostPort& p = polling.devices.at(0).ports.at(0);
  EXPECT_EQ(p.state, 1u);
  EXPECT_EQ(p.phys_state, 2u);
  EXPECT_EQ(p.phys_state_name, "Polling");
  HostSnapshot no_sm = read_fixture("no-sm");
  const HostPort& q = no_sm.devices.at(0).ports.at(0);
  EXPECT_EQ(q.state, 2u);
  EXPECT_EQ(q.sm_lid, 0u);
  EXPECT_EQ(q.lid, 0u);
}

TEST(SysfsReaderTest, NoClassInfinibandIsAnEmptySnapshot) {
  test::TempDir dir;
  SysfsTree tree(dir.path().string());
  HostSnapshot s = read_host_snapshot(tree);
  EXPECT_TRUE(s.devices.empty());
  EXPECT_FALSE(s.process);
}

TEST(SysfsReaderTest, RecordsEveryFileReadAndLinkFollowed) {
  SysfsTree tree(fixture("no-sm"));
  read_host_snapshot(tree);
  const std::string ib = "devices/pci0000:00/0000:00:01.1/0000:41:00.0/infiniband/mlx5_0";
  EXPECT_EQ(tree.links().at("class/infiniband/mlx5_0"), "../../" + ib);
  EXPECT_EQ(tree.links().at(ib + "/device"), "../../../0000:41:00.0");
  EXPECT_EQ(tree.files().at(ib + "/ports/1/state"), "2: INIT\n");
  EXPECT_EQ(tree.files().at("devices/system/node/node0/cpulist"), "0-15\n");
  EXPECT_EQ(tree.files().count(ib + "/node_type"), 0u);  // not read, so not captured
}

class SysfsEscapeTest : public ::testing::Test {
 protected:
  // class/infiniband/mlx5_0 -> `target`, and a readable file outside the root.
  void link_device(const std::string& target) {
    fs::create_directories(root() / "class/infiniband");
    fs::create_symlink(target, root() / "class/infiniband/mlx5_0");
  }

  fs::path root() const { return temp.path() / "sys"; }

  void SetUp() override {
    fs::create_directories(root());
    fs::create_directories(temp.path() / "outside/ports/1");
    test::write_file((temp.path() / "outside/fw_ver").string(), "secret\n");
  }

  test::TempDir temp;
};

TEST_F(SysfsEscapeTest, ARelativeLinkAboveTheRootIsRefused) {
  link_device("../../../outside");
  SysfsTree tree(root().string());
  try {
    read_host_snapshot(tree);
    FAIL() << "a link out of the root was followed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("leads above"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(tree.files().empty());
}

TEST_F(SysfsEscapeTest, AnAbsoluteLinkIsRefusedEvenInsideTheRoot) {
  link_device((temp.path() / "outside").string());
  SysfsTree tree(root().string());
  EXPECT_THROW(read_host_snapshot(tree), Error);
  EXPECT_TRUE(tree.files().empty());
}

TEST_F(SysfsEscapeTest, ADotDotPathInAFileNameCannotClimbOut) {
  SysfsTree tree(root().string());
  EXPECT_THROW(tree.read("../outside/fw_ver"), Error);
  EXPECT_THROW(tree.read("class/../../outside/fw_ver"), Error);
}

TEST_F(SysfsEscapeTest, ALinkLoopIsRefused) {
  fs::create_directories(root() / "class/infiniband");
  fs::create_symlink("b", root() / "class/infiniband/a");
  fs::create_symlink("a", root() / "class/infiniband/b");
  SysfsTree tree(root().string());
  EXPECT_THROW(tree.read("class/infiniband/a/fw_ver"), Error);
}

TEST_F(SysfsEscapeTest, LinksThatStayInsideAreFollowed) {
  fs::create_directories(root() / "devices/x/infiniband/mlx5_0");
  test::write_file((root() / "devices/x/infiniband/mlx5_0/fw_ver").string(), "1.2.3\n");
  // Climbs to the top and back down: still inside.
  link_device("../../devices/x/../x/infiniband/mlx5_0");
  SysfsTree tree(root().string());
  HostSnapshot s = read_host_snapshot(tree);
  ASSERT_EQ(s.devices.size(), 1u);
  EXPECT_EQ(s.devices[0].fw_ver, "1.2.3");
  EXPECT_TRUE(s.devices[0].pcie.empty());  // no device link: not PCIe
}

TEST_F(SysfsEscapeTest, OnlyRegularFilesAreRead) {
  fs::create_directories(root() / "d");
  ASSERT_EQ(::mkfifo((root() / "d/fifo").c_str(), 0600), 0);  // would block an open()
  SysfsTree tree(root().string());
  EXPECT_FALSE(tree.read("d/fifo"));
  EXPECT_FALSE(tree.read("d"));
  EXPECT_FALSE(tree.read("d/missing"));
  EXPECT_TRUE(tree.files().empty());
}

TEST(ProcessFactsTest, WritesOneLinePerFact) {
  ProcessFacts facts{.allowed_cpus = {0, 1, 2, 3, 8}, .memlock_bytes = 65536, .ipc_lock = true};
  EXPECT_EQ(process_facts_text(facts),
            "# ibatlas host: limits of the capturing process (docs/host.md)\n"
            "cpus_allowed 0-3,8\nmemlock 65536\ncap_ipc_lock 1\n");
  facts.memlock_bytes = kUnlimited;
  EXPECT_NE(process_facts_text(facts).find("memlock unlimited\n"), std::string::npos);
}

TEST(ProcessFactsTest, RoundTripsThroughItsText) {
  ProcessFacts facts{.allowed_cpus = {0, 1, 2, 3, 8}, .memlock_bytes = 65536, .ipc_lock = true};
  EXPECT_EQ(parse_process_facts(process_facts_text(facts), "p"), facts);
  facts.memlock_bytes = kUnlimited;
  EXPECT_EQ(parse_process_facts(process_facts_text(facts), "p"), facts);
}

std::string parse_error_of(const std::string& text) {
  try {
    parse_process_facts(text, "cap/ibatlas-process");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ProcessFactsTest, ABadLineIsAParseErrorWithItsLine) {
  EXPECT_EQ(parse_error_of("# comment\nmemlock lots\n"),
            "cap/ibatlas-process:2: expected a number of bytes or unlimited, found \"lots\"");
  EXPECT_EQ(parse_error_of("colour blue\n"),
            "cap/ibatlas-process:1: expected cpus_allowed, memlock or cap_ipc_lock, found "
            "\"colour\"");
  EXPECT_NE(parse_error_of("cpus_allowed 9-2\n"), "no error");
  EXPECT_NE(parse_error_of("cap_ipc_lock yes\n"), "no error");
}

TEST(ProcessFactsTest, TheLiveProcessHasCpusAndALimit) {
  ProcessFacts facts = read_process_facts();
  EXPECT_FALSE(facts.allowed_cpus.empty());
  EXPECT_TRUE(facts.memlock_bytes.has_value());
}

}  // namespace
}  // namespace ibatlas
