// `--counters FILE` against ibsim: counters set through ibsim's console (PerformanceSet),
// printed by the real ibqueryerrors and perfquery, read back by read_counters_text and
// attached to a crawl made without counters, equal what `ibatlas discover --counters` reads
// live from the same ports, and what was set (clamped to the counter's width, as ibsim and
// the IBA do). `check SNAPSHOT --counters ibqueryerrors.txt` finds what `check` of the live
// crawl with counters finds, and so does check of a live SOURCE with --counters, bare or
// with the text.

#include <fstream>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "ibatlas/formats/counters_text.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "discover_sim.hpp"

namespace ibatlas {
namespace {

using test::crawl_live;
using test::LiveCrawl;
using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// One switch, three hosts on ports 1-3, every port 4xEDR.
constexpr const char* kNetfile =
    "Switch\t8 \"sw1\"\t# \"sw1\" base port 0\n"
    "[1]\t\"h1\"[1]\t# lid 0 4xEDR\n"
    "[2]\t\"h2\"[1]\t# lid 0 4xEDR\n"
    "[3]\t\"h3\"[1]\t# lid 0 4xEDR\n"
    "\n"
    "Ca\t1 \"h1\"\t# \"h1\"\n[1]\t\"sw1\"[1]\t# lid 0 4xEDR\n\n"
    "Ca\t1 \"h2\"\t# \"h2\"\n[1]\t\"sw1\"[2]\t# lid 0 4xEDR\n\n"
    "Ca\t1 \"h3\"\t# \"h3\"\n[1]\t\"sw1\"[3]\t# lid 0 4xEDR\n";

// What the test sets; the expected values are these, clamped to each counter's width
// (IBA PortCounters: SymbolErrorCounter 16 bits, ExcessiveBufferOverrunErrors 4 bits).
void seed_counters(SimFabric& sim) {
  for (const char* command : {
           "PerformanceSet \"sw1\"[2] PortCounters.SymbolErrorCounter=70000",
           "PerformanceSet \"sw1\"[2] PortCounters.LinkDownedCounter=12",
           "PerformanceSet \"sw1\"[2] PortCounters.PortRcvErrors=20",
           "PerformanceSet \"sw1\"[2] PortRcvErrorDetails.PortLocalPhysicalErrors=6",
           "PerformanceSet \"sw1\"[2] PortRcvErrorDetails.PortMalformedPacketErrors=9",
           "PerformanceSet \"sw1\"[2] PortCounters.PortXmitDiscards=300",
           "PerformanceSet \"sw1\"[2] PortXmitDiscardDetails.PortInactiveDiscards=4",
           "PerformanceSet \"sw1\"[2] PortXmitDiscardDetails.PortNeighborMTUDiscards=5",
           "PerformanceSet \"h3\"[1] PortCounters.VL15Dropped=150",
           "PerformanceSet \"h3\"[1] PortCounters.ExcessiveBufferOverrunErrors=40",
       }) {
    sim.console(command);
  }
}

ProcessResult run_ok(SimFabric& sim, const std::vector<std::string>& argv, int status = 0) {
  ProcessResult r = sim.run(argv, test::milliseconds(120000));
  EXPECT_EQ(r.exit_code, status) << argv[0] << ": " << r.err;
  return r;
}

// The fields the seeds set. Traffic counters are left out: every MAD moves them.
using Field = std::optional<std::uint64_t> PortCounters::*;
const std::vector<std::pair<const char*, Field>> kErrorFields = {
    {"symbol_errors", &PortCounters::symbol_errors},
    {"link_downed", &PortCounters::link_downed},
    {"rcv_errors", &PortCounters::rcv_errors},
    {"xmit_discards", &PortCounters::xmit_discards},
    {"vl15_dropped", &PortCounters::vl15_dropped},
    {"excessive_buffer_overruns", &PortCounters::excessive_buffer_overruns},
    {"local_physical_errors", &PortCounters::local_physical_errors},
    {"malformed_packet_errors", &PortCounters::malformed_packet_errors},
    {"inactive_discards", &PortCounters::inactive_discards},
    {"neighbor_mtu_discards", &PortCounters::neighbor_mtu_discards},
};

const PortCounters& counters_at(const Fabric& f, const std::string& description, int port) {
  for (std::uint32_t n = 0; n < f.nodes().size(); ++n) {
    if (f.node(NodeId{n}).description == description) {
      std::optional<PortId> id = f.find_port(NodeId{n}, static_cast<std::uint8_t>(port));
      if (id && f.port(*id).counters) {
        return *f.port(*id).counters;
      }
    }
  }
  static const PortCounters none;
  ADD_FAILURE() << description << " port " << port << " has no counters";
  return none;
}

Lid lid_of(const Fabric& f, const std::string& description, int port) {
  for (std::uint32_t n = 0; n < f.nodes().size(); ++n) {
    if (f.node(NodeId{n}).description == description) {
      return *f.port(*f.find_port(NodeId{n}, static_cast<std::uint8_t>(port))).base_lid;
    }
  }
  throw std::runtime_error("no node " + description);
}

class CountersFileSimTest : public ::testing::Test {
 protected:
  CountersFileSimTest() : sim_(options()) {}

