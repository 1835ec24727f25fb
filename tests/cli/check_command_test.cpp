// `ibatlas check` in-process: table, JSON schema, worklist, exit statuses, input errors.

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "support/cli/cli_run.hpp"
#include "support/paths.hpp"
#include "support/routing_net.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

using Result = test::CliRun;
using test::run_cli;

// A file in a fresh temporary directory, removed with the object.
class TempFile {
 public:
  TempFile(const std::string& name, const std::string& text) {
    dir_ = std::filesystem::temp_directory_path() /
           ("ibatlas-check-" + std::to_string(::getpid()) + "-" + std::to_string(++count_));
    std::filesystem::create_directories(dir_);
    std::ofstream(dir_ / name) << text;
    path_ = (dir_ / name).string();
  }

  ~TempFile() { std::filesystem::remove_all(dir_); }

  const std::string& path() const { return path_; }

 private:
  static inline int count_ = 0;
  std::filesystem::path dir_;
  std::string path_;
};

const std::string kTopo3 = test::realworld("hyungkwang-topo-examples/Topo.3.txt");

// An ibnetdiscover dump: one switch, two hosts.
constexpr const char* kSmall =
    "Switch\t8 \"S-0002c90300000100\"\t\t# \"leaf\" base port 0 lid 1 lmc 0\n"
    "[1]\t\"H-0002c90300001000\"[1](2c90300001001)\t\t# \"h1\" lid 2 4xHDR\n"
    "[2]\t\"H-0002c90300002000\"[1](2c90300002001)\t\t# \"h2\" lid 3 4xHDR\n"
    "\n"
    "Ca\t1 \"H-0002c90300001000\"\t\t# \"h1\"\n"
    "[1](2c90300001001)\t\"S-0002c90300000100\"[1]\t\t# lid 2 lmc 0 \"leaf\" lid 1 4xHDR\n"
    "\n"
    "Ca\t1 \"H-0002c90300002000\"\t\t# \"h2\"\n"
    "[1](2c90300002001)\t\"S-0002c90300000100\"[2]\t\t# lid 3 lmc 0 \"leaf\" lid 1 4xHDR\n";

TEST(CheckCommandTest, JsonHasTheDocumentedKeysForEveryFinding) {
  Result r = run_cli({"check", kTopo3, "--json"});
  EXPECT_EQ(r.status, kExitOk) << "only warnings and info";
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "ibatlas.findings/1");
  EXPECT_EQ(j["command"], "check");
  ASSERT_TRUE(j["findings"].is_array());
  ASSERT_FALSE(j["findings"].empty());
  for (const auto& f : j["findings"]) {
    for (const char* key :
         {"check", "severity", "docs", "location", "message", "measured", "expected", "hint"}) {
      EXPECT_TRUE(f.contains(key)) << key;
    }
    for (const char* key : {"kind", "text", "here", "peer"}) {
      EXPECT_TRUE(f["location"].contains(key)) << key;
    }
  }
  EXPECT_EQ(j["summary"]["findings"], j["findings"].size());
  const auto& first = j["findings"][0];
  EXPECT_EQ(first["severity"], "warning");
}

TEST(CheckCommandTest, LinkFindingsCarryBothEndsInJson) {
  Result r = run_cli({"check", kTopo3, "--json"});
  nlohmann::json j = nlohmann::json::parse(r.out);
  bool seen = false;
  for (const auto& f : j["findings"]) {
    if (f["check"] == "link.unexpected") {
      seen = true;
      EXPECT_TRUE(f["location"]["here"]["node_guid"].is_string());
      EXPECT_EQ(f["location"]["peer"]["port"], 1);
      EXPECT_EQ(f["location"]["peer"]["node_guid"].get<std::string>().substr(0, 2), "0x");
    }
  }
  EXPECT_TRUE(seen);
}

TEST(CheckCommandTest, FailOnDecidesTheExitStatus) {
  EXPECT_EQ(run_cli({"check", kTopo3}).status, kExitOk);
  EXPECT_EQ(run_cli({"check", kTopo3, "--fail-on", "warning"}).status, kExitFindings);
  TempFile small("small.txt", kSmall);
  EXPECT_EQ(run_cli({"check", small.path(), "--fail-on", "info"}).status, kExitFindings)
      << "a dump always gets link.unknown_capability";
  EXPECT_EQ(run_cli({"check", small.path(), "--fail-on", "warning"}).status, kExitOk);
}

TEST(CheckCommandTest, TableHasHeaderSummaryAndNoColourWhenNotATerminal) {
  Result r = run_cli({"check", kTopo3});
  EXPECT_EQ(r.out.rfind("SEVERITY", 0), 0u) << r.out.substr(0, 80);
  EXPECT_EQ(r.out.find('\033'), std::string::npos);
  EXPECT_NE(r.out.find("checked 60 switches, 2 hosts, 807 links"), std::string::npos);
  EXPECT_NE(r.out.find("fix: "), std::string::npos);
}

