#pragma once

// What `ibatlas show` prints: counts of what a snapshot holds and what its source lacked.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// Switches by AR state (Fabric::adaptive_routing()). enabled + disabled + settings_unknown
// + unsupported + no_answer == switches; decode_uncertain and tables_incomplete overlap them.
struct ArSummary {
  std::size_t switches = 0;          // switches with AR state: asked, whatever the answer
  std::size_t enabled = 0;           // supported, ArInfo read, enabled
  std::size_t disabled = 0;          // supported, ArInfo read, not enabled
  std::size_t settings_unknown = 0;  // supported, no ArInfo (a dump without it)
  std::size_t unsupported = 0;
  std::size_t no_answer = 0;
  std::size_t decode_uncertain = 0;
  std::size_t tables_incomplete = 0;
  friend bool operator==(const ArSummary&, const ArSummary&) = default;
};

struct FabricSummary {
  std::size_t switches = 0;
  std::size_t cas = 0;    // hosts + aggregation nodes
  std::size_t hosts = 0;  // CAs that are not SHARP aggregation nodes
  std::size_t aggregation_nodes = 0;
  std::size_t routers = 0;
  std::size_t links = 0;            // cables whose two ends name each other
  std::size_t one_sided_links = 0;  // ports naming a peer that does not name them back
  std::map<std::string, std::size_t> links_by_rate;  // "4xHDR" -> count; "unknown" if absent
  std::map<int, std::size_t> switches_by_radix;      // port count -> switches
  std::size_t down_ports = 0;                        // ports whose state is known to be Down
  std::vector<std::string> lacks;  // facts absent from every port, e.g. "port GUIDs"
  // Absent when the fabric holds no AR state: never read is not "0 enabled".
  std::optional<ArSummary> adaptive_routing;
  // Absent when the snapshot did not read SMInfo; empty: read, and no port said IsSM.
  std::optional<std::vector<SubnetManager>> subnet_managers;
};

FabricSummary summarize(const Fabric& fabric);

// nullopt when the fabric holds no AR state.
std::optional<ArSummary> summarize_ar(const Fabric& fabric);

// "4xHDR", or "unknown" when either is absent.
std::string rate_name(const Port& port);

}  // namespace ibatlas
