#include "ibatlas/render/render_model.hpp"

#include <algorithm>
#include <deque>
#include <map>

#include "ibatlas/render/style.hpp"

#include "render/model_parts.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using render_detail::node_lines;

struct Builder {
  const Fabric& fabric;
  const Tiers& tiers;
  const RenderOptions& options;
  std::vector<bool> included;
  RenderModel model;

  std::size_t add_box(BoxKind kind, std::string id, std::string label, std::optional<int> tier) {
    RenderNode box;
    box.kind = kind;
    box.id = std::move(id);
    box.label = std::move(label);
    box.tier = tier;
    model.nodes.push_back(std::move(box));
    return model.nodes.size() - 1;
  }
};

std::string hex_id(char prefix, Guid guid) {
  return prefix + text::guid_text(guid).substr(2);
}

void add_switch_boxes(Builder& b) {
  std::map<std::uint32_t, std::vector<NodeId>> units;  // by unit, in NodeId order
  for (std::uint32_t i = 0; i < b.fabric.nodes().size(); ++i) {
    if (b.included[i] && b.fabric.nodes()[i].type == NodeType::Switch) {
      units[b.tiers.unit_of(NodeId{i}).value].push_back(NodeId{i});
    }
  }
  for (const auto& [unit, chips] : units) {
    const Node& first = b.fabric.node(chips.front());
    std::optional<int> tier = b.tiers.of(chips.front());
    bool chassis = b.tiers.is_chassis(chips.front());
    std::size_t box =
        chassis ? b.add_box(BoxKind::Chassis, hex_id('c', first.guid),
                            chassis_name(b.fabric, chips), tier)
                : b.add_box(BoxKind::Switch, hex_id('n', first.guid), display_name(first), tier);
    RenderNode& node = b.model.nodes[box];
    if (chassis) {
      node.tooltip.push_back(node.label + ": director chassis of " + std::to_string(chips.size()) +
                             " switch chips");
      node.label += "\n" + std::to_string(chips.size()) + " chips";
    }
    for (NodeId chip : chips) {
      node.members.push_back(chip);
      b.model.box_of[chip.value] = box;
      for (std::string& line : node_lines(b.fabric, b.tiers, chip)) {
        node.tooltip.push_back(std::move(line));
      }
    }
  }
}

// Switches still named by their firmware ("Infiniscale-IV Mellanox Technologies" on every
// switch of a fabric) would be boxes that all read the same: those show their GUID.
void relabel_duplicate_switches(Builder& b) {
  std::map<std::string, int> uses;
  for (const RenderNode& n : b.model.nodes) {
    if (n.kind == BoxKind::Switch) {
      ++uses[n.label];
    }
  }
  for (RenderNode& n : b.model.nodes) {
    if (n.kind != BoxKind::Switch || uses[n.label] < 2) {
      continue;
    }
    std::string first_word = n.label.substr(0, n.label.find(' '));
    n.label = text::guid_text(b.fabric.node(n.members.front()).guid) + "\n" + first_word;
  }
}

// Switch boxes whose chips route adaptively say so under their name ("AR on"; a chassis
// with some chips on: "AR on 3/8"), so the map shows where the static tables are only
// defaults. Nothing when the snapshot holds no AR state: absent is not "off".
void mark_adaptive_routing(Builder& b) {
  for (RenderNode& n : b.model.nodes) {
    if (n.kind != BoxKind::Switch && n.kind != BoxKind::Chassis) {
      continue;
    }
    std::size_t on = 0;
    for (NodeId chip : n.members) {
      const SwitchAr* ar = b.fabric.adaptive_routing_of(chip);
      on += ar != nullptr && ar_enabled(*ar) ? 1 : 0;
    }
    if (on == n.members.size() && on != 0) {
      n.label += "\nAR on";
    } else if (on != 0) {
      n.label += "\nAR on " + std::to_string(on) + "/" + std::to_string(n.members.size());
    }
  }
}

// The boxes a node's cables reach, sorted; nullopt when one of them is not a switch box.
std::optional<std::vector<std::size_t>> switch_peers(const Builder& b, NodeId id) {
  std::vector<std::size_t> peers;
  for (const Port& port : b.fabric.ports_of(id)) {
    if (!port.peer || !b.fabric.is_link(b.fabric.id_of(port))) {
      continue;
    }
    NodeId far = b.fabric.node_of(*port.peer);
    std::optional<std::size_t> box = b.model.box_of[far.value];
    if (!box || b.fabric.node(far).type != NodeType::Switch) {
      return std::nullopt;
    }
    peers.push_back(*box);
  }
  std::sort(peers.begin(), peers.end());
  peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
  if (peers.empty()) {
    return std::nullopt;
  }
  return peers;
}

bool foldable(const Builder& b, NodeId id) {
  const Node& node = b.fabric.node(id);
  return !b.options.expand_hosts && !b.options.unfold.contains(node.guid) && b.options.focus != id;
}

