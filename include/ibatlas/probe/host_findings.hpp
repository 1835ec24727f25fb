#pragma once

// The host doctor's findings an agent sent (docs/host.md), placed at that agent's host for
// the probe's report (docs/probe.md, "Host checks"), so each names the host it came from.

#include <span>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// `findings` as the agent of `host` (a CA port of `fabric`) sent them:
//  - a Node or Port finding on an HCA the fabric holds (by node GUID) keeps its GUID and
//    port, named by the node's description;
//  - one on an HCA the fabric does not hold keeps them, named "<host> <device>" (the host's
//    description, the agent's name for the HCA, "mlx5_0");
//  - a Fabric finding (the agent's process: host.memlock_low) moves to the host's node, its
//    message saying "agent process: ".
// Sorted (sort_findings).
std::vector<Finding> place_host_findings(const Fabric& fabric, PortId host,
                                         std::span<const Finding> findings);

}  // namespace ibatlas
