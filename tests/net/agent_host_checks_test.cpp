// The agent's host doctor over the control channel: an agent pointed at a fixture sysfs
// tree (fixtures/host/) sends its findings right after READY, and connect_agents hands each
// connected agent's to the controller. Expected findings are worked out by hand from the
// fixtures' files (docs/host.md's rules): edr-gen3-x8 is 4X EDR (100 Gb/s of data) behind
// Gen3 x8 (63.0 Gb/s, 56.7 after the tenth for headers), the root port's x8 of x16 not
// flagged (the HCA is an x8 card), everything else clean: host.pcie_bottleneck only.
// port-polling's port is DOWN/Polling, so not Active, so it needs no PCIe bandwidth:
// host.port_polling only.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/host/sysfs_reader.hpp"
#include "ibatlas/net/controller.hpp"

#include "net/harness.hpp"

namespace ibatlas {
namespace {

using namespace std::chrono_literals;
using test::AgentThread;

// What `ibatlas agent --sysfs-root DIR` runs per session (apps/cmd_agent.cpp).
std::function<HostFindingsMessage()> fixture_checks(const std::string& name) {
  std::string root = IBATLAS_SOURCE_DIR "/fixtures/host/" + name;
  return [root] {
    SysfsTree tree(root);
    return HostFindingsMessage{run_host_checks(read_host_snapshot(tree)), {}};
  };
}

std::function<void(AgentOptions&)> with_checks(std::function<HostFindingsMessage()> checks) {
  return [checks](AgentOptions& o) { o.host_checks = checks; };
}

AgentAddress address(std::uint32_t port, const std::string& name, const std::string& control) {
  return AgentAddress{PortId{port}, name, control, "127.0.0.1"};
}

TEST(AgentHostChecks, SentRightAfterReady) {
  AgentThread agent(test::test_key(), with_checks(fixture_checks("edr-gen3-x8")));
  test::RawSession session(agent.port(), test::test_key());
  std::optional<Message> ready = session.receive(2s);
  ASSERT_TRUE(ready && std::holds_alternative<ReadyMessage>(*ready));
  std::optional<Message> host = session.receive(2s);
  ASSERT_TRUE(host);
  const HostFindingsMessage& m = std::get<HostFindingsMessage>(*host);
  EXPECT_EQ(m.unavailable, "");
  ASSERT_EQ(m.findings.size(), 1U);
  const Finding& f = m.findings[0];
  EXPECT_EQ(f.check, "host.pcie_bottleneck");
  EXPECT_EQ(f.location.kind, LocationKind::Node);
  EXPECT_EQ(f.location.here.node_guid, Guid{0x7cfe90030010a2b4});
  EXPECT_EQ(f.location.here.name, "mlx5_0");
}

TEST(AgentHostChecks, ControllerCollectsEachConnectedAgentsFindings) {
  AgentThread edr(test::test_key(), with_checks(fixture_checks("edr-gen3-x8")));
  AgentThread polling(test::test_key(), with_checks(fixture_checks("port-polling")));
  AgentThread none(test::test_key());
  AgentThread broken(test::test_key(), with_checks([]() -> HostFindingsMessage {
                       throw Error("a link of DIR leaves it");
                     }));
  std::vector<AgentAddress> agents{
      address(1, "host1", edr.control()), address(2, "host2", polling.control()),
      address(3, "host3", none.control()), address(4, "host4", broken.control()),
      address(5, "host5", "127.0.0.1:1")};  // nothing listens there
  std::vector<AgentHostFindings> hosts;
  ControllerOptions options;
  options.host_findings = &hosts;
  std::unique_ptr<ProbeTransport> transport = connect_agents(agents, test::test_key(), options);
  ASSERT_EQ(hosts.size(), 4U);  // host5's agent was never reached
  EXPECT_EQ(hosts[0].port, PortId{1});
  EXPECT_EQ(hosts[0].name, "host1");
  ASSERT_EQ(hosts[0].findings.size(), 1U);
  EXPECT_EQ(hosts[0].findings[0].check, "host.pcie_bottleneck");
  EXPECT_EQ(hosts[1].port, PortId{2});
  ASSERT_EQ(hosts[1].findings.size(), 1U);
  EXPECT_EQ(hosts[1].findings[0].check, "host.port_polling");
  EXPECT_EQ(hosts[1].findings[0].location.here.port, 1);
  EXPECT_EQ(hosts[1].findings[0].severity, Severity::Error);
  EXPECT_TRUE(hosts[2].findings.empty());
  EXPECT_EQ(hosts[2].unavailable, "this agent runs no host checks");
  EXPECT_EQ(hosts[3].unavailable, "host checks failed: a link of DIR leaves it");
}

TEST(AgentHostChecks, TooManyFindingsAreCutToTheMessagesLimit) {
  AgentThread agent(test::test_key(), with_checks([] {
                      Finding f{.check = "host.numa_far", .message = std::string(5000, 'x')};
                      return HostFindingsMessage{std::vector<Finding>(200, f), {}};
                    }));
  std::vector<AgentHostFindings> hosts;
  ControllerOptions options;
  options.host_findings = &hosts;
  std::vector<AgentAddress> agents{address(1, "host1", agent.control())};
  connect_agents(agents, test::test_key(), options);
  ASSERT_EQ(hosts.size(), 1U);
  ASSERT_EQ(hosts[0].findings.size(), kMaxHostFindings);
  EXPECT_EQ(hosts[0].findings[0].message.size(), kMaxTextBytes);
}

}  // namespace
}  // namespace ibatlas
