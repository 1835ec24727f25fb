// Integration against the simulator: ibsim + opensm + the real infiniband-diags as the
// oracle (label sim). Each test starts its own SimFabric, so ctest -j runs them in parallel.
//
// Expected values come from the fixture's plan.csv and README.md (written by hand), from
// ibsim's documented GUID and width/speed rules, or from the other tool's output — never
// from our own output.

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/umad/ibnd_cache.hpp"

#include "support/paths.hpp"
#include "support/sim_harness.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// A cable end named by node description (plan.csv) or by node GUID.
using NamedEnd = std::pair<std::string, int>;
using GuidEnd = std::pair<Guid, int>;
template <typename End>
using Cable = std::pair<End, End>;  // lower end first

template <typename End>
Cable<End> cable(End a, End b) {
  return a < b ? Cable<End>{a, b} : Cable<End>{b, a};
}

std::string fixture_path(const std::string& relative) {
  return test::source_dir() + "/fixtures/" + relative;
}

SimOptions fixture_options() {
  SimOptions options;
  options.netfile_path = fixture_path("fat-tree-3tier/fabric.net");
  return options;
}

bool not_written_yet(const Error& e) {
  return std::string(e.what()).find("not written yet") != std::string::npos;
}

// Skips the test while a collaborator's reader or writer is still a placeholder.
#define SKIP_IF_NOT_WRITTEN(statement)           \
  try {                                          \
    statement;                                   \
  } catch (const Error& e) {                     \
    if (!not_written_yet(e)) {                   \
      throw;                                     \
    }                                            \
    GTEST_SKIP() << "waiting for: " << e.what(); \
  }

// Runs the real ibnetdiscover (with extra args) and checks it succeeded.
std::string discover(SimFabric& sim, std::vector<std::string> extra = {}) {
  std::vector<std::string> argv = {"ibnetdiscover"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  ProcessResult r = sim.run(argv, test::milliseconds(120000));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(r.timed_out);
  return r.out;
}

// Every link once, its ends named by `key(node)` and port number.
template <typename End, typename Key>
std::set<Cable<End>> cables(const Fabric& f, Key key) {
  std::set<Cable<End>> out;
  for (PortId id : f.links()) {
    const Port& a = f.port(id);
    const Port& b = f.port(*a.peer);
    out.insert(cable(End{key(f.node(a.node)), a.number}, End{key(f.node(b.node)), b.number}));
  }
  return out;
}

std::set<Cable<NamedEnd>> named_cables(const Fabric& f) {
  return cables<NamedEnd>(f, [](const Node& n) { return n.description; });
}

std::set<Cable<GuidEnd>> guid_cables(const Fabric& f) {
  return cables<GuidEnd>(f, [](const Node& n) { return n.guid; });
}

// GUID -> (type, description) for every node.
std::map<Guid, std::pair<NodeType, std::string>> node_table(const Fabric& f) {
  std::map<Guid, std::pair<NodeType, std::string>> out;
  for (const Node& n : f.nodes()) {
    out[n.guid] = {n.type, n.description};
  }
  return out;
}

std::size_t count_type(const Fabric& f, NodeType type) {
  return static_cast<std::size_t>(std::count_if(f.nodes().begin(), f.nodes().end(),
                                                [type](const Node& n) { return n.type == type; }));
}

std::set<Cable<NamedEnd>> plan_cables() {
  std::ifstream in(fixture_path("fat-tree-3tier/plan.csv"));
  std::set<Cable<NamedEnd>> out;
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "node,port,peer_node,peer_port");
  while (std::getline(in, line)) {
    std::replace(line.begin(), line.end(), ',', ' ');
    NamedEnd a;
    NamedEnd b;
    std::istringstream(line) >> a.first >> a.second >> b.first >> b.second;
    out.insert(cable(a, b));
  }
  return out;
}

// The cable fixtures/fat-tree-3tier/README.md says is unplugged, and the capped one.
Cable<NamedEnd> unplugged_cable() {
  return cable(NamedEnd{"pod2-leaf1", 36}, {"pod2-spine2", 1});
}

Cable<NamedEnd> capped_cable() {
  return cable(NamedEnd{"pod1-leaf2", 35}, {"pod1-spine1", 2});
}

