#pragma once

// The RDMA verbs transport for `probe --transport verbs` and `agent --transport verbs`
// (docs/probe.md, "Verbs transport"). Implemented twice, like crawl_live: verbs_ibv.cpp over
// libibverbs (src/verbs/), and verbs_none.cpp for builds and test programs without it.

#include <cstdint>
#include <string>
#include <vector>

#include "ibatlas/findings/finding.hpp"

namespace ibatlas::cli {

// Opens this host's RDMA device `ca` (empty: the first) and `port` (0: port 1) as the
// transport does, registers one probe buffer and creates one RC QP, then releases them.
// Returns what stops the transport here (probe.transport_unavailable, host.memlock_low),
// or nothing when it could run. Never throws for a missing device.
std::vector<Finding> check_verbs_device(const std::string& ca, int port);

}  // namespace ibatlas::cli
