#pragma once

// Export-only writers: GraphML (Gephi, yEd, networkx), Graphviz DOT and JSON. Each writes
// every node (type, GUID, description, LID) and every link (both ends' ports, width,
// speed), sorted by GUID and port so the output is deterministic.

#include <ostream>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

void write_graphml(const Fabric& fabric, std::ostream& out);
void write_dot(const Fabric& fabric, std::ostream& out);
void write_json(const Fabric& fabric, std::ostream& out);

}  // namespace ibatlas
