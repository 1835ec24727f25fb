// connect_agents and the UDP transport end to end: two agents on 127.0.0.1 in this process,
// and agents that are dead or silent.

#include "ibatlas/net/controller.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "net/harness.hpp"

namespace ibatlas {
namespace {

using namespace std::chrono_literals;
using test::AgentThread;

AgentAddress address(std::uint32_t port, const std::string& name, const std::string& control) {
  return AgentAddress{PortId{port}, name, control, "127.0.0.1"};
}

ProbeRequest request(std::uint64_t tag, std::uint32_t bytes, std::uint32_t samples) {
  ProbeRequest r;
  r.tag = tag;
  r.from = PortId{1};
  r.to = PortId{2};
  r.request_bytes = bytes;
  r.reply_bytes = bytes;
  r.samples = samples;
  r.warmup = 5;
  return r;
}

// Polls until one result arrives or `limit` passes.
std::optional<ProbeResult> wait_result(ProbeTransport& transport, std::chrono::milliseconds limit) {
  auto end = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < end) {
    std::vector<ProbeResult> results = transport.poll(100ms);
    if (!results.empty()) {
      return results.front();
    }
  }
  return std::nullopt;
}

// A port nothing listens on: bound, then closed.
std::uint16_t closed_port() {
  net::Fd fd = net::tcp_listen(net::numeric_address("127.0.0.1", 0));
  return net::local_port(fd.get());
}

class TwoAgents : public ::testing::Test {
 protected:
  AgentThread a_{test::test_key()};
  AgentThread b_{test::test_key()};
  std::vector<AgentAddress> agents_{address(1, "host01", a_.control()),
                                    address(2, "host02", b_.control())};
};

TEST_F(TwoAgents, PingBlocksOf64And4096Bytes) {
  std::unique_ptr<ProbeTransport> transport =
      connect_agents(agents_, test::test_key(), ControllerOptions{});
  EXPECT_EQ(transport->max_in_flight(), 1u);
  for (std::uint32_t bytes : {64u, 4096u}) {
    transport->send(request(bytes, bytes, 50));
    std::optional<ProbeResult> result = wait_result(*transport, 10s);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->status, ProbeStatus::Ok) << result->detail;
    EXPECT_EQ(result->tag, bytes);
    EXPECT_EQ(result->sent, 50u);
    EXPECT_EQ(result->rtt_ns.size() + result->lost, 50u);
    EXPECT_GE(result->rtt_ns.size(), 45u);
    for (std::uint32_t rtt : result->rtt_ns) {
      EXPECT_GT(rtt, 0u);
    }
  }
}

TEST_F(TwoAgents, WrongKeyMakesEveryRequestUnreachable) {
  std::ostringstream log;
  ControllerOptions options;
  options.log = &log;
  std::unique_ptr<ProbeTransport> transport = connect_agents(agents_, test::test_key('x'), options);
  transport->send(request(7, 64, 10));
  std::optional<ProbeResult> result = wait_result(*transport, 1s);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, ProbeStatus::Unreachable);
  EXPECT_EQ(result->culprit, PortId{1});
  EXPECT_NE(result->detail.find("agent " + a_.control() + " of host01: handshake"),
            std::string::npos)
      << result->detail;
  EXPECT_NE(a_.stop_and_log().find("is not this agent's"), std::string::npos);
}

TEST_F(TwoAgents, CancelStopsALongBlockQuickly) {
  std::unique_ptr<ProbeTransport> transport =
      connect_agents(agents_, test::test_key(), ControllerOptions{});
  transport->send(request(1, 64, 100000 - 5));
  EXPECT_TRUE(transport->poll(300ms).empty());  // still running
  auto start = std::chrono::steady_clock::now();
  transport->cancel();
  std::vector<ProbeResult> results = transport->poll(100ms);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, ProbeStatus::Failed);
  // The agent has stopped: it takes the next block at once (it refuses one while busy).
  transport->send(request(2, 64, 10));
  std::optional<ProbeResult> next = wait_result(*transport, 2s);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->status, ProbeStatus::Ok) << next->detail;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
}

TEST(Controller, DeadAgentsFailInParallelNamingTheirHost) {
  std::vector<AgentAddress> agents;
  for (std::uint32_t i = 0; i < 10; ++i) {
    agents.push_back(
        address(i, "host" + std::to_string(i), "127.0.0.1:" + std::to_string(closed_port())));
  }
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<ProbeTransport> transport =
      connect_agents(agents, test::test_key(), ControllerOptions{});
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  ProbeRequest r = request(3, 64, 10);
  r.from = PortId{4};
  r.to = PortId{5};
  transport->send(r);
  std::vector<ProbeResult> results = transport->poll(0ms);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, ProbeStatus::Unreachable);
  EXPECT_EQ(results[0].culprit, PortId{4});
  EXPECT_NE(results[0].detail.find("of host4: connect: Connection refused"), std::string::npos)
      << results[0].detail;
}

TEST(Controller, SilentAgentIsUnreachableWithinTheTimeout) {
  // Accepts connections (the kernel's backlog does) and never says a word.
  net::Fd silent = net::tcp_listen(net::numeric_address("127.0.0.1", 0));
  AgentThread good(test::test_key());
  std::vector<AgentAddress> agents{
      address(1, "host01", good.control()),
      address(2, "host02", "127.0.0.1:" + std::to_string(net::local_port(silent.get())))};
  ControllerOptions options;
  options.connect_timeout = 500ms;
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<ProbeTransport> transport = connect_agents(agents, test::test_key(), options);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1500ms);
  transport->send(request(4, 64, 10));
  std::optional<ProbeResult> result = wait_result(*transport, 1s);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, ProbeStatus::Unreachable);
  EXPECT_EQ(result->culprit, PortId{2});
  EXPECT_NE(result->detail.find("of host02: handshake: read: timed out"), std::string::npos)
      << result->detail;
}

TEST(Controller, AgentThatGoesSilentMidRunIsUnreachableNotAHang) {
  auto b = std::make_unique<AgentThread>(test::test_key());
  AgentThread a(test::test_key());
  std::vector<AgentAddress> agents{address(1, "host01", a.control()),
                                   address(2, "host02", b->control())};
  ControllerOptions options;
  options.reply_slack = 300ms;
  std::unique_ptr<ProbeTransport> transport = connect_agents(agents, test::test_key(), options);
  b.reset();  // the target's agent stops: its session closes
  transport->send(request(5, 64, 10));
  std::optional<ProbeResult> result = wait_result(*transport, 5s);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, ProbeStatus::Unreachable);
  EXPECT_EQ(result->culprit, PortId{2});
}

TEST(Controller, UnknownPortIsUnreachable) {
  std::unique_ptr<ProbeTransport> transport =
      connect_agents(std::vector<AgentAddress>{}, test::test_key(), ControllerOptions{});
  transport->send(request(6, 64, 10));
  std::vector<ProbeResult> results = transport->poll(0ms);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, ProbeStatus::Unreachable);
  EXPECT_EQ(results[0].culprit, PortId{1});
  EXPECT_EQ(to_string(results[0].status), "unreachable");
}

}  // namespace
}  // namespace ibatlas
