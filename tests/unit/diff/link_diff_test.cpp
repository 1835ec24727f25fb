// Links that kept their cable but changed width or speed.

#include "ibatlas/diff/link_diff.hpp"

#include <gtest/gtest.h>

#include "ibatlas/fabric_copy.hpp"

#include "support/fabric_spec.hpp"

namespace ibatlas {
namespace {

using test::FabricSpec;
using test::two_tier;

std::vector<Change> rates(const Fabric& a, const Fabric& b) {
  return diff_link_rates(a, b, match_nodes(a, b));
}

TEST(LinkDiffTest, CompareRatesByWidthSpeedAndDataRate) {
  using W = LinkWidth;
  using S = LinkSpeed;

  struct Case {
    LinkRate before;
    LinkRate after;
    int expected;
  };

  const Case kCases[] = {
      {{W::X4, S::Hdr}, {W::X4, S::Hdr}, 0},
      {{W::X4, S::Hdr}, {W::X1, S::Hdr}, -1},
      {{W::X4, S::Hdr}, {W::X4, S::Edr}, -1},
      {{W::X1, S::Edr}, {W::X4, S::Hdr}, 1},
      {{W::X4, std::nullopt}, {W::X1, S::Hdr}, -1},  // only the width is known on both
      {{std::nullopt, S::Hdr}, {W::X1, S::Hdr}, 0},  // nothing comparable moved
      {{}, {W::X1, S::Sdr}, 0},
      // Opposite directions: 4x SDR = 8 Gb/s < 1x FDR = 13.6 Gb/s.
      {{W::X4, S::Sdr}, {W::X1, S::Fdr}, 1},
      {{W::X1, S::Fdr}, {W::X4, S::Sdr}, -1},
      // 4x DDR = 4 x 4 = 16 Gb/s = 2x QDR = 2 x 8: equal data rate, the width decides.
      {{W::X4, S::Ddr}, {W::X2, S::Qdr}, -1},
  };
  for (const Case& c : kCases) {
    EXPECT_EQ(compare_rates(c.before, c.after), c.expected)
        << to_string(c.before) << " -> " << to_string(c.after);
  }
}

TEST(LinkDiffTest, RateTextLeavesOutWhatIsUnknown) {
  EXPECT_EQ(to_string(LinkRate{LinkWidth::X4, LinkSpeed::Edr}), "4x EDR");
  EXPECT_EQ(to_string(LinkRate{LinkWidth::X1, std::nullopt}), "1x");
  EXPECT_EQ(to_string(LinkRate{std::nullopt, LinkSpeed::Fdr10}), "FDR10");
  EXPECT_EQ(to_string(LinkRate{}), "unknown");
}

TEST(LinkDiffTest, NarrowerUplinkIsDegradedAndWiderAgainIsRestored) {
  FabricSpec spec = two_tier();
  Fabric good = spec.build();
  spec.cable("leaf2", 7).width = LinkWidth::X1;
  Fabric bad = spec.build();

  std::vector<Change> down = rates(good, bad);
  ASSERT_EQ(down.size(), 1U);
  EXPECT_EQ(down[0].kind, ChangeKind::LinkDegraded);
  EXPECT_EQ(down[0].at, (PortRef{0x10, 2, "spine"}));  // spine[2] is the link's lower port
  EXPECT_EQ(down[0].peer_after, (PortRef{0x30, 7, "leaf2"}));
  EXPECT_EQ(down[0].before, "4x HDR");
  EXPECT_EQ(down[0].after, "1x HDR");

  std::vector<Change> up = rates(bad, good);
  ASSERT_EQ(up.size(), 1U);
  EXPECT_EQ(up[0].kind, ChangeKind::LinkRestored);
  EXPECT_EQ(up[0].before, "1x HDR");
  EXPECT_EQ(up[0].after, "4x HDR");
}

TEST(LinkDiffTest, SlowerHostLinkIsDegraded) {
  FabricSpec spec = two_tier();
  Fabric good = spec.build();
  spec.cable("h4", 1).speed = LinkSpeed::Edr;
  std::vector<Change> c = rates(good, spec.build());
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].kind, ChangeKind::LinkDegraded);
  EXPECT_EQ(c[0].after, "4x EDR");
}

TEST(LinkDiffTest, OneEndSlowerCountsAsTheLinksRate) {
  Fabric good = two_tier().build();
  FabricBuilder b = from_fabric(good);
  b.port_data(*good.find_port(*good.find_node(0x400), 1)).speed_active = LinkSpeed::Edr;
  Fabric half = std::move(b).build();
  std::vector<Change> c = rates(good, half);
  ASSERT_EQ(c.size(), 1U);
  EXPECT_EQ(c[0].after, "4x EDR");
  EXPECT_TRUE(rates(good, good).empty());
}

TEST(LinkDiffTest, MovedCableIsNotAlsoDegraded) {
  FabricSpec spec = two_tier();
  Fabric a = spec.build();
  spec.cable("h1", 1).pb = 5;
  spec.cable("h1", 1).width = LinkWidth::X1;
  EXPECT_TRUE(rates(a, spec.build()).empty());
}

TEST(LinkDiffTest, RateOnlyOneSourceKnowsIsNotAChange) {
  Fabric a = two_tier().build();
  FabricBuilder b = from_fabric(a);
  for (std::uint32_t i = 0; i < a.ports().size(); ++i) {
    b.port_data(PortId{i}).width_active.reset();
    b.port_data(PortId{i}).speed_active.reset();
  }
  Fabric stripped = std::move(b).build();
  EXPECT_TRUE(rates(a, stripped).empty());
  EXPECT_TRUE(rates(stripped, a).empty());
}

}  // namespace
}  // namespace ibatlas
