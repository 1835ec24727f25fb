// The probe engine end to end over the fake transport (tests/support/fake_probe_transport):
// a hand-made plan on the probe-2tier fixture, whose routes were traced by hand with
// `ibatlas routes fixtures/probe-2tier/snapshot.xml --trace A B`:
//   host1 -> host8: leaf1 port 4 -> spine2 -> leaf4     (crosses leaf1[4] -> spine2[1])
//   host1 -> host6: leaf1 port 4 -> spine2 -> leaf3     (crosses it)
//   host2 -> host7: leaf1 port 3 -> spine1 -> leaf4     (does not)
//   host2 -> host5: leaf1 port 3 -> spine1 -> leaf3     (does not)

#include "ibatlas/probe/run.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/probe/regression.hpp"
#include "ibatlas/probe/run_file.hpp"

#include "support/fake_probe_transport.hpp"
#include "support/paths.hpp"

namespace ibatlas {
namespace {

class ProbeRunTest : public ::testing::Test {
 protected:
  ProbeRunTest()
      : fabric_(read_fabric(read_file(test::source_dir() + "/fixtures/probe-2tier/snapshot.xml"),
                            "snapshot.xml")
                    .fabric) {
    plan_.suspects.push_back(SuspectLink{port("leaf1", 4), port("spine2", 1), "--link"});
    add_probe("host1", "host8", false);  // 0
    add_probe("host1", "host6", false);  // 1
    add_probe("host2", "host7", true);   // 2
    add_probe("host2", "host5", true);   // 3
    plan_.coverage.push_back(SuspectDirection{0, 0, {0, 1}, {2, 3}, true, ""});
    plan_.coverage.push_back(SuspectDirection{0, 1, {}, {}, true, "no CA pair crosses it"});
    plan_.rounds = {{0}, {1}, {2}, {3}};
    options_.samples = 50;
    options_.blocks = 6;
    options_.warmup = 0;
  }

  PortId port(const std::string& name, std::uint8_t number) const {
    for (const Node& n : fabric_.nodes()) {
      if (n.description == name) {
        return *fabric_.find_port(fabric_.id_of(n), number);
      }
    }
    throw Error("no node " + name);
  }

  void add_probe(const std::string& from, const std::string& to, bool control) {
    ProbePair p;
    p.from = port(from, 1);
    p.to = port(to, 1);
    p.dlid = *fabric_.port(p.to).base_lid;
    p.control = control;
    plan_.probes.push_back(p);
  }

  const Finding* find(const RunResult& run, const std::string& check) const {
    for (const Finding& f : run.findings) {
      if (f.check == check) {
        return &f;
      }
    }
    return nullptr;
  }

