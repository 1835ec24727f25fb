#include "support/fabric_generators.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::test {

namespace {

// Draws from the engine directly: std distributions differ between standard libraries, and
// generated fabrics must be the same everywhere.
class Dice {
 public:
  explicit Dice(std::uint64_t seed) : engine_(seed * 0x9E3779B97F4A7C15ULL + 1) {}

  std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : engine_() % n; }

  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }

 private:
  std::mt19937_64 engine_;
};

SpeedSet speeds_up_to(LinkSpeed top) {
  SpeedSet set;
  for (int s = 0; s <= static_cast<int>(top); ++s) {
    auto speed = static_cast<LinkSpeed>(s);
    if (speed != LinkSpeed::Fdr10 || top == LinkSpeed::Fdr10) {
      set.insert(speed);
    }
  }
  return set;
}

WidthSet widths_for(LinkWidth w) {
  WidthSet set;
  set.insert(LinkWidth::X1);
  set.insert(w);
  return set;
}

// "leaf007": a prefix and a zero-padded number.
std::string numbered(const std::string& prefix, int digits, int n) {
  std::string number = std::to_string(n);
  if (number.size() < static_cast<std::size_t>(digits)) {
    number.insert(0, static_cast<std::size_t>(digits) - number.size(), '0');
  }
  return prefix + number;
}

// Builds nodes with every field a crawl reads, and cables between them.
class Generator {
 public:
  explicit Generator(std::uint64_t seed)
      : dice_(seed),
        switch_guid_(0x0002c90200000000ULL + (seed << 20)),
        ca_guid_(0x0002c90300000000ULL + (seed << 20)) {}

  NodeId add_switch(const std::string& name, int radix, LinkSpeed gen, LinkWidth width) {
    Guid guid = switch_guid_++;
    NodeId id = builder_.add_node(node(NodeType::Switch, guid, name, radix, 0xcf08));
    builder_.node(id).enhanced_port0 = false;
    Port zero;
    zero.number = 0;
    zero.guid = guid;
    zero.base_lid = next_lid_++;
    zero.lmc = 0;
    zero.state = PortState::Active;
    zero.phys_state = PhysState::LinkUp;
    zero.mtu_cap = Mtu::B4096;
    zero.vl_cap = 4;
    builder_.add_port(id, zero);
    for (int p = 1; p <= radix; ++p) {
      builder_.add_port(id, idle_port(p, gen, width, std::nullopt));
    }
    return id;
  }

  NodeId add_ca(NodeType type, const std::string& name, int ports, LinkSpeed gen, LinkWidth width) {
    Guid guid = ca_guid_;
    ca_guid_ += 4;  // node GUID, then one port GUID per port
    NodeId id = builder_.add_node(node(type, guid, name, ports, 0x101b));
    for (int p = 1; p <= ports; ++p) {
      Port port = idle_port(p, gen, width, guid + static_cast<Guid>(p));
      port.base_lid = next_lid_++;
      port.lmc = 0;
      builder_.add_port(id, port);
    }
    return id;
  }

  // Cables two ports; both come up Active/LinkUp at `speed` x `width`.
  void cable(NodeId a, int pa, NodeId b, int pb, LinkSpeed speed, LinkWidth width) {
    PortId x = builder_.port(a, static_cast<std::uint8_t>(pa));
    PortId y = builder_.port(b, static_cast<std::uint8_t>(pb));
    for (PortId id : {x, y}) {
      Port& p = builder_.port_data(id);
      p.state = PortState::Active;
      p.phys_state = PhysState::LinkUp;
      p.width_active = width;
      p.speed_active = speed;
      p.mtu_active = Mtu::B4096;
    }
    builder_.connect(x, y);
  }

  Dice& dice() { return dice_; }

  Fabric finish(bool routes, bool counters, std::uint64_t seed);

 private:
  Node node(NodeType type, Guid guid, const std::string& name, int ports, std::uint32_t device) {
    Node n;
    n.type = type;
    n.guid = guid;
    n.system_guid = guid;
    n.vendor_id = 0x02c9;
    n.device_id = device;
    n.revision = 0xa0;
    n.description = name;
    n.port_count = static_cast<std::uint8_t>(ports);
    return n;
  }

  static Port idle_port(int number, LinkSpeed gen, LinkWidth width, std::optional<Guid> guid) {
    Port p;
    p.number = static_cast<std::uint8_t>(number);
    p.guid = guid;
    p.state = PortState::Down;
    p.phys_state = PhysState::Polling;
    p.width_enabled = widths_for(width);
    p.width_supported = widths_for(width);
    p.speed_enabled = speeds_up_to(gen);
    p.speed_supported = speeds_up_to(gen);
    p.mtu_cap = Mtu::B4096;
    p.vl_cap = 4;
    return p;
  }

