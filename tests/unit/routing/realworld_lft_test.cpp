// Real ibroute captures (shared/realworld/hwloc-netloc-*, SOURCES.md §1): every table read,
// every oddity reported, and the tables validated against the ibnetdiscover -p dump taken
// with them. Two tools' outputs agree with each other (each line's destination GUID is that
// LID's port in the topology dump), and the production SM's tables deliver every pair: with
// S switches and C CA ports, a LID has S + C - 1 senders, so pairs = (S + C)(S + C - 1).

#include <filesystem>

#include <gtest/gtest.h>

#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "support/paths.hpp"

namespace ibatlas {
namespace {

std::vector<std::string> ibroute_files(const std::string& dir, const std::string& subnet) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(test::realworld(dir))) {
    std::string name = entry.path().filename().string();
    if (name.starts_with("ibroute-" + subnet + "-")) {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<LftIssueKind> kinds(const std::vector<LftIssue>& issues) {
  std::vector<LftIssueKind> out;
  for (const LftIssue& i : issues) {
    out.push_back(i.kind);
  }
  return out;
}

// All of a directory's tables attached to its topology dump.
AttachedTables attach_all(const std::string& dir, const std::string& subnet) {
  std::string topology = test::realworld(dir + "/ib-subnet-" + subnet + ".txt");
  Fabric fabric = read_fabric(read_file(topology), topology).fabric;
  std::string all;
  for (const std::string& file : ibroute_files(dir, subnet)) {
    all += read_file(file);
  }
  return with_forwarding_tables(fabric, read_lft_dump(all, dir));
}

TEST(RealworldLftTest, AvakasFilesEndInAnIberrorAndAreReportedCutShort) {
  std::vector<std::string> files = ibroute_files("hwloc-netloc-avakas", "fe80_0000_0000_0000");
  ASSERT_EQ(files.size(), 25U);
  for (const std::string& file : files) {
    LftDump d = read_lft_dump(read_file(file), file);
    ASSERT_EQ(d.tables.size(), 1U) << file;
    EXPECT_EQ(d.tables[0].entries, 306U) << file;  // LIDs 0x1-0x132, per SOURCES.md
    EXPECT_EQ(d.tables[0].top, std::optional<Lid>(0x132));
    EXPECT_FALSE(d.tables[0].complete);
    EXPECT_EQ(kinds(d.issues),
              (std::vector<LftIssueKind>{LftIssueKind::ToolError, LftIssueKind::Truncated}))
        << file;
  }
}

TEST(RealworldLftTest, AvakasTablesDeliverEveryPairOfItsTopology) {
  AttachedTables a = attach_all("hwloc-netloc-avakas", "fe80_0000_0000_0000");
  EXPECT_EQ(a.attached, 25U);
  for (const LftIssue& i : a.issues) {
    EXPECT_NE(i.kind, LftIssueKind::DestinationMismatch) << i.message;
    EXPECT_NE(i.kind, LftIssueKind::UnknownSwitch) << i.message;
  }
  RouteReport r = analyze_routes(a.fabric, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.destinations, 306U);  // 25 switches + 281 CA ports
  EXPECT_EQ(r.validation.pairs, 306U * 305U);
  EXPECT_EQ(r.validation.fates[0], r.validation.pairs);
  EXPECT_EQ(r.validation.host_pairs, 281U * 280U);
  EXPECT_EQ(r.validation.nonminimal, 0U);
  EXPECT_TRUE(r.credit_loops.empty());
}

TEST(RealworldLftTest, PlafrimTablesAreCompleteAndDeliverEveryPair) {
  std::vector<std::string> files = ibroute_files("hwloc-netloc-plafrim", "fe80_0000_0000_0000");
  ASSERT_EQ(files.size(), 9U);
  for (const std::string& file : files) {
    LftDump d = read_lft_dump(read_file(file), file);
    ASSERT_EQ(d.tables.size(), 1U);
    EXPECT_EQ(d.tables[0].entries, 134U);  // "134 valid lids dumped"
    EXPECT_TRUE(d.tables[0].complete);
    EXPECT_TRUE(d.issues.empty()) << d.issues[0].message;
  }
  AttachedTables a = attach_all("hwloc-netloc-plafrim", "fe80_0000_0000_0000");
  EXPECT_EQ(a.attached, 9U);
  EXPECT_TRUE(a.issues.empty()) << a.issues[0].message;
  RouteReport r = analyze_routes(a.fabric, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.pairs, 134U * 133U);  // 9 switches + 125 CA ports
  EXPECT_EQ(r.validation.fates[0], r.validation.pairs);
  EXPECT_TRUE(r.credit_loops.empty());
}

// Switch LID 60's capture repeats LID 0x003f for its last 22 lines, each naming another
// host (whose real LIDs the other switches' files give), and has no closing line.
TEST(RealworldLftTest, Plafrim2GarbledCaptureIsReportedAndItsLostLidsFound) {
  std::string file = test::realworld("hwloc-netloc-plafrim2/ibroute-fe80_0000_0000_0000-60.txt");
  LftDump d = read_lft_dump(read_file(file), file);
  ASSERT_EQ(d.tables.size(), 1U);
  EXPECT_FALSE(d.tables[0].complete);
  EXPECT_EQ(d.tables[0].out_port[0x3f], 16);  // the first line for 0x003f is kept
  EXPECT_EQ(kinds(d.issues),
            (std::vector<LftIssueKind>{LftIssueKind::Truncated, LftIssueKind::DuplicateEntry,
                                       LftIssueKind::DestinationConflict}));
  EXPECT_NE(d.issues[1].message.find("listed 22 times"), std::string::npos);

  AttachedTables a = attach_all("hwloc-netloc-plafrim2", "fe80_0000_0000_0000");
  EXPECT_EQ(a.attached, 7U);
  RouteReport r = analyze_routes(a.fabric, RouteAnalysisOptions{});
  ASSERT_EQ(r.validation.drops.size(), 1U);  // only at that switch, only missing entries
  EXPECT_EQ(r.validation.drops[0].fate, RouteFate::NoEntry);
  EXPECT_EQ(a.fabric.node(r.validation.drops[0].at).guid, 0x00066a00e30076abU);
  EXPECT_GT(r.validation.fates[0], 0U);
}

TEST(RealworldLftTest, Plafrim2SecondSubnetTableIsComplete) {
  std::vector<std::string> files = ibroute_files("hwloc-netloc-plafrim2", "fe80_0000_0000_0001");
  ASSERT_EQ(files.size(), 1U);
  LftDump d = read_lft_dump(read_file(files[0]), files[0]);
  ASSERT_EQ(d.tables.size(), 1U);
  EXPECT_EQ(d.tables[0].entries, 24U);
  EXPECT_TRUE(d.tables[0].complete);
  EXPECT_TRUE(d.issues.empty());
  AttachedTables a = attach_all("hwloc-netloc-plafrim2", "fe80_0000_0000_0001");
  EXPECT_EQ(a.attached, 1U);
  RouteReport r = analyze_routes(a.fabric, RouteAnalysisOptions{});
  EXPECT_EQ(r.validation.fates[0], r.validation.pairs);
}

}  // namespace
}  // namespace ibatlas
