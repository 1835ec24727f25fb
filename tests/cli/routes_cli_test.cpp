// `ibatlas routes` end to end, in process: files written from a hand-built fabric, the
// command's output and exit status checked against what that fabric's tables say.

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"

#include "support/cli/cli_run.hpp"
#include "support/routing_net.hpp"
#include <unistd.h>

namespace ibatlas {
namespace {

template <typename Writer>
void write_to(const std::string& path, Writer write) {
  std::ofstream file(path);
  write(file);
}

struct Files {
  std::filesystem::path dir;
  std::string topology;
  std::string lfts;

  // The small tree of routing_net.hpp as ibnetdiscover text, its minhop tables as dump_lfts.
  explicit Files(bool broken_table) {
    dir = std::filesystem::temp_directory_path() /
          ("ibatlas-routes-" + std::to_string(::getpid()) + (broken_table ? "-b" : "-g"));
    std::filesystem::create_directories(dir);
    test::SmallTree t;
    t.minhop_tables();
    if (broken_table) {
      t.net.route(t.l1, 7, 255);  // l1 forgets b1
    }
    Fabric f = t.net.build();
    topology = (dir / "topo.txt").string();
    lfts = (dir / "lfts.txt").string();
    write_to(topology, [&f](std::ostream& out) { write_ibnetdiscover(f, out); });
    write_to(lfts, [&f](std::ostream& out) { write_lft_dump(f, out); });
  }

  ~Files() { std::filesystem::remove_all(dir); }
};

int run(const std::vector<std::string>& args, std::string& out, std::string& err) {
  test::CliRun r = test::run_cli(args);
  out = r.out;
  err = r.err;
  return r.status;
}

TEST(RoutesCliTest, ValidatesAttachedTablesAsJson) {
  Files files(false);
  std::string out;
  std::string err;
  ASSERT_EQ(run({"routes", files.topology, "--lfts", files.lfts, "--json"}, out, err), kExitOk)
      << err;
  nlohmann::json j = nlohmann::json::parse(out);
  // 8 LIDs x 7 senders; 4 hosts x 3 other hosts.
  EXPECT_EQ(j["report"]["validation"]["pairs"], 56);
  EXPECT_EQ(j["report"]["validation"]["delivered"], 56);
  EXPECT_EQ(j["report"]["validation"]["host_pairs"], 12);
  EXPECT_EQ(j["report"]["tables"]["with_table"], 4);
  EXPECT_NE(err.find("4 tables attached"), std::string::npos) << err;
}

// routes --json is the findings schema (formats/findings_json.hpp): its findings read back
// with their locations, which render --findings needs to mark them.
TEST(RoutesCliTest, JsonIsTheFindingsSchemaWithLocatedFindings) {
  Files files(true);
  std::string out;
  std::string err;
  ASSERT_EQ(run({"routes", files.topology, "--lfts", files.lfts, "--json"}, out, err),
            kExitFindings)
      << err;
  FindingsDocument doc = read_findings_json(out, "routes.json");
  EXPECT_EQ(doc.command, "routes");
  ASSERT_EQ(doc.findings.size(), 2u) << out;  // l1 drops b1; the asymmetry note
  const Finding& drop = doc.findings[0];
  EXPECT_EQ(drop.check, "route.unreachable");
  ASSERT_EQ(drop.location.kind, LocationKind::Node) << out;
  EXPECT_EQ(drop.location.here.name, "l1");
  EXPECT_TRUE(drop.location.here.node_guid.has_value());
  EXPECT_FALSE(doc.report.empty());
}

TEST(RoutesCliTest, MissingEntryFailsWithAFinding) {
  Files files(true);
  std::string out;
  std::string err;
  EXPECT_EQ(run({"routes", files.topology, "--lfts", files.lfts}, out, err), kExitFindings);
  EXPECT_NE(out.find("route.unreachable"), std::string::npos) << out;
  EXPECT_NE(out.find("no entry"), std::string::npos) << out;
}

// Replaces every `from` in the file at `path` by `to`.
void replace_in_file(const std::string& path, const std::string& from, const std::string& to) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  std::string s = text.str();
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
  std::ofstream(path) << s;
}

// Node descriptions are bytes, not always UTF-8: --json replaces an invalid byte with U+FFFD
// instead of failing (nlohmann's dump throws by default).
TEST(RoutesCliTest, JsonSurvivesADescriptionThatIsNotUtf8) {
  Files files(true);
  for (const std::string& path : {files.topology, files.lfts}) {
    replace_in_file(path, "'b1'", "'b1\xff'");
    replace_in_file(path, "\"b1\"", "\"b1\xff\"");
  }
  std::string out;
  std::string err;
  ASSERT_EQ(run({"routes", files.topology, "--lfts", files.lfts, "--json"}, out, err),
            kExitFindings)
      << err;
  nlohmann::json j = nlohmann::json::parse(out);
  ASSERT_EQ(j["findings"].size(), 2u) << out;  // l1 drops b1; the asymmetry note
  std::string message = j["findings"][0]["message"];
  EXPECT_NE(message.find("(b1\xef\xbf\xbd)"), std::string::npos) << message;
}

TEST(RoutesCliTest, TraceByNamePrintsTheRoute) {
  Files files(false);
  std::string out;
  std::string err;
  ASSERT_EQ(run({"routes", files.topology, "--lfts", files.lfts, "--trace", "a1", "b2"}, out, err),
            kExitOk)
      << err;
  EXPECT_EQ(out.substr(0, out.find('\n')), "From ca {0x0000000000002040} portnum 1 lid 5-5 \"a1\"");
  EXPECT_NE(out.find("[4] -> switch port"), std::string::npos) << out;  // l1 sends b2 by port 4
  EXPECT_NE(out.find("To ca {0x0000000000002070} portnum 1 lid 8-8 \"b2\""), std::string::npos);
}

TEST(RoutesCliTest, ComputedTablesDumpInDumpLftsFormat) {
  Files files(false);
  std::string out;
  std::string err;
  ASSERT_EQ(run({"routes", files.topology, "--compute", "minhop", "--dump"}, out, err), kExitOk)
      << err;
  std::ifstream expected_file(files.lfts);
  std::stringstream expected;
  expected << expected_file.rdbuf();
  EXPECT_EQ(out, expected.str());  // minhop recomputes the hand-checked tables exactly
}

TEST(RoutesCliTest, SourceWithoutTablesIsBadInput) {
  Files files(false);
  std::string out;
  std::string err;
  EXPECT_EQ(run({"routes", files.topology}, out, err), kExitBadInput);
  EXPECT_NE(err.find("holds no forwarding tables"), std::string::npos) << err;
}

TEST(RoutesCliTest, WithoutAnUnknownNodeIsBadInput) {
  Files files(false);
  std::string out;
  std::string err;
  EXPECT_EQ(run({"routes", files.topology, "--compute", "minhop", "--without", "nosuch"}, out, err),
            kExitBadInput);
  EXPECT_NE(err.find("\"nosuch\" names no node or port"), std::string::npos) << err;
}

TEST(RoutesCliTest, WithoutASpineStillDeliversWithComputedTables) {
  Files files(false);
  std::string out;
  std::string err;
  ASSERT_EQ(run({"routes", files.topology, "--compute", "minhop", "--without", "sp1", "--json"},
                out, err),
            kExitOk)
      << err;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["report"]["validation"]["pairs"], j["report"]["validation"]["delivered"]);
  EXPECT_EQ(j["report"]["validation"]["destinations"], 7);  // sp1's LID is gone with it
}

}  // namespace
}  // namespace ibatlas
