#include "ibatlas/analysis/port_state.hpp"

#include <string>

#include "findings/finding_factory.hpp"

namespace ibatlas {

std::string state_text(const Port& port) {
  return (port.state ? to_string(*port.state) : std::string("?")) + "/" +
         (port.phys_state ? to_string(*port.phys_state) : std::string("?"));
}

namespace {

bool stuck(const Port& p) {
  return p.state == PortState::Init || p.state == PortState::Armed;
}

bool external(const Fabric& fabric, const Port& p) {
  return p.number != 0 || fabric.node(p.node).type != NodeType::Switch;
}

// True when some port is linked and has a known state, and none of those is Active.
bool no_port_active(const Fabric& fabric, std::size_t& linked) {
  linked = 0;
  for (const Port& p : fabric.ports()) {
    if (!external(fabric, p) || !p.state || *p.state == PortState::Down) {
      continue;
    }
    if (*p.state == PortState::Active) {
      return false;
    }
    ++linked;
  }
  return linked >= 2;
}

void not_active(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  std::size_t linked = 0;
  if (no_port_active(fabric, linked)) {
    Finding f = make.at_fabric("port.not_active");
    f.measured = std::to_string(linked) + " linked ports, none Active";
    f.expected = "Active";
    f.message = "no linked port is Active: no subnet manager has brought the fabric up";
    f.hint = "start a subnet manager (opensm) or check why it is not master (sminfo)";
    out.push_back(std::move(f));
    return;
  }
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    PortId id{i};
    const Port& p = fabric.port(id);
    if (!external(fabric, p) || !stuck(p)) {
      continue;
    }
    bool pair = fabric.is_link(id) && stuck(fabric.port(*p.peer));
    if (pair && *p.peer < id) {
      continue;  // reported with its peer
    }
    Finding f = make.at_port("port.not_active", id);
    if (pair) {
      auto [here, there] = make.link_ends(id, *p.peer);
      f = make.at_link("port.not_active", here, there);
    }
    f.measured = state_text(p);
    f.expected = "Active/LinkUp";
    f.message = std::string(pair ? "both ends are " : "is ") + to_string(*p.state) +
                " with the physical link up: the subnet manager has not activated it";
    f.hint = "check the SM log for this port (bad M_Key, partition or MTU?), then resweep";
    out.push_back(std::move(f));
  }
}

void disabled(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.port(PortId{i});
    if (external(fabric, p) && p.phys_state == PhysState::Disabled) {
      Finding f = make.at_port("port.disabled", PortId{i});
      f.measured = state_text(p);
      f.expected = "enabled";
      f.message = "is disabled; fine if intended (an isolated bad link or host)";
      f.hint = "re-enable it when it should carry traffic (ibportstate <lid> <port> enable)";
      out.push_back(std::move(f));
    }
  }
}

// The port of `current` with the same node GUID and number as baseline port `old`.
struct Counterpart {
  PortId old;
  bool node_present = false;
  std::optional<PortId> port;
};

Counterpart counterpart(const Fabric& current, const Fabric& baseline, PortId old) {
  Counterpart c{old};
  std::optional<NodeId> node = current.find_node(baseline.node(baseline.node_of(old)).guid);
  c.node_present = node.has_value();
  if (node) {
    c.port = current.find_port(*node, baseline.port(old).number);
  }
  return c;
}

std::string end_state(const Fabric& current, const Counterpart& c) {
  if (!c.node_present) {
    return "node absent";
  }
  const Port* p = c.port ? &current.port(*c.port) : nullptr;
  return p == nullptr || (!p->state && !p->phys_state) ? "not connected" : state_text(*p);
}

Endpoint endpoint_of(const FindingFactory& now, const FindingFactory& then, const Counterpart& c) {
  return c.port ? now.endpoint(*c.port) : then.endpoint(c.old);
}

Finding down_finding(const FindingFactory& now, const FindingFactory& then, Counterpart here,
                     Counterpart there) {
  const Fabric& current = now.fabric();
  if (!here.port && there.port) {
    std::swap(here, there);  // name the end we can still see first
  }
  Finding f = now.at_fabric("port.down");
  f.location.kind = LocationKind::Link;
  f.location.here = endpoint_of(now, then, here);
  f.location.peer = endpoint_of(now, then, there);
  f.measured = end_state(current, here) + " / " + end_state(current, there);
  f.expected = "cabled";
  const std::optional<std::string>& when = then.fabric().provenance().time;
  f.message = "was cabled to " + f.location.peer->name + " port " +
              std::to_string(*f.location.peer->port) + " in the earlier snapshot" +
              (when ? " (" + *when + ")" : std::string()) + ", now " + end_state(current, here);
  f.hint = "reconnect or replace the cable; check that the far end is powered";
  return f;
}

void down(const FindingFactory& now, const FindingFactory& then, std::vector<Finding>& out) {
  const Fabric& current = now.fabric();
  const Fabric& baseline = then.fabric();
  for (PortId link : baseline.links()) {
    auto [old_here, old_there] = then.link_ends(link, *baseline.port(link).peer);
    Counterpart here = counterpart(current, baseline, old_here);
    Counterpart there = counterpart(current, baseline, old_there);
    auto cabled = [&current](const Counterpart& c) {
      return c.port && current.port(*c.port).peer.has_value();
    };
    if (!cabled(here) && !cabled(there)) {
      out.push_back(down_finding(now, then, here, there));
    }
  }
}

}  // namespace

std::vector<Finding> check_port_state(const Fabric& fabric, const AuditOptions& options) {
  FindingFactory make(fabric, options.names);
  std::vector<Finding> findings;
  not_active(make, findings);
  disabled(make, findings);
  if (options.baseline != nullptr) {
    down(make, FindingFactory(*options.baseline, options.names), findings);
  }
  return findings;
}

}  // namespace ibatlas
