#include "ibatlas/findings/error_counters.hpp"

#include <array>

namespace ibatlas {

namespace {

using PC = PortCounters;
using CT = CounterThresholds;

constexpr std::array<CounterInfo, 12> kCounters = {{
    {"counter.symbol_errors", "SymbolErrorCounter", &PC::symbol_errors, &CT::symbol_errors},
    {"counter.link_error_recovery", "LinkErrorRecoveryCounter", &PC::link_error_recovery,
     &CT::link_error_recovery},
    {"counter.link_downed", "LinkDownedCounter", &PC::link_downed, &CT::link_downed},
    {"counter.rcv_errors", "PortRcvErrors", &PC::rcv_errors, &CT::rcv_errors},
    {"counter.rcv_remote_phys_errors", "PortRcvRemotePhysicalErrors", &PC::rcv_remote_phys_errors,
     &CT::rcv_remote_phys_errors},
    {"counter.rcv_switch_relay_errors", "PortRcvSwitchRelayErrors", &PC::rcv_switch_relay_errors,
     &CT::rcv_switch_relay_errors},
    {"counter.xmit_discards", "PortXmitDiscards", &PC::xmit_discards, &CT::xmit_discards},
    {"counter.xmit_constraint_errors", "PortXmitConstraintErrors", &PC::xmit_constraint_errors,
     &CT::xmit_constraint_errors},
    {"counter.rcv_constraint_errors", "PortRcvConstraintErrors", &PC::rcv_constraint_errors,
     &CT::rcv_constraint_errors},
    {"counter.local_link_integrity_errors", "LocalLinkIntegrityErrors",
     &PC::local_link_integrity_errors, &CT::local_link_integrity_errors},
    {"counter.excessive_buffer_overruns", "ExcessiveBufferOverrunErrors",
     &PC::excessive_buffer_overruns, &CT::excessive_buffer_overruns},
    {"counter.vl15_dropped", "VL15Dropped", &PC::vl15_dropped, &CT::vl15_dropped},
}};

}  // namespace

std::span<const CounterInfo> error_counters() {
  return kCounters;
}

}  // namespace ibatlas
