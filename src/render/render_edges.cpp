// The lines of a map (bundles of cables), the focus neighbourhood, and tooltips.

#include <algorithm>
#include <deque>
#include <map>
#include <tuple>

#include "ibatlas/render/render_model.hpp"
#include "ibatlas/render/style.hpp"

#include "render/model_parts.hpp"
#include "text.hpp"

namespace ibatlas::render_detail {

namespace {

std::string port_text(const Fabric& fabric, PortId id) {
  const Port& port = fabric.port(id);
  return display_name(fabric.node(port.node)) + " port " + std::to_string(port.number);
}

std::string lid_text(const Fabric& fabric, NodeId id) {
  std::string text;
  for (const Port& port : fabric.ports_of(id)) {
    if (!port.base_lid || *port.base_lid == 0) {
      continue;  // 0: no LID assigned
    }
    text += text.empty() ? "LID " : ", ";
    text += std::to_string(*port.base_lid);
    if (fabric.node(id).type != NodeType::Switch) {
      text += " (port " + std::to_string(port.number) + ")";
    }
    if (fabric.node(id).type == NodeType::Switch) {
      break;  // one LID, at port 0
    }
  }
  return text.empty() ? "LID unknown" : text;
}

using BundleKey = std::tuple<std::size_t, std::size_t, int, int>;

int rate_key(const auto& value) {
  return value ? static_cast<int>(*value) : -1;
}

// An empty line between two boxes, drawn from the higher tier down.
RenderEdge new_line(const RenderModel& model, std::size_t a, std::size_t b,
                    std::optional<LinkWidth> width, std::optional<LinkSpeed> speed) {
  RenderEdge edge;
  bool a_upper = model.nodes[a].tier.value_or(-1) >= model.nodes[b].tier.value_or(-1);
  edge.upper = a_upper ? a : b;
  edge.lower = a_upper ? b : a;
  edge.width = width;
  edge.speed = speed;
  return edge;
}

}  // namespace

std::vector<std::string> node_lines(const Fabric& fabric, const Tiers& tiers, NodeId id) {
  const Node& node = fabric.node(id);
  std::vector<std::string> lines;
  std::string name = display_name(node);
  lines.push_back(node.description.empty() || node.description == name
                      ? name
                      : name + " \"" + node.description + "\"");
  std::string kind = to_string(node.type);
  if (std::optional<int> tier = tiers.of(id)) {
    kind += ", " + tier_name(*tier);
  }
  lines.push_back(kind);
  lines.push_back("GUID " + text::guid_text(node.guid));
  lines.push_back(lid_text(fabric, id));
  std::size_t cabled = 0;
  for (const Port& port : fabric.ports_of(id)) {
    cabled += port.peer ? 1 : 0;
  }
  std::string ports = node.port_count == 0   ? std::string()
                      : node.port_count == 1 ? "1 port, "
                                             : std::to_string(node.port_count) + " ports, ";
  lines.push_back(ports + std::to_string(cabled) + " cabled");
  if (const SwitchAr* ar = fabric.adaptive_routing_of(id)) {
    lines.push_back(ar_summary(*ar));
  }
  return lines;
}

std::vector<bool> included_nodes(const Fabric& fabric, const Tiers& tiers,
                                 const RenderOptions& options) {
  std::size_t n = fabric.nodes().size();
  if (!options.focus) {
    return std::vector<bool>(n, true);
  }
  std::map<std::uint32_t, std::vector<NodeId>> units;  // chassis chips reach as one
  for (std::uint32_t i = 0; i < n; ++i) {
    units[tiers.unit_of(NodeId{i}).value].push_back(NodeId{i});
  }
  std::vector<int> dist(n, -1);
  std::deque<NodeId> queue;
  auto reach = [&](NodeId id, int d) {
    for (NodeId member : units[tiers.unit_of(id).value]) {
      if (dist[member.value] < 0) {
        dist[member.value] = d;
        queue.push_back(member);
      }
    }
  };
  reach(*options.focus, 0);
  while (!queue.empty()) {
    NodeId at = queue.front();
    queue.pop_front();
    if (dist[at.value] >= options.focus_depth) {
      continue;
    }
    for (const Port& port : fabric.ports_of(at)) {
      if (port.peer) {
        reach(fabric.node_of(*port.peer), dist[at.value] + 1);
      }
    }
  }
  std::vector<bool> included(n);
  for (std::size_t i = 0; i < n; ++i) {
    included[i] = dist[i] >= 0;
  }
  return included;
}

void add_edges(RenderModel& model, const Fabric& fabric, const Tiers& /*tiers*/) {
  std::map<BundleKey, std::size_t> bundles;
  std::vector<std::size_t> inside(model.nodes.size(), 0);
  for (PortId cable : fabric.links()) {
    const Port& a = fabric.port(cable);
    const Port& b = fabric.port(*a.peer);
    std::optional<std::size_t> box_a = model.box_of[a.node.value];
    std::optional<std::size_t> box_b = model.box_of[b.node.value];
    if (!box_a || !box_b) {
      continue;
    }
    if (*box_a == *box_b) {
      ++inside[*box_a];
      continue;
    }
    std::optional<LinkWidth> width = a.width_active ? a.width_active : b.width_active;
    std::optional<LinkSpeed> speed = a.speed_active ? a.speed_active : b.speed_active;
    BundleKey key{std::min(*box_a, *box_b), std::max(*box_a, *box_b), rate_key(width),
                  rate_key(speed)};
    auto [it, fresh] = bundles.emplace(key, model.edges.size());
    if (fresh) {
      model.edges.push_back(new_line(model, *box_a, *box_b, width, speed));
    }
    RenderEdge& edge = model.edges[it->second];
    edge.cables.push_back(cable);
    edge.cable_lines.push_back(port_text(fabric, cable) + " — " + port_text(fabric, *a.peer));
    ++edge.count;
    model.edge_of[cable.value] = it->second;
  }
  for (std::size_t i = 0; i < inside.size(); ++i) {
    if (inside[i] == 0) {
      continue;
    }
    bool chassis = model.nodes[i].kind == BoxKind::Chassis;
    std::string cables = inside[i] == 1 ? " cable" : " cables";
    model.nodes[i].tooltip.push_back(std::to_string(inside[i]) +
                                     (chassis ? cables + " inside the chassis (not drawn)"
                                              : " loopback" + cables + " (not drawn)"));
  }
}

}  // namespace ibatlas::render_detail

