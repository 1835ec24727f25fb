#include "ibatlas/analysis/finding.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <tuple>

namespace ibatlas {

namespace {

using enum Severity;

// The registry. Order = docs/checks.md order. Titles are one line each.
constexpr std::array<CheckInfo, 40> kChecks = {{
    {"link.degraded", Error, "Link runs below what both ends enable and support"},
    {"link.capped", Warning, "Link limited by an end's enabled widths or speeds"},
    {"link.unexpected", Warning, "Link below the expected width or speed of its tier"},
    {"link.unknown_capability", Info, "Enabled/supported sets unknown: some checks cannot tell"},
    {"link.mismatch", Error, "The two ends of a link disagree"},
    {"port.not_active", Error, "Physical link up, but the port is not Active"},
    {"port.disabled", Info, "Port disabled"},
    {"port.down", Error, "Port down where a cable was"},
    {"node.duplicate_guid", Error, "Two nodes share a node GUID"},
    {"port.duplicate_guid", Error, "Two ports share a port GUID"},
    {"lid.duplicate", Error, "Two ports answer to the same LID"},
    {"lid.unassigned", Error, "LID 0 or 65535 on an active port"},
    {"node.duplicate_description", Warning, "Nodes share a node description"},
    {"topo.asymmetric", Warning, "Fat-tree switch or switch pair with unusual link counts"},
    {"topo.oversubscribed", Info, "Leaf more oversubscribed than its peers"},
    {"topo.ftree_ready", Warning, "opensm's ftree routing would reject this fabric"},
    {"counter.symbol_errors", Warning, "SymbolErrorCounter over threshold"},
    {"counter.link_error_recovery", Warning, "LinkErrorRecoveryCounter over threshold"},
    {"counter.link_downed", Warning, "LinkDownedCounter over threshold"},
    {"counter.rcv_errors", Warning, "PortRcvErrors over threshold"},
    {"counter.rcv_remote_phys_errors", Info, "PortRcvRemotePhysicalErrors over threshold"},
    {"counter.rcv_switch_relay_errors", Info, "PortRcvSwitchRelayErrors over threshold"},
    {"counter.xmit_discards", Warning, "PortXmitDiscards over threshold"},
    {"counter.xmit_constraint_errors", Info, "PortXmitConstraintErrors over threshold"},
    {"counter.rcv_constraint_errors", Info, "PortRcvConstraintErrors over threshold"},
    {"counter.local_link_integrity_errors", Warning, "LocalLinkIntegrityErrors over threshold"},
    {"counter.excessive_buffer_overruns", Warning, "ExcessiveBufferOverrunErrors over threshold"},
    {"counter.vl15_dropped", Info, "VL15Dropped over threshold"},
    {"counter.no_interval", Info, "Counter rates unknown: a snapshot lacks its time"},
    {"plan.missing", Error, "A planned cable is not there"},
    {"plan.extra", Warning, "A cable the plan does not list"},
    {"plan.miswired", Error, "A cable reaches the wrong port"},
    {"plan.wrong_speed", Error, "A planned cable runs at another width or speed"},
    {"plan.ambiguous_name", Warning, "A plan name matches several nodes"},
    // The routing checks (routing/route_checks.hpp), which return this slice: keep together.
    {"route.unreachable", Error, "Routes dropped: no entry, no table, bad or down port"},
    {"route.loop", Error, "Routes that come back to a switch they passed"},
    {"route.credit_loop", Error, "Cycle in the channel dependency graph: possible deadlock"},
    {"route.nonminimal", Warning, "Switch forwards LIDs to a neighbour no closer to them"},
    {"route.imbalance", Warning, "Ports that should share routes evenly do not"},
    {"route.asymmetric", Info, "CA pairs routed over different links each way"},
}};

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// The run of digits starting at `at`, without leading zeros; `at` moves past it.
std::string_view digit_run(std::string_view s, std::size_t& at) {
  while (at < s.size() && s[at] == '0') {
    ++at;
  }
  std::size_t begin = at;
  while (at < s.size() && is_digit(s[at])) {
    ++at;
  }
  return s.substr(begin, at - begin);
}

// Natural order: runs of digits compare by value, so "leaf2" < "leaf10".
int natural_compare(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      std::string_view na = digit_run(a, i);
      std::string_view nb = digit_run(b, j);
      if (na.size() != nb.size()) {
        return na.size() < nb.size() ? -1 : 1;
      }
      if (int c = na.compare(nb); c != 0) {
        return c;
      }
      continue;
    }
    if (a[i] != b[j]) {
      return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
    }
    ++i;
    ++j;
  }
  if (i < a.size() || j < b.size()) {
    return i < a.size() ? 1 : -1;
  }
  return a.compare(b);  // equal as numbers, different zero padding: plain order decides
}

