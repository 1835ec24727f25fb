// probe, history and host on the table writer (report/table.hpp): rows whose columns line up
// when piped (no width), every line within a narrow width with no word lost, tones only when
// colour is on. Figures worked by hand: 20 samples of 1500 ns give p50 1.5 us and max 1.5 us;
// p99 needs 1000 samples and p99.9 10000 (quantile_reportable), so both are "-".

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/findings/registry.hpp"
#include "ibatlas/host/host_checks.hpp"
#include "ibatlas/probe/plan.hpp"
#include "ibatlas/report/history_text.hpp"
#include "ibatlas/report/host_text.hpp"
#include "ibatlas/report/probe_report.hpp"

#include "support/fabric_sketch.hpp"
#include "support/routing_net.hpp"

namespace ibatlas {
namespace {

// Every line of `text` is at most `width` columns (ASCII here: bytes are columns).
void expect_lines_within(const std::string& text, std::size_t width) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), width) << "'" << line << "' in\n" << text;
  }
}

// The words of `text` in order, whatever the line breaks.
std::vector<std::string> word_list(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> all;
  for (std::string w; in >> w;) {
    all.push_back(w);
  }
  return all;
}

std::string words(const std::string& text) {
  std::string all;
  for (const std::string& w : word_list(text)) {
    all += all.empty() ? w : " " + w;
  }
  return all;
}

// Every word of `part` appears in `text` in the same order (a wrapped column's words are
// interleaved with its neighbours' on the same lines).
bool words_in_order(const std::string& part, const std::string& text) {
  std::vector<std::string> all = word_list(text);
  auto at = all.begin();
  for (const std::string& w : word_list(part)) {
    at = std::find(at, all.end(), w);
    if (at == all.end()) {
      return false;
    }
    ++at;
  }
  return true;
}

// h1 and h2 on one switch s1, h1's cable the suspect (as probe/plan_report_test.cpp): two
// probes, h1 -> h2 (DLID 3) and h2 -> h1 (DLID 2), one per direction.
struct ProbeRun {
  test::Net net;
  NodeId s1 = net.sw("s1");
  NodeId h1 = net.ca("h1");
  NodeId h2 = net.ca("h2");
  Fabric fabric;
  ProbePlan plan;
  RunOptions options;
  RunResult run;

  ProbeRun() {
    net.link(h1, 1, s1, 1);
    net.link(h2, 1, s1, 2);
    net.routes(s1, {{2, 1}, {3, 2}});
    fabric = net.build();
    PortId h1_port = *fabric.find_port(h1, 1);
    std::vector<SuspectLink> suspects{SuspectLink{h1_port, *fabric.port(h1_port).peer, "--link"}};
    plan = plan_probes(fabric, suspects, PlanOptions{});
    options.sizes = {256};
    PathMeasurement clean{.probe = 0, .bytes = 256};
    clean.samples.assign(20, 1500);
    clean.sent = 20;
    PathMeasurement lossy{.probe = 1, .bytes = 256};
    lossy.samples.assign(20, 1500);
    lossy.sent = 27;
    lossy.lost = 7;
    lossy.failed_blocks = 1;
    lossy.failure = "agent h2 refused";
    run.paths = {clean, lossy};
    run.verdicts.resize(plan.coverage.size());
    run.verdicts[0].verdict = ProbeVerdict::Degraded;
    run.verdicts[0].reason =
        "suspect median 40% above its controls' in every block, a margin far past the noise";
    run.verdicts[1].verdict = ProbeVerdict::Healthy;
    run.verdicts[1].reason = "within the controls";
  }

  std::string text(const TextStyle& style) const {
    std::ostringstream out;
    write_probe_text(ProbeReport{fabric, plan, options, run, {}}, style, out);
    return out.str();
  }
};

TEST(CommandTextTest, ProbePathsAreOneRowEachWhenPiped) {
  ProbeRun p;
  ASSERT_EQ(p.plan.probes.size(), 2U);
  ASSERT_EQ(p.plan.coverage.size(), 2U);
  std::string text = p.text({});
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\nPATH +BYTES +SAMPLES +P50 +P99 +P99\.9 +MAX +LOST\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\nh1 -> h2 \(LID 3\) +256 +20 +1\.5 +- +- +1\.5 +0\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(
      text,
      std::regex(
          R"(\nh2 -> h1 \(LID 2\) +256 +20 +1\.5 +- +- +1\.5 +7\nblocks failed: 1, the first: agent h2 refused\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(
      text, std::regex(R"(\ndegraded +h1 port 1 -> s1 port 1 +1 +0 +suspect median)")))
      << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
}

