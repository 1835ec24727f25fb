#pragma once

// Lookups on the model that the routing code and the LFT readers and writers share: which
// port answers to each LID, as a flat array (routing looks LIDs up millions of times;
// Fabric::find_port_by_lid hashes and walks back for LMC), a node's highest port, and the
// port GUID NodeInfo reports.

#include <cstdint>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

constexpr std::uint32_t kNoPort = 0xffffffff;

// owner[lid] is the PortId value of the port whose LID range [base, base + 2^LMC) holds
// lid, kNoPort where none does. Sized to the highest LID + 1. LID 0 and LIDs above the
// unicast range (0xbfff) are never owned. When ranges overlap (duplicate LIDs, which the
// audit reports) the lowest PortId keeps the LID.
std::vector<std::uint32_t> lid_owners(const Fabric& fabric);

// The highest port number a node has: NodeInfo NumPorts, or the highest port the fabric
// knows when that is larger (ibnetdiscover -p dumps do not give NumPorts).
std::uint32_t highest_port(const Fabric& fabric, NodeId node);

// The port GUID NodeInfo reports through `port`: a switch answers with port 0's GUID on
// every port (its node GUID when port 0's is unknown); a CA or router with the port's own
// (its node GUID when unknown).
Guid reported_port_guid(const Fabric& fabric, PortId id);

}  // namespace ibatlas
