#pragma once

// Findings: what every check returns (the registry of check ids is findings/registry.hpp).
//
// A Finding names a stable check id ("link.degraded"), a severity, where it is (the whole
// fabric, a node, a port, or a link with both ends), what was measured, what was expected,
// a one-line fix hint and a message. docs/checks.md has one section per id.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Most severe first: a lower enumerator is worse.
enum class Severity : std::uint8_t { Error, Warning, Info };

std::string to_string(Severity severity);                       // "error", "warning", "info"
std::optional<Severity> parse_severity(std::string_view text);  // the same words

// True when `severity` is at least as bad as `level` (an Error reaches Warning).
inline bool reaches(Severity severity, Severity level) {
  return severity <= level;
}

// One end of a location. node_guid is absent only when a cabling plan names a node the
// fabric does not hold (then `name` is the plan's name); port is absent for node findings.
struct Endpoint {
  std::optional<Guid> node_guid;
  std::optional<std::uint8_t> port;
  std::string name;  // node-name-map name, else node description, else the GUID in hex
  friend bool operator==(const Endpoint&, const Endpoint&) = default;
};

enum class LocationKind : std::uint8_t { Fabric, Node, Port, Link };

struct Location {
  LocationKind kind = LocationKind::Fabric;
  Endpoint here;                 // unused for Fabric
  std::optional<Endpoint> peer;  // the other end, for Link (and for a Port that names a peer)
  friend bool operator==(const Location&, const Location&) = default;
};

struct Finding {
  std::string check;  // a registry id
  Severity severity = Severity::Warning;
  Location location;
  std::string measured;  // e.g. "1xHDR"; empty when a check has nothing to measure
  std::string expected;  // e.g. "4xHDR"
  std::string hint;      // one line: what to do about it
  std::string message;   // one line: what is wrong, in words
  friend bool operator==(const Finding&, const Finding&) = default;
};

// "leaf07 port 14", "leaf07 port 14 <-> spine03 port 7", "leaf07", "fabric".
std::string to_string(const Location& location);

// The order reports use: severity (worst first), then location (names in natural order,
// "leaf2" before "leaf10", then GUID and port), then check id, then message. Total and
// deterministic.
bool finding_less(const Finding& a, const Finding& b);
void sort_findings(std::vector<Finding>& findings);

// Counts of findings per severity.
struct SeverityCounts {
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
};

SeverityCounts count_by_severity(std::span<const Finding> findings);

}  // namespace ibatlas
