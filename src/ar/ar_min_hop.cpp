// ar.group_port_not_minhop: for an adaptive entry of switch S toward LID d, a group port p
// whose far switch is no closer to d's owner than S is (hops(peer(p) -> d) + 1 > minhops(S
// -> d)): ibdiagnet's "AR LFTs against up-down min-hop tables". Hops count switch-to-switch
// cables that carry traffic; a LID is reached from its own switch, or from the switch its
// CA port is cabled to (the anchor). One breadth-first search per anchor.

#include <deque>
#include <map>

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {
namespace {

constexpr int kFar = -1;

// The switch a LID is delivered from, or nullopt.
std::optional<NodeId> anchor_of(const Context& c, PortId owner) {
  const Port& port = c.fabric.port(owner);
  if (c.fabric.node(port.node).type == NodeType::Switch) {
    return port.node;
  }
  if (!port.peer) {
    return std::nullopt;
  }
  const Port& peer = c.fabric.port(*port.peer);
  FarEnd back = c.far_end(peer.node, peer.number);
  bool cabled = c.fabric.node(peer.node).type == NodeType::Switch &&
                back.kind == FarEnd::Kind::Ca && back.index == owner.value;
  return cabled ? std::optional<NodeId>(peer.node) : std::nullopt;
}

std::map<std::uint32_t, std::vector<Lid>> lids_by_anchor(const Context& c) {
  std::map<std::uint32_t, std::vector<Lid>> lids;
  for (std::size_t lid = 1; lid < c.owners.size(); ++lid) {
    if (std::optional<PortId> owner = c.owner(static_cast<Lid>(lid))) {
      if (std::optional<NodeId> anchor = anchor_of(c, *owner)) {
        lids[anchor->value].push_back(static_cast<Lid>(lid));
      }
    }
  }
  return lids;
}

std::vector<int> hops_to(const Context& c, NodeId anchor) {
  std::vector<int> hops(c.fabric.nodes().size(), kFar);
  std::deque<std::uint32_t> queue{anchor.value};
  hops[anchor.value] = 0;
  while (!queue.empty()) {
    std::uint32_t at = queue.front();
    queue.pop_front();
    for (const FarEnd& end : c.ends[at]) {
      if (end.kind == FarEnd::Kind::Switch && hops[end.index] == kFar) {
        hops[end.index] = hops[at] + 1;
        queue.push_back(end.index);
      }
    }
  }
  return hops;
}

// The group's ports whose far switch is no closer to the anchor: "9, 10"; empty: none.
std::string far_ports(const Context& c, NodeId sw, const std::vector<std::uint8_t>& ports,
                      const std::vector<int>& hops) {
  std::string text;
  for (std::uint8_t p : ports) {
    FarEnd end = c.far_end(sw, p);
    if (end.kind == FarEnd::Kind::Switch &&
        (hops[end.index] == kFar || hops[end.index] + 1 > hops[sw.value])) {
      text += (text.empty() ? "" : ", ") + std::to_string(p);
    }
  }
  return text;
}

// One switch's adaptive entries toward one anchor's LIDs.
void check_switch(const Context& c, std::size_t slot, const std::vector<Lid>& lids,
                  const std::vector<int>& hops, Tally& tally) {
  const SwitchAr& ar = *c.checked[slot];
  if (hops[ar.switch_node.value] == kFar) {
    return;
  }
  const std::vector<std::uint8_t>* last = nullptr;  // the anchor's LIDs mostly share a group
  std::string last_text;
  for (const ArLft& lft : ar.lfts) {
    for (Lid lid : lids) {
      const std::optional<ArLftEntry>& e =
          lid < lft.entries.size() ? lft.entries[lid] : std::optional<ArLftEntry>();
      if (!e || !is_adaptive(e->state)) {
        continue;
      }
      const std::vector<std::uint8_t>* ports = c.groups[slot].ports(lft.plft, *e);
      if (ports == nullptr) {
        continue;
      }
      if (ports != last) {
        last = ports;
        last_text = far_ports(c, ar.switch_node, *ports, hops);
      }
      if (!last_text.empty()) {
        tally.add(lid_item(lid, "group " + std::to_string(e->group) + " port " + last_text));
      }
    }
  }
}

}  // namespace

void check_ar_min_hop(const Context& c, std::vector<Finding>& out) {
  if (c.checked.empty()) {
    return;
  }
  std::vector<Tally> tallies(c.checked.size());
  for (const auto& [anchor, lids] : lids_by_anchor(c)) {
    std::vector<int> hops = hops_to(c, NodeId{anchor});
    for (std::size_t slot = 0; slot < c.checked.size(); ++slot) {
      check_switch(c, slot, lids, hops, tallies[slot]);
    }
  }
  for (std::size_t slot = 0; slot < c.checked.size(); ++slot) {
    if (tallies[slot].empty()) {
      continue;
    }
    Finding f = c.make.at_node("ar.group_port_not_minhop", c.checked[slot]->switch_node);
    f.measured = std::to_string(tallies[slot].count());
    f.message = "AR groups hold ports that lead no closer to the LID: " + tallies[slot].text();
    f.hint = "have the SM rebuild the AR groups; a longer path costs latency and can loop";
    out.push_back(std::move(f));
  }
}

}  // namespace ibatlas::ar_detail
