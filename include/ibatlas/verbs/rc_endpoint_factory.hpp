#pragma once

// The agent's verbs endpoints (probe/rc_probe.hpp) as RcEndpoints on one open device: one
// registered buffer, CQ and RC QP per request, a random 24-bit starting PSN each.

#include <memory>

#include "ibatlas/probe/rc_probe.hpp"
#include "ibatlas/verbs/rc_endpoint.hpp"

namespace ibatlas {

// REQUIRES: `device` is open. Every copy of the factory, and every endpoint it made, holds
// `device` (and whatever the shared pointer owns with it, such as its VerbsApi).
RcEndpointFactory rc_endpoint_factory(std::shared_ptr<const VerbsDevice> device);

}  // namespace ibatlas