  FabricBuilder builder_;
  Dice dice_;
  Guid switch_guid_;
  Guid ca_guid_;
  Lid next_lid_ = 1;
};

PortCounters random_counters(Dice& dice) {
  PortCounters c;
  c.symbol_errors = dice.below(1000);
  c.link_error_recovery = dice.below(200);
  c.link_downed = dice.below(200);
  c.rcv_errors = dice.below(1000);
  c.rcv_remote_phys_errors = dice.below(1000);
  c.rcv_switch_relay_errors = dice.below(1000);
  c.xmit_discards = dice.below(1000);
  c.xmit_constraint_errors = dice.below(200);
  c.rcv_constraint_errors = dice.below(200);
  c.local_link_integrity_errors = dice.below(15);
  c.excessive_buffer_overruns = dice.below(15);
  c.vl15_dropped = dice.below(1000);
  c.xmit_wait = dice.below(1U << 31);
  c.xmit_data =
      dice.below(std::uint64_t{1} << 40);  // past 32 bits: only the 64-bit counter holds it
  c.rcv_data = dice.below(std::uint64_t{1} << 40);
  c.xmit_pkts = dice.below(std::uint64_t{1} << 36);
  c.rcv_pkts = dice.below(std::uint64_t{1} << 36);
  return c;
}

// The counters past the original 17, from their own dice so the first 17 keep their values.
// PortMulticastRcvPkts stays absent: a live crawl cannot read it (it lies past the 64 bytes
// a PerfMgt reply carries).
void add_more_counters(Dice& dice, PortCounters& c) {
  c.unicast_xmit_pkts = dice.below(std::uint64_t{1} << 36);
  c.unicast_rcv_pkts = dice.below(std::uint64_t{1} << 36);
  c.multicast_xmit_pkts = dice.below(std::uint64_t{1} << 20);
  c.local_physical_errors = dice.below(1000);
  c.malformed_packet_errors = dice.below(1000);
  c.buffer_overrun_errors = dice.below(1000);
  c.dlid_mapping_errors = dice.below(1000);
  c.vl_mapping_errors = dice.below(1000);
  c.looping_errors = dice.below(1000);
  c.inactive_discards = dice.below(1000);
  c.neighbor_mtu_discards = dice.below(1000);
  c.sw_lifetime_limit_discards = dice.below(1000);
  c.sw_hoq_lifetime_limit_discards = dice.below(1000);
}

Fabric Generator::finish(bool routes, bool counters, std::uint64_t seed) {
  Dice extra(seed + 17);
  Dice more(seed + 29);
  std::size_t nodes = builder_.node_count();
  for (std::uint32_t n = 0; n < nodes && (routes || counters); ++n) {
    const Node& node = builder_.node(NodeId{n});
    if (routes && node.type == NodeType::Switch) {
      std::vector<std::uint8_t> lft(next_lid_, ForwardingTable::kNoRoute);
      for (std::size_t lid = 1; lid < lft.size(); ++lid) {
        lft[lid] = static_cast<std::uint8_t>(extra.below(node.port_count + 1U));
      }
      builder_.add_forwarding_table(NodeId{n}, std::move(lft));
    }
    for (int p = 1; counters && p <= node.port_count; ++p) {
      std::optional<PortId> id = builder_.find_port(NodeId{n}, static_cast<std::uint8_t>(p));
      if (id && builder_.port_data(*id).phys_state == PhysState::LinkUp) {
        PortCounters c = random_counters(extra);
        add_more_counters(more, c);
        builder_.port_data(*id).counters = c;
      }
    }
  }
  builder_.set_provenance(Provenance{"generated", "generated", std::nullopt, "test", std::nullopt});
  return std::move(builder_).build();
}

