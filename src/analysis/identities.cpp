#include "ibatlas/analysis/identities.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>

#include "ibatlas/analysis/port_state.hpp"

#include "findings/finding_factory.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

constexpr Lid kMaxUnicastLid = 0xBFFF;
constexpr Lid kPermissiveLid = 0xFFFF;
constexpr std::size_t kListed = 5;  // holders named in a message; the rest are counted

// Something that holds an identity: a node, or one port of it.
struct Holder {
  NodeId node;
  std::optional<PortId> port;

  // Ordered by plain numbers (GCC 12's <=> on optionals can dereference an empty one).
  std::pair<std::uint32_t, std::uint32_t> key() const {
    return {node.value, port ? port->value : UINT32_MAX};
  }

  friend bool operator<(const Holder& a, const Holder& b) { return a.key() < b.key(); }
};

Finding at_holder(const FindingFactory& make, std::string_view check, const Holder& h) {
  return h.port ? make.at_port(check, *h.port) : make.at_node(check, h.node);
}

std::string holder_text(const FindingFactory& make, const Holder& h) {
  std::string text = make.name(h.node);  // with its GUID when the name is not unique
  if (h.port) {
    text += " port " + std::to_string(make.fabric().port(*h.port).number);
  }
  return text;
}

// Sorts holders in reading order and names all but the first: "a, b, c and 4 more".
std::string others_text(const FindingFactory& make, std::vector<Holder>& holders) {
  auto key = [&make](const Holder& h) {
    return std::make_tuple(make.name(h.node), make.fabric().node(h.node).guid, h.key().second);
  };
  std::sort(holders.begin(), holders.end(),
            [&key](const Holder& a, const Holder& b) { return key(a) < key(b); });
  std::string text;
  for (std::size_t i = 1; i < holders.size() && i <= kListed; ++i) {
    if (i > 1) {
      text += ", ";
    }
    text += holder_text(make, holders[i]);
  }
  if (holders.size() > kListed + 1) {
    text += " and " + std::to_string(holders.size() - kListed - 1) + " more";
  }
  return text;
}

template <typename Key>
using Groups = std::unordered_map<Key, std::vector<Holder>>;

// Groups with more than one holder, in a deterministic order (by key).
template <typename Key>
std::map<Key, std::vector<Holder>> duplicated(Groups<Key>& groups) {
  std::map<Key, std::vector<Holder>> result;
  for (auto& [key, holders] : groups) {
    if (holders.size() > 1) {
      result.emplace(key, std::move(holders));
    }
  }
  return result;
}

void node_guids(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  Groups<Guid> groups;
  for (const Node& n : fabric.nodes()) {
    groups[n.guid].push_back(Holder{fabric.id_of(n), std::nullopt});
  }
  for (auto& [guid, holders] : duplicated(groups)) {
    std::string others = others_text(make, holders);
    Finding f = at_holder(make, "node.duplicate_guid", holders.front());
    f.measured = std::to_string(holders.size()) + " nodes";
    f.expected = "1 node";
    f.message = "node GUID " + text::guid_text(guid) + " is also the GUID of " + others;
    f.hint = "a board was cloned or replaced badly: reflash the GUIDs (flint) of all but one";
    out.push_back(std::move(f));
  }
}

// A switch's ports share its port GUID and LID: it holds them once, as a node.
Holder holder_of(const Fabric& fabric, PortId port) {
  NodeId node = fabric.node_of(port);
  if (fabric.node(node).type == NodeType::Switch) {
    return Holder{node, std::nullopt};
  }
  return Holder{node, port};
}

// True when the holders are several nodes with one node GUID (node.duplicate_guid).
bool explained_by_node_guid(const Fabric& fabric, const std::vector<Holder>& holders) {
  NodeId first = holders.front().node;
  Guid guid = fabric.node(first).guid;
  bool one_guid = std::all_of(holders.begin(), holders.end(),
                              [&](const Holder& h) { return fabric.node(h.node).guid == guid; });
  bool several_nodes =
      std::any_of(holders.begin(), holders.end(), [&](const Holder& h) { return h.node != first; });
  return one_guid && several_nodes;
}