namespace ibatlas {

std::size_t isolate_cable(RenderModel& model, PortId cable) {
  std::size_t index = model.edge_of.at(cable.value);
  RenderEdge& bundle = model.edges[index];
  if (bundle.count <= 1) {
    return index;
  }
  auto at = std::find(bundle.cables.begin(), bundle.cables.end(), cable);
  std::size_t i = static_cast<std::size_t>(at - bundle.cables.begin());
  RenderEdge alone;
  alone.upper = bundle.upper;
  alone.lower = bundle.lower;
  alone.width = bundle.width;
  alone.speed = bundle.speed;
  alone.cables.push_back(cable);
  alone.cable_lines.push_back(bundle.cable_lines.at(i));
  alone.count = 1;
  bundle.cables.erase(at);
  bundle.cable_lines.erase(bundle.cable_lines.begin() + static_cast<std::ptrdiff_t>(i));
  --bundle.count;
  model.edges.push_back(std::move(alone));
  model.edge_of[cable.value] = model.edges.size() - 1;
  return model.edges.size() - 1;
}

void highlight_node(RenderModel& model, std::size_t node, Highlight h, std::string line) {
  RenderNode& n = model.nodes.at(node);
  n.highlight = std::max(n.highlight, h);
  if (!line.empty()) {
    n.tooltip.push_back(std::move(line));
  }
}

void highlight_edge(RenderModel& model, std::size_t edge, Highlight h, std::string line) {
  RenderEdge& e = model.edges.at(edge);
  e.highlight = std::max(e.highlight, h);
  if (!line.empty()) {
    e.tooltip.push_back(std::move(line));
  }
}

}  // namespace ibatlas
