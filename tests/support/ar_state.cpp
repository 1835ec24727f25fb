#include "support/ar_state.hpp"

#include <algorithm>
#include <cassert>
#include <deque>
#include <map>
#include <optional>
#include <vector>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/lid_owners.hpp"

namespace ibatlas::test {
namespace {

constexpr int kFar = -1;

// The port at the other end of a cable that carries traffic: both ends name each other and
// neither is known to be anything but Active.
std::optional<PortId> working_peer(const Fabric& fabric, const Port& port) {
  if (!port.peer || (port.state && *port.state != PortState::Active)) {
    return std::nullopt;
  }
  const Port& other = fabric.port(*port.peer);
  if (!other.peer || other.peer->value != fabric.id_of(port).value ||
      (other.state && *other.state != PortState::Active)) {
    return std::nullopt;
  }
  return port.peer;
}

bool is_switch(const Fabric& fabric, NodeId id) {
  return fabric.node(id).type == NodeType::Switch;
}

// Switch hops from every node to `anchor` over working switch-to-switch cables.
std::vector<int> hops_to(const Fabric& fabric, NodeId anchor) {
  std::vector<int> hops(fabric.nodes().size(), kFar);
  std::deque<NodeId> queue{anchor};
  hops[anchor.value] = 0;
  while (!queue.empty()) {
    NodeId at = queue.front();
    queue.pop_front();
    for (const Port& port : fabric.ports_of(at)) {
      std::optional<PortId> peer = working_peer(fabric, port);
      if (!peer) {
        continue;
      }
      NodeId next = fabric.node_of(*peer);
      if (is_switch(fabric, next) && hops[next.value] == kFar) {
        hops[next.value] = hops[at.value] + 1;
        queue.push_back(next);
      }
    }
  }
  return hops;
}

// The ports of `sw` whose switch peer is one hop closer to the anchor of `hops`.
std::vector<std::uint8_t> min_hop_ports(const Fabric& fabric, NodeId sw,
                                        const std::vector<int>& hops) {
  std::vector<std::uint8_t> ports;
  for (const Port& port : fabric.ports_of(sw)) {
    std::optional<PortId> peer = working_peer(fabric, port);
    if (peer && is_switch(fabric, fabric.node_of(*peer)) && port.number != 0 &&
        hops[fabric.node_of(*peer).value] == hops[sw.value] - 1) {
      ports.push_back(port.number);
    }
  }
  return ports;
}

// The switch a LID's packets are delivered from: the owner itself when it is a switch, the
// switch cabled to the owning port otherwise; nullopt when neither exists.
std::optional<NodeId> anchor_of(const Fabric& fabric, PortId owner) {
  NodeId node = fabric.node_of(owner);
  if (is_switch(fabric, node)) {
    return node;
  }
  std::optional<PortId> peer = working_peer(fabric, fabric.port(owner));
  if (peer && is_switch(fabric, fabric.node_of(*peer))) {
    return fabric.node_of(*peer);
  }
  return std::nullopt;
}

struct SwitchWork {
  SwitchAr ar;
  std::map<std::vector<std::uint8_t>, std::uint16_t> group_of;  // port set -> key of first use
};

// A temporary number, in order of first use; number_groups renumbers.
std::uint16_t group_number(SwitchWork& work, const std::vector<std::uint8_t>& ports) {
  auto [it, added] =
      work.group_of.emplace(ports, static_cast<std::uint16_t>(work.group_of.size() + 1));
  return it->second;
}

// Numbers the groups 1, 2, ... in port-set order rather than order of first use: switches
// cabled alike (the leaves of a fat-tree) then give one destination the same number, as
// ibdiagnet expects (ar.group_id_per_dlid).
void number_groups(SwitchWork& work) {
  std::vector<std::uint16_t> renumber(work.group_of.size() + 1);
  std::uint16_t next = 1;
  for (const auto& [ports, first_use] : work.group_of) {
    renumber[first_use] = next;
    ArGroup group;
    group.group = next++;
    group.ports = ports;
    work.ar.groups.push_back(group);
  }
  for (std::optional<ArLftEntry>& entry : work.ar.lfts[0].entries) {
    if (entry && is_adaptive(entry->state)) {
      entry->group = renumber[entry->group];
    }
  }
  work.ar.info->group_top = static_cast<std::uint16_t>(work.group_of.size());
}

SwitchWork start_switch(const ForwardingTable& table) {
  SwitchWork work;
  work.ar.switch_node = table.switch_node;
  ArCapabilities caps{};
  caps[0] = 1U << static_cast<unsigned>(ArCapabilityBit::AdaptiveRoutingSx);
  work.ar.capabilities = caps;
  ArInfo info;
  info.enabled = true;
  info.group_cap = 1024;
  info.group_table_cap = 1;
  info.sub_groups_active = 1;
  info.sub_groups_supported = 1;
  info.by_sl_en = false;
  work.ar.info = info;
  work.ar.lfts.push_back(ArLft{0, std::vector<std::optional<ArLftEntry>>(table.out_port.size())});
  return work;
}

// Fills every switch's entries for the LIDs whose packets leave the fabric at `anchor`.
// Without an anchor every entry is Static.
void add_anchor(const Fabric& fabric, std::optional<NodeId> anchor, const std::vector<Lid>& lids,
                ArLidState state, std::vector<SwitchWork>& work) {
  std::vector<int> hops =
      anchor ? hops_to(fabric, *anchor) : std::vector<int>(fabric.nodes().size(), kFar);
  for (std::size_t i = 0; i < work.size(); ++i) {
    SwitchWork& sw = work[i];
    NodeId node = sw.ar.switch_node;
    const std::vector<std::uint8_t>& out = fabric.forwarding_tables()[i].out_port;
    bool local = node == anchor || hops[node.value] == kFar;
    std::optional<std::uint16_t> group;
    for (Lid lid : lids) {
      if (lid >= out.size() || out[lid] == ForwardingTable::kNoRoute || out[lid] == 0) {
        continue;
      }
      ArLftEntry entry;
      entry.default_port = out[lid];
      if (!local) {
        if (!group) {
          group = group_number(sw, min_hop_ports(fabric, node, hops));
        }
        entry.state = state;
        entry.group = *group;
      }
      sw.ar.lfts[0].entries[lid] = entry;
    }
  }
}

// The LIDs of the fabric grouped by the switch they are delivered from; LIDs without one
// under the key kNoAnchor.
constexpr std::uint32_t kNoAnchor = 0xffffffff;

std::map<std::uint32_t, std::vector<Lid>> lids_by_anchor(const Fabric& fabric) {
  std::vector<std::uint32_t> owners = lid_owners(fabric);
  std::map<std::uint32_t, std::vector<Lid>> result;
  for (std::size_t lid = 1; lid < owners.size(); ++lid) {
    if (owners[lid] == kNoPort) {
      continue;
    }
    std::optional<NodeId> anchor = anchor_of(fabric, PortId{owners[lid]});
    result[anchor ? anchor->value : kNoAnchor].push_back(static_cast<Lid>(lid));
  }
  return result;
}

}  // namespace

Fabric with_consistent_ar(const Fabric& fabric, ArLidState state) {
  assert(is_adaptive(state));
  std::vector<SwitchWork> work;
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    work.push_back(start_switch(table));
  }
  for (const auto& [anchor, lids] : lids_by_anchor(fabric)) {
    std::optional<NodeId> at;
    if (anchor != kNoAnchor) {
      at = NodeId{anchor};
    }
    add_anchor(fabric, at, lids, state, work);
  }
  FabricBuilder builder = from_fabric(fabric);
  for (SwitchWork& sw : work) {
    number_groups(sw);
    builder.set_switch_ar(std::move(sw.ar));
  }
  return std::move(builder).build();
}

