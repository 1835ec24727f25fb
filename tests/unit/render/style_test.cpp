#include "ibatlas/render/style.hpp"

#include <set>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

TEST(RenderStyleTest, HostNameIsTheFirstWordCutAtTheFirstDot) {
  EXPECT_EQ(host_name("node0001 HCA-1"), "node0001");
  EXPECT_EQ(host_name("node0001.cluster.example mlx5_0"), "node0001");
  EXPECT_EQ(host_name("  gpu17\tmlx5_3"), "gpu17");
  EXPECT_EQ(host_name("login2"), "login2");
}

TEST(RenderStyleTest, HostNameIsAbsentForFirmwareDefaultsAndEmptyDescriptions) {
  EXPECT_EQ(host_name("MT4123 ConnectX6   Mellanox Technologies"), std::nullopt);
  EXPECT_EQ(host_name("MT25408 ConnectX Mellanox Technologies"), std::nullopt);
  EXPECT_EQ(host_name(""), std::nullopt);
  EXPECT_EQ(host_name("   "), std::nullopt);
  EXPECT_EQ(host_name("localhost HCA-1"), std::nullopt);
  EXPECT_EQ(host_name("localhost.localdomain mlx5_0"), std::nullopt);
  EXPECT_EQ(host_name("MTX1 HCA-1"), "MTX1");  // not a part number: letters after MT
}

TEST(RenderStyleTest, NaturalOrderComparesNumbersByValue) {
  EXPECT_TRUE(natural_less("leaf2", "leaf10"));
  EXPECT_FALSE(natural_less("leaf10", "leaf2"));
  EXPECT_TRUE(natural_less("a", "b"));
  EXPECT_TRUE(natural_less("node", "node1"));
  EXPECT_FALSE(natural_less("node7", "node7"));
}

TEST(RenderStyleTest, FoldLabelNamesFirstAndLastInNaturalOrderAndTheCount) {
  EXPECT_EQ(fold_label({"node0003", "node0001", "node0002"}), "node0001–node0003 ×3");
  EXPECT_EQ(fold_label({"n10", "n9"}), "n9–n10 ×2");
  EXPECT_EQ(fold_label({"same", "same"}), "same ×2");  // one host, two HCAs
}

TEST(RenderStyleTest, FoldLabelNeverDrawsARangeOverGaps) {
  EXPECT_EQ(fold_label({"node0018", "node0001", "node0007"}), "node[0001,0007,0018] ×3");
  EXPECT_EQ(fold_label({"node0173", "node0174", "node0280", "login1", "a-very-long-hostname-x"}),
            "a-very-long-hostname-x…node0280 ×5");
  EXPECT_EQ(fold_label({"n1", "n2"}, 2), "n1–n2 ×4\n(2 unnamed)");
  EXPECT_EQ(fold_label({}, 3), "×3 unnamed hosts");
}

TEST(RenderStyleTest, SpeedColoursAreDistinctAndNeverTheFindingColours) {
  std::set<std::string> seen;
  for (int s = 0; s <= static_cast<int>(LinkSpeed::Xdr); ++s) {
    std::string c = speed_colour(static_cast<LinkSpeed>(s));
    EXPECT_TRUE(seen.insert(c).second) << c;
    EXPECT_NE(c, highlight_colour(Highlight::Error));
    EXPECT_NE(c, highlight_colour(Highlight::Warning));
  }
  EXPECT_FALSE(seen.contains(speed_colour(std::nullopt)));
}

TEST(RenderStyleTest, PenWidthGrowsWithLanes) {
  EXPECT_EQ(pen_width(LinkWidth::X1), 1.0);
  EXPECT_EQ(pen_width(LinkWidth::X4), 2.5);
  EXPECT_EQ(pen_width(LinkWidth::X12), 4.5);
  EXPECT_LT(pen_width(LinkWidth::X2), pen_width(LinkWidth::X4));
  EXPECT_EQ(pen_width(std::nullopt), 1.0);
}

TEST(RenderStyleTest, EdgeLabelCountsParallelCablesOnly) {
  RenderEdge e;
  e.count = 4;
  e.width = LinkWidth::X4;
  e.speed = LinkSpeed::Hdr;
  EXPECT_EQ(edge_label(e), "×4 4xHDR");
  e.count = 1;
  EXPECT_EQ(edge_label(e), "");
  e.count = 2;
  e.width = std::nullopt;
  e.speed = std::nullopt;
  EXPECT_EQ(edge_label(e), "×2");
}

}  // namespace
}  // namespace ibatlas

namespace ibatlas {
namespace {

TEST(RenderStyleTest, SwitchNameTakesTheHostNameOfAMellanoxDescription) {
  EXPECT_EQ(switch_name("MF0;A09-P1-IBLEAF-04-04:MQM9701/U1"), "A09-P1-IBLEAF-04-04");
  EXPECT_EQ(switch_name("MF0;leaf01:MQM8700/U1"), "leaf01");
  EXPECT_EQ(switch_name("spine03"), "spine03");
  EXPECT_EQ(switch_name("lassen-ibcore1/L01/U1"), "lassen-ibcore1/L01/U1");
  EXPECT_EQ(switch_name("MF0;:MQM8700/U1"), "MF0;:MQM8700/U1");  // no name in it: kept whole
  EXPECT_EQ(switch_name("a;b"), "a;b");
}

}  // namespace
}  // namespace ibatlas
