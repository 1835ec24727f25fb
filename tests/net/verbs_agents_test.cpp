// The verbs transport end to end without an RDMA device: two agents of this process, a real
// controller (connect_agents with verbs_routes = rc_routes) over the authenticated channel,
// each agent's endpoints RcEndpoints on its own host of one VerbsWire (support/verbs_wire.hpp,
// which delivers a send only to the QP the sender's RTR attributes name and that names it
// back with the right PSN, so a wrong exchange fails the block).
//
// The fabric is fixtures/probe-2tier with, by hand: host8 (LID 14) at LMC 1, so LID 15 is
// host8 too, routed through spine1 (every leaf's entry for 15 is port 3, spine1's is its
// port 4, leaf4's its port 2; LID 14 stays on spine2, as opensm routed it); spine2's port 4
// (to leaf4) at MTU 1024; path SLs (as saquery -p gives them) host1 (LID 2) -> 14: SL 1,
// -> 15: SL 3, host8 (LID 14) -> host1 (LID 2): SL 2. So, by hand from the tables:
//   host1 -> DLID 15: leaf1 p3, spine1 p4, leaf4 p2: every port 2048; reply host8 -> LID 2
//   leaves leaf4 by port 3 (its table's entry for LID 2) through spine1: 2048. MTU 2048.
//   host1 -> DLID 14: through spine2 port 4 (1024); the reply through spine1 (2048): 1024.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/input_file.hpp"
#include "ibatlas/net/controller.hpp"
#include "ibatlas/probe/run.hpp"
#include "ibatlas/verbs/rc_endpoint_factory.hpp"
#include "ibatlas/verbs/rc_path.hpp"

#include "net/harness.hpp"
#include "support/paths.hpp"
#include "support/verbs_wire.hpp"

namespace ibatlas {
namespace {

using namespace std::chrono_literals;
using test::AgentThread;
using test::VerbsWire;

void replace_once(std::string& text, const std::string& from, const std::string& to) {
  std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
}

Fabric lmc_fabric() {
  std::string text = read_file(test::source_dir() + "/fixtures/probe-2tier/snapshot.xml");
  replace_once(text, "lid=\"14\" lmc=\"0\"", "lid=\"14\" lmc=\"1\"");
  // LID 15 appended to each table (switches 0 spine1, 1-4 leaf1-4, 7 spine2).
  for (const char* row : {"\"0\" size=\"15\">ff0001010101020302040203030404<",
                          "\"1\" size=\"15\">ff0301040002030303030403040304<",
                          "\"2\" size=\"15\">ff0303040304000301030203040304<",
                          "\"3\" size=\"15\">ff0303040304030003030401020304<",
                          "\"4\" size=\"15\">ff0303040304030303000403040102<",
                          "\"7\" size=\"15\">ff0101000101020302040203030404<"}) {
    std::string from(row);
    std::string to = from;
    to.replace(to.find("15"), 2, "16");
    std::string last = from.substr(from.size() - 3, 2);  // LID 14's port
    bool leaf = from[1] >= '1' && from[1] <= '3';        // leaf1-3: up to spine1, port 3
    to.insert(to.size() - 1, leaf ? "03" : last);
    replace_once(text, from, to);
  }
  std::size_t spine2 = text.find("description=\"spine2\"");
  std::size_t port4 = text.find("<port number=\"4\"", spine2);
  text.replace(text.find("mtu=\"2048\"", port4), 10, "mtu=\"1024\"");
  std::size_t end = text.rfind("</forwarding-table>") + 19;
  text.insert(end,
              "\n  <path-sls source=\"2\">--------------13</path-sls>"
              "\n  <path-sls source=\"14\">--2</path-sls>");
  return read_xml_snapshot(text, "lmc.xml").fabric;
}

PortId host(const Fabric& fabric, std::uint64_t node_guid) {
  return *fabric.find_port(*fabric.find_node(Guid{node_guid}), 1);
}

// One host's RDMA device on the wire, as `agent --transport verbs` opens its own.
struct WireDevice {
  std::unique_ptr<VerbsApi> api;
  std::shared_ptr<VerbsDevice> device;

  WireDevice(VerbsWire& wire, std::uint16_t lid, std::uint8_t lmc)
      : api(wire.attach({lid, lmc, VerbsMtu::Mtu4096})),
        device(std::make_shared<VerbsDevice>(*api)) {
    EXPECT_FALSE(device->open({}));
  }

