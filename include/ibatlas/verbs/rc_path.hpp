#pragma once

// The verbs transport's path to a peer, from the snapshot: the DLID the plan chose (with LMC,
// which LID picks the path), the SL, and the path MTU — the smallest active MTU on the
// request's route through the forwarding tables, so that no packet is larger than a link on
// the way carries.

#include <cstdint>
#include <optional>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/probe_transport.hpp"
#include "ibatlas/probe/rc_probe.hpp"
#include "ibatlas/verbs/rc_endpoint.hpp"

namespace ibatlas {

// The smallest mtu_active of the ports the route from `from` to `dlid` leaves by and of the
// ports those cables arrive at. Absent when the route does not arrive (lft_route.hpp's rule)
// or a port on it has no active MTU in the snapshot: absent is not 256.
std::optional<VerbsMtu> snapshot_path_mtu(const Fabric& fabric, PortId from, Lid dlid);

// The request's path: its DLID, `sl`, and the snapshot's path MTU; without one, 4096, which
// RcEndpoint::connect caps at the local port's active MTU (what perftest uses).
RcPath rc_path(const Fabric& fabric, const ProbeRequest& request, std::uint8_t sl);

// Both sides' routes for `request` (what the controller sends each agent): forward to
// request.dlid, reverse to the source's base LID; each SL the snapshot's path SL between
// the sender's base LID and that DLID (Fabric::path_sl), 0 when none was read; one path MTU
// for both, the smaller of the two routes' (an RC connection's two QPs agree on it: a
// responder drops packets longer than its own), 4096 when the snapshot lacks one (then
// capped at the port's active MTU, as perftest does).
RcRoutes rc_routes(const Fabric& fabric, const ProbeRequest& request);

}  // namespace ibatlas