  static SimOptions options() {
    SimOptions o;
    o.netfile_text = kNetfile;
    return o;
  }

  void SetUp() override {
    seed_counters(sim_);
    LiveCrawl plain = crawl_live(sim_);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    plain_ = std::move(plain.fabric);
    plain_path_ = sim_.dir() + "/plain.xml";
    write_file(plain_path_, [this](std::ostream& out) { write_xml_snapshot(plain_, out); });
    LiveCrawl live = crawl_live(sim_, {"--counters"});
    ASSERT_EQ(live.exit_code, 0) << live.err;
    live_ = std::move(live.fabric);
  }

  // `text` saved in the fabric's directory, as a ticket would hold it.
  std::string save(const std::string& name, const std::string& text) {
    std::string path = sim_.dir() + "/" + name;
    write_file(path, [&text](std::ostream& out) { out << text; });
    return path;
  }

  static void write_file(const std::string& path, const std::function<void(std::ostream&)>& put) {
    std::ofstream out(path, std::ios::binary);
    put(out);
  }

  SimFabric sim_;
  Fabric plain_;  // crawled without counters
  std::string plain_path_;
  Fabric live_;  // crawled with --counters
};

// What the seeds set, clamped: SymbolErrorCounter is 16 bits, ExcessiveBufferOverrunErrors 4.
void expect_seeded(const Fabric& f, bool details) {
  const PortCounters& sw = counters_at(f, "sw1", 2);
  EXPECT_EQ(sw.symbol_errors, 65535u);
  EXPECT_EQ(sw.link_downed, 12u);
  EXPECT_EQ(sw.rcv_errors, 20u);
  EXPECT_EQ(sw.xmit_discards, 300u);
  if (details) {
    EXPECT_EQ(sw.local_physical_errors, 6u);
    EXPECT_EQ(sw.malformed_packet_errors, 9u);
    EXPECT_EQ(sw.inactive_discards, 4u);
    EXPECT_EQ(sw.neighbor_mtu_discards, 5u);
  }
  const PortCounters& h3 = counters_at(f, "h3", 1);
  EXPECT_EQ(h3.vl15_dropped, 150u);
  EXPECT_EQ(h3.excessive_buffer_overruns, 15u);
}

// Every error counter the attached text gave equals the live read of the same port.
void expect_same_as_live(const Fabric& attached, const Fabric& live) {
  std::size_t compared = 0;
  for (std::uint32_t p = 0; p < attached.ports().size(); ++p) {
    const Port& port = attached.port(PortId{p});
    if (!port.counters) {
      continue;
    }
    const Node& node = attached.node(port.node);
    std::optional<PortId> there = live.find_port(*live.find_node(node.guid), port.number);
    ASSERT_TRUE(there && live.port(*there).counters) << node.description << " " << +port.number;
    const PortCounters& theirs = *live.port(*there).counters;
    for (const auto& [name, field] : kErrorFields) {
      if ((*port.counters).*field && (theirs.*field)) {
        EXPECT_EQ(*((*port.counters).*field), *(theirs.*field))
            << node.description << " port " << +port.number << " " << name;
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 10u);  // sw1 port 2: 8 seeded fields, h3 port 1: 2
}

TEST_F(CountersFileSimTest, IbqueryerrorsDetailsEqualTheLiveRead) {
  // ibqueryerrors exits 1 when it found errors. Its --details row for sw1 port 2 reads
  // "[PortRcvErrors == 20] [PortInactiveDiscards == 6] [PortNeighborMTUDiscards == 9]
  // [PortXmitDiscards == 300] [PortLocalPhysicalErrors == 4] [PortMalformedPktErrors == 5]":
  // the detail names swapped (docs/formats.md), the values the seeds set.
  ProcessResult r = run_ok(sim_, {"ibqueryerrors", "--details"}, 1);
  CountersText text = read_counters_text(r.out, "ibqueryerrors.txt");
  EXPECT_EQ(text.records.size(), 2u) << r.out;  // sw1 port 2, h3 port 1
  EXPECT_EQ(text.aggregate_rows, 1u) << r.out;  // sw1 "port ALL"
  CountersAttachResult a = attach_counters(plain_, text, "ibqueryerrors.txt");
  EXPECT_TRUE(a.unmatched.empty()) << a.unmatched.front();
  EXPECT_EQ(a.attached, 2u);
  expect_seeded(a.fabric, true);
  expect_same_as_live(a.fabric, live_);
  expect_seeded(live_, true);  // discover --counters reads the details too
}

TEST_F(CountersFileSimTest, PerfqueryBlocksEqualTheLiveRead) {
  std::string lid = std::to_string(lid_of(live_, "sw1", 0));
  std::string h3 = std::to_string(lid_of(live_, "h3", 1));
  std::string pasted;
  for (const std::vector<std::string>& argv :
       std::vector<std::vector<std::string>>{{"perfquery", lid, "2"},
                                             {"perfquery", "-x", lid, "2"},
                                             {"perfquery", "-E", lid, "2"},
                                             {"perfquery", "-D", lid, "2"},
                                             {"perfquery", "-a", lid},
                                             {"perfquery", h3, "1"}}) {
    pasted += "$";
    for (const std::string& a : argv) {
      pasted += " " + a;
    }
    pasted += "\n" + run_ok(sim_, argv).out;
  }
  CountersText text = read_counters_text(pasted, "perfquery.txt");
  EXPECT_EQ(text.records.size(), 5u) << pasted;
  EXPECT_EQ(text.aggregate_rows, 1u) << pasted;  // -a: port 255
  EXPECT_EQ(text.skipped.size(), 6u) << pasted;  // the prompts
  CountersAttachResult a = attach_counters(plain_, text, "perfquery.txt");
  EXPECT_TRUE(a.unmatched.empty()) << a.unmatched.front();
  expect_seeded(a.fabric, true);
  expect_same_as_live(a.fabric, live_);
  // perfquery prints every counter: the ones not seeded are 0, not absent.
  EXPECT_EQ(counters_at(a.fabric, "sw1", 2).rcv_remote_phys_errors, 0u);
  EXPECT_TRUE(counters_at(a.fabric, "sw1", 2).unicast_xmit_pkts);
}

// The command line end to end: check of the crawl without counters plus the ibqueryerrors
// text finds the same counter findings as check of the crawl with counters.
TEST_F(CountersFileSimTest, CheckWithTheTextFindsWhatTheLiveCheckFinds) {
  std::string ibq = save("ibqueryerrors.txt", run_ok(sim_, {"ibqueryerrors"}, 1).out);
  std::string live_path = sim_.dir() + "/live.xml";
  write_file(live_path, [this](std::ostream& out) { write_xml_snapshot(live_, out); });
  auto counter_findings = [this](const std::vector<std::string>& args, int status) {
    std::vector<std::string> argv = {test::ibatlas_binary(), "check"};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--json", "--fail-on", "warning"});
    ProcessResult r = run_ok(sim_, argv, status);
    std::set<std::tuple<std::string, std::string, int>> out;
    nlohmann::json report = nlohmann::json::parse(r.out);
    for (const nlohmann::json& f : report.at("findings")) {
      std::string check = f.at("check");
      if (check.starts_with("counter.")) {
        const nlohmann::json& here = f.at("location").at("here");
        out.emplace(check, here.at("node"), here.at("port"));
      }
    }
    return out;
  };
  auto from_text = counter_findings({plain_path_, "--counters", ibq}, 1);
  auto from_live = counter_findings({live_path}, 1);
  std::set<std::tuple<std::string, std::string, int>> expected = {
      // thresholds (docs/checks.md): symbol 10, link downed 10, rcv errors 10, xmit
      // discards 100, VL15 dropped 100, excessive buffer overruns 10
      {"counter.symbol_errors", "sw1", 2}, {"counter.link_downed", "sw1", 2},
      {"counter.rcv_errors", "sw1", 2},    {"counter.xmit_discards", "sw1", 2},
      {"counter.vl15_dropped", "h3", 1},   {"counter.excessive_buffer_overruns", "h3", 1},
  };
  EXPECT_EQ(from_text, expected);
  EXPECT_EQ(from_live, expected);
  // A live SOURCE: a bare --counters reads them in the crawl; a FILE is attached to it.
  EXPECT_EQ(counter_findings({"live", "--counters"}, 1), expected);
  EXPECT_EQ(counter_findings({"--counters", ibq, "live"}, 1), expected);
  EXPECT_TRUE(counter_findings({"live"}, 0).empty());
}

}  // namespace
}  // namespace ibatlas