TEST(FixtureFabricTest, ComesUpWithEveryPlannedCableButTheUnpluggedOne) {
  SimFabric sim(fixture_options());
  std::string text = discover(sim);
  Fabric f;
  SKIP_IF_NOT_WRITTEN(f = read_ibnetdiscover(text, "ibnetdiscover").fabric);
  EXPECT_EQ(count_type(f, NodeType::Switch), 10U);
  EXPECT_EQ(count_type(f, NodeType::Ca), 12U);
  std::set<Cable<NamedEnd>> planned = plan_cables();
  ASSERT_EQ(planned.size(), 28U);
  ASSERT_EQ(planned.count(unplugged_cable()), 1U);
  planned.erase(unplugged_cable());
  EXPECT_EQ(named_cables(f), planned);
  // ibsim numbers switches from 0x200000 in file order: core01 is the first record.
  ASSERT_TRUE(f.find_node(0x200000));
  EXPECT_EQ(f.node(*f.find_node(0x200000)).description, "core01");
}

TEST(FixtureFabricTest, HasExactlyOneLinkBelowTheOthersWidthAndSpeed) {
  SimFabric sim(fixture_options());
  std::string text = discover(sim);
  Fabric f;
  SKIP_IF_NOT_WRITTEN(f = read_ibnetdiscover(text, "ibnetdiscover").fabric);
  std::vector<Cable<NamedEnd>> slow;
  for (PortId id : f.links()) {
    const Port& a = f.port(id);
    const Port& b = f.port(*a.peer);
    ASSERT_EQ(a.width_active, LinkWidth::X4);
    if (a.speed_active != LinkSpeed::Edr) {
      EXPECT_EQ(a.speed_active, LinkSpeed::Qdr);
      slow.push_back(cable(NamedEnd{f.node(a.node).description, a.number},
                           NamedEnd{f.node(b.node).description, b.number}));
    }
  }
  EXPECT_EQ(slow, std::vector<Cable<NamedEnd>>{capped_cable()});
}

