// The agent over real sockets on 127.0.0.1, driven by hand: what it refuses and drops, and
// that it says why in its log.

#include <string>

#include <gtest/gtest.h>

#include "net/harness.hpp"
#include "net/pinger.hpp"

namespace ibatlas {
namespace {

using namespace std::chrono_literals;
using test::AgentThread;
using test::RawSession;

bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

TEST(Agent, HandshakeThenReadyThenHostFindings) {
  AgentThread agent(test::test_key());
  RawSession session(agent.port(), test::test_key());
  std::optional<Message> ready = session.receive(2s);
  ASSERT_TRUE(ready);
  EXPECT_EQ(std::get<ReadyMessage>(*ready).max_samples, 100000u);
  std::optional<Message> host = session.receive(2s);  // an agent without host checks says so
  ASSERT_TRUE(host);
  EXPECT_EQ(std::get<HostFindingsMessage>(*host),
            (HostFindingsMessage{{}, "this agent runs no host checks"}));
  EXPECT_TRUE(contains(agent.stop_and_log(), "controller authenticated"));
}

TEST(Agent, WrongKeyIsRefusedAndLogged) {
  AgentThread agent(test::test_key('a'));
  EXPECT_THROW(RawSession(agent.port(), test::test_key('b')), Error);
  std::string log = agent.stop_and_log();
  EXPECT_TRUE(contains(log, "is not this agent's")) << log;
  EXPECT_FALSE(contains(log, "controller authenticated")) << log;
}

TEST(Agent, RightKeyIdWrongProofIsRefused) {
  ProbeKey key = test::test_key();
  AgentThread agent(key);
  net::Fd fd = test::connect_to(agent.port());
  net::Deadline deadline = net::Clock::now() + 2s;
  net::write_all(
      fd.get(),
      encode_hello(Hello{kProtocolVersion, key_id_bytes(key), std::string(kNonceBytes, 'n')}),
      deadline);
  net::read_exact(fd.get(), kChallengeHeadBytes + 10, deadline);  // "test-agent"
  net::write_all(fd.get(), std::string(kProofBytes, 'x'), deadline);
  EXPECT_TRUE(test::closed_within(fd.get(), 2s));
  EXPECT_TRUE(contains(agent.stop_and_log(), "proof does not verify"));
}

TEST(Agent, ReplayedFrameClosesTheSession) {
  AgentThread agent(test::test_key());
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  session.send_raw(session.frame(TargetsMessage{{"127.0.0.1"}}));
  std::string cancel = session.frame(CancelMessage{});
  session.send_raw(cancel);
  EXPECT_FALSE(test::closed_within(session.fd.get(), 200ms));  // the first one is fine
  session.send_raw(cancel);
  EXPECT_TRUE(test::closed_within(session.fd.get(), 2s));
  std::string log = agent.stop_and_log();
  EXPECT_TRUE(contains(log, "sequence number 1, expected 2")) << log;
}

TEST(Agent, OversizeFrameClosesTheSession) {
  AgentThread agent(test::test_key());
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  session.send_raw(std::string("\x7f\xff\xff\xff", 4) + std::string(8, '\0'));
  EXPECT_TRUE(test::closed_within(session.fd.get(), 2s));
  EXPECT_TRUE(contains(agent.stop_and_log(), "more than the limit of 1048576"));
}

TEST(Agent, HalfOpenConnectionIsDroppedAfterTheHandshakeTimeout) {
  AgentThread agent(test::test_key(),
                    [](AgentOptions& o) { o.handshake_timeout = std::chrono::milliseconds(300); });
  net::Fd fd = test::connect_to(agent.port());
  auto start = net::Clock::now();
  EXPECT_TRUE(test::closed_within(fd.get(), 1500ms));
  EXPECT_GE(net::Clock::now() - start, 250ms);
  EXPECT_TRUE(contains(agent.stop_and_log(), "handshake: read: timed out"));
}

TEST(Agent, StalledFrameIsDropped) {
  AgentThread agent(test::test_key(),
                    [](AgentOptions& o) { o.handshake_timeout = std::chrono::milliseconds(300); });
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  std::string frame = session.frame(CancelMessage{});
  session.send_raw(frame.substr(0, 5));
  EXPECT_TRUE(test::closed_within(session.fd.get(), 1500ms));
  EXPECT_TRUE(contains(agent.stop_and_log(), "did not finish it"));
}

TEST(Agent, IdleSessionIsDropped) {
  AgentThread agent(test::test_key(),
                    [](AgentOptions& o) { o.idle_timeout = std::chrono::milliseconds(300); });
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  EXPECT_TRUE(test::closed_within(session.fd.get(), 1500ms));
  EXPECT_TRUE(contains(agent.stop_and_log(), "idle for 300 ms"));
}

TEST(Agent, SessionsBeyondTheLimitAreRefused) {
  AgentThread agent(test::test_key(), [](AgentOptions& o) { o.max_sessions = 1; });
  RawSession first(agent.port(), test::test_key());
  ASSERT_TRUE(first.greeting(2s));
  net::Fd second = test::connect_to(agent.port());
  EXPECT_TRUE(test::closed_within(second.get(), 2s));
  EXPECT_TRUE(contains(agent.stop_and_log(), "sessions already, the limit"));
}

TEST(Agent, ProbesOnlyThisRunsTargetsWithinLimits) {
  AgentThread agent(test::test_key(), [](AgentOptions& o) { o.max_samples = 10; });
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  session.send_raw(session.frame(TargetsMessage{{"127.0.0.1"}}));
  session.send_raw(session.frame(ProbeMessage{5, "127.0.0.1", "127.0.0.2", 9, 64, 64, 5, 0, 100}));
  std::optional<Message> reply = session.receive(2s);
  ASSERT_TRUE(reply);
  EXPECT_TRUE(contains(std::get<FailureMessage>(*reply).text, "not one of this run's hosts"));
  session.send_raw(session.frame(ProbeMessage{6, "127.0.0.1", "127.0.0.1", 9, 64, 64, 11, 0, 100}));
  reply = session.receive(2s);
  ASSERT_TRUE(reply);
  EXPECT_EQ(std::get<FailureMessage>(*reply).kind, FailureKind::Refused);
  EXPECT_TRUE(contains(std::get<FailureMessage>(*reply).text, "more than the limit of 10"));
}

// Sends one probe packet with `token` to the agent's UDP port; true if it answers.
bool echoed(std::uint16_t port, std::uint64_t token) {
  net::Fd fd = net::udp_bind(net::numeric_address("127.0.0.1", 0));
  net::SocketAddress agent = net::numeric_address("127.0.0.1", port);
  char packet[64] = {};
  net::write_probe_header(packet, net::ProbeHeader{token, 0, 32});
  ::sendto(fd.get(), packet, sizeof packet, 0, agent.get(), agent.length);
  if (!net::wait_readable(fd.get(), 300ms)) {
    return false;
  }
  char reply[64] = {};
  return ::recv(fd.get(), reply, sizeof reply, 0) == 32;
}

TEST(Agent, AnswersOnlyArmedTokensWithinTheirBudget) {
  AgentThread agent(test::test_key());
  EXPECT_FALSE(echoed(agent.port(), 42));
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  session.send_raw(session.frame(TargetsMessage{{"127.0.0.1"}}));
  session.send_raw(session.frame(ArmMessage{42, "127.0.0.1", 2, 5000}));
  std::optional<Message> armed = session.receive(2s);
  ASSERT_TRUE(armed);
  EXPECT_EQ(std::get<ArmedMessage>(*armed).token, 42u);
  EXPECT_TRUE(echoed(agent.port(), 42));
  EXPECT_FALSE(echoed(agent.port(), 43));
  EXPECT_TRUE(echoed(agent.port(), 42));
  EXPECT_FALSE(echoed(agent.port(), 42));  // its two packets are used up
  EXPECT_TRUE(contains(agent.stop_and_log(), "no token armed for that sender"));
}

TEST(Agent, RefusesToArmForAPeerOutsideTheRun) {
  AgentThread agent(test::test_key());
  RawSession session(agent.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  session.send_raw(session.frame(TargetsMessage{{"10.9.9.9"}}));
  session.send_raw(session.frame(ArmMessage{42, "127.0.0.1", 2, 5000}));
  std::optional<Message> reply = session.receive(2s);
  ASSERT_TRUE(reply);
  EXPECT_TRUE(std::holds_alternative<FailureMessage>(*reply));
  EXPECT_FALSE(echoed(agent.port(), 42));
}

}  // namespace
}  // namespace ibatlas
