#include "ibatlas/analysis/summary.hpp"

#include <functional>

namespace ibatlas {

std::string rate_name(const Port& port) {
  if (!port.width_active || !port.speed_active) {
    return "unknown";
  }
  return to_string(*port.width_active) + to_string(*port.speed_active);
}

namespace {

void count_nodes(const Fabric& fabric, FabricSummary& s) {
  for (const Node& node : fabric.nodes()) {
    switch (node.type) {
      case NodeType::Switch:
        ++s.switches;
        ++s.switches_by_radix[node.port_count];
        break;
      case NodeType::Ca:
        ++s.cas;
        ++(is_aggregation_node(node) ? s.aggregation_nodes : s.hosts);
        break;
      case NodeType::Router:
        ++s.routers;
        break;
    }
  }
}

// A fact is "lacking" when no port outside switch port 0 carries it: a source either gives a
// field for its ports or does not give it at all.
void find_lacks(const Fabric& fabric, FabricSummary& s) {
  struct Fact {
    const char* name;
    std::function<bool(const Port&)> present;
  };

  const Fact facts[] = {
      {"port GUIDs", [](const Port& p) { return p.guid.has_value(); }},
      {"LIDs", [](const Port& p) { return p.base_lid.has_value(); }},
      {"active link width", [](const Port& p) { return p.width_active.has_value(); }},
      {"active link speed", [](const Port& p) { return p.speed_active.has_value(); }},
      {"enabled link width", [](const Port& p) { return p.width_enabled.has_value(); }},
      {"enabled link speed", [](const Port& p) { return p.speed_enabled.has_value(); }},
      {"supported link width", [](const Port& p) { return p.width_supported.has_value(); }},
      {"supported link speed", [](const Port& p) { return p.speed_supported.has_value(); }},
      {"port states", [](const Port& p) { return p.state.has_value(); }},
      {"physical port states", [](const Port& p) { return p.phys_state.has_value(); }},
      {"MTU", [](const Port& p) { return p.mtu_active.has_value(); }},
      {"VL capability", [](const Port& p) { return p.vl_cap.has_value(); }},
      {"error counters", [](const Port& p) { return p.counters.has_value(); }},
  };
  for (const Fact& fact : facts) {
    bool any = false;
    for (const Port& p : fabric.ports()) {
      if (p.number != 0 && fact.present(p)) {
        any = true;
        break;
      }
    }
    if (!any) {
      s.lacks.emplace_back(fact.name);
    }
  }
  if (fabric.forwarding_tables().empty()) {
    s.lacks.emplace_back("routing tables");
  }
}

void count_ar(const SwitchAr& ar, ArSummary& s) {
  ++s.switches;
  s.decode_uncertain += ar.decode_uncertain ? 1 : 0;
  s.tables_incomplete += ar.tables_complete ? 0 : 1;
  switch (ar.support) {
    case ArSupport::Unsupported:
      ++s.unsupported;
      return;
    case ArSupport::NoAnswer:
      ++s.no_answer;
      return;
    case ArSupport::Supported:
      break;
  }
  if (!ar.info) {
    ++s.settings_unknown;
  } else {
    ++(ar.info->enabled ? s.enabled : s.disabled);
  }
}

}  // namespace

std::optional<ArSummary> summarize_ar(const Fabric& fabric) {
  if (fabric.adaptive_routing().empty()) {
    return std::nullopt;
  }
  ArSummary s;
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    count_ar(ar, s);
  }
  return s;
}

FabricSummary summarize(const Fabric& fabric) {
  FabricSummary s;
  count_nodes(fabric, s);
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.port(PortId{i});
    if (p.state == PortState::Down) {
      ++s.down_ports;
    }
    if (!p.peer) {
      continue;
    }
    if (!fabric.is_link(PortId{i})) {
      ++s.one_sided_links;
    } else if (PortId{i} <= *p.peer) {
      ++s.links;
      ++s.links_by_rate[rate_name(p)];
    }
  }
  find_lacks(fabric, s);
  s.adaptive_routing = summarize_ar(fabric);
  if (fabric.subnet_managers_read()) {
    s.subnet_managers.emplace(fabric.subnet_managers().begin(), fabric.subnet_managers().end());
  }
  return s;
}

}  // namespace ibatlas
