#pragma once

// `--trace SRC DST`: one route followed through the forwarding tables, offline, printed the
// way ibtracert prints it.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/routing/route_report.hpp"

namespace ibatlas {

struct TraceStep {
  PortId out;  // the port the packet leaves by
  PortId in;   // the port it arrives at
};

struct Trace {
  PortId from;
  Lid lid = 0;
  std::vector<TraceStep> steps;
  RouteFate fate = RouteFate::Delivered;
  std::optional<PortId> to;    // Delivered: the port answering to lid
  std::optional<NodeId> stop;  // otherwise: where it ended (the culprit)
  std::string problem;         // otherwise: what went wrong, in words
};

// Follows the route from `from` (a CA/router port, or any port of a switch) to `lid`, links
// counting as working as in validation (both ends Active when known). Stops at delivery, a
// drop, or the first switch met twice. Never throws.
Trace trace_route(const Fabric& fabric, PortId from, Lid lid);

// ibtracert's output (infiniband-diags ibtracert.c, default verbosity): "From ca {guid}
// portnum 1 lid 2-2 "name"", one "[out] -> switch port {guid}[in] lid 5-5 "name"" per hop,
// "To ...". A route that does not arrive ends with a line saying why instead of "To".
void write_trace(const Fabric& fabric, const Trace& trace, std::ostream& out);

}  // namespace ibatlas
