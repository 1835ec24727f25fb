// The per-switch table checks: each AR LFT entry against the switch's ranges, its group and
// the plain LFT; each group an adaptive entry uses against the switch's ports.

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "ibatlas/lid_owners.hpp"

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {
namespace {

using Ports = std::vector<std::uint8_t>;

// One switch's tallies, one per check id, and the groups its adaptive entries use.
struct SwitchTallies {
  Tally out_of_range, empty, not_in_group, lft_mismatch, to_hca;
  // The groups adaptive entries use: pLFT 0 table 0 by number, the others by key.
  std::vector<const Ports*> used_dense;
  std::map<std::tuple<std::uint8_t, std::uint8_t, std::uint16_t>, const Ports*> used_other;
  // Per group pointer seen last: whether it holds a port cabled to a CA (most do not, and
  // this runs once per entry).
  const Ports* last_group = nullptr;
  bool last_has_ca = false;
};

void mark_used(SwitchTallies& t, std::uint8_t plft, const ArLftEntry& e, const Ports* ports) {
  if (plft == 0 && e.table == 0) {
    if (t.used_dense.size() <= e.group) {
      t.used_dense.resize(e.group + 1U, nullptr);
    }
    t.used_dense[e.group] = ports;
  } else {
    t.used_other.emplace(std::make_tuple(plft, e.table, e.group), ports);
  }
}

std::string group_name(std::uint8_t table, std::uint16_t group) {
  return table == 0 ? "group " + std::to_string(group)
                    : "table " + std::to_string(table) + " group " + std::to_string(group);
}

// The port a Static entry leaves by: DefaultPort, or in the legacy table the group field.
std::optional<std::uint8_t> default_port(const SwitchAr& ar, const ArLftEntry& e) {
  if (e.default_port) {
    return e.default_port;
  }
  if (ar.legacy_lft && !is_adaptive(e.state) && e.group <= 0xFF) {
    return static_cast<std::uint8_t>(e.group);
  }
  return std::nullopt;
}

bool out_of_range(const SwitchAr& ar, const ArLftEntry& e) {
  if (!ar.info) {
    return false;
  }
  const ArInfo& i = *ar.info;
  bool group_bad = e.group > i.group_top || (i.group_cap > 0 && e.group >= i.group_cap);
  return group_bad || e.table >= std::max<unsigned>(1U, i.group_table_cap);
}

// ar.group_port_to_hca for one entry: group ports cabled to a CA port that is not dlid's.
void check_to_hca(const Context& c, NodeId sw, Lid lid, const Ports& ports, SwitchTallies& t) {
  if (&ports != t.last_group) {
    t.last_group = &ports;
    t.last_has_ca = std::any_of(ports.begin(), ports.end(), [&](std::uint8_t p) {
      return c.far_end(sw, p).kind == FarEnd::Kind::Ca;
    });
  }
  if (!t.last_has_ca) {
    return;
  }
  std::optional<PortId> owner = c.owner(lid);
  for (std::uint8_t p : ports) {
    FarEnd end = c.far_end(sw, p);
    if (end.kind == FarEnd::Kind::Ca && (!owner || owner->value != end.index)) {
      t.to_hca.add(lid_item(lid, "port " + std::to_string(p) + " to " +
                                     c.make.name(c.fabric.node_of(PortId{end.index}))));
      return;
    }
  }
}

void check_adaptive(const Context& c, std::size_t slot, const ArLft& lft, Lid lid,
                    const ArLftEntry& e, SwitchTallies& t) {
  const SwitchAr& ar = *c.checked[slot];
  if (out_of_range(ar, e)) {
    t.out_of_range.add(lid_item(lid, group_name(e.table, e.group)));
    return;
  }
  const Ports* ports = c.groups[slot].ports(lft.plft, e);
  if (ports == nullptr || ports->empty()) {
    t.empty.add(lid_item(lid, group_name(e.table, e.group)));
    return;
  }
  mark_used(t, lft.plft, e, ports);
  std::optional<std::uint8_t> port = default_port(ar, e);
  if (port && !std::binary_search(ports->begin(), ports->end(), *port)) {
    t.not_in_group.add(lid_item(
        lid, "DefaultPort " + std::to_string(*port) + ", " + group_name(e.table, e.group)));
  }
  check_to_hca(c, ar.switch_node, lid, *ports, t);
}

void check_static_lft(const SwitchAr& ar, Lid lid, const ArLftEntry& e, const ForwardingTable* lft,
                      SwitchTallies& t) {
  std::optional<std::uint8_t> port = default_port(ar, e);
  if (lft == nullptr || !port) {
    return;
  }
  std::uint8_t plain = lid < lft->out_port.size() ? lft->out_port[lid] : ForwardingTable::kNoRoute;
  if (plain != *port) {
    std::string was = plain == ForwardingTable::kNoRoute ? "none" : std::to_string(plain);
    t.lft_mismatch.add(lid_item(lid, "LFT " + was + ", DefaultPort " + std::to_string(*port)));
  }
}

const ForwardingTable* plain_table(const Fabric& fabric, NodeId sw) {
  for (const ForwardingTable& t : fabric.forwarding_tables()) {
    if (t.switch_node == sw) {
      return &t;
    }
  }
  return nullptr;
}

struct Emit {
  std::string_view check;
  const Tally& tally;
  std::string what;
  std::string hint;
};

void emit(const Context& c, NodeId sw, const Emit& e, std::vector<Finding>& out) {
  if (e.tally.empty()) {
    return;
  }
  Finding f = c.make.at_node(e.check, sw);
  f.measured = std::to_string(e.tally.count());
  f.message = e.what + ": " + e.tally.text();
  f.hint = e.hint;
  out.push_back(std::move(f));
}

void emit_entries(const Context& c, NodeId sw, const SwitchTallies& t, std::vector<Finding>& out) {
  emit(c, sw,
       {"ar.group_out_of_range", t.out_of_range, "AR entries name a group past the switch's range",
        "have the SM re-sweep AR; a switch that keeps this needs its AR tables reset"},
       out);
  emit(c, sw,
       {"ar.group_empty", t.empty, "AR entries name a group with no port",
        "have the SM re-sweep AR so it writes the group"},
       out);
  emit(c, sw,
       {"ar.default_port_not_in_group", t.not_in_group,
        "AR entries whose DefaultPort is outside their group",
        "have the SM re-sweep AR; the group must hold the static route"},
       out);
  emit(c, sw,
       {"ar.static_lft_mismatch", t.lft_mismatch, "AR DefaultPort differs from the plain LFT",
        "expected drift when AR is on (the plain LFT is not used); else re-sweep"},
       out);
  emit(c, sw,
       {"ar.group_port_to_hca", t.to_hca,
        "AR groups send LIDs to a host port that does not own them",
        "fix the SM's AR group for these LIDs: packets reaching a wrong host are dropped"},
       out);
}

// ar.group_port_invalid, ar.group_port_down, ar.subgroup_overlap over the used groups.
void check_groups(const Context& c, std::size_t slot, const SwitchTallies& t,
                  std::vector<Finding>& out);

void check_switch(const Context& c, std::size_t slot, std::vector<Finding>& out) {
  const SwitchAr& ar = *c.checked[slot];
  const ForwardingTable* plain = plain_table(c.fabric, ar.switch_node);
  SwitchTallies t;
  for (const ArLft& lft : ar.lfts) {
    for (std::size_t lid = 0; lid < lft.entries.size(); ++lid) {
      const std::optional<ArLftEntry>& e = lft.entries[lid];
      if (!e) {
        continue;
      }
      if (lft.plft == 0) {
        check_static_lft(ar, static_cast<Lid>(lid), *e, plain, t);
      }
      if (is_adaptive(e->state)) {
        check_adaptive(c, slot, lft, static_cast<Lid>(lid), *e, t);
      }
    }
  }
  emit_entries(c, ar.switch_node, t, out);
  check_groups(c, slot, t, out);
}

bool port_up(const Context& c, NodeId sw, std::uint8_t number) {
  std::optional<PortId> id = c.fabric.find_port(sw, number);
  if (!id) {
    return false;
  }
  const Port& port = c.fabric.port(*id);
  bool state_ok = !port.state || *port.state == PortState::Active;
  bool phys_ok = !port.phys_state || *port.phys_state == PhysState::LinkUp;
  return port.peer.has_value() && state_ok && phys_ok;
}

struct GroupTallies {
  Tally invalid{"group"};
  Tally down{"group"};
};

void check_group_ports(const Context& c, NodeId sw, const std::string& name, const Ports& ports,
                       GroupTallies& g) {
  std::uint32_t top = c.fabric.node(sw).port_count;
  top = top != 0 ? top : highest_port(c.fabric, sw);
  for (std::uint8_t p : ports) {
    if (p == 0 || p > top) {
      g.invalid.add(name + " port " + std::to_string(p));
    } else if (!port_up(c, sw, p)) {
      g.down.add(name + " port " + std::to_string(p));
    }
  }
}

// A port in two sub-groups of one group (all groups held, used or not).
void check_overlap(const Context& c, const SwitchAr& ar, std::vector<Finding>& out) {
  Tally overlap("group");
  std::map<std::tuple<std::uint8_t, std::uint8_t, std::uint16_t>, std::set<std::uint8_t>> seen;
  for (const ArGroup& g : ar.groups) {
    std::set<std::uint8_t>& ports = seen[std::make_tuple(g.plft, g.table, g.group)];
    for (std::uint8_t p : g.ports) {
      if (!ports.insert(p).second) {
        overlap.add(group_name(g.table, g.group) + " port " + std::to_string(p));
      }
    }
  }
  emit(c, ar.switch_node,
       {"ar.subgroup_overlap", overlap, "AR groups hold a port in two sub-groups",
        "have the SM re-sweep AR; a port belongs to one sub-group"},
       out);
}

void check_groups(const Context& c, std::size_t slot, const SwitchTallies& t,
                  std::vector<Finding>& out) {
  NodeId sw = c.checked[slot]->switch_node;
  GroupTallies g;
  for (std::size_t n = 0; n < t.used_dense.size(); ++n) {
    if (t.used_dense[n] != nullptr) {
      check_group_ports(c, sw, group_name(0, static_cast<std::uint16_t>(n)), *t.used_dense[n], g);
    }
  }
  for (const auto& [key, ports] : t.used_other) {
    check_group_ports(c, sw, group_name(std::get<1>(key), std::get<2>(key)), *ports, g);
  }
  emit(c, sw,
       {"ar.group_port_invalid", g.invalid, "AR groups name a port the switch does not have",
        "check the port-bit mapping (docs/adaptive-routing.md); else re-sweep AR"},
       out);
  emit(c, sw,
       {"ar.group_port_down", g.down, "AR groups hold ports that are not up",
        "restore the link, or have the SM re-sweep AR to drop the port"},
       out);
  check_overlap(c, *c.checked[slot], out);
}

bool has_adaptive_entry(const SwitchAr& ar) {
  for (const ArLft& lft : ar.lfts) {
    for (const std::optional<ArLftEntry>& e : lft.entries) {
      if (e && is_adaptive(e->state)) {
        return true;
      }
    }
  }
  return false;
}

// AR on with only Static entries, or off with adaptive ones (left from before).
void check_unused(const Context& c, const SwitchAr& ar, std::vector<Finding>& out) {
  if (!ar.info || ar.lfts.empty() || ar.info->enabled == has_adaptive_entry(ar)) {
    return;
  }
  Finding f = c.make.at_node("ar.tables_unused", ar.switch_node);
  f.measured = ar.info->enabled ? "AR on, every entry Static" : "AR off, adaptive entries";
  f.message = ar.info->enabled
                  ? "AR is on but every AR LFT entry is Static: it routes statically"
                  : "AR is off but its AR LFT holds adaptive entries (left from before)";
  f.hint = ar.info->enabled ? "check that the SM runs an AR routing engine"
                            : "if AR should be on, find what turned it off (a plain LFT SET?)";
  out.push_back(std::move(f));
}

}  // namespace

void check_ar_tables(const Context& c, std::vector<Finding>& out) {
  for (const SwitchAr& ar : c.fabric.adaptive_routing()) {
    if (tables_readable(ar)) {
      check_unused(c, ar, out);
    }
  }
  for (std::size_t slot = 0; slot < c.checked.size(); ++slot) {
    check_switch(c, slot, out);
  }
}

}  // namespace ibatlas::ar_detail