SwitchAr switch_ar(const Fabric& fabric, NodeId sw) {
  const SwitchAr* ar = fabric.adaptive_routing_of(sw);
  assert(ar != nullptr);
  return *ar;
}

Fabric with_switch_ar(const Fabric& fabric, SwitchAr ar) {
  FabricBuilder builder = from_fabric(fabric);
  builder.set_switch_ar(std::move(ar));
  return std::move(builder).build();
}

ArLftEntry& ar_entry(SwitchAr& ar, Lid lid) {
  std::optional<ArLftEntry>& entry = ar.lfts.at(0).entries.at(lid);
  assert(entry.has_value());
  return *entry;
}

ArGroup& ar_group(SwitchAr& ar, std::uint16_t group) {
  auto it = std::find_if(ar.groups.begin(), ar.groups.end(), [group](const ArGroup& g) {
    return g.plft == 0 && g.table == 0 && g.group == group && g.sub_group == 0;
  });
  assert(it != ar.groups.end());
  return *it;
}

NodeId switch_named(const Fabric& fabric, const std::string& description) {
  for (const Node& node : fabric.nodes()) {
    if (node.type == NodeType::Switch && node.description == description) {
      return fabric.id_of(node);
    }
  }
  assert(false && "no switch with that description");
  return NodeId{};
}

}  // namespace ibatlas::test
