#pragma once

// What `ibatlas show` prints: counts of what a snapshot holds and what its source lacked.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

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
};

FabricSummary summarize(const Fabric& fabric);

// "4xHDR", or "unknown" when either is absent.
std::string rate_name(const Port& port);

}  // namespace ibatlas