Fabric make_two_level(const FatTreeSpec& spec) {
  int down = spec.radix / 2;
  int up = spec.radix - down;
  int hosts = spec.hosts > 0 ? spec.hosts : (spec.radix / spec.hca_ports) * down;
  int leaves_per_rail = (hosts + down - 1) / down;
  int leaves = leaves_per_rail * spec.hca_ports;
  if (leaves > spec.radix || spec.hca_ports < 1 || spec.hca_ports > 2) {
    throw std::invalid_argument("make_fat_tree: too many hosts for 2 levels of this radix");
  }
  Generator g(spec.seed);
  std::vector<NodeId> leaf(static_cast<std::size_t>(leaves));
  std::vector<NodeId> spine(static_cast<std::size_t>(up));
  for (int s = 0; s < up; ++s) {
    spine[s] = g.add_switch(numbered("spine", 3, s), spec.radix, spec.speed, spec.width);
  }
  for (int l = 0; l < leaves; ++l) {
    leaf[l] = g.add_switch(numbered("leaf", 3, l), spec.radix, spec.speed, spec.width);
    for (int u = 0; u < up; ++u) {
      g.cable(leaf[l], down + 1 + u, spine[u], l + 1, spec.speed, spec.width);
    }
  }
  for (int h = 0; h < hosts; ++h) {
    NodeId host = g.add_ca(NodeType::Ca, numbered("host", 4, h) + " HCA-1", spec.hca_ports,
                           spec.speed, spec.width);
    for (int pp = 1; pp <= spec.hca_ports; ++pp) {
      NodeId to = leaf[(pp - 1) * leaves_per_rail + h / down];
      g.cable(host, pp, to, h % down + 1, spec.speed, spec.width);
    }
  }
  return g.finish(spec.routes, spec.counters, spec.seed);
}

Fabric make_three_level(const FatTreeSpec& spec) {
  int half = spec.radix / 2;
  int per_pod = half * half;
  int hosts = spec.hosts > 0 ? spec.hosts : spec.radix * per_pod;
  int pods = (hosts + per_pod - 1) / per_pod;
  if (pods > spec.radix || spec.hca_ports != 1) {
    throw std::invalid_argument("make_fat_tree: too many hosts for 3 levels of this radix");
  }
  Generator g(spec.seed);
  std::vector<NodeId> core(static_cast<std::size_t>(per_pod));
  for (int c = 0; c < per_pod; ++c) {
    core[c] = g.add_switch(numbered("core", 3, c), spec.radix, spec.speed, spec.width);
  }
  int host = 0;
  for (int pod = 0; pod < pods; ++pod) {
    std::vector<NodeId> agg(static_cast<std::size_t>(half));
    for (int a = 0; a < half; ++a) {
      agg[a] = g.add_switch(numbered("agg", 4, pod * half + a), spec.radix, spec.speed, spec.width);
      for (int u = 0; u < half; ++u) {
        g.cable(agg[a], half + 1 + u, core[a * half + u], pod + 1, spec.speed, spec.width);
      }
    }
    for (int l = 0; l < half; ++l) {
      NodeId leaf =
          g.add_switch(numbered("leaf", 4, pod * half + l), spec.radix, spec.speed, spec.width);
      for (int a = 0; a < half; ++a) {
        g.cable(leaf, half + 1 + a, agg[a], l + 1, spec.speed, spec.width);
      }
      for (int d = 0; d < half && host < hosts; ++d, ++host) {
        NodeId h =
            g.add_ca(NodeType::Ca, numbered("host", 5, host) + " HCA-1", 1, spec.speed, spec.width);
        g.cable(h, 1, leaf, d + 1, spec.speed, spec.width);
      }
    }
  }
  return g.finish(spec.routes, spec.counters, spec.seed);
}

// The highest speed both ends support, and now and then one below it (a link that trained
// low: what the audit's under-speed check is for).
LinkSpeed trained_speed(Dice& dice, LinkSpeed a, LinkSpeed b, bool mixed) {
  SpeedSet both{static_cast<std::uint16_t>(speeds_up_to(a).bits & speeds_up_to(b).bits)};
  std::vector<LinkSpeed> common;
  for (int s = 0; s <= static_cast<int>(LinkSpeed::Xdr); ++s) {
    if (both.contains(static_cast<LinkSpeed>(s))) {
      common.push_back(static_cast<LinkSpeed>(s));
    }
  }
  bool low = mixed && common.size() > 1 && dice.chance(15);
  return common[common.size() - (low ? 2 : 1)];
}

struct SwitchSlot {
  NodeId id;
  LinkSpeed gen;
  LinkWidth width;
  std::vector<int> free;  // ports not cabled yet
};

int take_port(Dice& dice, SwitchSlot& s) {
  if (s.free.empty()) {
    return -1;
  }
  std::size_t i = dice.below(s.free.size());
  int port = s.free[i];
  s.free.erase(s.free.begin() + static_cast<std::ptrdiff_t>(i));
  return port;
}

