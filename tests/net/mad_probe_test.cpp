// MAD_PROBE (message type 11) over real sockets: the controller with
// ControllerOptions::mad_echo sends each request to the source's agent only, which runs it
// through its AgentOptions::mad_echo (here a stand-in that answers from the request, since
// echo MADs need a port: the sim test mad_echo_agents_sim_test.cpp runs the real one) and
// answers RESULT. The bytes are counted by hand from docs/probe.md: type 11, token(8)
// dlid(2) samples(4) warmup(4) timeout_ms(4), big-endian.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/net/controller.hpp"

#include "net/harness.hpp"

namespace ibatlas {
namespace {

using namespace std::chrono_literals;
using test::AgentThread;

TEST(MadProbeMessageTest, EncodesFieldByFieldAndRoundTrips) {
  MadProbeMessage m{0x0102030405060708, 0x0a0b, 100, 10, 2000};
  std::string bytes = encode_message(m);
  std::string expected("\x0b\x01\x02\x03\x04\x05\x06\x07\x08\x0a\x0b", 11);
  expected += std::string("\x00\x00\x00\x64\x00\x00\x00\x0a\x00\x00\x07\xd0", 12);
  EXPECT_EQ(bytes, expected);
  EXPECT_EQ(decode_message(bytes), Message(m));
  EXPECT_EQ(message_name(m), "mad-probe");
  EXPECT_THROW(decode_message(bytes.substr(0, 22)), ProtocolError);
  EXPECT_THROW(decode_message(bytes + "x"), ProtocolError);
}

// A stand-in for MadEchoNode::run_block: every odd sample lost, RTT 1000 + sequence ns.
ProbeResult fake_block(const ProbeRequest& request, const std::atomic<bool>& /*cancel*/) {
  ProbeResult r;
  r.tag = request.tag;
  r.status = ProbeStatus::Ok;
  r.sent = request.samples;
  for (std::uint32_t i = 0; i < request.samples; ++i) {
    if (i % 2 == 0) {
      r.rtt_ns.push_back(1000 + request.dlid);
    } else {
      ++r.lost;
    }
  }
  return r;
}

TEST(MadProbeTest, TheSourcesAgentRunsItAndTheTargetNeedsNone) {
  AgentThread source(test::test_key(), [](AgentOptions& o) { o.mad_echo = fake_block; });
  std::vector<AgentAddress> agents{AgentAddress{PortId{1}, "host1", source.control(), "127.0.0.1"}};
  ControllerOptions options;
  options.mad_echo = true;
  std::unique_ptr<ProbeTransport> transport = connect_agents(agents, test::test_key(), options);
  EXPECT_EQ(transport->max_in_flight(), 1U);
  ProbeRequest request;
  request.tag = 7;
  request.from = PortId{1};
  request.to = PortId{2};  // no agent: an echo MAD's target answers without one
  request.dlid = 5;
  request.samples = 10;
  request.warmup = 2;
  transport->send(request);
  std::vector<ProbeResult> results;
  for (int i = 0; i < 50 && results.empty(); ++i) {
    results = transport->poll(100ms);
  }
  ASSERT_EQ(results.size(), 1U);
  EXPECT_EQ(results[0].status, ProbeStatus::Ok) << results[0].detail;
  EXPECT_EQ(results[0].tag, 7U);
  EXPECT_EQ(results[0].sent, 10U);
  EXPECT_EQ(results[0].lost, 5U);
  EXPECT_EQ(results[0].rtt_ns, std::vector<std::uint32_t>(5, 1005));
}

TEST(MadProbeTest, AnAgentWithoutAMadPortOrOverTheLimitsRefuses) {
  AgentThread plain(test::test_key());
  test::RawSession session(plain.port(), test::test_key());
  ASSERT_TRUE(session.greeting(2s));
  session.send_raw(session.frame(MadProbeMessage{1, 5, 10, 0, 100}));
  std::optional<Message> reply = session.receive(2s);
  ASSERT_TRUE(reply);
  EXPECT_NE(std::get<FailureMessage>(*reply).text.find("no MAD-echo port"), std::string::npos);

  AgentThread mad(test::test_key(), [](AgentOptions& o) {
    o.mad_echo = fake_block;
    o.max_samples = 10;
  });
  test::RawSession to_mad(mad.port(), test::test_key());
  ASSERT_TRUE(to_mad.greeting(2s));
  for (const MadProbeMessage& m : {MadProbeMessage{2, 0xc000, 5, 0, 100},  // multicast
                                   MadProbeMessage{3, 5, 11, 0, 100},      // over max_samples
                                   MadProbeMessage{4, 5, 5, 0, 0}}) {      // no timeout
    to_mad.send_raw(to_mad.frame(m));
    reply = to_mad.receive(2s);
    ASSERT_TRUE(reply);
    EXPECT_EQ(std::get<FailureMessage>(*reply).kind, FailureKind::Refused);
    EXPECT_EQ(std::get<FailureMessage>(*reply).token, m.token);
  }
  EXPECT_NE(mad.stop_and_log().find("refused mad probe: DLID 49152 is not a unicast LID"),
            std::string::npos);
}

}  // namespace
}  // namespace ibatlas
