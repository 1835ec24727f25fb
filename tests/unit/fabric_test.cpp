#include "ibatlas/fabric.hpp"

#include <array>

#include <gtest/gtest.h>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {
namespace {

// A switch with ports added out of order and a CA cabled to it.
Fabric two_node_fabric() {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 8});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .port_count = 2});
  PortId sw3 = b.add_port(sw, Port{.number = 3});
  b.add_port(sw, Port{.number = 0, .base_lid = 1, .lmc = 0});
  PortId ca1 = b.add_port(ca, Port{.number = 1, .guid = 0x21, .base_lid = 4, .lmc = 2});
  b.connect(sw3, ca1);
  return std::move(b).build();
}

TEST(FabricTest, PortsAreSortedAndContiguousPerNode) {
  Fabric f = two_node_fabric();
  EXPECT_TRUE(check_invariants(f).empty());
  std::span<const Port> sw_ports = f.ports_of(NodeId{0});
  ASSERT_EQ(sw_ports.size(), 2u);
  EXPECT_EQ(sw_ports[0].number, 0);
  EXPECT_EQ(sw_ports[1].number, 3);
}

TEST(FabricTest, PeersSurviveReordering) {
  Fabric f = two_node_fabric();
  PortId sw3 = *f.find_port(NodeId{0}, 3);
  PortId ca1 = *f.find_port(NodeId{1}, 1);
  EXPECT_EQ(f.port(sw3).peer, ca1);
  EXPECT_EQ(f.port(ca1).peer, sw3);
  EXPECT_EQ(f.links(), std::vector<PortId>{sw3});
}

TEST(FabricTest, LidLookupHonoursLmc) {
  Fabric f = two_node_fabric();
  PortId ca1 = *f.find_port(NodeId{1}, 1);
  EXPECT_EQ(f.find_port_by_lid(4), ca1);
  EXPECT_EQ(f.find_port_by_lid(7), ca1);  // LMC 2: LIDs 4..7
  EXPECT_EQ(f.find_port_by_lid(8), std::nullopt);
  EXPECT_EQ(f.find_port_by_lid(2), std::nullopt);  // switch LID 1 has LMC 0
}

TEST(FabricTest, OneSidedPeerIsNotALink) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 1, .port_count = 4});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 2, .port_count = 1});
  b.set_peer(b.port(ca, 1), b.port(sw, 2));
  Fabric f = std::move(b).build();
  EXPECT_TRUE(f.links().empty());
  EXPECT_FALSE(f.is_link(*f.find_port(NodeId{1}, 1)));
}

TEST(FabricTest, InvariantsCatchPortZeroOnACa) {
  FabricBuilder b;
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 2, .port_count = 1});
  b.add_port(ca, Port{.number = 0});
  EXPECT_FALSE(check_invariants(std::move(b).build()).empty());
}

TEST(FabricTest, SlToVlTablesFollowTheirPortsThroughReordering) {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 8});
  PortId sw3 = b.add_port(sw, Port{.number = 3});  // added first, ends up second
  PortId sw0 = b.add_port(sw, Port{.number = 0});
  std::array<std::uint8_t, 16> vl{};
  vl[1] = 7;
  b.add_sl_to_vl_table(sw0, sw3, vl);
  Fabric f = std::move(b).build();
  ASSERT_EQ(f.sl_to_vl_tables().size(), 1u);
  EXPECT_EQ(f.port(f.sl_to_vl_tables()[0].in).number, 0);
  EXPECT_EQ(f.port(f.sl_to_vl_tables()[0].out).number, 3);
  EXPECT_EQ(f.sl_to_vl_tables()[0].vl[1], 7);
  EXPECT_TRUE(check_invariants(f).empty());
}

TEST(FabricTest, InvariantsCatchBadSlToVlTables) {
  FabricBuilder b;
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 2, .port_count = 2});
  PortId p1 = b.add_port(ca, Port{.number = 1});
  PortId p2 = b.add_port(ca, Port{.number = 2});
  b.add_sl_to_vl_table(p1, p1, {});  // a CA port's own table: fine
  EXPECT_TRUE(check_invariants(FabricBuilder(b).build()).empty());
  FabricBuilder two_ports = b;
  two_ports.add_sl_to_vl_table(p1, p2, {});  // a CA does not forward from port to port
  EXPECT_EQ(check_invariants(std::move(two_ports).build()).size(), 1u);
  std::array<std::uint8_t, 16> vl{};
  vl[15] = 16;  // VLs are 4 bits
  b.add_sl_to_vl_table(p2, p2, vl);
  EXPECT_EQ(check_invariants(std::move(b).build()).size(), 1u);
}

TEST(FabricTest, NamesAndRates) {
  EXPECT_EQ(parse_width("4X"), LinkWidth::X4);
  EXPECT_EQ(parse_width("12x"), LinkWidth::X12);
  EXPECT_EQ(parse_width("3x"), std::nullopt);
  EXPECT_EQ(parse_speed("FDR10"), LinkSpeed::Fdr10);
  EXPECT_EQ(parse_speed("fdr"), std::nullopt);
  EXPECT_EQ(parse_speed_any_case("fdr10"), LinkSpeed::Fdr10);
  EXPECT_EQ(parse_speed_any_case("Edr"), LinkSpeed::Edr);
  EXPECT_EQ(parse_speed_any_case("edr "), std::nullopt);
  EXPECT_EQ(to_string(LinkSpeed::Ndr), "NDR");
  EXPECT_EQ(mtu_bytes(Mtu::B4096), 4096);
  EXPECT_DOUBLE_EQ(lane_rate_gbps(LinkSpeed::Hdr) * lanes(LinkWidth::X4), 200.0);
  EXPECT_DOUBLE_EQ(lane_rate_gbps(LinkSpeed::Qdr) * lanes(LinkWidth::X4), 32.0);
}

}  // namespace
}  // namespace ibatlas
