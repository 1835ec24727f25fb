#include "ibatlas/fabric.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace ibatlas {

std::span<const Port> Fabric::ports_of(NodeId id) const {
  const Node& n = node(id);
  return std::span<const Port>(ports_).subspan(n.first_port.value, n.ports);
}

PortId Fabric::id_of(const Port& port) const {
  return PortId{static_cast<std::uint32_t>(&port - ports_.data())};
}

NodeId Fabric::id_of(const Node& node) const {
  return NodeId{static_cast<std::uint32_t>(&node - nodes_.data())};
}

std::optional<NodeId> Fabric::find_node(Guid guid) const {
  auto it = node_by_guid_.find(guid);
  if (it == node_by_guid_.end()) {
    return std::nullopt;
  }
  return it->second;
}

std::optional<PortId> Fabric::find_port(NodeId node_id, std::uint8_t number) const {
  std::span<const Port> ports = ports_of(node_id);
  auto it = std::lower_bound(ports.begin(), ports.end(), number,
                             [](const Port& p, std::uint8_t n) { return p.number < n; });
  if (it == ports.end() || it->number != number) {
    return std::nullopt;
  }
  return id_of(*it);
}

std::optional<PortId> Fabric::find_port_by_lid(Lid lid) const {
  auto exact = port_by_base_lid_.find(lid);
  if (exact != port_by_base_lid_.end()) {
    return exact->second;
  }
  // With LMC > 0 a port answers to 2^LMC LIDs from its base LID; look for a base LID
  // at most 127 below (LMC is at most 7).
  for (int back = 1; back < 128 && back <= lid; ++back) {
    auto it = port_by_base_lid_.find(static_cast<Lid>(lid - back));
    if (it == port_by_base_lid_.end()) {
      continue;
    }
    const Port& p = port(it->second);
    if (p.lmc && back < (1 << *p.lmc)) {
      return it->second;
    }
  }
  return std::nullopt;
}

bool Fabric::is_link(PortId a) const {
  const Port& p = port(a);
  return p.peer && port(*p.peer).peer == a;
}

std::vector<PortId> Fabric::links() const {
  std::vector<PortId> result;
  for (std::uint32_t i = 0; i < ports_.size(); ++i) {
    PortId id{i};
    if (is_link(id) && id <= *ports_[i].peer) {
      result.push_back(id);
    }
  }
  return result;
}

bool operator==(const Fabric& a, const Fabric& b) {
  // The indexes are functions of the vectors, so comparing the vectors is enough.
  return a.nodes_ == b.nodes_ && a.ports_ == b.ports_ && a.tables_ == b.tables_ &&
         a.sl_to_vl_ == b.sl_to_vl_ && a.path_sls_ == b.path_sls_ && a.ar_ == b.ar_ &&
         a.sms_ == b.sms_ && a.sms_read_ == b.sms_read_ && a.provenance_ == b.provenance_;
}

std::optional<std::uint8_t> Fabric::path_sl(Lid source, Lid destination) const {
  auto it = std::lower_bound(path_sls_.begin(), path_sls_.end(), source,
                             [](const PathSlRow& row, Lid lid) { return row.source < lid; });
  if (it == path_sls_.end() || it->source != source || destination >= it->sl.size() ||
      it->sl[destination] == PathSlRow::kUnknown) {
    return std::nullopt;
  }
  return it->sl[destination];
}

const SwitchAr* Fabric::adaptive_routing_of(NodeId switch_node) const {
  auto it = std::lower_bound(ar_.begin(), ar_.end(), switch_node,
                             [](const SwitchAr& ar, NodeId id) { return ar.switch_node < id; });
  return it != ar_.end() && it->switch_node == switch_node ? &*it : nullptr;
}

std::string to_string(SmState state) {
  switch (state) {
    case SmState::NotActive:
      return "not active";
    case SmState::Discovering:
      return "discovering";
    case SmState::Standby:
      return "standby";
    case SmState::Master:
      return "master";
  }
  return "unknown";
}

