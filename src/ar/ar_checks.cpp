#include "ibatlas/ar/ar_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "ibatlas/lid_owners.hpp"

#include "ar/ar_context.hpp"

namespace ibatlas {
namespace ar_detail {

bool tables_readable(const SwitchAr& ar) {
  return ar.support == ArSupport::Supported && !ar.decode_uncertain;
}

bool ar_on(const SwitchAr& ar) {
  return !ar.info || ar.info->enabled;
}

GroupIndex::GroupIndex(const SwitchAr& ar) {
  for (const ArGroup& g : ar.groups) {
    std::vector<std::uint8_t>* ports = nullptr;
    if (g.plft == 0 && g.table == 0) {
      if (dense_.size() <= g.group) {
        dense_.resize(g.group + 1U);
        dense_held_.resize(g.group + 1U, false);
      }
      dense_held_[g.group] = true;
      ports = &dense_[g.group];
    } else {
      ports = &other_[key(g.plft, g.table, g.group)];
    }
    ports->insert(ports->end(), g.ports.begin(), g.ports.end());
    std::sort(ports->begin(), ports->end());
    ports->erase(std::unique(ports->begin(), ports->end()), ports->end());
  }
}

std::uint64_t GroupIndex::key(std::uint8_t plft, std::uint8_t table, std::uint16_t group) {
  return (std::uint64_t{plft} << 24) | (std::uint64_t{table} << 16) | group;
}

const std::vector<std::uint8_t>* GroupIndex::ports(std::uint8_t plft,
                                                   const ArLftEntry& entry) const {
  if (plft != 0 || entry.table != 0) {
    auto it = other_.find(key(plft, entry.table, entry.group));
    if (it != other_.end()) {
      return &it->second;
    }
    if (entry.table != 0) {
      it = other_.find(key(0, entry.table, entry.group));
      return it == other_.end() ? nullptr : &it->second;
    }
  }
  bool held = entry.group < dense_.size() && dense_held_[entry.group];
  return held ? &dense_[entry.group] : nullptr;
}

namespace {

// Where each port of a switch leads over a working cable (the routing rule of lft_route.hpp).
std::vector<FarEnd> far_ends(const Fabric& fabric, NodeId sw) {
  std::vector<FarEnd> ends(highest_port(fabric, sw) + 1U);
  for (const Port& port : fabric.ports_of(sw)) {
    bool usable = port.peer && (!port.state || *port.state == PortState::Active);
    if (!usable || port.number >= ends.size()) {
      continue;
    }
    const Port& other = fabric.port(*port.peer);
    if (!other.peer || *other.peer != fabric.id_of(port) ||
        (other.state && *other.state != PortState::Active)) {
      continue;
    }
    const Node& node = fabric.node(other.node);
    if (node.type == NodeType::Switch) {
      ends[port.number] = FarEnd{FarEnd::Kind::Switch, other.node.value};
    } else {
      ends[port.number] = FarEnd{FarEnd::Kind::Ca, port.peer->value};
    }
  }
  return ends;
}

}  // namespace

Context::Context(const Fabric& f, const Tiers& t, const AuditOptions& o)
    : fabric(f), tiers(t), options(o), make(f, o.names), owners(lid_owners(f)) {
  checked_slot.assign(f.nodes().size(), -1);
  ends.resize(f.nodes().size());
  for (const Node& node : f.nodes()) {
    if (node.type == NodeType::Switch) {
      ends[f.id_of(node).value] = far_ends(f, f.id_of(node));
    }
  }
  for (const SwitchAr& ar : f.adaptive_routing()) {
    if (tables_readable(ar) && ar_on(ar)) {
      checked_slot[ar.switch_node.value] = static_cast<std::int32_t>(checked.size());
      checked.push_back(&ar);
      groups.emplace_back(ar);
    }
  }
}

std::optional<PortId> Context::owner(Lid lid) const {
  if (lid >= owners.size() || owners[lid] == kNoPort) {
    return std::nullopt;
  }
  return PortId{owners[lid]};
}

FarEnd Context::far_end(NodeId sw, std::uint8_t number) const {
  const std::vector<FarEnd>& list = ends[sw.value];
  return number < list.size() ? list[number] : FarEnd{};
}

std::string lid_text(Lid lid) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text = "0x0000";
  for (std::size_t i = 0; i < 4; ++i) {
    text[5 - i] = kHex[(lid >> (4 * i)) & 0xFU];
  }
  return text;
}

std::string lid_item(Lid lid, const std::string& detail) {
  return detail.empty() ? lid_text(lid) : lid_text(lid) + " (" + detail + ")";
}

void Tally::add(const std::string& item) {
  ++count_;
  if (shown_.size() < kShown) {
    shown_.push_back(item);
  }
}

std::string Tally::text() const {
  std::string text = std::to_string(count_) + " " + noun_ + (count_ == 1 ? ": " : "s: ");
  for (std::size_t i = 0; i < shown_.size(); ++i) {
    text += (i == 0 ? "" : ", ") + shown_[i];
  }
  return count_ > shown_.size() ? text + ", ..." : text;
}

std::string hex(unsigned value, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%0*x", digits, value);
  return buffer;
}

std::map<PeerKey, std::vector<const SwitchAr*>> peer_sets(const Context& c) {
  std::map<PeerKey, std::vector<const SwitchAr*>> sets;
  for (const SwitchAr& ar : c.fabric.adaptive_routing()) {
    if (!tables_readable(ar) || !ar.info || ar.info->group_cap == 0) {
      continue;
    }
    std::optional<int> tier = c.tiers.of(ar.switch_node);
    std::optional<std::uint32_t> device = c.fabric.node(ar.switch_node).device_id;
    PeerKey key{tier.value_or(-1), device ? static_cast<long long>(*device) : -1};
    sets[key].push_back(&ar);
  }
  return sets;
}

std::string peers_name(const PeerKey& key) {
  std::string tier = key.first < 0 ? "untiered" : tier_name(key.first);
  return key.second < 0 ? tier + " switches"
                        : tier + " switches of device " + hex(static_cast<unsigned>(key.second), 4);
}

namespace {

// The findings about one switch's AR state as a whole.
void check_switch_state(const Context& c, const SwitchAr& ar, std::vector<Finding>& out) {
  if (ar.support != ArSupport::Supported) {
    Finding f = c.make.at_node("ar.unsupported", ar.switch_node);
    f.measured = to_string(ar.support);
    f.message = (ar.support == ArSupport::NoAnswer ? "did not answer the AR reads"
                                                   : "has no adaptive routing") +
                (ar.reason.empty() ? std::string() : ": " + ar.reason);
    f.hint = "nothing to do if the switch is not meant to route adaptively";
    out.push_back(std::move(f));
    return;
  }
  if (ar.decode_uncertain) {
    Finding f = c.make.at_node("ar.decode_uncertain", ar.switch_node);
    f.message = "its AR group masks fit neither port-bit mapping; its tables are not checked";
    f.hint = "compare with ibdiagnet's .far dump of this switch and report the device";
    out.push_back(std::move(f));
  }
  if (!ar.tables_complete) {
    Finding f = c.make.at_node("ar.tables_incomplete", ar.switch_node);
    f.message = "some AR LFT or group blocks did not answer; the checks see part of its tables";
    f.hint = "read it again (discover --ar); a switch that keeps failing may need attention";
    out.push_back(std::move(f));
  }
}

}  // namespace
}  // namespace ar_detail

std::vector<Finding> check_adaptive_routing(const Fabric& fabric, const Tiers& tiers,
                                            const AuditOptions& options) {
  using namespace ar_detail;
  std::vector<Finding> out;
  if (fabric.adaptive_routing().empty()) {
    return out;
  }
  Context c(fabric, tiers, options);
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    check_switch_state(c, ar, out);
  }
  check_ar_fleet(c, out);
  check_ar_group_ids(c, out);
  check_ar_tables(c, out);
  check_ar_min_hop(c, out);
  check_ar_paths(c, out);
  check_ar_expect(c, out);
  return out;
}

}  // namespace ibatlas

namespace ibatlas {

std::size_t count_adaptive_switches(const Fabric& fabric) {
  std::size_t count = 0;
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    if (ar.support != ArSupport::Supported || (ar.info && !ar.info->enabled)) {
      continue;
    }
    bool adaptive = std::any_of(ar.lfts.begin(), ar.lfts.end(), [](const ArLft& lft) {
      return std::any_of(lft.entries.begin(), lft.entries.end(),
                         [](const auto& e) { return e && is_adaptive(e->state); });
    });
    count += adaptive ? 1U : 0U;
  }
  return count;
}

}  // namespace ibatlas