void port_guids(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  Groups<Guid> groups;
  std::set<Holder> seen;
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.port(PortId{i});
    Holder h = holder_of(fabric, PortId{i});
    if (p.guid && seen.insert(h).second) {
      groups[*p.guid].push_back(h);
    }
  }
  for (auto& [guid, holders] : duplicated(groups)) {
    if (explained_by_node_guid(fabric, holders)) {
      continue;  // nodes sharing a node GUID: node.duplicate_guid says it once
    }
    std::string others = others_text(make, holders);
    Finding f = at_holder(make, "port.duplicate_guid", holders.front());
    f.measured = std::to_string(holders.size()) + " ports";
    f.expected = "1 port";
    f.message = "port GUID " + text::guid_text(guid) + " is also the GUID of " + others;
    f.hint = "reflash the port GUIDs (flint) so that every port's is unique";
    out.push_back(std::move(f));
  }
}

// The LID of a holder and its LMC: a switch's from port 0, else its first port with a LID.
std::optional<std::pair<Lid, std::uint8_t>> lid_of(const Fabric& fabric, const Holder& h) {
  std::span<const Port> ports =
      h.port ? std::span<const Port>(&fabric.port(*h.port), 1) : fabric.ports_of(h.node);
  for (const Port& p : ports) {
    if (p.base_lid) {
      return std::make_pair(*p.base_lid, p.lmc.value_or(0));
    }
  }
  return std::nullopt;
}

// Every holder of a LID, one per node for switches.
std::vector<Holder> lid_holders(const Fabric& fabric) {
  std::vector<Holder> holders;
  for (const Node& n : fabric.nodes()) {
    NodeId id = fabric.id_of(n);
    if (n.type == NodeType::Switch) {
      holders.push_back(Holder{id, std::nullopt});
      continue;
    }
    for (std::uint32_t i = 0; i < n.ports; ++i) {
      holders.push_back(Holder{id, PortId{n.first_port.value + i}});
    }
  }
  return holders;
}

void duplicate_lids(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  Groups<Lid> groups;
  for (const Holder& h : lid_holders(fabric)) {
    std::optional<std::pair<Lid, std::uint8_t>> lid = lid_of(fabric, h);
    if (!lid || lid->first == 0 || lid->first > kMaxUnicastLid) {
      continue;
    }
    unsigned span = 1U << std::min<unsigned>(lid->second, 7U);
    for (unsigned k = 0; k < span && lid->first + k <= kMaxUnicastLid; ++k) {
      groups[static_cast<Lid>(lid->first + k)].push_back(h);
    }
  }
  std::set<std::vector<Holder>> reported;  // an LMC overlap repeats one set of holders
  for (auto& [lid, holders] : duplicated(groups)) {
    std::vector<Holder> sorted = holders;
    std::sort(sorted.begin(), sorted.end());
    if (!reported.insert(sorted).second) {
      continue;
    }
    std::string others = others_text(make, holders);
    Finding f = at_holder(make, "lid.duplicate", holders.front());
    f.measured = "LID " + std::to_string(lid) + " on " + std::to_string(holders.size()) + " ports";
    f.expected = "1 port";
    f.message = "LID " + std::to_string(lid) + " is also answered by " + others;
    f.hint = "let the SM reassign LIDs (clear its guid2lid cache and resweep)";
    out.push_back(std::move(f));
  }
}

// The state that matters for a holder's LID: the CA port's own, or a switch's port 0.
std::optional<PortState> state_of(const Fabric& fabric, const Holder& h) {
  std::optional<PortId> port = h.port ? h.port : fabric.find_port(h.node, 0);
  if (!port) {
    return std::nullopt;
  }
  return fabric.port(*port).state;
}

