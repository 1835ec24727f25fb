// The host doctor's checks on snapshots built by hand. Thresholds worked by hand: EDR needs
// 100 Gb/s; Gen3 x16 carries 126.03 * 0.9 = 113.4 (enough), Gen3 x8 63.02 * 0.9 = 56.7 (not).

#include "ibatlas/host/host_checks.hpp"

#include <gtest/gtest.h>

#include "ibatlas/findings/registry.hpp"

namespace ibatlas {
namespace {

HostPort active_port(const std::string& rate) {
  return HostPort{.number = 1,
                  .state = 4,
                  .state_name = "ACTIVE",
                  .phys_state = 5,
                  .phys_state_name = "LinkUp",
                  .rate = rate,
                  .link_layer = "InfiniBand",
                  .lid = 0x1a,
                  .sm_lid = 0x1};
}

PcieLink link(const std::string& address, double gts, unsigned width, double max_gts,
              unsigned max_width) {
  return PcieLink{address, gts, width, max_gts, max_width};
}

HostDevice device(const std::string& rate, std::vector<PcieLink> pcie) {
  HostDevice d;
  d.name = "mlx5_0";
  d.node_guid = "0c42:a103:0016:5d2a";
  d.pcie = std::move(pcie);
  d.ports.push_back(active_port(rate));
  return d;
}

std::vector<std::string> ids(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  out.reserve(findings.size());
  for (const Finding& f : findings) {
    out.push_back(f.check);
  }
  return out;
}

using Ids = std::vector<std::string>;

TEST(HostChecksTest, EveryIdIsRegistered) {
  for (const char* id :
       {"host.port_down", "host.port_polling", "host.no_sm", "host.pcie_bottleneck",
        "host.pcie_degraded", "host.numa_far", "host.memlock_low"}) {
    EXPECT_NE(find_check(id), nullptr) << id;
  }
}

TEST(HostChecksTest, AHealthyActivePortHasNoFinding) {
  EXPECT_TRUE(check_ports(device("200 Gb/sec (4X HDR)", {})).empty());
}

TEST(HostChecksTest, PollingIsReportedAsPollingOnly) {
  HostDevice d = device("10 Gb/sec (4X SDR)", {});
  d.ports[0].state = 1;
  d.ports[0].state_name = "DOWN";
  d.ports[0].phys_state = 2;
  d.ports[0].phys_state_name = "Polling";
  std::vector<Finding> f = check_ports(d);
  ASSERT_EQ(ids(f), Ids{"host.port_polling"});
  EXPECT_EQ(f[0].severity, Severity::Error);
  EXPECT_EQ(f[0].location.kind, LocationKind::Port);
  EXPECT_EQ(f[0].location.here.port, 1);
  EXPECT_EQ(f[0].location.here.node_guid, 0x0c42a10300165d2aULL);
  EXPECT_EQ(f[0].measured, "DOWN, Polling");
}

TEST(HostChecksTest, ADisabledPortIsDown) {
  HostDevice d = device("10 Gb/sec (4X SDR)", {});
  d.ports[0].state = 1;
  d.ports[0].state_name = "DOWN";
  d.ports[0].phys_state = 3;
  d.ports[0].phys_state_name = "Disabled";
  std::vector<Finding> f = check_ports(d);
  ASSERT_EQ(ids(f), Ids{"host.port_down"});
  EXPECT_NE(f[0].hint.find("enable"), std::string::npos);
}

TEST(HostChecksTest, LinkUpWithoutAnSmIsNoSm) {
  HostDevice init = device("200 Gb/sec (4X HDR)", {});
  init.ports[0].state = 2;
  init.ports[0].state_name = "INIT";
  init.ports[0].lid = 0;
  init.ports[0].sm_lid = 0;
  EXPECT_EQ(ids(check_ports(init)), Ids{"host.no_sm"});
  HostDevice armed = device("200 Gb/sec (4X HDR)", {});
  armed.ports[0].state = 3;
  EXPECT_EQ(ids(check_ports(armed)), Ids{"host.no_sm"});
  HostDevice active_no_sm_lid = device("200 Gb/sec (4X HDR)", {});
  active_no_sm_lid.ports[0].sm_lid = 0;
  EXPECT_EQ(ids(check_ports(active_no_sm_lid)), Ids{"host.no_sm"});
  // RoCE ports have no subnet manager.
  HostDevice roce = init;
  roce.ports[0].link_layer = "Ethernet";
  EXPECT_TRUE(check_ports(roce).empty());
}

TEST(HostChecksTest, EdrOnGen3X8IsABottleneckAndOnGen3X16IsNot) {
  HostDevice x8 = device("100 Gb/sec (4X EDR)", {link("0000:03:00.0", 8, 8, 8, 8)});
  std::vector<Finding> f = check_pcie(x8);
  ASSERT_EQ(ids(f), Ids{"host.pcie_bottleneck"});
  EXPECT_EQ(f[0].measured, "Gen3 x8 = 63.0 Gb/s");
  EXPECT_EQ(f[0].location.kind, LocationKind::Node);
  HostDevice x16 = device("100 Gb/sec (4X EDR)", {link("0000:03:00.0", 8, 16, 8, 16)});
  EXPECT_TRUE(check_pcie(x16).empty());
}

TEST(HostChecksTest, HdrNeedsGen4X16) {
  EXPECT_TRUE(check_pcie(device("200 Gb/sec (4X HDR)", {link("a", 16, 16, 16, 16)})).empty());
  EXPECT_EQ(ids(check_pcie(device("200 Gb/sec (4X HDR)", {link("a", 16, 8, 16, 8)}))),
            Ids{"host.pcie_bottleneck"});
  EXPECT_EQ(ids(check_pcie(device("200 Gb/sec (4X HDR)", {link("a", 8, 16, 8, 16)}))),
            Ids{"host.pcie_bottleneck"});
}

TEST(HostChecksTest, NoActivePortNeedsNothing) {
  HostDevice d = device("100 Gb/sec (4X EDR)", {link("a", 2.5, 1, 2.5, 1)});
  d.ports[0].state = 1;
  EXPECT_TRUE(check_pcie(d).empty());
}

TEST(HostChecksTest, TheNeedIsTheSumOfTheActivePorts) {
  HostDevice d = device("100 Gb/sec (4X EDR)", {link("a", 8, 16, 8, 16)});
  d.ports.push_back(active_port("100 Gb/sec (4X EDR)"));
  d.ports[1].number = 2;
  PcieBudget b = pcie_budget(d);
  EXPECT_EQ(b.needed_gbps, 200.0);
  EXPECT_EQ(ids(check_pcie(d)), Ids{"host.pcie_bottleneck"});  // 113.4 < 200
}

TEST(HostChecksTest, AnHcaBelowItsMaxIsDegraded) {
  HostDevice d = device("100 Gb/sec (4X EDR)", {link("0000:03:00.0", 8, 16, 16, 16)});
  std::vector<Finding> f = check_pcie(d);
  ASSERT_EQ(ids(f), Ids{"host.pcie_degraded"});
  EXPECT_EQ(f[0].measured, "Gen3 x16");
  EXPECT_EQ(f[0].expected, "Gen4 x16 (max)");
}

TEST(HostChecksTest, ABridgeBelowTheHcaIsDegradedAndNarrowsThePath) {
  HostDevice d = device("200 Gb/sec (4X HDR)",
                        {link("0000:03:00.0", 16, 16, 16, 16), link("0000:01:00.0", 8, 16, 8, 16)});
  std::vector<Finding> f = check_pcie(d);
  ASSERT_EQ(ids(f), (Ids{"host.pcie_bottleneck", "host.pcie_degraded"}));
  EXPECT_NE(f[0].message.find("limited at bridge 0000:01:00.0"), std::string::npos);
  EXPECT_EQ(f[1].expected, "Gen4 x16 (as the HCA)");
}

TEST(HostChecksTest, AWideRootPortAboveANarrowCardIsNotDegraded) {
  // An x8 card in an x16 slot: the root port trains x8, all the card can do.
  HostDevice d = device("50 Gb/sec (2X EDR)",
                        {link("0000:03:00.0", 8, 8, 8, 8), link("0000:00:02.0", 8, 8, 8, 16)});
  EXPECT_TRUE(check_pcie(d).empty());
}

HostDevice on_node0() {
  HostDevice d = device("200 Gb/sec (4X HDR)", {});
  d.numa_node = 0;
  d.numa_cpus = {0, 1, 2, 3};
  return d;
}

ProcessFacts on_cpus(std::vector<unsigned> cpus) {
  return ProcessFacts{.allowed_cpus = std::move(cpus), .memlock_bytes = {}, .ipc_lock = false};
}

TEST(HostChecksTest, NumaFarWhenNoAllowedCpuIsOnTheNode) {
  std::vector<Finding> f = check_numa(on_node0(), on_cpus({4, 5}));
  ASSERT_EQ(ids(f), Ids{"host.numa_far"});
  EXPECT_EQ(f[0].measured, "CPUs 4-5");
  EXPECT_EQ(f[0].expected, "node 0 CPUs 0-3");
}

TEST(HostChecksTest, NumaNearOrUnknownIsNoFinding) {
  EXPECT_TRUE(check_numa(on_node0(), on_cpus({3, 4})).empty());  // may run on CPU 3
  HostDevice unknown = on_node0();
  unknown.numa_node.reset();  // numa_node -1
  EXPECT_TRUE(check_numa(unknown, on_cpus({4, 5})).empty());
  EXPECT_TRUE(check_numa(on_node0(), ProcessFacts{}).empty());
}

ProcessFacts memlock(std::optional<std::uint64_t> bytes, bool cap = false) {
  return ProcessFacts{.allowed_cpus = {}, .memlock_bytes = bytes, .ipc_lock = cap};
}

TEST(HostChecksTest, MemlockOfTheDefault8MiBIsAWarning) {
  std::vector<Finding> eight = check_memlock(memlock(8u << 20));
  ASSERT_EQ(ids(eight), Ids{"host.memlock_low"});
  EXPECT_EQ(eight[0].severity, Severity::Warning);
  EXPECT_EQ(eight[0].measured, "8 MiB");
  EXPECT_EQ(eight[0].location.kind, LocationKind::Fabric);
}

TEST(HostChecksTest, MemlockOf64KiBIsAnError) {
  std::vector<Finding> tiny = check_memlock(memlock(64u << 10));
  ASSERT_EQ(ids(tiny), Ids{"host.memlock_low"});
  EXPECT_EQ(tiny[0].severity, Severity::Error);
  EXPECT_EQ(tiny[0].measured, "64 KiB");
}

TEST(HostChecksTest, MemlockUnlimitedLargeOrLiftedIsNoFinding) {
  EXPECT_TRUE(check_memlock(memlock(kUnlimited)).empty());
  EXPECT_TRUE(check_memlock(memlock(1u << 30)).empty());
  EXPECT_TRUE(check_memlock(memlock(64u << 10, true)).empty());  // CAP_IPC_LOCK
  EXPECT_TRUE(check_memlock(memlock(std::nullopt)).empty());
}

TEST(HostChecksTest, RunHostChecksSortsWorstFirst) {
  HostSnapshot s;
  s.devices.push_back(device("100 Gb/sec (4X EDR)", {link("a", 8, 8, 8, 8)}));
  s.devices[0].ports.push_back(active_port(""));
  s.devices[0].ports[1].number = 2;
  s.devices[0].ports[1].phys_state = 2;
  s.process = ProcessFacts{.allowed_cpus = {0}, .memlock_bytes = 8u << 20, .ipc_lock = false};
  std::vector<Finding> f = run_host_checks(s);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].check, "host.port_polling");
  EXPECT_EQ(f[0].severity, Severity::Error);
}

}  // namespace
}  // namespace ibatlas