TEST(CommandTextTest, ProbeFitsANarrowTerminalAndLosesNoWord) {
  ProbeRun p;
  std::string text = p.text({.width = 60});
  expect_lines_within(text, 60);
  EXPECT_TRUE(words_in_order(p.run.verdicts[0].reason, text)) << text;
  EXPECT_TRUE(words_in_order("blocks failed: 1, the first: agent h2 refused", text)) << text;
}

TEST(CommandTextTest, ProbeColoursVerdictsLossAndFailedBlocks) {
  ProbeRun p;
  std::string text = p.text({.colour = true});
  EXPECT_NE(text.find(toned("degraded", Tone::Error, true)), std::string::npos) << text;
  EXPECT_NE(text.find(toned("blocks failed: 1, the first: agent h2 refused", Tone::Error, true)),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(toned("7", Tone::Warning, true)), std::string::npos) << text;
  EXPECT_EQ(text.find(toned("healthy", Tone::Error, true)), std::string::npos) << text;
}

// Two snapshots: the second has lost the CA; the history's one change is node.removed.
History lost_host(std::vector<Fabric>& fabrics) {
  test::Sketch a;
  NodeId spine = a.sw("spine-switch-with-a-long-description-01", 0x1);
  a.cable(a.ca("compute-node-with-a-long-description-0001", 0x2), 1, spine, 1);
  test::Sketch b;
  b.sw("spine-switch-with-a-long-description-01", 0x1);
  fabrics = {a.build(), b.build()};
  return build_history({{"monday.xml", 0, &fabrics[0]}, {"tuesday.xml", 86400, &fabrics[1]}});
}

TEST(CommandTextTest, HistoryWrapsToTheWidthAndTonesWhatWent) {
  std::vector<Fabric> fabrics;
  History h = lost_host(fabrics);
  std::ostringstream narrow;
  // The quoted description is 43 columns: it fits a continuation line (50 - 4 - 2) whole.
  write_history_text(h, {.width = 50}, narrow);
  expect_lines_within(narrow.str(), 50);
  EXPECT_NE(words(narrow.str())
                .find("node.removed - 0x0000000000000002 "
                      "\"compute-node-with-a-long-description-0001\""),
            std::string::npos)
      << narrow.str();
  EXPECT_EQ(narrow.str().find('\x1b'), std::string::npos);

  std::ostringstream coloured;
  write_history_text(h, {.colour = true}, coloured);
  // The change's line, after its 4 blanks, is toned as a removal (diff's red).
  std::string code = toned("x", Tone::Removed, true);
  code = code.substr(0, code.find('x'));
  EXPECT_NE(coloured.str().find("\n    " + code + "node.removed  - 0x0000000000000002"),
            std::string::npos)
      << coloured.str();
}

TEST(CommandTextTest, HostFindingsAreATableWithTheHostAsLocationAndWhatWasMeasured) {
  HostSnapshot snapshot;
  HostDevice d;
  d.name = "mlx5_0";
  d.pcie = {PcieLink{"0000:03:00.0", 8.0, 8, 8.0, 8}, PcieLink{"0000:00:02.0", 8.0, 8, 8.0, 16}};
  snapshot.devices.push_back(d);
  snapshot.process =
      ProcessFacts{.allowed_cpus = {0, 1}, .memlock_bytes = 64 * 1024, .ipc_lock = false};
  std::vector<Finding> findings = run_host_checks(snapshot);
  ASSERT_FALSE(findings.empty());
  std::ostringstream out;
  write_host_text(snapshot, findings, {}, out);
  std::string text = out.str();
  EXPECT_NE(text.find("process: CPUs 0-1, RLIMIT_MEMLOCK 65536 bytes\n"), std::string::npos)
      << text;
  // The bridge's address under the HCA's, after "  PCIe ".
  EXPECT_NE(text.find("\n  PCIe 0000:03:00.0: Gen3 x8 (max Gen3 x8), 63.0 Gb/s, the HCA\n"
                      "       0000:00:02.0: Gen3 x8 (max Gen3 x16), 63.0 Gb/s\n"),
            std::string::npos)
      << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\nSEVERITY +CHECK +LOCATION +MESSAGE\n)")))
      << text;
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(\n\S+ +host\.memlock_low +host +\S)"))) << text;
  EXPECT_TRUE(
      std::regex_search(text, std::regex(R"(\n +measured 64 KiB, expected unlimited\n +fix: )")))
      << text;
}

}  // namespace
}  // namespace ibatlas
