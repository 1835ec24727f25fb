#include "ibatlas/plan_match.hpp"

#include "ibatlas/node_name_map.hpp"

#include "text.hpp"

namespace ibatlas {

NameResolver::NameResolver(const Fabric& fabric, const NodeNameMap* names) : fabric_(fabric) {
  for (const Node& n : fabric.nodes()) {
    by_description_[n.description].push_back(fabric.id_of(n));
  }
  if (names != nullptr) {
    for (const auto& [guid, name] : names->names) {
      by_mapped_name_.try_emplace(name, guid);
    }
  }
}

std::optional<NodeId> NameResolver::resolve(const std::string& name, std::size_t& matches) const {
  matches = 0;
  if (text::starts_with(name, "0x") || text::starts_with(name, "0X")) {
    if (std::optional<std::uint64_t> guid = text::parse_hex(name)) {
      std::optional<NodeId> node = fabric_.find_node(*guid);
      matches = node ? 1 : 0;
      return node;
    }
  }
  if (auto mapped = by_mapped_name_.find(name); mapped != by_mapped_name_.end()) {
    std::optional<NodeId> node = fabric_.find_node(mapped->second);
    if (node) {
      matches = 1;
      return node;
    }
  }
  auto described = by_description_.find(name);
  if (described == by_description_.end()) {
    return std::nullopt;
  }
  matches = described->second.size();
  return matches == 1 ? std::optional(described->second.front()) : std::nullopt;
}

namespace {

MatchedEnd match_end(const Fabric& fabric, const PlanEnd& end, const NameResolver& resolver) {
  MatchedEnd m;
  m.plan = &end;
  m.node = resolver.resolve(end.node, m.matches);
  if (m.node) {
    m.port = fabric.find_port(*m.node, end.port);
  }
  if (m.port) {
    m.peer = fabric.port(*m.port).peer;
  }
  return m;
}

}  // namespace

std::vector<MatchedCable> match_plan(const Fabric& fabric, const CablingPlan& plan,
                                     const NameResolver& resolver) {
  std::vector<MatchedCable> matched;
  matched.reserve(plan.cables.size());
  for (const PlannedCable& cable : plan.cables) {
    matched.push_back(MatchedCable{&cable, match_end(fabric, cable.a, resolver),
                                   match_end(fabric, cable.b, resolver)});
  }
  return matched;
}

}  // namespace ibatlas