// A holder whose LID is 0 or 65535 and that matters: Active, or cabled with unknown state.
bool lacks_lid(const Fabric& fabric, const Holder& h, std::optional<PortState>& state) {
  std::optional<std::pair<Lid, std::uint8_t>> lid = lid_of(fabric, h);
  if (!lid || (lid->first != 0 && lid->first != kPermissiveLid)) {
    return false;
  }
  state = state_of(fabric, h);
  std::span<const Port> ports =
      h.port ? std::span<const Port>(&fabric.port(*h.port), 1) : fabric.ports_of(h.node);
  bool cabled =
      std::any_of(ports.begin(), ports.end(), [](const Port& p) { return p.peer.has_value(); });
  return state == PortState::Active || (!state && cabled);
}

// True when some holder has a LID and none a valid one: nothing was ever assigned.
bool no_lid_anywhere(const Fabric& fabric, const std::vector<Holder>& holders) {
  bool any = false;
  for (const Holder& h : holders) {
    std::optional<std::pair<Lid, std::uint8_t>> lid = lid_of(fabric, h);
    if (lid && lid->first != 0 && lid->first != kPermissiveLid) {
      return false;
    }
    any = any || lid.has_value();
  }
  return any;
}

void unassigned_lids(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  std::vector<Holder> holders = lid_holders(fabric);
  std::vector<std::pair<Holder, std::optional<PortState>>> lacking;
  for (const Holder& h : holders) {
    std::optional<PortState> state;
    if (lacks_lid(fabric, h, state)) {
      lacking.emplace_back(h, state);
    }
  }
  if (lacking.size() > 1 && no_lid_anywhere(fabric, holders)) {
    Finding f = make.at_fabric("lid.unassigned");  // one finding, not one per port
    f.measured = "no LIDs";
    f.expected = "a LID on every port";
    f.severity = Severity::Warning;
    f.message = "no port has a LID (" + std::to_string(lacking.size()) +
                " cabled ports without one): no subnet manager has run, or the file was "
                "generated rather than captured";
    f.hint = "start a subnet manager (opensm) and capture the fabric again";
    out.push_back(std::move(f));
    return;
  }
  for (const auto& [h, state] : lacking) {
    Finding f = at_holder(make, "lid.unassigned", h);
    f.measured = "LID " + std::to_string(lid_of(fabric, h)->first);
    f.expected = "a LID in 1-49151";
    f.severity = state ? Severity::Error : Severity::Warning;
    f.message = state ? "is Active without a LID: unreachable by LID-routed traffic"
                      : "is cabled but has no LID (state unknown): the SM has not assigned one";
    f.hint = "check that the subnet manager runs and sweeps this port (sminfo, SM log)";
    out.push_back(std::move(f));
  }
}

void duplicate_descriptions(const FindingFactory& make, std::vector<Finding>& out) {
  const Fabric& fabric = make.fabric();
  Groups<std::string> groups;
  for (const Node& n : fabric.nodes()) {
    if (!n.description.empty() && !is_aggregation_node(n)) {
      groups[n.description].push_back(Holder{fabric.id_of(n), std::nullopt});
    }
  }
  for (auto& [description, holders] : duplicated(groups)) {
    std::string others = others_text(make, holders);
    Finding f = at_holder(make, "node.duplicate_description", holders.front());
    f.measured = std::to_string(holders.size()) + " nodes";
    f.expected = "1 node";
    f.message = std::to_string(holders.size()) + " nodes share the description \"";
    f.message.append(description).append("\"; the others: ").append(others);
    f.hint =
        "set a unique node description on each (e.g. hostname via rdma-ndd, or the switch "
        "name), or give a --node-name-map";
    out.push_back(std::move(f));
  }
}

}  // namespace

std::vector<Finding> check_identities(const Fabric& fabric, const AuditOptions& options) {
  FindingFactory make(fabric, options.names);
  std::vector<Finding> findings;
  node_guids(make, findings);
  port_guids(make, findings);
  duplicate_lids(make, findings);
  unassigned_lids(make, findings);
  duplicate_descriptions(make, findings);
  return findings;
}

}  // namespace ibatlas