  RcEndpointFactory factory() const { return rc_endpoint_factory(device); }
};

struct Fixture {
  Fabric fabric = lmc_fabric();
  PortId host1 = host(fabric, 0x100000);
  PortId host8 = host(fabric, 0x10000e);
  VerbsWire wire;
  WireDevice device1{wire, 2, 0};
  WireDevice device8{wire, 14, 1};

  std::unique_ptr<ProbeTransport> connect(const AgentThread& a1, const AgentThread& a8) {
    std::vector<AgentAddress> agents{AgentAddress{host1, "host1", a1.control(), "127.0.0.1"},
                                     AgentAddress{host8, "host8", a8.control(), "127.0.0.1"}};
    ControllerOptions options;
    options.verbs_routes = [this](const ProbeRequest& r) { return rc_routes(fabric, r); };
    return connect_agents(agents, test::test_key(), options);
  }

  ProbeRequest request(Lid dlid) const {
    ProbeRequest r;
    r.tag = dlid;
    r.from = host1;
    r.to = host8;
    r.dlid = dlid;
    r.request_bytes = 4096;  // above the 220 bytes inline: sent from the registered buffer
    r.samples = 20;
    r.warmup = 3;
    r.sample_timeout = 500ms;
    return r;
  }
};

ProbeResult one_result(ProbeTransport& transport) {
  std::vector<ProbeResult> results;
  for (int i = 0; i < 100 && results.empty(); ++i) {
    results = transport.poll(100ms);
  }
  EXPECT_EQ(results.size(), 1U);
  return results.empty() ? ProbeResult{} : results[0];
}

const VerbsWire::Transition* transition_of(const std::vector<VerbsWire::Transition>& all,
                                           std::uint16_t lid, VerbsQpState state) {
  auto it = std::find_if(all.begin(), all.end(), [&](const VerbsWire::Transition& t) {
    return t.host_lid == lid && t.attributes.state == state;
  });
  return it == all.end() ? nullptr : &*it;
}

TEST(VerbsAgentsTest, RoutesComeFromTheSnapshotByHand) {
  Fixture f;
  RcRoutes lmc = rc_routes(f.fabric, f.request(15));
  EXPECT_EQ(lmc.forward, (RcRoute{15, 3, 4}));  // MTU code 4: 2048
  EXPECT_EQ(lmc.reverse, (RcRoute{2, 2, 4}));
  RcRoutes base = rc_routes(f.fabric, f.request(14));
  EXPECT_EQ(base.forward, (RcRoute{14, 1, 3}));  // 1024 on spine2 port 4
  EXPECT_EQ(base.reverse, (RcRoute{2, 2, 3}));   // the pair's smaller MTU
}

TEST(VerbsAgentsTest, EndpointsCrossTheChannelAndEverySampleComesBack) {
  Fixture f;
  AgentThread a1(test::test_key(), [&](AgentOptions& o) { o.verbs = f.device1.factory(); });
  AgentThread a8(test::test_key(), [&](AgentOptions& o) { o.verbs = f.device8.factory(); });
  std::unique_ptr<ProbeTransport> transport = f.connect(a1, a8);
  EXPECT_EQ(transport->max_in_flight(), 1U);
  transport->send(f.request(15));
  ProbeResult r = one_result(*transport);
  EXPECT_EQ(r.status, ProbeStatus::Ok) << r.detail;
  EXPECT_EQ(r.tag, 15U);
  EXPECT_EQ(r.sent, 20U);
  EXPECT_EQ(r.lost, 0U);
  EXPECT_EQ(r.rtt_ns.size(), 20U);
  EXPECT_EQ(f.wire.delivered(), 2U * 23U);  // each request and its reply, warm-up included
  EXPECT_EQ(f.wire.dropped(), 0U);

  std::vector<VerbsWire::Transition> all = f.wire.transitions();
  const VerbsWire::Transition* rtr1 = transition_of(all, 2, VerbsQpState::Rtr);
  const VerbsWire::Transition* rts1 = transition_of(all, 2, VerbsQpState::Rts);
  const VerbsWire::Transition* rtr8 = transition_of(all, 14, VerbsQpState::Rtr);
  const VerbsWire::Transition* rts8 = transition_of(all, 14, VerbsQpState::Rts);
  ASSERT_TRUE(rtr1 && rts1 && rtr8 && rts8);
  // The requester (host1) addresses host8's QP at the plan's LMC LID, with its SL.
  EXPECT_EQ(rtr1->attributes.dest_qpn, rtr8->qp_num);
  EXPECT_EQ(rtr1->attributes.rq_psn, rts8->attributes.sq_psn);
  EXPECT_EQ(rtr1->attributes.address.dlid, 15);
  EXPECT_EQ(rtr1->attributes.address.sl, 3);
  EXPECT_EQ(rtr1->attributes.path_mtu, VerbsMtu::Mtu2048);
  // The responder (host8) answers host1's QP at host1's base LID.
  EXPECT_EQ(rtr8->attributes.dest_qpn, rtr1->qp_num);
  EXPECT_EQ(rtr8->attributes.rq_psn, rts1->attributes.sq_psn);
  EXPECT_EQ(rtr8->attributes.address.dlid, 2);
  EXPECT_EQ(rtr8->attributes.address.sl, 2);
  EXPECT_EQ(rtr8->attributes.path_mtu, VerbsMtu::Mtu2048);
  // The responder is in RTS before the requester leaves INIT: ARMED comes first.
  EXPECT_LT(rts8 - all.data(), rtr1 - all.data());

  transport->send(f.request(14));  // the base LID: the other path, its narrower MTU
  r = one_result(*transport);
  EXPECT_EQ(r.status, ProbeStatus::Ok) << r.detail;
  all = f.wire.transitions();
  auto last_rtr = std::find_if(all.rbegin(), all.rend(), [](const VerbsWire::Transition& t) {
    return t.host_lid == 2 && t.attributes.state == VerbsQpState::Rtr;
  });
  EXPECT_EQ(last_rtr->attributes.address.dlid, 14);
  EXPECT_EQ(last_rtr->attributes.address.sl, 1);
  EXPECT_EQ(last_rtr->attributes.path_mtu, VerbsMtu::Mtu1024);
}

TEST(VerbsAgentsTest, ADeadPathFailsTheBlockAsRetryExceeded) {
  Fixture f;
  f.wire.drop_dlid(15);
  AgentThread a1(test::test_key(), [&](AgentOptions& o) { o.verbs = f.device1.factory(); });
  AgentThread a8(test::test_key(), [&](AgentOptions& o) { o.verbs = f.device8.factory(); });
  std::unique_ptr<ProbeTransport> transport = f.connect(a1, a8);
  transport->send(f.request(15));
  ProbeResult r = one_result(*transport);
  EXPECT_EQ(r.status, ProbeStatus::Failed);
  ASSERT_TRUE(r.culprit);
  EXPECT_EQ(r.culprit->value, f.host1.value);
  EXPECT_NE(r.detail.find("to DLID 15, request 1 of 23"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("IBV_WC_RETRY_EXC_ERR"), std::string::npos) << r.detail;
  EXPECT_EQ(f.wire.dropped(), 1U);
  EXPECT_EQ(f.wire.delivered(), 0U);
}

TEST(VerbsAgentsTest, AnAgentWithoutAnRdmaDeviceIsTransportUnavailableInTheReport) {
  Fixture f;
  AgentThread a1(test::test_key(), [&](AgentOptions& o) { o.verbs = f.device1.factory(); });
  AgentThread a8(test::test_key());  // no device: started without --transport verbs
  std::unique_ptr<ProbeTransport> transport = f.connect(a1, a8);
  ProbePlan plan;
  plan.probes.push_back(ProbePair{f.host1, f.host8, 15, {}, {}, false});
  plan.rounds = {{0}};
  RunOptions options;
  options.sizes = {64};
  options.samples = 10;
  options.blocks = 2;
  RunResult run = run_probes(f.fabric, plan, *transport, options);
  EXPECT_EQ(run.paths.at(0).failed_blocks, 2U);
  ASSERT_EQ(run.findings.size(), 1U);
  const Finding& finding = run.findings[0];
  EXPECT_EQ(finding.check, "probe.transport_unavailable");
  EXPECT_EQ(finding.location.here.name, "host8");
  EXPECT_NE(finding.message.find("no RDMA device open"), std::string::npos) << finding.message;
  EXPECT_EQ(f.wire.delivered(), 0U);
  EXPECT_NE(a8.stop_and_log().find("refused verbs probe: probe.transport_unavailable"),
            std::string::npos);
}

}  // namespace
}  // namespace ibatlas
