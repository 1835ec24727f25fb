// iblinkinfo's layouts against ibnetdiscover, both run for real on the same simulated fabric
// (fixtures/fat-tree-3tier: 10 switches, 12 CAs, 27 cables, one of them 4X QDR). Whatever
// iblinkinfo printed — default, -l, -p, --switches-only, --cas-only, and -l with each filter —
// must read back to ibnetdiscover's cables, GUIDs, LIDs, widths and speeds, minus what the
// filter left out of the file.

#include <cstdio>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/fabric.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"

#include "support/paths.hpp"
#include "support/sim_harness.hpp"
#include "support/topology_compare.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

SimOptions fixture_options() {
  SimOptions options;
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  return options;
}

std::string run_ok(SimFabric& sim, std::vector<std::string> argv) {
  ProcessResult r = sim.run(argv, test::milliseconds(120000));
  EXPECT_EQ(r.exit_code, 0) << argv[0] << ": " << r.err;
  EXPECT_FALSE(r.timed_out);
  return r.out;
}

// Which GUIDs a reading can know: all, or not those of the nodes the file does not list.
enum class Unlisted { Known, CasUnknown, SwitchesUnknown };

std::string hex(Guid g) {
  char text[24];
  std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(g));
  return text;
}

// A cable end: a switch by node GUID and LID, a CA port by port GUID and LID (iblinkinfo
// prints no CA node GUID). "?" where the layout cannot know the GUID.
std::string end_key(const Fabric& f, const Port& p, Unlisted unlisted) {
  const Node& n = f.node(p.node);
  bool sw = n.type == NodeType::Switch;
  const Port& id_port = sw ? f.port(*f.find_port(p.node, 0)) : p;
  std::optional<Guid> guid = sw ? std::optional<Guid>(n.guid) : p.guid;
  bool unknown =
      (unlisted == Unlisted::CasUnknown && !sw) || (unlisted == Unlisted::SwitchesUnknown && sw);
  std::string lid = id_port.base_lid ? std::to_string(*id_port.base_lid) : "-";
  return std::string(sw ? "S " : "C ") +
         (unknown ? "?"
          : guid  ? hex(*guid)
                  : "-") +
         " lid " + lid + " \"" + n.description + "\"[" + std::to_string(p.number) + "]";
}

// Every cable with both ends and the width and speed of each end; without switch-to-switch
// cables unless `switch_links`.
std::set<std::string> cables(const Fabric& f, Unlisted unlisted, bool switch_links = true) {
  std::set<std::string> out;
  for (PortId id : f.links()) {
    const Port& a = f.port(id);
    const Port& b = f.port(*a.peer);
    bool both_switches =
        f.node(a.node).type == NodeType::Switch && f.node(b.node).type == NodeType::Switch;
    if (both_switches && !switch_links) {
      continue;
    }
    std::string x = end_key(f, a, unlisted);
    std::string y = end_key(f, b, unlisted);
    auto speed = [](const Port& p) {
      return (p.width_active ? to_string(*p.width_active) : "-") + " " +
             (p.speed_active ? to_string(*p.speed_active) : "-");
    };
    out.insert(x < y ? x + " = " + y + " " + speed(a) + " / " + speed(b)
                     : y + " = " + x + " " + speed(b) + " / " + speed(a));
  }
  return out;
}

Fabric read_checked(const std::string& text, const std::string& name) {
  ReadResult r = read_fabric(text, name);
  EXPECT_EQ(r.fabric.provenance().format, "iblinkinfo") << name;
  EXPECT_EQ(check_invariants(r.fabric), std::vector<std::string>{}) << name;
  return std::move(r.fabric);
}

TEST(IblinkinfoOracleTest, DefaultAndLineLayoutsReadBackToIbnetdiscoversFabric) {
  SimFabric sim(fixture_options());
  Fabric oracle = read_ibnetdiscover(run_ok(sim, {"ibnetdiscover"}), "ibnetdiscover").fabric;
  std::set<std::string> expected = cables(oracle, Unlisted::Known);
  ASSERT_EQ(expected.size(), 27u);
  Fabric plain = read_checked(run_ok(sim, {"iblinkinfo"}), "iblinkinfo");
  Fabric lines = read_checked(run_ok(sim, {"iblinkinfo", "-l"}), "iblinkinfo -l");
  EXPECT_EQ(cables(plain, Unlisted::Known), expected);
  EXPECT_EQ(cables(lines, Unlisted::Known), expected);
  // -p adds " (HOQ:n VL_Stall:n)" inside each link: ignored.
  Fabric extra = read_checked(run_ok(sim, {"iblinkinfo", "-p"}), "iblinkinfo -p");
  EXPECT_EQ(cables(extra, Unlisted::Known), expected);
  EXPECT_EQ(plain.nodes().size(), oracle.nodes().size());
  // Both layouts print the same ports with the same states: one fabric.
  EXPECT_TRUE(test::topology_equal(plain, lines));
}

TEST(IblinkinfoOracleTest, FilteredOutputKeepsEveryCableOfTheListedNodes) {
  SimFabric sim(fixture_options());
  Fabric oracle = read_ibnetdiscover(run_ok(sim, {"ibnetdiscover"}), "ibnetdiscover").fabric;

  struct Case {
    std::vector<std::string> argv;
    Unlisted unlisted;
    bool switch_links;  // --cas-only prints no switch-to-switch cable
  };

  const Case cases[] = {
      {{"iblinkinfo", "--switches-only"}, Unlisted::CasUnknown, true},
      {{"iblinkinfo", "--cas-only"}, Unlisted::SwitchesUnknown, false},
      {{"iblinkinfo", "-l", "--switches-only"}, Unlisted::Known, true},
      {{"iblinkinfo", "-l", "--cas-only"}, Unlisted::Known, false},
  };
  for (const Case& c : cases) {
    std::string name = c.argv[1] + (c.argv.size() > 2 ? " " + c.argv[2] : "");
    SCOPED_TRACE(name);
    Fabric f = read_checked(run_ok(sim, c.argv), name);
    std::set<std::string> expected = cables(oracle, c.unlisted, c.switch_links);
    EXPECT_EQ(expected.size(), c.switch_links ? 27u : 12u);
    EXPECT_EQ(cables(f, c.unlisted, c.switch_links), expected);
    EXPECT_EQ(f.links().size(), expected.size()) << "no other cable";
    std::size_t switches = 0;
    for (const Node& n : f.nodes()) {
      switches += n.type == NodeType::Switch ? 1 : 0;
      if (c.unlisted != Unlisted::Known && n.guid >= kMadeUpGuidBase) {
        // A made-up GUID is the base | the LID that ibnetdiscover gives the node.
        Lid lid = static_cast<Lid>(n.guid - kMadeUpGuidBase);
        const Port& p = f.ports_of(f.id_of(n)).front();
        EXPECT_EQ(p.base_lid, lid) << n.description;
      }
    }
    EXPECT_EQ(switches, c.switch_links ? 10u : 4u) << "--cas-only names the 4 leaves";
    EXPECT_EQ(f.nodes().size() - switches, 12u);
  }
}

}  // namespace
}  // namespace ibatlas
