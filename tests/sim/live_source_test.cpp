// The SOURCE `live` (and `live:CA/PORT`) in commands other than `discover`, against ibsim +
// opensm, with infiniband-diags as the oracle: `show live` counts what ibnetdiscover prints,
// `check live` audits the same fabric, `convert live` holds what ibnetdiscover holds, the
// provenance names the port ibstat reports. Plus the live-source command-line options, in
// process (apps/source.hpp).

#include <algorithm>
#include <chrono>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "ibatlas/exit_status.hpp"

#include "discover_sim.hpp"
#include "source.hpp"
#include "support/fabric_generators.hpp"

namespace ibatlas {
namespace {

using test::ProcessResult;
using test::SimFabric;
using test::SimOptions;

// What ibnetdiscover's text says, counted straight off its lines: node records, and cables
// (every cable is printed at both ends) by the rate at the end of the port line.
struct IbnetdiscoverCounts {
  int switches = 0;
  int cas = 0;
  int cable_ends = 0;
  std::map<std::string, int> ends_by_rate;
};

IbnetdiscoverCounts count_ibnetdiscover(const std::string& text) {
  IbnetdiscoverCounts c;
  std::regex port_line(R"(^\[\d+\].*"[^"]*"\[\d+\].*\s(\d+x[A-Z0-9]+)\s*$)");
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (line.starts_with("Switch\t") || line.starts_with("Switch ")) {
      ++c.switches;
    } else if (line.starts_with("Ca\t") || line.starts_with("Ca ")) {
      ++c.cas;
    } else if (std::regex_match(line, m, port_line)) {
      ++c.cable_ends;
      ++c.ends_by_rate[m[1].str()];
    }
  }
  return c;
}

ProcessResult run_ok(SimFabric& sim, const std::vector<std::string>& argv, int status = 0) {
  ProcessResult r = sim.run(argv, test::milliseconds(120000));
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, status) << r.err;
  return r;
}

SimOptions three_tier() {  // 10 switches, 12 CAs, 27 cables, one of them 4xQDR (README)
  SimOptions options;
  options.netfile_path = test::source_dir() + "/fixtures/fat-tree-3tier/fabric.net";
  return options;
}

TEST(LiveSourceTest, ShowLiveCountsWhatIbnetdiscoverPrints) {
  SimFabric sim(three_tier());
  IbnetdiscoverCounts theirs = count_ibnetdiscover(run_ok(sim, {"ibnetdiscover"}).out);
  ProcessResult r = run_ok(sim, {test::ibatlas_binary(), "show", "live", "--json"});
  nlohmann::json ours = nlohmann::json::parse(r.out);
  EXPECT_EQ(ours["format"], "live");
  EXPECT_EQ(ours["switches"], theirs.switches);
  EXPECT_EQ(ours["cas"], theirs.cas);
  EXPECT_EQ(ours["links"], theirs.cable_ends / 2);
  for (const auto& [rate, ends] : theirs.ends_by_rate) {
    EXPECT_EQ(ours["links_by_rate"].value(rate, -1), ends / 2) << rate;
  }
  EXPECT_EQ(ours["links_by_rate"].size(), theirs.ends_by_rate.size()) << r.out;
  // And what the fixture's README says, counted by hand.
  EXPECT_EQ(theirs.switches, 10);
  EXPECT_EQ(theirs.cas, 12);
  EXPECT_EQ(theirs.cable_ends, 2 * 27);
  EXPECT_EQ(theirs.ends_by_rate["4xQDR"], 2);
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << "progress on a pipe: " << r.err;
}

TEST(LiveSourceTest, CheckLiveAuditsTheSameFabricAsIbnetdiscoverSees) {
  SimFabric sim(three_tier());
  IbnetdiscoverCounts theirs = count_ibnetdiscover(run_ok(sim, {"ibnetdiscover"}).out);
  // With a subnet manager up, the fixture's defects are warnings (its QDR cable runs below
  // the fabric's EDR; the unplugged cable leaves a spine short): exit 0 at the default
  // --fail-on error, 1 at warning. The summary counts the fabric ibnetdiscover sees.
  ProcessResult r = run_ok(sim, {test::ibatlas_binary(), "check", "live"}, kExitOk);
  std::string counted = "checked " + std::to_string(theirs.switches) + " switches, " +
                        std::to_string(theirs.cas) + " hosts, " +
                        std::to_string(theirs.cable_ends / 2) + " links";
  EXPECT_NE(r.out.find(counted), std::string::npos) << counted << "\n" << r.out;
  run_ok(sim, {test::ibatlas_binary(), "check", "live", "--fail-on", "warning"}, kExitFindings);
  nlohmann::json json = nlohmann::json::parse(
      run_ok(sim, {test::ibatlas_binary(), "check", "live", "--json"}, kExitOk).out);
  std::set<std::string> slow;  // every link finding, as its two ends in order
  for (const nlohmann::json& f : json["findings"]) {
    if (f["check"].get<std::string>().starts_with("link.")) {
      const nlohmann::json& here = f["location"]["here"];
      const nlohmann::json& peer = f["location"]["peer"];
      std::set<std::string> ends{here["node"].get<std::string>() + "[" + here["port"].dump() + "]",
                                 peer["node"].get<std::string>() + "[" + peer["port"].dump() + "]"};
      slow.insert(*ends.begin() + " " + *ends.rbegin());
    }
  }
  EXPECT_EQ(slow, std::set<std::string>{"pod1-leaf2[35] pod1-spine1[2]"}) << json.dump(1);
}

TEST(LiveSourceTest, CheckLiveOfACleanTreeHasNoErrors) {
  std::ostringstream text;
  write_ibnetdiscover(test::make_fat_tree(test::FatTreeSpec{.levels = 2, .radix = 8}), text);
  SimOptions options;
  options.netfile_text = text.str();
  SimFabric sim(options);
  ProcessResult r = run_ok(sim, {test::ibatlas_binary(), "check", "live"}, kExitOk);
  EXPECT_NE(r.out.find("0 errors"), std::string::npos) << r.out;
}

TEST(LiveSourceTest, ConvertLiveHoldsWhatIbnetdiscoverHolds) {
  SimFabric sim(three_tier());
  std::string path = sim.dir() + "/live.xml";
  run_ok(sim, {test::ibatlas_binary(), "convert", "live", "-o", path});
  Fabric ours = read_xml_snapshot(read_file(path), path).fabric;
  std::set<std::string> mine = test::ibnetdiscover_view(ours);
  std::set<std::string> theirs = test::ibnetdiscover_view(test::run_ibnetdiscover(sim));
  EXPECT_EQ(mine, theirs) << test::view_difference(mine, theirs);
}

TEST(LiveSourceTest, DiffAgainstLiveSeesAnUnpluggedCable) {
  SimFabric sim(three_tier());
  std::string before = sim.dir() + "/before.xml";
  run_ok(sim, {test::ibatlas_binary(), "convert", "live:ibsim0/0", "-o", before});
  run_ok(sim, {test::ibatlas_binary(), "diff", before, "live"}, kExitOk);
  sim.console("Unlink \"pod1-leaf1\"[1]");  // host01's cable
  ProcessResult r =
      run_ok(sim, {test::ibatlas_binary(), "diff", before, "live", "--json"}, kExitFindings);
  EXPECT_NE(r.out.find("host01"), std::string::npos) << r.out;
}

// ibstat's view of the port a umad2sim client attached at `host` gets: "ibsim0/N".
std::string ibstat_port(SimFabric& sim, const std::string& host) {
  std::vector<std::string> argv = test::attached_at(host);
  argv.push_back("ibstat");
  std::string out = run_ok(sim, argv).out;
  std::smatch ca;
  std::smatch port;
  EXPECT_TRUE(std::regex_search(out, ca, std::regex(R"((?:CA|Switch) '([^']+)')"))) << out;
  EXPECT_TRUE(std::regex_search(out, port, std::regex(R"(Port (\d+):)"))) << out;
  return ca[1].str() + "/" + port[1].str();
}

std::string provenance_source(SimFabric& sim, const std::string& host,
                              const std::string& source = "live") {
  std::vector<std::string> argv = test::attached_at(host);
  for (const std::string& a :
       {test::ibatlas_binary(), std::string("show"), source, std::string("--json")}) {
    argv.push_back(a);
  }
  return nlohmann::json::parse(run_ok(sim, argv).out)["source"];
}

TEST(LiveSourceTest, ProvenanceNamesThePortIbstatReports) {
  SimFabric sim(three_tier());
  // At a switch the management port is 0; at an HCA the first active port, 1 here.
  EXPECT_EQ(ibstat_port(sim, "core01"), "ibsim0/0");
  EXPECT_EQ(provenance_source(sim, "core01"), "live:ibsim0/0");
  EXPECT_EQ(ibstat_port(sim, "host05"), "ibsim0/1");
  EXPECT_EQ(provenance_source(sim, "host05"), "live:ibsim0/1");
  // The provenance is itself a SOURCE naming that port.
  EXPECT_EQ(provenance_source(sim, "host05", "live:ibsim0/1"), "live:ibsim0/1");
  ProcessResult wrong =
      sim.run({"env", "SIM_HOST=host05", test::ibatlas_binary(), "show", "live:ibsim0/2"});
  EXPECT_EQ(wrong.exit_code, kExitBadInput);
  EXPECT_NE(wrong.err.find("ibsim0"), std::string::npos) << wrong.err;
}

TEST(LiveSourceTest, PartialCrawlShowsWhatAnsweredAndReportsTheRest) {
  SimFabric sim(three_tier());
  sim.console("Error \"pod2-leaf1\" 100");  // its 3 hosts hang off it alone
  ProcessResult r = sim.run({test::ibatlas_binary(), "show", "live", "--json"});
  EXPECT_EQ(r.exit_code, kExitPartial) << r.err;
  nlohmann::json ours = nlohmann::json::parse(r.out);
  EXPECT_EQ(ours["switches"], 9);
  EXPECT_EQ(ours["cas"], 9);
  // pod2-leaf1 has one spine cable (the other is unplugged, README): one probe unanswered.
  EXPECT_NE(r.err.find("discovery incomplete: 1 problem(s)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\"pod2-spine1\" port 1:"), std::string::npos) << r.err;
}

TEST(LiveSourceTest, ProgressOnATerminalOnly) {
  SimFabric sim(three_tier());
  // script(1) gives the command a terminal for stderr; sim.run gives it pipes.
  ProcessResult tty =
      run_ok(sim, {"script", "-qec", test::ibatlas_binary() + " show live", "/dev/null"});
  EXPECT_TRUE(std::regex_search(tty.out, std::regex(R"(\rdiscover: 22 nodes, 0 MADs in flight)")))
      << tty.out;
  ProcessResult piped = run_ok(sim, {test::ibatlas_binary(), "show", "live"});
  EXPECT_EQ(piped.err.find("discover:"), std::string::npos) << piped.err;
}

// ---- the live-source options, in process ----

struct Parsed {
  bool ok = false;
  std::string source;
  cli::SourceOptions options;
};

Parsed parse(std::vector<std::string> args) {
  Parsed p;
  CLI::App app;
  CLI::Option* source = app.add_option("SOURCE", p.source)->required();
  cli::add_live_source_options(app, *source, p.options);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
    p.ok = true;
  } catch (const CLI::ParseError&) {
    p.ok = false;
  }
  return p;
}

