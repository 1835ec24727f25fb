// --ar [FILE] from the command line: an ibdiagnet AR dump attached to a SOURCE (convert writes
// it back unchanged, check lists the switches on one side only), and every refusal: a bare
// --ar on a file, a dump on diff, a malformed dump, a .far from a source without AR tables.

#include <fstream>

#include <gtest/gtest.h>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/cli/cli_run.hpp"
#include "support/sample_fabrics.hpp"
#include "support/temp_dir.hpp"

namespace ibatlas {
namespace {

// render_sample's spine S1 (GUID 0xa1) and a GUID the fabric does not hold, laid out as
// write_far lays a dump out, so that convert's output can be compared byte for byte (the
// reader's own tests cover other layouts).
constexpr const char* kDump =
    "# This file was written by ibatlas\n"
    "File version: 1\n"
    "\n"
    "Switch 0x00000000000000a1\n"
    "\n"
    "Groups Definition:\n"
    "Group   Sub Group   WHBF        Ports\n"
    "----------------------------------------\n"
    "1       0           0           1,2,\n"
    "\n"
    "LFT Definition:\n"
    "PLFT_NUM: 0 , top: 0x0002\n"
    "LID       Static Port   Lid State   Group\n"
    "--------------------------------------------\n"
    "0x0001    1             Free        1\n"
    "0x0002    2             Static      0\n"
    "\n"
    "Switch 0x000000000000dead\n"
    "\n"
    "Groups Definition:\n"
    "Group   Sub Group   WHBF        Ports\n"
    "----------------------------------------\n"
    "\n"
    "LFT Definition:\n"
    "PLFT_NUM: 0 , top: 0x0000\n"
    "LID       Static Port   Lid State   Group\n"
    "--------------------------------------------\n";

struct Files {
  test::TempDir dir;
  std::string topo = dir.file("fabric.topo");
  std::string far = dir.file("ibdiagnet2.far");

  Files() {
    std::ofstream out(topo);
    write_ibnetdiscover(test::render_sample(), out);
    test::write_file(far, kDump);
  }
};

std::size_t count_check(const FindingsDocument& doc, const std::string& id) {
  std::size_t n = 0;
  for (const Finding& f : doc.findings) {
    n += f.check == id ? 1 : 0;
  }
  return n;
}

TEST(ArCliTest, CheckListsTheSwitchesOnOneSideOnly) {
  Files files;
  test::CliRun run = test::run_cli({"check", files.topo, "--ar", files.far, "--json"});
  FindingsDocument doc = read_findings_json(run.out, "check.json");
  // 0xdead is no switch of the fabric; S2, L1 and L2 are not in the dump.
  EXPECT_EQ(count_check(doc, "ar.unknown_switch"), 1U) << run.out;
  EXPECT_EQ(count_check(doc, "ar.not_in_dump"), 3U) << run.out;
  EXPECT_NE(run.err.find("the AR dump names 0x000000000000dead"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("3 switch(es) of the fabric are not in the dump"), std::string::npos)
      << run.err;
}

TEST(ArCliTest, ConvertWritesTheAttachedDumpBackUnchanged) {
  Files files;
  std::string out = files.dir.file("again.far");
  test::CliRun run = test::run_cli({"convert", files.topo, "--ar", files.far, "-o", out});
  ASSERT_EQ(run.status, kExitOk) << run.err;
  std::string expected = kDump;
  expected = expected.substr(0, expected.find("\nSwitch 0x000000000000dead"));  // not attached
  EXPECT_EQ(test::slurp(out), expected);
}

TEST(ArCliTest, ABareArOnAFileIsRefused) {
  Files files;
  test::CliRun run = test::run_cli({"check", files.topo, "--ar"});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("--ar without a FILE reads adaptive-routing state in a live crawl"),
            std::string::npos)
      << run.err;
}

TEST(ArCliTest, ADumpOnDiffIsRefused) {
  Files files;
  test::CliRun run = test::run_cli({"diff", files.topo, files.topo, "--ar", files.far});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("diff reads several"), std::string::npos) << run.err;
}

TEST(ArCliTest, AMalformedDumpIsExit3WithItsLine) {
  Files files;
  test::write_file(files.far, "File version: 1\nSwitch 0xzz\n");
  test::CliRun run = test::run_cli({"show", files.topo, "--ar", files.far});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("ibdiagnet2.far:2: expected"), std::string::npos) << run.err;
}

TEST(ArCliTest, ConvertToFarWithoutArTablesIsRefusedAndWritesNothing) {
  Files files;
  std::string out = files.dir.file("none.far");
  test::CliRun run = test::run_cli({"convert", files.topo, "-o", out});
  EXPECT_EQ(run.status, kExitBadInput);
  EXPECT_NE(run.err.find("holds no adaptive-routing tables"), std::string::npos) << run.err;
  EXPECT_FALSE(std::ifstream(out).good());
}

TEST(ArCliTest, ArExpectNamesTheSwitchThatDiffersAndABadExpectationIsAUsageError) {
  // Both spines hold AR state; S2 has AR off, which --ar-expect enabled=1 says is wrong.
  Fabric plain = test::render_sample();
  FabricBuilder builder = from_fabric(plain);
  for (Guid guid : {test::kS1, test::kS2}) {
    SwitchAr ar;
    ar.switch_node = *plain.find_node(guid);
    ar.info = ArInfo{};
    ar.info->enabled = guid == test::kS1;
    ar.info->group_cap = 16;
    builder.set_switch_ar(ar);
  }
  Fabric fabric = std::move(builder).build();
  test::TempDir dir;
  std::string xml = dir.file("snapshot.xml");
  {
    std::ofstream out(xml);
    write_xml_snapshot(fabric, out);
  }
  test::CliRun run = test::run_cli({"check", xml, "--ar-expect", "enabled=1", "--json"});
  FindingsDocument doc = read_findings_json(run.out, "check.json");
  ASSERT_EQ(count_check(doc, "ar.not_as_expected"), 1U) << run.out;
  for (const Finding& f : doc.findings) {
    if (f.check == "ar.not_as_expected") {
      EXPECT_EQ(f.location.here.node_guid, test::kS2);
    }
  }
  test::CliRun bad = test::run_cli({"check", xml, "--ar-expect", "enabled=2"});
  EXPECT_EQ(bad.status, kExitUsage);
  EXPECT_NE(bad.err.find("--ar-expect: expected KEY=VALUE"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace ibatlas