TEST(CheckCommandTest, PlanFindingsAreErrorsAndGoOnTheWorklist) {
  TempFile small("small.txt", kSmall);
  TempFile plan("plan.csv",
                "node,port,peer_node,peer_port\n"
                "leaf,1,h2,1\n"
                "leaf,2,h1,1\n"
                "leaf,3,h3,1\n");
  Result table = run_cli({"check", small.path(), "--plan", plan.path()});
  EXPECT_EQ(table.status, kExitFindings);
  EXPECT_NE(table.out.find("plan.miswired"), std::string::npos);
  Result work = run_cli({"check", small.path(), "--plan", plan.path(), "--worklist"});
  EXPECT_EQ(work.status, kExitFindings);
  EXPECT_EQ(work.out,
            "# leaf (0x0002c90300000100)\n"
            "leaf port 1: swap the cables in leaf port 1 and leaf port 2\n"
            "leaf port 3: connect to h3 port 1\n");
}

TEST(CheckCommandTest, GoldenSnapshotWorksAsAPlan) {
  TempFile small("small.txt", kSmall);
  Result r = run_cli({"check", small.path(), "--plan", small.path(), "--json"});
  nlohmann::json j = nlohmann::json::parse(r.out);
  for (const auto& f : j["findings"]) {
    EXPECT_NE(f["check"].get<std::string>().substr(0, 5), "plan.") << f.dump();
  }
}

TEST(CheckCommandTest, BadPlanLineIsBadInputWithFileAndLine) {
  TempFile small("small.txt", kSmall);
  TempFile plan("plan.csv", "node,port,peer_node,peer_port\nleaf,one,h1,1\n");
  Result r = run_cli({"check", small.path(), "--plan", plan.path()});
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_NE(r.err.find(plan.path() + ":2: expected a port number 1-254 in column 2, found \"one\""),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty()) << "nothing printed before the inputs are all read";
}

TEST(CheckCommandTest, UsageErrors) {
  EXPECT_EQ(run_cli({"check", kTopo3, "--expect-speed", "FAST"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"check", kTopo3, "--fail-on", "never"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"check", kTopo3, "--json", "--worklist"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"check"}).status, kExitUsage);
  EXPECT_EQ(run_cli({"check", kTopo3, "--expect-speed", "hdr"}).status, kExitOk)
      << "speeds in any case";
}

TEST(CheckCommandTest, ExpectSpeedRaisesTheBar) {
  Result r = run_cli({"check", kTopo3, "--expect-speed", "NDR", "--json"});
  nlohmann::json j = nlohmann::json::parse(r.out);
  std::size_t unexpected = 0;
  for (const auto& f : j["findings"]) {
    unexpected += f["check"] == "link.unexpected" ? 1 : 0;
  }
  EXPECT_EQ(unexpected, 807u) << "every link is below NDR";
}

// Node descriptions are bytes from the fabric, not always UTF-8. Both hosts described
// "h<0xff>": the duplicate-description finding names them, and --json replaces the invalid
// byte with U+FFFD instead of failing (nlohmann's dump throws by default).
TEST(CheckCommandTest, JsonSurvivesADescriptionThatIsNotUtf8) {
  std::string text = kSmall;
  for (const std::string name : {"\"h1\"", "\"h2\""}) {
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at)) {
      text.replace(at, name.size(), "\"h\xff\"");
    }
  }
  TempFile bad("bad.txt", text);
  Result r = run_cli({"check", bad.path(), "--json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);  // throws on invalid UTF-8
  bool seen = false;
  for (const auto& f : j["findings"]) {
    if (f["check"] == "node.duplicate_description") {
      seen = true;
      EXPECT_EQ(f["location"]["here"]["node"].get<std::string>().substr(0, 4), "h\xef\xbf\xbd")
          << f.dump();
    }
  }
  EXPECT_TRUE(seen) << r.out;
}

// A snapshot with forwarding tables gets the route.* checks: l1 forgets b1 (LID 7), an error;
// the same snapshot with whole tables has no route.* error (the ids come from the registry).
TEST(CheckCommandTest, SnapshotWithTablesIsCheckedForRoutes) {
  auto snapshot = [](bool broken) {
    test::SmallTree t;
    t.minhop_tables();
    if (broken) {
      t.net.route(t.l1, 7, 255);
    }
    std::ostringstream xml;
    write_xml_snapshot(t.net.build(), xml);
    return xml.str();
  };
  TempFile bad("bad.xml", snapshot(true));
  Result r = run_cli({"check", bad.path()});
  EXPECT_EQ(r.status, kExitFindings) << r.out;
  EXPECT_NE(r.out.find("route.unreachable"), std::string::npos) << r.out;
  TempFile good("good.xml", snapshot(false));
  r = run_cli({"check", good.path()});
  EXPECT_EQ(r.out.find("route.unreachable"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("route.asymmetric"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ibatlas
