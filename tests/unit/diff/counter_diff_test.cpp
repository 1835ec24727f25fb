// Error counter deltas, with rates when both snapshots have times.

#include "ibatlas/diff/counter_diff.hpp"

#include <gtest/gtest.h>

#include "ibatlas/diff/diff.hpp"

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

PortCounters symbol_errors(std::uint64_t n) {
  PortCounters c;
  c.symbol_errors = n;
  c.link_downed = 1;
  c.xmit_data = 1000;  // traffic: never reported
  return c;
}

TEST(CounterDiffTest, GrowthIsReportedWithItsRatePerHour) {
  FabricSpec spec = two_tier();
  spec.counters[{"h1", 1}] = symbol_errors(10);
  Fabric a = spec.build();
  spec.counters[{"h1", 1}] = symbol_errors(40);
  spec.counters[{"h1", 1}].xmit_data = 99999;
  spec.time = "2026-11-01T02:00:00Z";  // two hours later
  Fabric b = spec.build();
  FabricDiff d = diff_fabrics(a, b);
  ASSERT_EQ(d.changes.size(), 1U);
  const Change& c = d.changes[0];
  EXPECT_EQ(c.kind, ChangeKind::CounterDelta);
  EXPECT_EQ(c.at, (PortRef{0x100, 1, "h1"}));
  EXPECT_EQ(c.counter, "SymbolErrorCounter");
  EXPECT_EQ(c.before, "10");
  EXPECT_EQ(c.after, "40");
  EXPECT_EQ(c.delta, 30U);
  EXPECT_FALSE(c.reset);
  ASSERT_TRUE(c.per_hour.has_value());
  EXPECT_DOUBLE_EQ(*c.per_hour, 15.0);
  EXPECT_EQ(d.seconds, 7200.0);
}

TEST(CounterDiffTest, WithoutLaterTimeThereIsNoRate) {
  FabricSpec spec = two_tier();
  spec.counters[{"h1", 1}] = symbol_errors(10);
  Fabric a = spec.build();
  spec.counters[{"h1", 1}] = symbol_errors(40);
  spec.time.reset();
  std::vector<Change> c = diff_counters(a, spec.build(), match_nodes(a, a), std::nullopt);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_FALSE(c[0].per_hour.has_value());
  spec.time = "2026-10-31T00:00:00Z";  // earlier than a
  EXPECT_FALSE(diff_fabrics(a, spec.build()).seconds.has_value());
}

TEST(CounterDiffTest, LowerValueIsAResetAndTheNewValueIsTheGrowth) {
  FabricSpec spec = two_tier();
  spec.counters[{"h1", 1}] = symbol_errors(500);
  Fabric a = spec.build();
  spec.counters[{"h1", 1}] = symbol_errors(3);
  std::vector<Change> c = diff_counters(a, spec.build(), match_nodes(a, a), 3600.0);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_TRUE(c[0].reset);
  EXPECT_EQ(c[0].delta, 3U);
  EXPECT_DOUBLE_EQ(*c[0].per_hour, 3.0);
}

TEST(CounterDiffTest, CountersOnlyOneSnapshotHasAreNotCompared) {
  FabricSpec spec = two_tier();
  Fabric without = spec.build();
  spec.counters[{"h1", 1}] = symbol_errors(10);
  Fabric with = spec.build();
  EXPECT_TRUE(diff_fabrics(without, with).same());
  EXPECT_TRUE(diff_fabrics(with, without).same());
  EXPECT_TRUE(diff_fabrics(with, with).same());
}

TEST(CounterDiffTest, IgnoreCountersLeavesThemOut) {
  FabricSpec spec = two_tier();
  spec.counters[{"h1", 1}] = symbol_errors(10);
  Fabric a = spec.build();
  spec.counters[{"h1", 1}] = symbol_errors(11);
  Fabric b = spec.build();
  EXPECT_FALSE(diff_fabrics(a, b).same());
  EXPECT_TRUE(diff_fabrics(a, b, ignoring({"counters"})).same());
}

}  // namespace
}  // namespace ibatlas
