#pragma once

// FabricTransport's PerfMgt answers (fabric_transport_perf.cpp): a port's PortCounters from
// the Fabric, encoded as a PMA would send them.

#include "ibatlas/discover/smp_transport.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

// The reply to `request` for `target`, a port of the node that owns the request's LID.
// ClassPortInfo says IsExtendedWidthSupported when a port of the node has the unicast split
// (else NoIETF); the error details are answered when a port of the node has any of their
// fields, else rejected as an unsupported attribute, as a PMA without them does.
SmpReply answer_perf_attribute(const Fabric& fabric, const PerfRequest& request, PortId target);

}  // namespace ibatlas::test
