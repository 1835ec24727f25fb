// The test wire itself (support/verbs_wire.hpp) must fail a wrong QP exchange, or the agents
// test that relies on it proves nothing: two RcEndpoints on two hosts, connected right, then
// with one field of the exchange wrong each time (the peer's QP number, its PSN, a DLID
// outside its LID range, a path MTU below the message's packets at the receiver).

#include "support/verbs_wire.hpp"

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "ibatlas/verbs/rc_endpoint.hpp"

namespace ibatlas {
namespace {

using test::VerbsWire;

struct Change {
  const char* what;
  std::uint32_t qp_delta = 0;
  std::uint32_t psn_delta = 0;
  std::uint16_t dlid = 14;  // the responder's LIDs: 14, 15 (LMC 1)
  VerbsMtu responder_mtu = VerbsMtu::Mtu2048;
};

// Pings 5 requests of 1024 bytes from LID 2 to the responder at `change.dlid`; the
// responder answers at LID 2. Returns the requester's result.
ProbeResult run(const Change& change, VerbsWire& wire) {
  std::unique_ptr<VerbsApi> api2 = wire.attach({2, 0, VerbsMtu::Mtu4096});
  std::unique_ptr<VerbsApi> api14 = wire.attach({14, 1, VerbsMtu::Mtu4096});
  VerbsDevice d2(*api2);
  VerbsDevice d14(*api14);
  EXPECT_FALSE(d2.open({}));
  EXPECT_FALSE(d14.open({}));
  RcEndpoint requester(d2);
  RcEndpoint responder(d14);
  EXPECT_FALSE(requester.create(1024, 100));
  EXPECT_FALSE(responder.create(1024, 200));
  RcLocal peer = responder.local();
  peer.qp_num += change.qp_delta;
  RcLocal mine = requester.local();  // the responder expects the first request's PSN
  mine.psn += change.psn_delta;
  EXPECT_EQ(responder.connect(mine, RcPath{2, 0, change.responder_mtu}), "");
  EXPECT_EQ(requester.connect(peer, RcPath{change.dlid, 0, VerbsMtu::Mtu2048}), "");
  std::atomic<bool> cancel{false};
  std::thread answer([&] {
    responder.respond(RcRespondOptions{64, 5, std::chrono::milliseconds(500), &cancel});
  });
  ProbeResult result =
      requester.ping(RcPingOptions{1024, 64, 5, 0, std::chrono::milliseconds(200)});
  cancel = true;
  answer.join();
  return result;
}

TEST(VerbsWireTest, DeliversOnlyWhatTheExchangeNamesRight) {
  for (const Change& c : {Change{"right, base LID"}, Change{"right, LMC LID", 0, 0, 15}}) {
    VerbsWire wire;
    ProbeResult r = run(c, wire);
    EXPECT_EQ(r.status, ProbeStatus::Ok) << c.what << ": " << r.detail;
    EXPECT_EQ(r.rtt_ns.size(), 5U) << c.what;
    EXPECT_EQ(wire.delivered(), 10U) << c.what;
  }
  for (const Change& c :
       {Change{"another QP number", 1}, Change{"another PSN", 0, 1},
        Change{"a DLID outside the peer's range", 0, 0, 16},
        Change{"the responder's path MTU below the packets", 0, 0, 14, VerbsMtu::Mtu512}}) {
    VerbsWire wire;
    ProbeResult r = run(c, wire);
    EXPECT_EQ(r.status, ProbeStatus::Failed) << c.what;
    EXPECT_NE(r.detail.find("IBV_WC_RETRY_EXC_ERR"), std::string::npos) << c.what << r.detail;
    EXPECT_EQ(wire.delivered(), 0U) << c.what;
    EXPECT_EQ(wire.dropped(), 1U) << c.what;
  }
}

}  // namespace
}  // namespace ibatlas
