#include "support/fabric_spec.hpp"

#include <algorithm>
#include <stdexcept>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas {

void PrintTo(const PortRef& ref, std::ostream* out) {
  *out << end_string(ref) << " \"" << ref.node << '"';
}

}  // namespace ibatlas

namespace ibatlas::test {
namespace {

NodeId add(FabricBuilder& b, const NodeSpec& spec, bool states) {
  Node n;
  n.type = spec.type;
  n.guid = spec.guid;
  n.description = spec.name;
  n.port_count = static_cast<std::uint8_t>(spec.ports);
  NodeId id = b.add_node(n);
  int first = spec.type == NodeType::Switch ? 0 : 1;
  for (int i = first; i <= spec.ports; ++i) {
    Port p;
    p.number = static_cast<std::uint8_t>(i);
    p.guid = spec.type == NodeType::Switch ? spec.guid : spec.guid + static_cast<Guid>(i);
    bool carries_lid = spec.type == NodeType::Switch ? i == 0 : i == 1;
    if (carries_lid) {
      p.base_lid = spec.lid;
      p.lmc = 0;
    }
    if (states) {
      p.state = i == 0 ? PortState::Active : PortState::Down;
      p.phys_state = i == 0 ? std::nullopt : std::optional(PhysState::Polling);
    }
    b.add_port(id, p);
  }
  return id;
}

}  // namespace

NodeSpec& FabricSpec::node(const std::string& name) {
  auto it =
      std::find_if(nodes.begin(), nodes.end(), [&](const NodeSpec& n) { return n.name == name; });
  if (it == nodes.end()) {
    throw std::logic_error("no node " + name);
  }
  return *it;
}

CableSpec& FabricSpec::cable(const std::string& name, int port) {
  for (CableSpec& c : cables) {
    if ((c.a == name && c.pa == port) || (c.b == name && c.pb == port)) {
      return c;
    }
  }
  throw std::logic_error("no cable at " + name);
}

void FabricSpec::unplug(const std::string& name, int port) {
  CableSpec& c = cable(name, port);
  cables.erase(cables.begin() + (&c - cables.data()));
}

void FabricSpec::plug(const std::string& a, int pa, const std::string& b, int pb) {
  cables.push_back(CableSpec{a, pa, b, pb});
}

Fabric FabricSpec::build() const {
  FabricBuilder b;
  std::map<std::string, NodeId> ids;
  for (const NodeSpec& n : nodes) {
    ids[n.name] = add(b, n, states);
  }
  for (const CableSpec& c : cables) {
    PortId x = *b.find_port(ids.at(c.a), static_cast<std::uint8_t>(c.pa));
    PortId y = *b.find_port(ids.at(c.b), static_cast<std::uint8_t>(c.pb));
    for (PortId id : {x, y}) {
      Port& p = b.port_data(id);
      p.state = states ? std::optional(PortState::Active) : std::nullopt;
      p.phys_state = states ? std::optional(PhysState::LinkUp) : std::nullopt;
      p.width_active = c.width;
      p.speed_active = c.speed;
    }
    b.connect(x, y);
  }
  for (const auto& [where, value] : counters) {
    b.port_data(*b.find_port(ids.at(where.first), static_cast<std::uint8_t>(where.second)))
        .counters = value;
  }
  Provenance p;
  p.source = "spec";
  p.format = "test";
  p.time = time;
  b.set_provenance(p);
  return std::move(b).build();
}

FabricSpec two_tier() {
  FabricSpec s;
  s.nodes = {
      {"spine", 0x10, NodeType::Switch, 8, 1}, {"leaf1", 0x20, NodeType::Switch, 8, 2},
      {"leaf2", 0x30, NodeType::Switch, 8, 3}, {"h1", 0x100, NodeType::Ca, 1, 11},
      {"h2", 0x200, NodeType::Ca, 1, 12},      {"h3", 0x300, NodeType::Ca, 1, 13},
      {"h4", 0x400, NodeType::Ca, 1, 14},
  };
  s.cables = {
      {"leaf1", 7, "spine", 1}, {"leaf1", 8, "spine", 3}, {"leaf2", 7, "spine", 2},
      {"h1", 1, "leaf1", 1},    {"h2", 1, "leaf1", 2},    {"h3", 1, "leaf2", 1},
      {"h4", 1, "leaf2", 2},
  };
  s.time = "2026-11-01T00:00:00Z";
  return s;
}

}  // namespace ibatlas::test