TEST(LiveSourceOptionsTest, LiveFlagIsTheSourceLive) {
  Parsed p = parse({"--live"});
  EXPECT_TRUE(p.ok);
  EXPECT_EQ(p.source, "live");
  EXPECT_FALSE(parse({}).ok);                        // SOURCE still required
  EXPECT_FALSE(parse({"--live", "fabric.txt"}).ok);  // two sources for one
  Parsed file = parse({"fabric.txt"});
  EXPECT_TRUE(file.ok);
  EXPECT_EQ(file.source, "fabric.txt");
}

TEST(LiveSourceOptionsTest, CrawlOptionsReachTheLiveSource) {
  Parsed p = parse({"live", "-C", "mlx5_1", "-P", "2", "-t", "250", "--retries", "5",
                    "--outstanding", "64", "--max-hops", "9"});
  ASSERT_TRUE(p.ok);
  const cli::LiveSourceOptions& live = p.options.live;
  EXPECT_EQ(live.port.ca, "mlx5_1");
  EXPECT_EQ(live.port.port, 2);
  EXPECT_EQ(live.port.timeout, std::chrono::milliseconds(250));
  EXPECT_EQ(live.retries, 5);
  EXPECT_EQ(live.port.max_in_flight, 64U);
  EXPECT_EQ(live.max_hops, 9U);
  Parsed defaults = parse({"live"});
  EXPECT_EQ(defaults.options.live.port.timeout, std::chrono::milliseconds(1000));
  EXPECT_EQ(defaults.options.live.port.max_in_flight, 128U);
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"live", "-P", "256"},
                                              {"live", "-t", "0"},
                                              {"live", "--outstanding", "0"},
                                              {"live", "--max-hops", "64"},
                                              {"live", "--retries", "x"}}) {
    EXPECT_FALSE(parse(bad).ok) << bad[1] << " " << bad[2];
  }
}

