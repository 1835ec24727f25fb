#include "support/sample_fabrics.hpp"

#include <initializer_list>
#include <utility>

#include "ibatlas/fabric_builder.hpp"

#include "support/fabric_sketch.hpp"

namespace ibatlas::test {

namespace {

SpeedSet speeds(std::initializer_list<LinkSpeed> list) {
  SpeedSet set;
  for (LinkSpeed s : list) {
    set.insert(s);
  }
  return set;
}

// A cabled port in Active/LinkUp at `w` x `s`, enabled and supported up to that rate.
Port up_port(std::uint8_t number, LinkWidth w, LinkSpeed s) {
  return Port{.number = number,
              .state = PortState::Active,
              .phys_state = PhysState::LinkUp,
              .width_active = w,
              .width_enabled = widths({LinkWidth::X1, w}),
              .width_supported = widths({LinkWidth::X1, LinkWidth::X4, w}),
              .speed_active = s,
              .speed_enabled = speeds({LinkSpeed::Sdr, s}),
              .speed_supported = speeds({LinkSpeed::Sdr, LinkSpeed::Qdr, s}),
              .mtu_active = Mtu::B4096,
              .mtu_cap = Mtu::B4096,
              .vl_cap = 4};
}

Port down_port(std::uint8_t number, PortState state, PhysState phys) {
  return Port{.number = number, .state = state, .phys_state = phys, .mtu_cap = Mtu::B2048};
}

struct End {
  NodeId node;
  std::uint8_t port = 0;
};

// Connects two new ports, both Active at w x s.
void cable(FabricBuilder& b, End x, End y, LinkWidth w, LinkSpeed s) {
  b.connect(b.add_port(x.node, up_port(x.port, w, s)), b.add_port(y.node, up_port(y.port, w, s)));
}

PortCounters all_counters() {
  return PortCounters{.symbol_errors = 17,
                      .link_error_recovery = 1,
                      .link_downed = 0,
                      .rcv_errors = 3,
                      .rcv_remote_phys_errors = 0,
                      .rcv_switch_relay_errors = 65535,
                      .xmit_discards = 2,
                      .xmit_constraint_errors = 0,
                      .rcv_constraint_errors = 0,
                      .local_link_integrity_errors = 15,
                      .excessive_buffer_overruns = 0,
                      .vl15_dropped = 4,
                      .xmit_wait = 123456789,
                      .xmit_data = 0x1234567890abcdefULL,
                      .rcv_data = 0xffffffffffffffffULL,
                      .xmit_pkts = 1000000,
                      .rcv_pkts = 999999};
}

struct FullIds {
  NodeId h1, spine, leaf, bare, agg, router, h2, h3;
};

FullIds add_full_nodes(FabricBuilder& b) {
  FullIds ids;
  ids.h1 = b.add_node(Node{.type = NodeType::Ca,
                           .guid = kHost1Guid,
                           .system_guid = kHost1Guid + 3,
                           .vendor_id = 0x2c9,
                           .device_id = 0x1017,
                           .revision = 0,
                           .description = "h1 HCA-1",
                           .port_count = 2});
  ids.spine = b.add_node(Node{.type = NodeType::Switch,
                              .guid = kSpineGuid,
                              .system_guid = kSpineGuid,
                              .vendor_id = 0x2c9,
                              .device_id = 0xd2f0,
                              .revision = 0xa1,
                              .description = "spine Quantum",
                              .port_count = 12,
                              .enhanced_port0 = true});
  ids.leaf = b.add_node(Node{.type = NodeType::Switch,
                             .guid = kLeafGuid,
                             .device_id = 0xcb20,
                             .description = "leaf SwitchIB",
                             .port_count = 12,
                             .enhanced_port0 = false});
  ids.bare = b.add_node(
      Node{.type = NodeType::Switch, .guid = kBareGuid, .description = "bare", .port_count = 4});
  ids.agg = b.add_node(Node{.type = NodeType::Ca,
                            .guid = kAggGuid,
                            .vendor_id = 0x2c9,
                            .description = "leaf Mellanox Technologies Aggregation Node",
                            .port_count = 1});
  ids.router = b.add_node(Node{.type = NodeType::Router,
                               .guid = kRouterGuid,
                               .vendor_id = 0,
                               .description = "gw1 router",
                               .port_count = 2});
  ids.h2 = b.add_node(
      Node{.type = NodeType::Ca, .guid = kHost2Guid, .description = "h2 HCA-1", .port_count = 1});
  ids.h3 = b.add_node(Node{.type = NodeType::Ca, .guid = kHost3Guid, .port_count = 1});
  return ids;
}

void add_switch_port0s(FabricBuilder& b, const FullIds& ids) {
  b.add_port(ids.leaf, Port{.number = 0,
                            .guid = kLeafGuid,
                            .base_lid = 1,
                            .lmc = 0,
                            .state = PortState::Active,
                            .phys_state = PhysState::LinkUp});
  Port spine0{.number = 0,
              .guid = kSpineGuid,
              .base_lid = 2,
              .lmc = 0,
              .state = PortState::Active,
              .phys_state = PhysState::LinkUp,
              .mtu_cap = Mtu::B4096,
              .vl_cap = 5};
  spine0.counters = PortCounters{};  // read, but no counter came back
  b.add_port(ids.spine, spine0);
}

void add_full_links(FabricBuilder& b, const FullIds& ids) {
  cable(b, {ids.leaf, 1}, {ids.spine, 1}, LinkWidth::X4, LinkSpeed::Edr);
  cable(b, {ids.leaf, 2}, {ids.spine, 2}, LinkWidth::X1, LinkSpeed::Sdr);
  cable(b, {ids.leaf, 3}, {ids.spine, 3}, LinkWidth::X4, LinkSpeed::Ddr);
  cable(b, {ids.h1, 2}, {ids.spine, 7}, LinkWidth::X12, LinkSpeed::Qdr);
  cable(b, {ids.agg, 1}, {ids.leaf, 12}, LinkWidth::X4, LinkSpeed::Fdr);
  cable(b, {ids.router, 1}, {ids.bare, 1}, LinkWidth::X4, LinkSpeed::Hdr);
  cable(b, {ids.spine, 4}, {ids.bare, 2}, LinkWidth::X2, LinkSpeed::Fdr10);
  cable(b, {ids.spine, 5}, {ids.spine, 6}, LinkWidth::X4, LinkSpeed::Ndr);
  Port h1p1 = up_port(1, LinkWidth::X8, LinkSpeed::Xdr);
  h1p1.counters = all_counters();
  Port leaf4 = up_port(4, LinkWidth::X8, LinkSpeed::Xdr);
  leaf4.counters = PortCounters{.symbol_errors = 0};
  leaf4.mtu_active = Mtu::B256;
  leaf4.mtu_cap = Mtu::B512;
  leaf4.vl_cap = 1;
  b.connect(b.add_port(ids.h1, h1p1), b.add_port(ids.leaf, leaf4));
  b.connect(b.add_port(ids.h3, Port{.number = 1}), b.add_port(ids.leaf, Port{.number = 11}));
  b.set_peer(b.add_port(ids.h2, up_port(1, LinkWidth::X4, LinkSpeed::Edr)),
             b.add_port(ids.leaf, down_port(10, PortState::Down, PhysState::Polling)));
}

void set_full_port_details(FabricBuilder& b, const FullIds& ids) {
  auto data = [&b](NodeId n, std::uint8_t number) -> Port& {
    return b.port_data(*b.find_port(n, number));
  };
  data(ids.h1, 1).guid = kHost1Guid + 1;
  data(ids.h1, 1).base_lid = 5;
  data(ids.h1, 1).lmc = 2;
  data(ids.h1, 2).guid = kHost1Guid + 2;
  data(ids.h1, 2).base_lid = 9;
  data(ids.h1, 2).lmc = 0;
  data(ids.h1, 2).mtu_active = Mtu::B1024;
  data(ids.h1, 2).vl_cap = 2;
  data(ids.agg, 1).guid = kAggGuid + 1;
  data(ids.agg, 1).base_lid = 12;
  data(ids.router, 1).guid = kRouterGuid + 1;
  data(ids.router, 1).base_lid = 20;
  data(ids.router, 1).vl_cap = 3;
  data(ids.h2, 1).guid = kHost2Guid + 1;
  data(ids.h2, 1).base_lid = 30;
  data(ids.h2, 1).lmc = 0;
}

void add_down_ports(FabricBuilder& b, const FullIds& ids) {
  b.add_port(ids.leaf, down_port(5, PortState::Down, PhysState::Polling));
  b.add_port(ids.leaf, down_port(6, PortState::Down, PhysState::Disabled));
  b.add_port(ids.leaf, down_port(7, PortState::Init, PhysState::LinkUp));
  b.add_port(ids.leaf, down_port(8, PortState::Armed, PhysState::LinkUp));
  b.add_port(ids.leaf, down_port(9, PortState::Down, PhysState::Sleep));
  b.add_port(ids.bare, down_port(3, PortState::Down, PhysState::Training));
  b.add_port(ids.bare, down_port(4, PortState::Down, PhysState::LinkErrorRecovery));
  b.add_port(ids.router, down_port(2, PortState::Down, PhysState::PhyTest));
}

}  // namespace

Fabric sample_full_fabric() {
  FabricBuilder b;
  FullIds ids = add_full_nodes(b);
  add_switch_port0s(b, ids);
  add_full_links(b, ids);
  set_full_port_details(b, ids);
  add_down_ports(b, ids);
  b.add_forwarding_table(ids.leaf, {255, 0, 0, 1, 255, 4, 4, 4, 4, 4, 255, 255, 12});
  b.add_forwarding_table(ids.spine, {});
  b.set_provenance(Provenance{.source = "fixtures/sample-full.topo",
                              .format = "ibnetdiscover",
                              .time = "2026-11-29T23:48:00Z",
                              .tool = "ibnetdiscover",
                              .local_port_guid = kHost1Guid + 1});
  return std::move(b).build();
}

Fabric sample_minimal_fabric() {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch, .guid = 0x10, .port_count = 8});
  NodeId ca = b.add_node(Node{.type = NodeType::Ca, .guid = 0x20, .port_count = 1});
  b.add_port(sw, Port{.number = 0, .base_lid = 1});
  cable(b, {sw, 3}, {ca, 1}, LinkWidth::X4, LinkSpeed::Hdr);
  b.set_provenance(Provenance{.source = "minimal", .format = "xml"});
  return std::move(b).build();
}