std::optional<SmState> parse_sm_state(std::string_view text) {
  for (SmState s : {SmState::NotActive, SmState::Discovering, SmState::Standby, SmState::Master}) {
    if (text == to_string(s)) {
      return s;
    }
  }
  return std::nullopt;
}

bool is_aggregation_node(const Node& node) {
  return node.type == NodeType::Ca &&
         node.description.find("Aggregation Node") != std::string::npos;
}

std::string to_string(NodeType type) {
  switch (type) {
    case NodeType::Ca:
      return "CA";
    case NodeType::Switch:
      return "Switch";
    case NodeType::Router:
      return "Router";
  }
  return "?";
}

namespace {

constexpr std::array<const char*, 5> kWidthNames = {"1x", "2x", "4x", "8x", "12x"};
constexpr std::array<int, 5> kWidthLanes = {1, 2, 4, 8, 12};
constexpr std::array<const char*, 9> kSpeedNames = {"SDR", "DDR", "QDR", "FDR10", "FDR",
                                                    "EDR", "HDR", "NDR", "XDR"};
// Per-lane data rate after line encoding: 8b/10b up to QDR, 64b/66b from FDR10 on, PAM4
// from HDR on (IBA vol. 2 and the rates iblinkinfo prints).
constexpr std::array<double, 9> kLaneGbps = {
    2.0, 4.0, 8.0, 10.3125 * 64 / 66, 14.0625 * 64 / 66, 25.78125 * 64 / 66, 50.0, 100.0, 200.0};

}  // namespace

std::string to_string(LinkWidth width) {
  return kWidthNames.at(static_cast<std::size_t>(width));
}

std::string to_string(LinkSpeed speed) {
  return kSpeedNames.at(static_cast<std::size_t>(speed));
}

std::string to_string(PortState state) {
  switch (state) {
    case PortState::Down:
      return "Down";
    case PortState::Init:
      return "Initialize";
    case PortState::Armed:
      return "Armed";
    case PortState::Active:
      return "Active";
  }
  return "?";
}

std::string to_string(PhysState state) {
  switch (state) {
    case PhysState::Sleep:
      return "Sleep";
    case PhysState::Polling:
      return "Polling";
    case PhysState::Disabled:
      return "Disabled";
    case PhysState::Training:
      return "PortConfigurationTraining";
    case PhysState::LinkUp:
      return "LinkUp";
    case PhysState::LinkErrorRecovery:
      return "LinkErrorRecovery";
    case PhysState::PhyTest:
      return "PhyTest";
  }
  return "?";
}

int mtu_bytes(Mtu mtu) {
  return 128 << static_cast<int>(mtu);
}

std::optional<LinkWidth> parse_width(std::string_view text) {
  for (std::size_t i = 0; i < kWidthNames.size(); ++i) {
    std::string_view name = kWidthNames[i];
    if (text.size() == name.size() &&
        text.substr(0, text.size() - 1) == name.substr(0, name.size() - 1) &&
        (text.back() == 'x' || text.back() == 'X')) {
      return static_cast<LinkWidth>(i);
    }
  }
  return std::nullopt;
}

std::optional<LinkSpeed> parse_speed(std::string_view text) {
  for (std::size_t i = 0; i < kSpeedNames.size(); ++i) {
    if (text == kSpeedNames[i]) {
      return static_cast<LinkSpeed>(i);
    }
  }
  return std::nullopt;
}

std::optional<LinkSpeed> parse_speed_any_case(std::string_view text) {
  std::string upper(text);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return parse_speed(upper);
}

double lane_rate_gbps(LinkSpeed speed) {
  return kLaneGbps.at(static_cast<std::size_t>(speed));
}

int lanes(LinkWidth width) {
  return kWidthLanes.at(static_cast<std::size_t>(width));
}

}  // namespace ibatlas
