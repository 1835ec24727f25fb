#pragma once

// The counter families of export --to prometheus, one per PortCounters field
// (docs/prometheus.md lists them with treydock/infiniband_exporter's names).

#include <array>
#include <cstdint>
#include <optional>

#include "ibatlas/fabric.hpp"

namespace ibatlas::prometheus_families {

struct Family {
  const char* name;
  const char* type;  // "counter" or "gauge"
  const char* help;
};

struct CounterFamily {
  Family family;
  std::optional<std::uint64_t> PortCounters::*member;
  std::uint64_t scale;
};

// Names as treydock/infiniband_exporter's, with ibatlas_port_ for infiniband_switch_port_
// and infiniband_hca_port_ (docs/prometheus.md).
constexpr std::array<CounterFamily, 31> kCounters = {{
    {{"ibatlas_port_symbol_error_total", "counter",
      "Minor link errors detected on one or more physical lanes (SymbolErrorCounter)."},
     &PortCounters::symbol_errors,
     1},
    {{"ibatlas_port_link_error_recovery_total", "counter",
      "Times the link completed the link error recovery process (LinkErrorRecoveryCounter)."},
     &PortCounters::link_error_recovery,
     1},
    {{"ibatlas_port_link_downed_total", "counter",
      "Times link error recovery failed and the link went down (LinkDownedCounter)."},
     &PortCounters::link_downed,
     1},
    {{"ibatlas_port_receive_errors_total", "counter",
      "Received packets containing an error (PortRcvErrors)."},
     &PortCounters::rcv_errors,
     1},
    {{"ibatlas_port_receive_remote_physical_errors_total", "counter",
      "Received packets marked with the EBP delimiter (PortRcvRemotePhysicalErrors)."},
     &PortCounters::rcv_remote_phys_errors,
     1},
    {{"ibatlas_port_receive_switch_relay_errors_total", "counter",
      "Received packets discarded because they could not be forwarded by the switch relay "
      "(PortRcvSwitchRelayErrors)."},
     &PortCounters::rcv_switch_relay_errors,
     1},
    {{"ibatlas_port_transmit_discards_total", "counter",
      "Outbound packets discarded because the port was down or congested (PortXmitDiscards)."},
     &PortCounters::xmit_discards,
     1},
    {{"ibatlas_port_transmit_constraint_errors_total", "counter",
      "Outbound packets discarded by partition or rate-limit constraints "
      "(PortXmitConstraintErrors)."},
     &PortCounters::xmit_constraint_errors,
     1},
    {{"ibatlas_port_receive_constraint_errors_total", "counter",
      "Inbound packets discarded by partition or rate-limit constraints "
      "(PortRcvConstraintErrors)."},
     &PortCounters::rcv_constraint_errors,
     1},
    {{"ibatlas_port_local_link_integrity_errors_total", "counter",
      "Times local physical errors exceeded the threshold (LocalLinkIntegrityErrors)."},
     &PortCounters::local_link_integrity_errors,
     1},
    {{"ibatlas_port_excessive_buffer_overrun_errors_total", "counter",
      "Times consecutive flow control update periods had an overrun "
      "(ExcessiveBufferOverrunErrors)."},
     &PortCounters::excessive_buffer_overruns,
     1},
    {{"ibatlas_port_vl15_dropped_total", "counter",
      "Incoming VL15 packets dropped for lack of buffers (VL15Dropped)."},
     &PortCounters::vl15_dropped,
     1},
    {{"ibatlas_port_transmit_wait_total", "counter",
      "Ticks during which the port had data to send but no flow-control credits "
      "(PortXmitWait)."},
     &PortCounters::xmit_wait,
     1},
    {{"ibatlas_port_transmit_data_bytes_total", "counter",
      "Data octets transmitted (PortXmitData, counted in 4-octet words, times 4)."},
     &PortCounters::xmit_data,
     4},
    {{"ibatlas_port_receive_data_bytes_total", "counter",
      "Data octets received (PortRcvData, counted in 4-octet words, times 4)."},
     &PortCounters::rcv_data,
     4},
    {{"ibatlas_port_transmit_packets_total", "counter", "Packets transmitted (PortXmitPkts)."},
     &PortCounters::xmit_pkts,
     1},
    {{"ibatlas_port_receive_packets_total", "counter", "Packets received (PortRcvPkts)."},
     &PortCounters::rcv_pkts,
     1},
    {{"ibatlas_port_unicast_transmit_packets_total", "counter",
      "Unicast packets transmitted (PortUnicastXmitPkts, PortCountersExtended)."},
     &PortCounters::unicast_xmit_pkts,
     1},
    {{"ibatlas_port_unicast_receive_packets_total", "counter",
      "Unicast packets received (PortUnicastRcvPkts, PortCountersExtended)."},
     &PortCounters::unicast_rcv_pkts,
     1},
    {{"ibatlas_port_multicast_transmit_packets_total", "counter",
      "Multicast packets transmitted (PortMulticastXmitPkts, PortCountersExtended)."},
     &PortCounters::multicast_xmit_pkts,
     1},
    {{"ibatlas_port_multicast_receive_packets_total", "counter",
      "Multicast packets received (PortMulticastRcvPkts, PortCountersExtended)."},
     &PortCounters::multicast_rcv_pkts,
     1},
    {{"ibatlas_port_local_physical_errors_total", "counter",
      "Received packets with a local physical error: ICRC, VCRC, FCCRC and other physical errors "
      "(PortLocalPhysicalErrors, PortRcvErrorDetails)."},
     &PortCounters::local_physical_errors,
     1},
    {{"ibatlas_port_malformed_packet_errors_total", "counter",
      "Received packets that were malformed (PortMalformedPktErrors, PortRcvErrorDetails)."},
     &PortCounters::malformed_packet_errors,
     1},
    {{"ibatlas_port_buffer_overrun_errors_total", "counter",
      "Received packets discarded for a buffer overrun (PortBufferOverrunErrors, "
      "PortRcvErrorDetails)."},
     &PortCounters::buffer_overrun_errors,
     1},
    {{"ibatlas_port_dlid_mapping_errors_total", "counter",
      "Received packets discarded because their DLID maps to no port (PortDLIDMappingErrors, "
      "PortRcvErrorDetails)."},
     &PortCounters::dlid_mapping_errors,
     1},
    {{"ibatlas_port_vl_mapping_errors_total", "counter",
      "Received packets discarded for an invalid VL mapping (PortVLMappingErrors, "
      "PortRcvErrorDetails)."},
     &PortCounters::vl_mapping_errors,
     1},
    {{"ibatlas_port_looping_errors_total", "counter",
      "Received packets discarded because they would leave by the port they came in on "
      "(PortLoopingErrors, PortRcvErrorDetails)."},
     &PortCounters::looping_errors,
     1},
    {{"ibatlas_port_inactive_discards_total", "counter",
      "Outbound packets discarded because the port was not Active (PortInactiveDiscards, "
      "PortXmitDiscardDetails)."},
     &PortCounters::inactive_discards,
     1},
    {{"ibatlas_port_neighbor_mtu_discards_total", "counter",
      "Outbound packets discarded for exceeding the neighbor MTU (PortNeighborMTUDiscards, "
      "PortXmitDiscardDetails)."},
     &PortCounters::neighbor_mtu_discards,
     1},
    {{"ibatlas_port_sw_lifetime_limit_discards_total", "counter",
      "Outbound packets discarded for exceeding the switch lifetime limit "
      "(PortSwLifetimeLimitDiscards, PortXmitDiscardDetails)."},
     &PortCounters::sw_lifetime_limit_discards,
     1},
    {{"ibatlas_port_sw_hoq_lifetime_limit_discards_total", "counter",
      "Outbound packets discarded for exceeding the head-of-queue lifetime limit "
      "(PortSwHOQLifetimeLimitDiscards, PortXmitDiscardDetails)."},
     &PortCounters::sw_hoq_lifetime_limit_discards,
     1},
}};

}  // namespace ibatlas::prometheus_families