Fabric sample_empty_fabric() {
  return FabricBuilder().build();
}

Fabric sample_awkward_text_fabric() {
  FabricBuilder b;
  NodeId sw = b.add_node(Node{.type = NodeType::Switch,
                              .guid = 0xfffffffffffffffeULL,
                              .description = "a<b>&c \"quoted\" 'single' back\\slash",
                              .port_count = 2});
  NodeId ca = b.add_node(Node{
      .type = NodeType::Ca, .guid = 1, .description = "h\xc3\xa9te\tx \xff end", .port_count = 1});
  cable(b, {sw, 1}, {ca, 1}, LinkWidth::X4, LinkSpeed::Qdr);
  b.set_provenance(Provenance{.source = "dir with space/a&b<c>.topo",
                              .format = "ibnetdiscover",
                              .time = "not a date",
                              .tool = "tool \"x\"",
                              .local_port_guid = 0});
  return std::move(b).build();
}

Fabric render_sample() {
  Sketch s;
  NodeId s1 = s.sw("S1", kS1), s2 = s.sw("S2", kS2), l1 = s.sw("L1", kL1), l2 = s.sw("L2", kL2);
  NodeId n1 = s.ca("node0001 HCA-1", kNode1), n2 = s.ca("node0002 HCA-1", kNode2);
  NodeId n3 = s.ca("node0003 HCA-1", kNode3), n10 = s.ca("node0010 mlx5_0", kNode10);
  NodeId n11 = s.ca("node0011 mlx5_0", kNode11);
  NodeId bare = s.ca("MT4123 ConnectX6 Mellanox Technologies", kNoName);
  s.cable(l1, 31, s1, 1);
  s.cable(l1, 32, s1, 2);
  s.cable(l1, 33, s2, 1);
  s.cable(l1, 34, s2, 2, LinkWidth::X1);
  s.cable(l2, 31, s1, 3);
  s.cable(l2, 32, s2, 3);
  s.cable(n1, 1, l1, 1);
  s.cable(n2, 1, l1, 2);
  s.cable(n3, 1, l1, 3);
  s.cable(n10, 1, l2, 1);
  s.cable(n11, 1, l2, 2);
  s.cable(bare, 1, l2, 3);
  return s.build();
}

std::vector<NamedFabric> sample_fabrics() {
  std::vector<NamedFabric> all;
  all.push_back({"full", sample_full_fabric()});
  all.push_back({"minimal", sample_minimal_fabric()});
  all.push_back({"empty", sample_empty_fabric()});
  all.push_back({"awkward_text", sample_awkward_text_fabric()});
  return all;
}

}  // namespace ibatlas::test