TEST(LiveSourceOptionsTest, LiveSpellings) {
  EXPECT_TRUE(cli::is_live_source("live"));
  EXPECT_TRUE(cli::is_live_source("live:mlx5_0"));
  EXPECT_TRUE(cli::is_live_source("live:mlx5_0/1"));
  EXPECT_FALSE(cli::is_live_source("live.txt"));
  EXPECT_FALSE(cli::is_live_source("./live"));
  EXPECT_TRUE(cli::is_live_source("live:"));  // malformed: rejected by name, not read as a file
  EXPECT_FALSE(cli::is_live_source("Live"));
}

TEST(LiveSourceOptionsTest, PartialLiveSourceRaisesTheExitStatusToFour) {
  cli::SourceOptions options;
  EXPECT_EQ(cli::with_live_status(kExitOk, options), kExitOk);
  EXPECT_EQ(cli::with_live_status(kExitFindings, options), kExitFindings);
  options.outcome.partial = 1;
  EXPECT_EQ(cli::with_live_status(kExitOk, options), kExitPartial);
  EXPECT_EQ(cli::with_live_status(kExitFindings, options), kExitPartial);
  EXPECT_EQ(cli::with_live_status(kExitBadInput, options), kExitBadInput);
}

}  // namespace
}  // namespace ibatlas
