// Helpers shared by the export writers (graphml.cpp, dot.cpp, json_export.cpp).

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "formats/export_common.hpp"
#include "text.hpp"

namespace ibatlas::exports {

std::vector<NodeId> sorted_nodes(const Fabric& fabric) {
  std::vector<NodeId> ids;
  ids.reserve(fabric.nodes().size());
  for (const Node& node : fabric.nodes()) {
    ids.push_back(fabric.id_of(node));
  }
  std::stable_sort(ids.begin(), ids.end(), [&fabric](NodeId a, NodeId b) {
    return fabric.node(a).guid < fabric.node(b).guid;
  });
  return ids;
}

namespace {

auto end_key(const Fabric& fabric, PortId id) {
  const Port& port = fabric.port(id);
  return std::tuple(fabric.node(port.node).guid, port.number, port.node.value);
}

}  // namespace

std::vector<LinkEnds> sorted_links(const Fabric& fabric) {
  std::vector<LinkEnds> links;
  for (PortId id : fabric.links()) {
    PortId peer = *fabric.port(id).peer;
    bool swap = end_key(fabric, peer) < end_key(fabric, id);
    links.push_back(swap ? LinkEnds{peer, id} : LinkEnds{id, peer});
  }
  std::sort(links.begin(), links.end(), [&fabric](const LinkEnds& x, const LinkEnds& y) {
    return end_key(fabric, x.a) < end_key(fabric, y.a);
  });
  return links;
}

namespace {

template <typename T>
std::optional<T> lower_of(const std::optional<T>& a, const std::optional<T>& b) {
  if (a && b) {
    return std::min(*a, *b);
  }
  return a ? a : b;
}

}  // namespace

std::optional<LinkWidth> link_width(const Port& a, const Port& b) {
  return lower_of(a.width_active, b.width_active);
}

std::optional<LinkSpeed> link_speed(const Port& a, const Port& b) {
  return lower_of(a.speed_active, b.speed_active);
}

std::optional<Lid> node_lid(const Fabric& fabric, NodeId id) {
  for (const Port& port : fabric.ports_of(id)) {
    bool counts = fabric.node(id).type == NodeType::Switch ? port.number == 0 : true;
    if (counts && port.base_lid) {
      return port.base_lid;
    }
  }
  return std::nullopt;
}

std::vector<std::string> node_keys(const Fabric& fabric) {
  std::vector<std::string> keys;
  std::unordered_map<Guid, int> seen;
  keys.reserve(fabric.nodes().size());
  for (const Node& node : fabric.nodes()) {
    int earlier = seen[node.guid]++;
    keys.push_back(text::guid_text(node.guid) + (earlier ? "-" + std::to_string(earlier + 1) : ""));
  }
  return keys;
}

namespace {

template <typename Enum>
std::vector<std::string> set_names(unsigned bits, unsigned total_bits, unsigned named) {
  std::vector<std::string> names;
  for (unsigned bit = 0; bit < total_bits; ++bit) {
    if ((bits >> bit) & 1U) {
      names.push_back(bit < named ? to_string(static_cast<Enum>(bit))
                                  : "bit" + std::to_string(bit));
    }
  }
  return names;
}

}  // namespace

std::vector<std::string> width_names(WidthSet set) {
  return set_names<LinkWidth>(set.bits, 8, 5);
}

std::vector<std::string> speed_names(SpeedSet set) {
  return set_names<LinkSpeed>(set.bits, 16, 9);
}

}  // namespace ibatlas::exports