void cable_to(Generator& g, SwitchSlot& a, SwitchSlot& b, bool mixed) {
  int pa = take_port(g.dice(), a);
  int pb = take_port(g.dice(), b);
  if (pa < 0 || pb < 0) {
    return;  // a full switch: the cable is not there
  }
  LinkWidth width = a.width == b.width && !(mixed && g.dice().chance(10)) ? a.width : LinkWidth::X1;
  g.cable(a.id, pa, b.id, pb, trained_speed(g.dice(), a.gen, b.gen, mixed), width);
}

void attach_end_node(Generator& g, NodeType type, const std::string& name, int ports,
                     std::vector<SwitchSlot>& switches, bool mixed) {
  constexpr LinkSpeed kGens[] = {LinkSpeed::Qdr, LinkSpeed::Fdr10, LinkSpeed::Edr,
                                 LinkSpeed::Hdr, LinkSpeed::Ndr,   LinkSpeed::Xdr};
  LinkSpeed gen = mixed ? kGens[g.dice().below(6)] : LinkSpeed::Hdr;
  SwitchSlot end{g.add_ca(type, name, ports, gen, LinkWidth::X4), gen, LinkWidth::X4, {}};
  std::size_t next = g.dice().below(switches.size());
  for (int p = 1; p <= ports; ++p) {
    // The next switch with a free port, so that no end node is left without a cable.
    for (std::size_t tries = 0; tries < switches.size() && switches[next].free.empty(); ++tries) {
      next = (next + 1) % switches.size();
    }
    end.free = {p};
    cable_to(g, end, switches[next], mixed);
    next = (next + 1) % switches.size();  // a second port goes to another switch
  }
}

}  // namespace

Fabric make_irregular(const IrregularSpec& spec) {
  constexpr LinkSpeed kGens[] = {LinkSpeed::Sdr,   LinkSpeed::Ddr, LinkSpeed::Qdr,
                                 LinkSpeed::Fdr10, LinkSpeed::Fdr, LinkSpeed::Edr,
                                 LinkSpeed::Hdr,   LinkSpeed::Ndr, LinkSpeed::Xdr};
  constexpr LinkWidth kWidths[] = {LinkWidth::X4, LinkWidth::X4, LinkWidth::X4, LinkWidth::X1,
                                   LinkWidth::X2, LinkWidth::X8, LinkWidth::X12};
  Generator g(spec.seed);
  std::vector<SwitchSlot> sw;
  for (int i = 0; i < spec.switches; ++i) {
    LinkSpeed gen = spec.mixed_speeds ? kGens[g.dice().below(9)] : LinkSpeed::Hdr;
    LinkWidth width = spec.mixed_speeds ? kWidths[g.dice().below(7)] : LinkWidth::X4;
    SwitchSlot s{g.add_switch(numbered("switch", 3, i), spec.radix, gen, width), gen, width, {}};
    for (int p = 1; p <= spec.radix; ++p) {
      s.free.push_back(p);
    }
    sw.push_back(std::move(s));
  }
  for (std::size_t i = 1; i < sw.size(); ++i) {  // a random spanning tree keeps it connected
    cable_to(g, sw[i], sw[g.dice().below(i)], spec.mixed_speeds);
  }
  for (int e = 0; e < spec.extra_links && !sw.empty(); ++e) {  // loopback cables included
    cable_to(g, sw[g.dice().below(sw.size())], sw[g.dice().below(sw.size())], spec.mixed_speeds);
  }
  for (int h = 0; h < spec.hosts && !sw.empty(); ++h) {
    attach_end_node(g, NodeType::Ca, numbered("node", 4, h) + " HCA-1",
                    h < spec.dual_port_hosts ? 2 : 1, sw, spec.mixed_speeds);
  }
  for (int r = 0; r < spec.routers && !sw.empty(); ++r) {
    attach_end_node(g, NodeType::Router, numbered("router", 2, r), 1, sw, spec.mixed_speeds);
  }
  return g.finish(spec.routes, spec.counters, spec.seed);
}

Fabric make_fat_tree(const FatTreeSpec& spec) {
  if (spec.radix < 4 || spec.radix % 2 != 0 || spec.radix > 254) {
    throw std::invalid_argument("make_fat_tree: radix must be even, 4..254");
  }
  if (spec.levels == 2) {
    return make_two_level(spec);
  }
  if (spec.levels == 3) {
    return make_three_level(spec);
  }
  throw std::invalid_argument("make_fat_tree: levels must be 2 or 3");
}

}  // namespace ibatlas::test
