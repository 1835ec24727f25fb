// place_host_findings on the probe-2tier fixture (host3 is node GUID 0x100004, host5
// 0x100008; fixtures/probe-2tier/snapshot.xml): each agent's host findings end up named
// after the host that sent them.

#include "ibatlas/probe/host_findings.hpp"

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/input_file.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

class HostFindingsTest : public ::testing::Test {
 protected:
  HostFindingsTest()
      : fabric_(read_fabric(read_file(test::source_dir() + "/fixtures/probe-2tier/snapshot.xml"),
                            "snapshot.xml")
                    .fabric) {}

  PortId port(const std::string& name) const {
    for (const Node& n : fabric_.nodes()) {
      if (n.description == name) {
        return *fabric_.find_port(fabric_.id_of(n), 1);
      }
    }
    throw Error("no node " + name);
  }

  Fabric fabric_;
};

Finding on_hca(const std::string& check, Guid guid, std::optional<std::uint8_t> port) {
  return Finding{.check = check,
                 .severity = Severity::Warning,
                 .location = {.kind = port ? LocationKind::Port : LocationKind::Node,
                              .here = {.node_guid = guid, .port = port, .name = "mlx5_0"},
                              .peer = {}},
                 .message = "mlx5_0: something"};
}

TEST_F(HostFindingsTest, AnHcaOfTheFabricIsNamedAsTheFabricNamesIt) {
  std::vector<Finding> in{on_hca("host.port_polling", 0x100004, 1)};
  std::vector<Finding> out = place_host_findings(fabric_, port("host3"), in);
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].location.kind, LocationKind::Port);
  EXPECT_EQ(out[0].location.here, (Endpoint{.node_guid = 0x100004, .port = 1, .name = "host3"}));
  EXPECT_EQ(out[0].message, "mlx5_0: something");
}

TEST_F(HostFindingsTest, AnHcaTheFabricLacksIsNamedAfterTheHostAndDevice) {
  std::vector<Finding> in{on_hca("host.pcie_bottleneck", 0x7cfe90030010a2b4, std::nullopt)};
  std::vector<Finding> out = place_host_findings(fabric_, port("host5"), in);
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].location.kind, LocationKind::Node);
  EXPECT_EQ(out[0].location.here,
            (Endpoint{.node_guid = 0x7cfe90030010a2b4, .port = {}, .name = "host5 mlx5_0"}));
}

TEST_F(HostFindingsTest, TheAgentsProcessFindingMovesToItsHost) {
  std::vector<Finding> in{
      Finding{.check = "host.memlock_low", .message = "RLIMIT_MEMLOCK is 8 MiB"}};
  std::vector<Finding> out = place_host_findings(fabric_, port("host5"), in);
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].location, (Location{.kind = LocationKind::Node,
                                       .here = {.node_guid = 0x100008, .port = {}, .name = "host5"},
                                       .peer = {}}));
  EXPECT_EQ(out[0].message, "agent process: RLIMIT_MEMLOCK is 8 MiB");
}

TEST_F(HostFindingsTest, SortedWorstFirst) {
  std::vector<Finding> in{on_hca("host.pcie_degraded", 0x100008, std::nullopt),
                          on_hca("host.port_down", 0x100008, 1)};
  in[1].severity = Severity::Error;
  std::vector<Finding> out = place_host_findings(fabric_, port("host5"), in);
  ASSERT_EQ(out.size(), 2U);
  EXPECT_EQ(out[0].check, "host.port_down");
  EXPECT_EQ(out[1].check, "host.pcie_degraded");
}

}  // namespace
}  // namespace ibatlas
