// saquery -p output (formats/saquery.hpp): PathRecords as infiniband-diags prints them,
// copied from `saquery -p --src-to-dst 6:8` and `6:1` under ibsim with opensm's dfsssp on
// the five-switch ring of tests/sim/credit_loops_vl_test.cpp; SLs read from that text.

#include "ibatlas/formats/saquery.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

#include "support/bad_input.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

constexpr const char* kTwoPaths =
    "PathRecord dump:\n"                                // 1
    "\t\tservice_id..............0x0000000000000000\n"  // 2
    "\t\tdgid....................fe80::10:5\n"          // 3
    "\t\tsgid....................fe80::10:1\n"          // 4
    "\t\tdlid....................8\n"                   // 5
    "\t\tslid....................6\n"                   // 6
    "\t\thop_flow_raw............0x0\n"                 // 7
    "\t\ttclass..................0x0\n"                 // 8
    "\t\tnum_path_revers.........0x80\n"                // 9
    "\t\tpkey....................0xFFFF\n"              // 10
    "\t\tqos_class...............0x0\n"                 // 11
    "\t\tsl......................0x7\n"                 // 12
    "\t\tmtu.....................0x84\n"                // 13
    "\t\trate....................0x91\n"                // 14
    "\t\tpkt_life................0x92\n"                // 15
    "\t\tpreference..............0x0\n"                 // 16
    "\t\tresv2...................0x000000000000\n"      // 17
    "PathRecord dump:\n"                                // 18
    "\t\tservice_id..............0x0000000000000000\n"  // 19
    "\t\tdgid....................fe80::20:0\n"          // 20
    "\t\tsgid....................fe80::10:1\n"          // 21
    "\t\tdlid....................1\n"                   // 22
    "\t\tslid....................6\n"                   // 23
    "\t\tsl......................0x1\n"                 // 24
    "\t\tmtu.....................0x84\n";               // 25

TEST(SaqueryPathsTest, ReadsSlidDlidAndSlOfEachRecord) {
  std::vector<PathSlRecord> r = read_saquery_paths(kTwoPaths, "p.txt");
  ASSERT_EQ(r.size(), 2U);
  EXPECT_EQ(r[0].source, 6);
  EXPECT_EQ(r[0].destination, 8);
  EXPECT_EQ(r[0].sl, 7);
  EXPECT_EQ(r[0].line, 1U);
  EXPECT_EQ(r[1].source, 6);
  EXPECT_EQ(r[1].destination, 1);
  EXPECT_EQ(r[1].sl, 1);
  EXPECT_EQ(r[1].line, 18U);
}

TEST(SaqueryPathsTest, ConcatenatedCapturesMayRepeatAPathWithTheSameSl) {
  std::string twice = std::string(kTwoPaths) + "\n" + kTwoPaths;
  EXPECT_EQ(read_saquery_paths(twice, "p.txt").size(), 2U);
}

TEST(SaqueryPathsTest, AttachedSlsReplaceTheSnapshotsAndKeepEverythingElse) {
  test::Ring ring(5);  // LIDs: switches 1..5, hosts 6..10
  Fabric f = ring.net.build();
  Fabric with = with_path_sls(f, read_saquery_paths(kTwoPaths, "p.txt"));
  ASSERT_EQ(with.path_sls().size(), 1U);
  EXPECT_EQ(with.path_sl(6, 8), std::optional<std::uint8_t>(7));
  EXPECT_EQ(with.path_sl(6, 1), std::optional<std::uint8_t>(1));
  EXPECT_EQ(with.path_sl(6, 7), std::nullopt);
  EXPECT_EQ(with.nodes().size(), f.nodes().size());
  EXPECT_EQ(with.forwarding_tables().size(), f.forwarding_tables().size());
  std::vector<PathSlRecord> other = {PathSlRecord{7, 6, 2, 1}};
  Fabric again = with_path_sls(with, other);
  ASSERT_EQ(again.path_sls().size(), 1U);
  EXPECT_EQ(again.path_sl(7, 6), std::optional<std::uint8_t>(2));
  EXPECT_EQ(again.path_sl(6, 8), std::nullopt);
}

constexpr test::BadInputCase kBadCases[] = {
    {"zeroed record (cut-short RMPP)", "dlid....................1\n", "dlid....................0\n",
     22, "expected dlid a unicast LID (1 to 0xBFFF; 0 comes from a cut-short reply), found \"0\""},
    {"multicast LID", "slid....................6\n\t\thop",
     "slid....................49152\n\t\thop", 6, "slid a unicast LID"},
    {"SL 16", "sl......................0x7", "sl......................0x10", 12,
     "expected an SL from 0 to 15, found \"0x10\""},
    {"SL not a number", "sl......................0x7", "sl......................seven", 12,
     "an SL from 0 to 15"},
    {"no sl", "\t\tsl......................0x1\n", "", 24,
     "expected a sl field in the PathRecord of line 18, found none"},
    {"sl twice", "\t\tmtu.....................0x84\n\t\trate",
     "\t\tsl......................0x7\n\t\trate", 13, "expected one sl per PathRecord"},
    {"an error line in the middle", "\t\tpreference..............0x0\n",
     "ibwarn: [13585] sim_connect: attached as client 1\n", 16,
     "expected a \"name....value\" field of the PathRecord, found \"ibwarn: [13585]"},
    {"text before the first record", "PathRecord dump:\n\t\tservice_id",
     "saquery output\nPathRecord dump:\n\t\tservice_id", 1,
     "expected \"PathRecord dump:\", found \"saquery output\""},
    {"the same path with another SL", "dlid....................1\n", "dlid....................8\n",
     18, "expected SL 7 for slid 6 dlid 8, as line 1 says, found SL 1"},
};

TEST(SaqueryPathsTest, MalformedOutputIsRejectedNamingTheLine) {
  test::expect_each_rejected(
      kTwoPaths, kBadCases,
      [](const std::string& text, const std::string& file) { read_saquery_paths(text, file); });
}

TEST(SaqueryPathsTest, TextWithoutAnyRecordIsRejected) {
  for (const char* text : {"", "\n\n"}) {
    try {
      read_saquery_paths(text, "empty.txt");
      ADD_FAILURE() << "accepted \"" << text << "\"";
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find("found no PathRecord"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace ibatlas