  Fabric fabric_;
  ProbePlan plan_;
  RunOptions options_;
};

TEST_F(ProbeRunTest, ASlowLinkIsBlamedOnItsDirectionOnly) {
  test::FakeProbeTransport transport(fabric_);
  transport.slow_down(port("leaf1", 4), 20);  // 4xSDR / 20: 65536 B take +1.2 ms per pass
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  ASSERT_EQ(run.verdicts.size(), 2U);
  EXPECT_EQ(run.verdicts[0].verdict, ProbeVerdict::Degraded) << run.verdicts[0].reason;
  EXPECT_EQ(run.verdicts[1].verdict, ProbeVerdict::Inconclusive);
  EXPECT_EQ(run.verdicts[1].reason, "no CA pair crosses it");
  const Finding* blamed = find(run, "probe.degraded_link");
  ASSERT_NE(blamed, nullptr);
  EXPECT_EQ(blamed->location.kind, LocationKind::Link);
  EXPECT_EQ(blamed->location.here.name, "leaf1");
  EXPECT_EQ(blamed->location.here.port, 4);
  EXPECT_EQ(blamed->location.peer->name, "spine2");
  EXPECT_NE(blamed->message.find("leaf1 port 4 -> spine2 port 1"), std::string::npos);
  // 4 probes x 3 sizes x 6 blocks, one request each.
  EXPECT_EQ(transport.requests(), 72U);
  EXPECT_EQ(run.paths.size(), 12U);
  for (const PathMeasurement& m : run.paths) {
    EXPECT_EQ(m.block_medians.size(), 6U);
    EXPECT_EQ(m.samples.size(), 300U);
    EXPECT_EQ(m.lost, 0U);
  }
}

TEST_F(ProbeRunTest, NoSlowLinkNoDegradedVerdict) {
  test::FakeProbeTransport transport(fabric_);
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  EXPECT_EQ(run.verdicts[0].verdict, ProbeVerdict::Healthy) << run.verdicts[0].reason;
  EXPECT_EQ(find(run, "probe.degraded_link"), nullptr);
}

TEST_F(ProbeRunTest, AnUnreachableHostIsReportedAndTheRestStillRuns) {
  test::FakeProbeTransport transport(fabric_);
  transport.make_unreachable(port("host2", 1));
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  const Finding* gone = find(run, "probe.unreachable_host");
  ASSERT_NE(gone, nullptr);
  EXPECT_EQ(gone->location.here.name, "host2");
  EXPECT_NE(gone->message.find("connection refused"), std::string::npos);
  // host2's probes are sent once, then skipped: 2 probes x 3 sizes x 6 blocks + 1.
  EXPECT_EQ(transport.requests(), 37U);
  EXPECT_EQ(run.paths[path_index(0, 2, 3)].block_medians.size(), 6U);
  EXPECT_TRUE(run.paths[path_index(2, 0, 3)].block_medians.empty());
  // Without controls the suspect can be neither blamed nor cleared.
  EXPECT_EQ(run.verdicts[0].verdict, ProbeVerdict::Inconclusive);
}

TEST_F(ProbeRunTest, AbsentHostsAreNeverProbed) {
  test::FakeProbeTransport transport(fabric_);
  options_.absent_hosts[port("host1", 1)] = "no line in hosts names it";
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  EXPECT_EQ(transport.requests(), 36U);  // only host2's probes
  const Finding* gone = find(run, "probe.unreachable_host");
  ASSERT_NE(gone, nullptr);
  EXPECT_NE(gone->message.find("no line in hosts names it"), std::string::npos);
}

TEST_F(ProbeRunTest, LostRepliesAreCountedAndReported) {
  test::FakeProbeTransport transport(fabric_);
  transport.lose_every(10);
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  EXPECT_EQ(run.paths[0].lost, 30U);  // 6 blocks x 50 samples, every 10th
  EXPECT_EQ(run.paths[0].samples.size(), 270U);
  const Finding* loss = find(run, "probe.loss");
  ASSERT_NE(loss, nullptr);
  EXPECT_EQ(loss->measured, "90 of 900 lost");  // 3 sizes
}

TEST_F(ProbeRunTest, StopFlagCancelsTheRun) {
  test::FakeProbeTransport transport(fabric_);
  std::atomic<bool> stop{true};
  options_.stop = &stop;
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  EXPECT_TRUE(run.cancelled);
  EXPECT_EQ(transport.requests(), 0U);
}

TEST_F(ProbeRunTest, RunFileReadsBackAndABaselineShowsTheRegression) {
  test::FakeProbeTransport healthy(fabric_);
  RunResult before = run_probes(fabric_, plan_, healthy, options_);
  std::ostringstream file;
  write_run_file(fabric_, plan_, options_, before, file);
  BaselineRun baseline = read_run_file(file.str(), "run.json", fabric_);
  EXPECT_EQ(baseline.fingerprint, fabric_fingerprint(fabric_));
  ASSERT_EQ(baseline.plan.probes.size(), 4U);
  EXPECT_EQ(baseline.plan.probes[1].from, plan_.probes[1].from);
  EXPECT_EQ(baseline.plan.probes[1].dlid, plan_.probes[1].dlid);
  EXPECT_EQ(baseline.plan.coverage[0].controls, (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(baseline.options.sizes, options_.sizes);
  ASSERT_EQ(baseline.paths.size(), before.paths.size());
  EXPECT_EQ(baseline.paths[5].block_medians, before.paths[5].block_medians);

  test::FakeProbeTransport slowed(fabric_, 2);
  slowed.slow_down(port("leaf1", 4), 20);
  RunResult after = run_probes(fabric_, baseline.plan, slowed, baseline.options);
  std::vector<Finding> regressions = find_regressions(fabric_, baseline, after, VerdictOptions{});
  bool link = false;
  for (const Finding& f : regressions) {
    EXPECT_EQ(f.check, "probe.regression");
    link = link || f.location.kind == LocationKind::Link;
  }
  EXPECT_TRUE(link);
  // host1's two probes regressed at 4096 and 65536 bytes; host2's did not.
  EXPECT_EQ(regressions.size(), 5U);

  test::FakeProbeTransport same(fabric_, 3);
  RunResult again = run_probes(fabric_, baseline.plan, same, baseline.options);
  EXPECT_TRUE(find_regressions(fabric_, baseline, again, VerdictOptions{}).empty());
}

TEST_F(ProbeRunTest, RunFileReaderRefusesOtherShapes) {
  test::FakeProbeTransport transport(fabric_);
  RunResult run = run_probes(fabric_, plan_, transport, options_);
  std::ostringstream file;
  write_run_file(fabric_, plan_, options_, run, file);
  std::string good = file.str();
  auto error_of = [&](std::string text) {
    try {
      read_run_file(text, "run.json", fabric_);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::string other = good;
  other.replace(other.find("ibatlas.probe-run/1"), 19, "ibatlas.probe-run/9");
  EXPECT_NE(error_of(other).find("run.json: $.schema: expected \"ibatlas.probe-run/1\""),
            std::string::npos);
  std::string bad_index = good;
  bad_index.replace(bad_index.find("\"rounds\": ["), 11, "\"rounds\": [[99],");
  EXPECT_NE(error_of(bad_index).find("$.rounds[0][0]: expected an index below 4"),
            std::string::npos)
      << error_of(bad_index);
  EXPECT_NE(error_of(good.substr(0, good.size() / 2)).find("run.json:"), std::string::npos);
  std::string stranger = good;
  std::size_t at = stranger.find("0x000000000010000e");  // host8's GUID
  stranger.replace(at, 18, "0x00000000deadbeef");
  EXPECT_NE(error_of(stranger).find("expected a port of SOURCE"), std::string::npos);
}

}  // namespace
}  // namespace ibatlas