TEST(FixtureFabricTest, IblinkinfoSeesTheCappedLinkAtQdrAndAllOthersAtEdr) {
  SimFabric sim(fixture_options());
  ProcessResult r = sim.run({"iblinkinfo"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  int active = 0;
  std::vector<std::string> qdr;
  for (std::string line; std::getline(lines, line);) {
    active += line.find("Active/  LinkUp") != std::string::npos ? 1 : 0;
    if (line.find(" 10.0 Gbps") != std::string::npos) {
      qdr.push_back(line);
    }
  }
  EXPECT_EQ(active, 2 * 27);  // both ends of the 27 cabled links
  ASSERT_EQ(qdr.size(), 2U) << r.out;
  EXPECT_NE(qdr[0].find("\"pod1-spine1\""), std::string::npos) << qdr[0];
  EXPECT_NE(qdr[1].find("\"pod1-leaf2\""), std::string::npos) << qdr[1];
}

TEST(IbsimClosedLoopTest, JanusDumpComesBackWithTheSameNodesAndCables) {
  Fabric original;
  std::ostringstream written;
  SKIP_IF_NOT_WRITTEN({
    std::string path = test::realworld("mlunacek-janus/ibnetdiscover-2-12-2014");
    original = read_ibnetdiscover(read_file(path), path).fabric;
    write_ibnetdiscover(original, written);
  });
  // ibsim's tables are sized on the command line (defaults: 2048 nodes, 256 switches).
  std::size_t ports = 0;
  for (const Node& n : original.nodes()) {
    ports += n.port_count + 1U;
  }
  SimOptions options;
  options.netfile_text = written.str();
  options.ibsim_args = {"-N", std::to_string(original.nodes().size() + 64),
                        "-S", std::to_string(count_type(original, NodeType::Switch) + 16),
                        "-P", std::to_string(ports + 256)};
  options.start_timeout = test::milliseconds(90000);
  SimFabric sim(options);
  std::string text = discover(sim);
  Fabric back;
  SKIP_IF_NOT_WRITTEN(back = read_ibnetdiscover(text, "ibnetdiscover").fabric);
  EXPECT_EQ(count_type(back, NodeType::Switch), 214U);  // SOURCES.md and grep -c '^Switch'
  EXPECT_EQ(count_type(back, NodeType::Ca), 1356U);
  EXPECT_EQ(node_table(back), node_table(original));
  EXPECT_EQ(guid_cables(back), guid_cables(original));
}

// LIDs by (node GUID, port number), for the ports that have one.
std::map<GuidEnd, Lid> lid_table(const Fabric& f) {
  std::map<GuidEnd, Lid> out;
  for (const Port& p : f.ports()) {
    if (p.base_lid) {
      out[{f.node(p.node).guid, p.number}] = *p.base_lid;
    }
  }
  return out;
}

// The bytes of `ibnetdiscover --cache` on a fabric.
std::string cache_bytes(SimFabric& sim) {
  std::string path = sim.dir() + "/discovered.cache";
  discover(sim, {"--cache", path});
  return read_file(path);
}

std::string write_scratch(const SimFabric& sim, const std::string& name, const std::string& bytes) {
  std::string path = sim.dir() + "/" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

void expect_rejected(const std::string& path, const std::string& what) {
  try {
    read_ibnd_cache(path);
    ADD_FAILURE() << what << ": accepted";
  } catch (const Error& e) {
    // The validator's "path: byte N: expected ..." (or libibnetdisc's refusal after it).
    EXPECT_EQ(std::string(e.what()).rfind(path + ": ", 0), 0U) << what << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find(": byte "), std::string::npos) << what << ": " << e.what();
  }
}

TEST(IbndCacheTest, CacheOfTheFixtureHasItsNodesCablesAndRates) {
  SimFabric sim(fixture_options());
  std::string path = write_scratch(sim, "fixture.cache", cache_bytes(sim));
  Fabric f = read_ibnd_cache(path).fabric;
  EXPECT_TRUE(check_invariants(f).empty());
  EXPECT_EQ(f.provenance().format, "ibnd-cache");
  EXPECT_EQ(count_type(f, NodeType::Switch), 10U);
  EXPECT_EQ(count_type(f, NodeType::Ca), 12U);
  std::set<Cable<NamedEnd>> planned = plan_cables();
  planned.erase(unplugged_cable());
  EXPECT_EQ(named_cables(f), planned);
  // ibsim's GUIDs: switches 0x200000 + i, CAs 0x100000 + 2i (port 1: +1), in file order.
  ASSERT_TRUE(f.find_node(0x100000 + 2 * 11));
  const Node& host12 = f.node(*f.find_node(0x100000 + 2 * 11));
  EXPECT_EQ(host12.description, "host12");
  ASSERT_EQ(host12.ports, 1U);
  EXPECT_EQ(f.port(host12.first_port).guid, 0x100000U + 2 * 11 + 1);
  EXPECT_TRUE(f.port(host12.first_port).base_lid.has_value());
  int slow_ports = 0;
  for (PortId id : f.links()) {
    for (const Port* p : {&f.port(id), &f.port(*f.port(id).peer)}) {
      EXPECT_EQ(p->width_active, LinkWidth::X4);
      EXPECT_EQ(p->state, PortState::Active);
      EXPECT_EQ(p->width_supported, WidthSet{0x1f});  // ibsim offers 1x 2x 4x 8x 12x
      bool slow = p->speed_active == LinkSpeed::Qdr;
      EXPECT_TRUE(slow || p->speed_active == LinkSpeed::Edr);
      ASSERT_TRUE(p->speed_enabled.has_value());
      EXPECT_EQ(p->speed_enabled->contains(LinkSpeed::Edr), !slow);
      slow_ports += slow ? 1 : 0;
    }
  }
  EXPECT_EQ(slow_ports, 2);
}

TEST(IbndCacheTest, CacheOfTheSimulatedFabricReadsAsItsTextOutputDoes) {
  SimFabric sim(fixture_options());
  std::string cache = sim.dir() + "/fabric.cache";
  std::string text = discover(sim, {"--cache", cache});
  Fabric from_text;
  SKIP_IF_NOT_WRITTEN(from_text = read_ibnetdiscover(text, "ibnetdiscover").fabric);
  Fabric from_cache = read_ibnd_cache(cache).fabric;
  EXPECT_EQ(node_table(from_cache), node_table(from_text));
  EXPECT_EQ(guid_cables(from_cache), guid_cables(from_text));
  EXPECT_EQ(lid_table(from_cache), lid_table(from_text));
}

TEST(IbndCacheTest, RejectsCorruptCachesWithAnError) {
  SimOptions options = fixture_options();
  options.start_opensm = false;  // directed-route discovery needs no LIDs
  SimFabric sim(options);
  std::string good = cache_bytes(sim);
  ASSERT_GT(good.size(), 28U + 207U + 95U);
  // Every cache ibnetdiscover writes passes the validator (with and without an SM's LIDs:
  // the other IbndCache tests read caches of the fabric with opensm through it too).
  ASSERT_NO_THROW(validate_ibnd_cache(good, "good.cache"));
  ASSERT_NO_THROW(read_ibnd_cache(write_scratch(sim, "good.cache", good)));
  // Offsets from libibnetdisc's cache layout: a 28-byte header, 207-byte node records
  // each followed by 9-byte port keys, 95-byte port records.
  auto patched = [&good](std::size_t at, char value) {
    std::string bytes = good;
    bytes[at] = value;
    return bytes;
  };
  std::size_t last_port = good.size() - 95;

  std::vector<std::pair<const char*, std::string>> cases = {
      {"empty", ""},
      {"text", "Switch\t36 \"S-0000000000200000\"\n"},
      {"unknown version", patched(4, 2)},
      {"cut in half", good.substr(0, good.size() / 2)},
      {"one byte short", good.substr(0, good.size() - 1)},
      {"one byte extra", good + '\0'},
      {"node type 7", patched(28 + 76, 7)},
      {"port key past the node's ports", patched(28 + 207 + 8, static_cast<char>(200))},
      {"peer that is not in the file", patched(last_port + 86, 0x5a)},
      {"start node that is not in the file", patched(16, 0x5a)},
      {"LMC 16 (libibnetdisc's endless LID loop)", patched(last_port + 12, 16)},
      {"node count 0x7fffffff", patched(11, 0x7f)},
  };
  // The last port record must name a peer for the dangling-peer case to mean anything.
  ASSERT_EQ(good[last_port + 85], 1);
  for (const auto& [what, bytes] : cases) {
    expect_rejected(write_scratch(sim, "corrupt.cache", bytes), what);
  }
  std::string missing = sim.dir() + "/missing.cache";
  EXPECT_THROW(
      try { read_ibnd_cache(missing); } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what();
        throw;
      },
      Error);
}

// libibnetdisc indexes 37-entry tables by Voltaire port numbers and by the "/L<n>" slot
// of Mellanox descriptions; such caches are refused before it sees them.
TEST(IbndCacheTest, RefusesCachesThatWouldOverrunLibibnetdiscChassisTables) {
  struct Case {
    const char* vendor;
    const char* description;
    bool accepted;
    const char* devid = "0xbd36";  // libibnetdisc reads slots of IS4 switches only
  };

  for (const Case& c : {Case{"0x8f1", "big", false}, Case{"0x2c9", "big", true},
                        Case{"0x2c9", "MF0;big:IS5600/L37/U1", false},
                        Case{"0x2c9", "MF0;big:IS5600/L37/U1", true, "0x1003"},
                        Case{"0x2c9", "MF0;big:IS5600/L36/U1", true}}) {
    SimOptions options;
    options.start_opensm = false;
    options.netfile_text = std::string("vendid=") + c.vendor + "\ndevid=" + c.devid +
                           "\nSwitch 40 \"big\" # \"" + c.description +
                           "\" base port 0\n[40] \"h1\"[1]\n\nCa 1 \"h1\"\n" + "[1] \"big\"[40]\n";
    SimFabric sim(options);
    std::string path = write_scratch(sim, "chassis.cache", cache_bytes(sim));
    if (c.accepted) {
      EXPECT_EQ(read_ibnd_cache(path).fabric.nodes().size(), 2U)
          << c.vendor << c.description << c.devid;
    } else {
      expect_rejected(path, std::string(c.vendor) + " " + c.description);
    }
  }
}

}  // namespace
}  // namespace ibatlas