void add_host_box(Builder& b, NodeId id, BoxKind kind) {
  const Node& node = b.fabric.node(id);
  char prefix = node.type == NodeType::Router ? 'r' : 'n';
  std::size_t box = b.add_box(kind, hex_id(prefix, node.guid), display_name(node), b.tiers.of(id));
  b.model.nodes[box].members.push_back(id);
  b.model.nodes[box].tooltip = node_lines(b.fabric, b.tiers, id);
  b.model.box_of[id.value] = box;
}

void add_group_box(Builder& b, const std::vector<NodeId>& hosts) {
  std::vector<std::string> names;
  for (NodeId h : hosts) {
    if (std::optional<std::string> name = host_name(b.fabric.node(h).description)) {
      names.push_back(*name);
    }
  }
  std::size_t box = b.add_box(BoxKind::HostGroup, hex_id('g', b.fabric.node(hosts[0]).guid),
                              fold_label(names, hosts.size() - names.size()), kHostTier);
  RenderNode& group = b.model.nodes[box];
  group.tooltip.push_back(std::to_string(hosts.size()) + " hosts on the same switches:");
  for (NodeId h : hosts) {
    group.members.push_back(h);
    b.model.box_of[h.value] = box;
    std::vector<std::string> lines = node_lines(b.fabric, b.tiers, h);
    std::string line = lines.front();
    for (std::size_t i = 2; i < lines.size(); ++i) {
      line += "; " + lines[i];
    }
    group.tooltip.push_back(line);
  }
}

void add_host_boxes(Builder& b) {
  std::map<std::vector<std::size_t>, std::vector<NodeId>> groups;
  for (std::uint32_t i = 0; i < b.fabric.nodes().size(); ++i) {
    NodeId id{i};
    const Node& node = b.fabric.node(id);
    if (!b.included[i] || node.type == NodeType::Switch || is_aggregation_node(node)) {
      continue;
    }
    std::optional<std::vector<std::size_t>> peers;
    if (is_host(node) && foldable(b, id)) {
      peers = switch_peers(b, id);
    }
    if (peers) {
      groups[*peers].push_back(id);
    } else {
      add_host_box(b, id, node.type == NodeType::Router ? BoxKind::Router : BoxKind::Host);
    }
  }
  for (const auto& [peers, hosts] : groups) {
    if (hosts.size() == 1) {
      add_host_box(b, hosts[0], BoxKind::Host);
    } else {
      add_group_box(b, hosts);
    }
  }
}

// Aggregation nodes live inside their switch: its box names them.
void place_aggregation_nodes(Builder& b) {
  for (std::uint32_t i = 0; i < b.fabric.nodes().size(); ++i) {
    const Node& node = b.fabric.nodes()[i];
    if (!b.included[i] || !is_aggregation_node(node)) {
      continue;
    }
    std::optional<std::size_t> box;
    for (const Port& port : b.fabric.ports_of(NodeId{i})) {
      if (port.peer && !box) {
        box = b.model.box_of[b.fabric.node_of(*port.peer).value];
      }
    }
    if (!box) {
      add_host_box(b, NodeId{i}, BoxKind::Host);
      continue;
    }
    b.model.box_of[i] = box;
    b.model.nodes[*box].members.push_back(NodeId{i});
    b.model.nodes[*box].tooltip.push_back("SHARP aggregation node " + text::guid_text(node.guid));
  }
}

RenderLayout choose_layout(const RenderModel& model, RenderLayout asked) {
  if (asked != RenderLayout::Auto) {
    return asked;
  }
  bool any_switch = false;
  for (const RenderNode& n : model.nodes) {
    if (n.kind == BoxKind::Switch || n.kind == BoxKind::Chassis) {
      if (!n.tier) {
        return RenderLayout::Spring;
      }
      any_switch = true;
    }
  }
  return any_switch ? RenderLayout::Tiers : RenderLayout::Spring;
}

}  // namespace

RenderModel build_render_model(const Fabric& fabric, const Tiers& tiers,
                               const RenderOptions& options) {
  Builder b{fabric, tiers, options, render_detail::included_nodes(fabric, tiers, options), {}};
  b.model.title = fabric.provenance().source;
  b.model.box_of.assign(fabric.nodes().size(), std::nullopt);
  add_switch_boxes(b);
  relabel_duplicate_switches(b);
  mark_adaptive_routing(b);
  add_host_boxes(b);
  place_aggregation_nodes(b);
  if (options.focus) {
    if (std::optional<std::size_t> box = b.model.box_of[options.focus->value]) {
      b.model.nodes[*box].focus = true;
    }
  }
  render_detail::add_edges(b.model, fabric, tiers);
  b.model.layout = choose_layout(b.model, options.layout);
  return std::move(b.model);
}

std::optional<std::string> slow_layout_warning(const RenderModel& model) {
  if (model.nodes.size() <= kSlowLayoutBoxes) {
    return std::nullopt;
  }
  return "laying out " + std::to_string(model.nodes.size()) + " boxes and " +
         std::to_string(model.edges.size()) +
         " lines may take a minute or more; without --expand-hosts the hosts of a leaf are one "
         "box, "
         "and --focus NODE draws only its neighbourhood";
}

}  // namespace ibatlas
