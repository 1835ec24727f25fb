#include "ibatlas/findings/finding.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <tuple>

namespace ibatlas {

namespace {

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
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Info:
      return "info";
  }
  return "?";
}

std::optional<Severity> parse_severity(std::string_view text) {
  for (Severity s : {Severity::Error, Severity::Warning, Severity::Info}) {
    if (text == to_string(s)) {
      return s;
    }
  }
  return std::nullopt;
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
      case Severity::Error:
        ++counts.errors;
        break;
      case Severity::Warning:
        ++counts.warnings;
        break;
      case Severity::Info:
        ++counts.infos;
        break;
    }
  }
  return counts;
}

}  // namespace ibatlas