int compare_endpoints(const Endpoint& a, const Endpoint& b) {
  if (int c = natural_compare(a.name, b.name); c != 0) {
    return c;
  }
  if (a.node_guid != b.node_guid) {
    return a.node_guid < b.node_guid ? -1 : 1;
  }
  if (a.port != b.port) {
    return a.port < b.port ? -1 : 1;
  }
  return 0;
}

int compare_locations(const Location& a, const Location& b) {
  if (a.kind == LocationKind::Fabric || b.kind == LocationKind::Fabric) {
    return static_cast<int>(a.kind != LocationKind::Fabric) -
           static_cast<int>(b.kind != LocationKind::Fabric);
  }
  if (int c = compare_endpoints(a.here, b.here); c != 0) {
    return c;
  }
  if (a.peer.has_value() != b.peer.has_value()) {
    return a.peer.has_value() ? 1 : -1;
  }
  return a.peer ? compare_endpoints(*a.peer, *b.peer) : 0;
}

std::string endpoint_text(const Endpoint& e) {
  std::string text = e.name;
  if (e.port) {
    text += " port " + std::to_string(*e.port);
  }
  return text;
}

}  // namespace

std::string to_string(Severity severity) {
  switch (severity) {
    case Error:
      return "error";
    case Warning:
      return "warning";
    case Info:
      return "info";
  }
  return "?";
}

std::optional<Severity> parse_severity(std::string_view text) {
  for (Severity s : {Error, Warning, Info}) {
    if (text == to_string(s)) {
      return s;
    }
  }
  return std::nullopt;
}

std::span<const CheckInfo> all_checks() {
  return kChecks;
}

const CheckInfo* find_check(std::string_view id) {
  for (const CheckInfo& info : kChecks) {
    if (info.id == id) {
      return &info;
    }
  }
  return nullptr;
}

std::string to_string(const Location& location) {
  switch (location.kind) {
    case LocationKind::Fabric:
      return "fabric";
    case LocationKind::Node:
      return location.here.name;
    case LocationKind::Port:
      return endpoint_text(location.here);
    case LocationKind::Link:
      return endpoint_text(location.here) + " <-> " +
             (location.peer ? endpoint_text(*location.peer) : std::string("?"));
  }
  return "?";
}

bool finding_less(const Finding& a, const Finding& b) {
  if (a.severity != b.severity) {
    return a.severity < b.severity;
  }
  if (int c = compare_locations(a.location, b.location); c != 0) {
    return c < 0;
  }
  return std::tie(a.check, a.message, a.measured, a.expected) <
         std::tie(b.check, b.message, b.measured, b.expected);
}

void sort_findings(std::vector<Finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), finding_less);
}

SeverityCounts count_by_severity(std::span<const Finding> findings) {
  SeverityCounts counts;
  for (const Finding& f : findings) {
    switch (f.severity) {
      case Error:
        ++counts.errors;
        break;
      case Warning:
        ++counts.warnings;
        break;
      case Info:
        ++counts.infos;
        break;
    }
  }
  return counts;
}

}  // namespace ibatlas
