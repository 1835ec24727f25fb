// Findings on a map, and finding the --focus node.

#include <algorithm>

#include "ibatlas/error.hpp"
#include "ibatlas/render/render_model.hpp"
#include "ibatlas/render/style.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

Highlight highlight_of(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return Highlight::Error;
    case Severity::Warning:
      return Highlight::Warning;
    case Severity::Info:
      break;
  }
  return Highlight::None;
}

std::string finding_text(const Finding& f) {
  std::string text = to_string(f.severity) + " " + f.check + ": " + f.message;
  if (!f.hint.empty()) {
    text += " (fix: " + f.hint + ")";
  }
  return text;
}

// The cable at `node`'s port `number`, by its lower PortId, when there is one.
std::optional<PortId> cable_at(const Fabric& fabric, NodeId node, std::uint8_t number) {
  std::optional<PortId> port = fabric.find_port(node, number);
  if (!port || !fabric.port(*port).peer || !fabric.is_link(*port)) {
    return std::nullopt;
  }
  return std::min(*port, *fabric.port(*port).peer);
}

// Marks the line of the finding's cable; false when it names no drawn cable.
bool mark_cable(RenderModel& model, const Fabric& fabric, const Finding& f, NodeId node) {
  const Endpoint& here = f.location.here;
  if (!here.port) {
    return false;
  }
  std::optional<PortId> cable = cable_at(fabric, node, *here.port);
  if (!cable || !model.edge_of.contains(cable->value)) {
    return false;
  }
  Highlight h = highlight_of(f.severity);
  std::size_t edge =
      h == Highlight::None ? model.edge_of.at(cable->value) : isolate_cable(model, *cable);
  highlight_edge(model, edge, h, finding_text(f));
  ++model.edges[edge].findings;
  return true;
}

}  // namespace

void mark_findings(RenderModel& model, const Fabric& fabric, std::span<const Finding> findings) {
  for (const Finding& f : findings) {
    const Endpoint& here = f.location.here;
    std::optional<NodeId> node;
    if (f.location.kind != LocationKind::Fabric && here.node_guid) {
      node = fabric.find_node(*here.node_guid);
    }
    if (!node) {
      model.notes.push_back(finding_text(f) + (f.location.kind == LocationKind::Fabric
                                                   ? ""
                                                   : " [" + to_string(f.location) + "]"));
      continue;
    }
    if (mark_cable(model, fabric, f, *node)) {
      continue;
    }
    std::optional<std::size_t> box = model.box_of.at(node->value);
    if (!box) {
      continue;  // outside the focus
    }
    std::string where = here.port ? "port " + std::to_string(*here.port) + ": " : "";
    highlight_node(model, *box, highlight_of(f.severity), where + finding_text(f));
    ++model.nodes[*box].findings;
  }
}

std::unordered_set<Guid> guids_named(std::span<const Finding> findings) {
  std::unordered_set<Guid> guids;
  for (const Finding& f : findings) {
    if (f.severity == Severity::Info || f.location.kind == LocationKind::Fabric) {
      continue;
    }
    if (f.location.here.node_guid) {
      guids.insert(*f.location.here.node_guid);
    }
    if (f.location.peer && f.location.peer->node_guid) {
      guids.insert(*f.location.peer->node_guid);
    }
  }
  return guids;
}

namespace {

std::optional<NodeId> by_number(const Fabric& fabric, const std::string& what) {
  if (what.starts_with("0x") || what.starts_with("0X")) {
    std::optional<std::uint64_t> guid = text::parse_hex(what);
    if (!guid) {
      return std::nullopt;
    }
    std::optional<NodeId> node = fabric.find_node(*guid);
    if (node) {
      return node;
    }
    for (const Port& port : fabric.ports()) {  // a CA's port GUID names its node too
      if (port.guid == *guid) {
        return port.node;
      }
    }
    return std::nullopt;
  }
  std::optional<std::uint64_t> lid = text::parse_decimal(what);
  if (!lid || *lid > 0xffff) {
    return std::nullopt;
  }
  std::optional<PortId> port = fabric.find_port_by_lid(static_cast<Lid>(*lid));
  return port ? std::optional<NodeId>(fabric.node_of(*port)) : std::nullopt;
}

}  // namespace

NodeId find_focus_node(const Fabric& fabric, const std::string& what) {
  if (std::optional<NodeId> node = by_number(fabric, what)) {
    return *node;
  }
  std::vector<NodeId> matches;
  for (const Node& node : fabric.nodes()) {
    if (node.description == what || display_name(node) == what) {
      matches.push_back(fabric.id_of(node));
    }
  }
  if (matches.size() == 1) {
    return matches.front();
  }
  if (matches.empty()) {
    throw Error("--focus " + quote_found(what) +
                ": no node has that GUID, LID, description or host name");
  }
  std::string list;
  for (std::size_t i = 0; i < matches.size() && i < 5; ++i) {
    list += (i ? ", " : "") + text::guid_text(fabric.node(matches[i]).guid);
  }
  throw Error("--focus " + quote_found(what) + " matches " + std::to_string(matches.size()) +
              " nodes (" + list + "): give a GUID");
}

}  // namespace ibatlas
