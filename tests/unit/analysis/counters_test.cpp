// counter.* thresholds and rates, counter.no_interval.

#include "ibatlas/analysis/counters.hpp"

#include <gtest/gtest.h>

#include "ibatlas/findings/registry.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas {
namespace {

using test::Sketch;

constexpr Guid kLeaf = 0x100;

// A leaf and a host; the leaf's port 1 carries `counters`; provenance time `when`.
Fabric with_counters(const PortCounters& counters, std::optional<std::string> when = {}) {
  Sketch s;
  NodeId leaf = s.sw("leaf", kLeaf);
  s.cable(leaf, 1, s.ca("host", 0x1000), 1);
  s.data(leaf, 1).counters = counters;
  s.builder().set_provenance(Provenance{"test", "xml", std::move(when), "test", std::nullopt});
  return s.build();
}

PortCounters one(const CounterInfo& c, std::uint64_t value) {
  PortCounters pc;
  pc.*c.field = value;
  return pc;
}

TEST(CountersTest, EveryCounterFiresAboveItsThresholdAndNotAtIt) {
  CounterThresholds limits;
  for (const CounterInfo& c : error_counters()) {
    std::uint64_t threshold = limits.*c.threshold;
    std::vector<Finding> above = check_counters(with_counters(one(c, threshold + 1)), {});
    ASSERT_EQ(above.size(), 1u) << c.check;
    EXPECT_EQ(above[0].check, c.check);
    EXPECT_EQ(above[0].location.here.node_guid, kLeaf);
    EXPECT_EQ(above[0].location.here.port, 1);
    EXPECT_EQ(above[0].measured, std::to_string(threshold + 1));
    EXPECT_NE(above[0].message.find(c.name), std::string::npos);
    EXPECT_NE(find_check(c.check), nullptr) << c.check << " is not in the registry";
    EXPECT_TRUE(check_counters(with_counters(one(c, threshold)), {}).empty()) << c.check;
  }
}

TEST(CountersTest, DefaultsAreInfinibandDiagsSampleThresholds) {
  CounterThresholds limits;
  EXPECT_EQ(limits.symbol_errors, 10u);
  EXPECT_EQ(limits.rcv_remote_phys_errors, 100u);
  EXPECT_EQ(limits.vl15_dropped, 100u);
  EXPECT_EQ(error_counters().size(), 12u);
}

TEST(CountersTest, AbsentCountersAreNotZero) {
  EXPECT_TRUE(check_counters(with_counters(PortCounters{}), {}).empty());
}

TEST(CountersTest, RatePerHourAgainstAnEarlierSnapshot) {
  PortCounters then;
  then.symbol_errors = 1000;
  PortCounters now;
  now.symbol_errors = 1030;  // +30 in two hours: 15/h > 10/h
  Fabric before = with_counters(then, "2026-11-29T20:00:00Z");
  AuditOptions options;
  options.baseline = &before;
  std::vector<Finding> f = check_counters(with_counters(now, "2026-11-29T22:00:00Z"), options);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].check, "counter.symbol_errors");
  EXPECT_EQ(f[0].measured, "15.0/h");
  now.symbol_errors = 1015;  // 7.5/h: fine, though 1015 is far above 10
  EXPECT_TRUE(check_counters(with_counters(now, "2026-11-29T22:00:00Z"), options).empty());
}

TEST(CountersTest, ACounterResetInBetweenCountsFromZero) {
  PortCounters then;
  then.link_downed = 500;
  PortCounters now;
  now.link_downed = 30;  // reset, then 30 in one hour
  Fabric before = with_counters(then, "2026-11-29T20:00:00Z");
  AuditOptions options;
  options.baseline = &before;
  std::vector<Finding> f = check_counters(with_counters(now, "2026-11-29T21:00:00Z"), options);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].measured, "30.0/h");
}

TEST(CountersTest, MissingTimesFallBackToAbsoluteThresholdsAndSaySo) {
  PortCounters pc;
  pc.symbol_errors = 50;
  Fabric before = with_counters(pc);
  AuditOptions options;
  options.baseline = &before;
  std::vector<Finding> f = check_counters(with_counters(pc), options);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].check, "counter.symbol_errors");
  EXPECT_EQ(f[0].measured, "50");
  EXPECT_EQ(f[1].check, "counter.no_interval");
  EXPECT_TRUE(check_counters(with_counters(pc), {}).size() == 1u) << "no baseline, no note";
}

}  // namespace
}  // namespace ibatlas
