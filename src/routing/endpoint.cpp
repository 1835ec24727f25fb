#include "ibatlas/routing/endpoint.hpp"

#include <string>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

std::optional<Place> by_lid(const Fabric& fabric, std::uint64_t lid) {
  if (lid == 0 || lid > 0xffff) {
    return std::nullopt;
  }
  std::optional<PortId> port = fabric.find_port_by_lid(static_cast<Lid>(lid));
  if (!port) {
    return std::nullopt;
  }
  return Place{fabric.node_of(*port), port};
}

std::optional<Place> by_guid(const Fabric& fabric, Guid guid) {
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.port(PortId{i});
    if (p.guid == guid && fabric.node(p.node).type != NodeType::Switch) {
      return Place{p.node, PortId{i}};
    }
  }
  if (std::optional<NodeId> node = fabric.find_node(guid)) {
    return Place{*node, std::nullopt};
  }
  return std::nullopt;
}

// Exact description match; throws when several nodes share it.
std::optional<Place> by_name(const Fabric& fabric, std::string_view name) {
  std::optional<Place> found;
  std::size_t matches = 0;
  for (const Node& node : fabric.nodes()) {
    if (node.description == name) {
      found = Place{fabric.id_of(node), std::nullopt};
      ++matches;
    }
  }
  if (matches > 1) {
    throw Error("\"" + std::string(name) + "\" names " + std::to_string(matches) +
                " nodes; name one by GUID or LID");
  }
  return found;
}

std::optional<Place> resolve_whole(const Fabric& fabric, std::string_view text) {
  if (std::optional<std::uint64_t> lid = text::parse_decimal(text)) {
    return by_lid(fabric, *lid);
  }
  if (text.starts_with("0x") || text.starts_with("0X")) {
    std::string_view digits = text.substr(2);
    if (std::optional<std::uint64_t> value = text::parse_hex(text)) {
      return digits.size() <= 4 ? by_lid(fabric, *value) : by_guid(fabric, *value);
    }
  }
  return by_name(fabric, text);
}

}  // namespace

Place resolve_place(const Fabric& fabric, std::string_view text) {
  if (std::optional<Place> whole = resolve_whole(fabric, text)) {
    return *whole;
  }
  std::size_t open = text.rfind('[');
  if (open != std::string_view::npos && text.ends_with("]")) {
    std::optional<std::uint64_t> port =
        text::parse_decimal(text.substr(open + 1, text.size() - open - 2));
    std::optional<Place> node = resolve_whole(fabric, text.substr(0, open));
    if (node && port && *port <= 255) {
      std::optional<PortId> id = fabric.find_port(node->node, static_cast<std::uint8_t>(*port));
      if (!id) {
        throw Error("\"" + std::string(text) + "\": that node has no port " +
                    std::to_string(*port));
      }
      return Place{node->node, id};
    }
  }
  throw Error("\"" + std::string(text) + "\" names no node or port (expected a LID, a GUID, " +
              "or a node description, optionally followed by [PORT])");
}

}  // namespace ibatlas
