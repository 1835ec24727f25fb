#include "ibatlas/render/diff_map.hpp"

#include <unordered_map>

#include "ibatlas/render/style.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

struct Marker {
  const Fabric& after;
  RenderModel& model;
  std::unordered_map<Guid, std::size_t> gone;  // removed nodes' boxes

  std::optional<std::size_t> box(Guid guid) const {
    if (auto it = gone.find(guid); it != gone.end()) {
      return it->second;
    }
    std::optional<NodeId> node = after.find_node(guid);
    return node ? model.box_of[node->value] : std::nullopt;
  }

  // The line of the cable at the node's port in NEW, on its own.
  std::optional<std::size_t> cable(const PortRef& at) {
    std::optional<NodeId> node = after.find_node(at.node_guid);
    if (!node || !at.port) {
      return std::nullopt;
    }
    std::optional<PortId> port = after.find_port(*node, *at.port);
    if (!port || !after.port(*port).peer || !after.is_link(*port)) {
      return std::nullopt;
    }
    PortId lower = std::min(*port, *after.port(*port).peer);
    if (!model.edge_of.contains(lower.value)) {
      return std::nullopt;
    }
    return isolate_cable(model, lower);
  }

  void removed_cable(const PortRef& from, const PortRef& to, const std::string& text) {
    std::optional<std::size_t> a = box(from.node_guid);
    std::optional<std::size_t> b = box(to.node_guid);
    if (!a || !b || *a == *b) {
      model.notes.push_back(text);
      return;
    }
    RenderEdge edge;
    bool a_upper = model.nodes[*a].tier.value_or(-1) >= model.nodes[*b].tier.value_or(-1);
    edge.upper = a_upper ? *a : *b;
    edge.lower = a_upper ? *b : *a;
    edge.count = 1;
    edge.cable_lines.push_back(end_string(from) + " — " + end_string(to));
    model.edges.push_back(std::move(edge));
    highlight_edge(model, model.edges.size() - 1, Highlight::Removed, text);
  }

  void removed_node(const Change& c, const std::string& text) {
    RenderNode node;
    node.id = "x" + text::guid_text(c.at.node_guid).substr(2);
    node.kind = BoxKind::Gone;
    node.label = c.at.node.empty() ? text::guid_text(c.at.node_guid) : c.at.node;
    node.tooltip = {node.label + " (removed)", "GUID " + text::guid_text(c.at.node_guid)};
    model.nodes.push_back(std::move(node));
    gone[c.at.node_guid] = model.nodes.size() - 1;
    highlight_node(model, model.nodes.size() - 1, Highlight::Removed, text);
  }

  void on_node(const Change& c, Highlight h, const std::string& text) {
    std::optional<std::size_t> b = box(c.at.node_guid);
    if (!b) {
      model.notes.push_back(text);
      return;
    }
    bool alone = model.nodes[*b].members.size() == 1;
    highlight_node(model, *b, alone ? h : Highlight::Changed, text);
  }

  void on_cable_or_node(const Change& c, Highlight h, const std::string& text) {
    if (std::optional<std::size_t> e = cable(c.at)) {
      highlight_edge(model, *e, h, text);
    } else {
      on_node(c, Highlight::Changed, text);
    }
  }

  void mark(const Change& c);
};

std::string change_text(const Change& c) {
  return std::string(to_string(c.kind)) + " at " + end_string(c.at) + ": " +
         c.before.value_or("–") + " → " + c.after.value_or("–");
}

void Marker::mark(const Change& c) {
  std::string text = change_text(c);
  switch (c.kind) {
    case ChangeKind::NodeAdded:
      on_node(c, Highlight::Added, text);
      break;
    case ChangeKind::NodeRemoved:
      removed_node(c, text);
      break;
    case ChangeKind::CableAdded:
      on_cable_or_node(c, Highlight::Added, text);
      break;
    case ChangeKind::CableRemoved:
      if (c.peer_before) {
        removed_cable(c.at, *c.peer_before, text);
      }
      break;
    case ChangeKind::CableMoved:
    case ChangeKind::CableSwapped:
      on_cable_or_node(c, Highlight::Changed, text);
      if (c.peer_before) {
        removed_cable(c.at, *c.peer_before, text);
      }
      break;
    case ChangeKind::LinkDegraded:
    case ChangeKind::LinkRestored:
    case ChangeKind::PortStateChanged:
    case ChangeKind::CounterDelta:
      on_cable_or_node(c, Highlight::Changed, text);
      break;
    case ChangeKind::NodeReplaced:
    case ChangeKind::LidChanged:
    case ChangeKind::DescriptionChanged:
    case ChangeKind::ArSupportChanged:
    case ChangeKind::ArDisabled:
    case ChangeKind::ArEnabled:
    case ChangeKind::ArSettingChanged:
    case ChangeKind::ArLftChanged:
    case ChangeKind::ArGroupChanged:
    case ChangeKind::SmMasterChanged:
    case ChangeKind::SmChanged:
      on_node(c, Highlight::Changed, text);
      break;
  }
}

}  // namespace

RenderModel diff_map_model(const Fabric& after, std::span<const Change> changes) {
  RenderOptions options;
  for (const Change& c : changes) {
    options.unfold.insert(c.at.node_guid);
    for (const auto& peer : {c.peer_before, c.peer_after}) {
      if (peer) {
        options.unfold.insert(peer->node_guid);
      }
    }
  }
  RenderModel model = build_render_model(after, infer_tiers(after), options);
  Marker marker{after, model, {}};
  for (const Change& c : changes) {  // removed nodes first: removed cables may end there
    if (c.kind == ChangeKind::NodeRemoved) {
      marker.mark(c);
    }
  }
  for (const Change& c : changes) {
    if (c.kind != ChangeKind::NodeRemoved) {
      marker.mark(c);
    }
  }
  return model;
}

}  // namespace ibatlas
