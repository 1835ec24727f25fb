// `discover --counters` against ibsim 0.10 with perfquery as the oracle for the counters added
// after the first 17: the unicast/multicast split (`perfquery -x`), PortRcvErrorDetails
// (`perfquery -E`) and PortXmitDiscardDetails (`perfquery -D`). ibsim 0.10 answers both
// details attributes and its PerfMgt ClassPortInfo says CapMask 0x1300 (IsExtendedWidth-
// Supported among it), so here every cabled port has them. The "device without the details"
// path (rejected, fields absent, no issue) is unit-tested against FabricTransport
// (tests/unit/discover/crawler_counters_test.cpp).

#include <map>
#include <regex>

#include "discover_sim.hpp"
#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

using Values = std::map<std::string, std::uint64_t>;

// perfquery's "Name:.....value" lines, and "CapMask: 0x1300" from its header.
Values parse_perfquery(const std::string& text) {
  Values values;
  std::regex line(R"(^(\w+):\.+(\d+)$)");
  std::regex cap(R"(CapMask: 0x([0-9A-Fa-f]+))");
  std::istringstream lines(text);
  for (std::string l; std::getline(lines, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line)) {
      values[m[1].str()] = std::stoull(m[2].str());
    } else if (std::regex_search(l, m, cap)) {
      values["CapMask"] = std::stoull(m[1].str(), nullptr, 16);
    }
  }
  return values;
}

Values perfquery(SimFabric& sim, const std::string& flag, Lid lid, std::uint8_t port) {
  ProcessResult pq = sim.run({"perfquery", flag, std::to_string(lid), std::to_string(port)});
  EXPECT_EQ(pq.exit_code, 0) << flag << ' ' << lid << ' ' << int{port} << ": " << pq.err;
  return parse_perfquery(pq.out);
}

std::uint64_t at(const Values& v, const std::string& name) {
  auto it = v.find(name);
  EXPECT_NE(it, v.end()) << name;
  return it == v.end() ? ~std::uint64_t{0} : it->second;
}

void expect_same_as_perfquery(SimFabric& sim, const Fabric& fabric, const Port& port) {
  const Node& node = fabric.node(port.node);
  SCOPED_TRACE(node.description + " port " + std::to_string(port.number));
  PortId addressed =
      node.type == NodeType::Switch ? *fabric.find_port(port.node, 0) : fabric.id_of(port);
  Lid lid = *fabric.port(addressed).base_lid;
  ASSERT_TRUE(port.counters);
  const PortCounters& c = *port.counters;
  Values x = perfquery(sim, "-x", lid, port.number);
  ASSERT_TRUE(at(x, "CapMask") & 0x0200);  // IsExtendedWidthSupported: the split is valid
  EXPECT_EQ(c.unicast_xmit_pkts, at(x, "PortUnicastXmitPkts"));
  EXPECT_EQ(c.unicast_rcv_pkts, at(x, "PortUnicastRcvPkts"));
  EXPECT_EQ(c.multicast_xmit_pkts, at(x, "PortMulticastXmitPkts"));
  EXPECT_FALSE(c.multicast_rcv_pkts);  // past the 64 bytes a reply carries
  Values e = perfquery(sim, "-E", lid, port.number);
  EXPECT_EQ(c.local_physical_errors, at(e, "PortLocalPhysicalErrors"));
  EXPECT_EQ(c.malformed_packet_errors, at(e, "PortMalformedPktErrors"));
  EXPECT_EQ(c.buffer_overrun_errors, at(e, "PortBufferOverrunErrors"));
  EXPECT_EQ(c.dlid_mapping_errors, at(e, "PortDLIDMappingErrors"));
  EXPECT_EQ(c.vl_mapping_errors, at(e, "PortVLMappingErrors"));
  EXPECT_EQ(c.looping_errors, at(e, "PortLoopingErrors"));
  Values d = perfquery(sim, "-D", lid, port.number);
  EXPECT_EQ(c.inactive_discards, at(d, "PortInactiveDiscards"));
  EXPECT_EQ(c.neighbor_mtu_discards, at(d, "PortNeighborMTUDiscards"));
  EXPECT_EQ(c.sw_lifetime_limit_discards, at(d, "PortSwLifetimeLimitDiscards"));
  EXPECT_EQ(c.sw_hoq_lifetime_limit_discards, at(d, "PortSwHOQLifetimeLimitDiscards"));
}

TEST(CountersDetailsSimTest, SplitAndDetailsEqualPerfquery) {
  Fabric generated = test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 4});
  std::ostringstream text;
  write_ibnetdiscover(generated, text);
  SimOptions options;
  options.netfile_text = text.str();
  SimFabric sim(options);
  const std::string leaf = "\"S-0002c90200100002\"[3] ";
  for (const char* set :
       {"PortRcvErrorDetails.PortLocalPhysicalErrors=5", "PortRcvErrorDetails.PortLoopingErrors=7",
        "PortRcvErrorDetails.PortDLIDMappingErrors=65535",
        "PortXmitDiscardDetails.PortSwHOQLifetimeLimitDiscards=9",
        "PortXmitDiscardDetails.PortInactiveDiscards=11",
        "PortCountersExtended.PortUnicastXmitPkts=15",
        "PortCountersExtended.PortMultiCastXmitPkts=3",
        "PortCountersExtended.PortMultiCastRcvPkts=13"}) {
    std::string said = sim.console("PerformanceSet " + leaf + set);
    ASSERT_NE(said.find("has been set"), std::string::npos) << set << ": " << said;
  }
  LiveCrawl ours = crawl_live(sim, {"--counters"});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;  // complete: every read answered
  NodeId node = *ours.fabric.find_node(0x0002c90200100002ULL);
  const Port& set_port = ours.fabric.port(*ours.fabric.find_port(node, 3));
  ASSERT_TRUE(set_port.counters);
  // The values set above (perfquery agrees below).
  EXPECT_EQ(set_port.counters->local_physical_errors, 5U);
  EXPECT_EQ(set_port.counters->looping_errors, 7U);
  EXPECT_EQ(set_port.counters->dlid_mapping_errors, 65535U);
  EXPECT_EQ(set_port.counters->sw_hoq_lifetime_limit_discards, 9U);
  EXPECT_EQ(set_port.counters->inactive_discards, 11U);
  EXPECT_EQ(set_port.counters->unicast_xmit_pkts, 15U);
  EXPECT_EQ(set_port.counters->multicast_xmit_pkts, 3U);
  expect_same_as_perfquery(sim, ours.fabric, set_port);
  // One untouched port of each kind: details read, and zero, as perfquery says.
  const Port& spine_port =
      ours.fabric.port(*ours.fabric.find_port(*ours.fabric.find_node(0x0002c90200100000ULL), 1));
  expect_same_as_perfquery(sim, ours.fabric, spine_port);
  for (const Port& p : ours.fabric.ports()) {
    if (p.peer && ours.fabric.node(p.node).type == NodeType::Ca) {
      expect_same_as_perfquery(sim, ours.fabric, p);
      break;
    }
  }
  for (const Port& p : ours.fabric.ports()) {
    if (p.peer) {
      EXPECT_TRUE(p.counters && p.counters->local_physical_errors && p.counters->inactive_discards)
          << ours.fabric.node(p.node).description << " port " << int{p.number};
    }
  }
}

}  // namespace
}  // namespace ibatlas
