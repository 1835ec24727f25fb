// Map groups of the real dumps in ../shared/realworld (read from there, never copied). The
// expected groups were counted in the dump files by hand, with awk, as each test says.

#include <filesystem>
#include <iostream>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/render/map_groups.hpp"

#include "support/paths.hpp"
#include "support/realworld_files.hpp"

namespace ibatlas {

// Defined in map_groups_test.cpp.
namespace map_groups_test {
MapGroups groups_of(const Fabric& f);
void expect_well_formed(const Fabric& f, const MapGroups& m);
}  // namespace map_groups_test

namespace {

namespace fs = std::filesystem;
using map_groups_test::expect_well_formed;
using map_groups_test::groups_of;

std::optional<Fabric> read_dump(const std::string& relative) {
  std::string path = test::realworld(relative);
  if (!fs::is_regular_file(path)) {
    return std::nullopt;
  }
  return read_fabric(read_file(path), path).fabric;
}

// Every switch of the group has this system image GUID.
void expect_system_guid(const Fabric& f, const MapGroup& g, Guid system) {
  for (NodeId id : g.switches) {
    EXPECT_EQ(f.node(id).system_guid, system) << g.name;
  }
}

// Groups [first, first + leaves.size()) are pod1, pod2, ... of that many leaves each (tier 1),
// their hosts adding up to `hosts`, each pod's summary counting its own.
void expect_leaf_pods(const Fabric& f, const MapGroups& m, std::size_t first,
                      const std::vector<std::size_t>& leaves, std::size_t hosts) {
  ASSERT_EQ(m.groups.size(), first + leaves.size());
  std::size_t seen = 0;
  for (std::size_t p = 0; p < leaves.size(); ++p) {
    const MapGroup& g = m.groups[first + p];
    auto own = static_cast<std::size_t>(std::count_if(
        g.others.begin(), g.others.end(), [&f](NodeId id) { return is_host(f.node(id)); }));
    EXPECT_EQ(g.id, "pod" + std::to_string(p + 1));
    EXPECT_EQ(g.kind, GroupKind::Pod);
    EXPECT_EQ(g.tier, 1);
    EXPECT_EQ(g.switches.size(), leaves[p]) << g.id;
    EXPECT_EQ(g.summary, std::to_string(leaves[p]) + " leaves, " + std::to_string(own) + " hosts");
    seen += own;
  }
  EXPECT_EQ(seen, hosts);
}

// ibnetdiscover_director.txt: 400 switches, 2328 CAs. Per switch, the sysimgguid line before
// its "Switch" line (awk '/^sysimgguid=/{s=$0} /^Switch/{print s}' | sort | uniq -c): four
// GUIDs of 60 switches each (CS8500 directors, "MF0;sat11-0101-09NN-01ib1-A:MCS8500/..." with
// 20 /S chips and 40 /L chips), 160 of one. Counting, per chip of a director, the cables to a
// CA or to a switch of another sysimgguid gives 40 line chips (all /L) and 20 spine chips in
// each. Each of the 160 other switches is cabled to all four directors and to no other
// switch; 154 have hosts, 6 none (leaves by their neighbours, tiers.hpp); every CA is cabled
// to one of them (2328 distinct "H-" peers in the Switch blocks). So: four chassis on tier 2,
// one pod of 160 leaves below, which a pod of leaves alone that large splits into 5 pods of
// 32 (kMostPodLeaves) in name order.
TEST(MapGroupsRealworldTest, DirectorDumpIsFourChassisOverFivePodsOf32Leaves) {
  std::optional<Fabric> f = read_dump("mellanox-ufm-sdk-ndt/ibnetdiscover_director.txt");
  if (!f) {
    GTEST_SKIP() << "no director dump";
  }
  MapGroups m = groups_of(*f);
  expect_well_formed(*f, m);
  EXPECT_EQ(m.switch_units, 164u);
  ASSERT_EQ(m.groups.size(), 9u);
  const std::pair<const char*, Guid> chassis[] = {{"sat11-0101-0901-01ib1-A", 0x43f720300a4a54c},
                                                  {"sat11-0101-0903-01ib1-A", 0xc42a10300fbb954},
                                                  {"sat11-0101-0905-01ib1-A", 0x43f720300b88f42},
                                                  {"sat11-0101-0906-01ib1-A", 0x43f720300b88f3e}};
  for (std::size_t c = 0; c < 4; ++c) {
    const MapGroup& g = m.groups[c];
    EXPECT_EQ(g.kind, GroupKind::Chassis);
    EXPECT_EQ(g.name, chassis[c].first);
    EXPECT_EQ(g.summary, "60 ASICs: 20 spine + 40 line");
    EXPECT_EQ(g.tier, 2);
    EXPECT_EQ(g.switches.size(), 60u);
    EXPECT_TRUE(g.id.starts_with("chassis-")) << g.id;
    expect_system_guid(*f, g, chassis[c].second);
  }
  expect_leaf_pods(*f, m, 4, {32, 32, 32, 32, 32}, 2328);
}

// ibnetdiscover-2-12-2014: 214 switches, 1356 CAs. By sysimgguid (as above): three GUIDs of
// 45 switches (IS5600 directors "MF0;MellanoxIS5600-N:IS5600/...", 18 /S and 27 /L chips
// each) and 79 of one ("Infiniscale-IV Mellanox Technologies"). Each of the 79 has hosts and
// is cabled to all three directors and to no other of the 79 (awk over each Switch block's
// "S-" peers): one pod of 79 leaves, the directors on tier 2. IS5600-1's line chip L02 has
// no cable leaving the director (18 cables, all to its spine chips), yet it is a line chip:
// 18 spine + 27 line in each. All 1356 CAs are cabled to one of the 79. More than 32 leaves
// alone split into ceil(79 / 32) = 3 near-equal pods: leaves [0, 26), [26, 52), [52, 79) of
// the name order (79 / 3 = 26.3, 158 / 3 = 52.7).
TEST(MapGroupsRealworldTest, JanusIsThreeDirectorsOverThreePodsOf79Leaves) {
  std::optional<Fabric> f = read_dump("mlunacek-janus/ibnetdiscover-2-12-2014");
  if (!f) {
    GTEST_SKIP() << "no janus dump";
  }
  MapGroups m = groups_of(*f);
  expect_well_formed(*f, m);
  EXPECT_EQ(m.switch_units, 82u);
  ASSERT_EQ(m.groups.size(), 6u);
  const std::pair<const char*, Guid> chassis[] = {{"MellanoxIS5600-1", 0x2cd020041ca28},
                                                  {"MellanoxIS5600-2", 0x2c9020041ca38},
                                                  {"MellanoxIS5600-3", 0x2c9020041ca30}};
  for (std::size_t c = 0; c < 3; ++c) {
    const MapGroup& g = m.groups[c];
    EXPECT_EQ(g.kind, GroupKind::Chassis);
    EXPECT_EQ(g.name, chassis[c].first);
    EXPECT_EQ(g.summary, "45 ASICs: 18 spine + 27 line");
    EXPECT_EQ(g.tier, 2);
    EXPECT_EQ(g.switches.size(), 45u);
    expect_system_guid(*f, g, chassis[c].second);
  }
  expect_leaf_pods(*f, m, 3, {26, 26, 27}, 1356);
}

// Every dump that reads as a fabric groups completely, into at most ~150 boxes (issue 15:
// the overview's budget).
TEST(MapGroupsRealworldTest, EveryDumpGroupsEveryCabledNode) {
  if (!fs::is_directory(test::realworld(""))) {
    GTEST_SKIP() << "no " << test::realworld("");
  }
  std::vector<fs::path> files = test::realworld_fabric_files();
  std::size_t grouped = 0;
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    std::optional<Fabric> f;
    try {
      f = read_fabric(read_file(file.string()), file.string()).fabric;
    } catch (const Error&) {
      continue;  // not a fabric (an LFT dump, a negative test file)
    }
    MapGroups m = groups_of(*f);
    expect_well_formed(*f, m);
    EXPECT_LE(m.groups.size(), 150u);
    std::cout << file.filename().string() << ": " << m.groups.size() << " groups, "
              << m.switch_units << " switch units\n";
    ++grouped;
  }
  EXPECT_GE(grouped, 20u);
}

}  // namespace
}  // namespace ibatlas
