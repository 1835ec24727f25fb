#pragma once

// Identities (docs/checks.md). One finding per duplicated value, at the first holder in
// reading order, naming the others:
//   node.duplicate_guid          two nodes with one node GUID (a live crawl finds both; a
//                                dump usually merges them, so this fires on crawls)
//   port.duplicate_guid          two ports with one port GUID (a switch's ports share its port
//                                GUID by design and count once)
//   lid.duplicate                two ports answering to one LID, LMC ranges included
//   lid.unassigned               LID 0 or 65535 on an Active port; on a cabled port of
//                                unknown state (dumps) as a warning
//   node.duplicate_description   nodes sharing a description (aggregation nodes, which all
//                                say "Aggregation Node", and empty descriptions left out)
// A switch's LID is its port 0's (external switch ports repeat it in dumps).

#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

std::vector<Finding> check_identities(const Fabric& fabric, const AuditOptions& options);

}  // namespace ibatlas
