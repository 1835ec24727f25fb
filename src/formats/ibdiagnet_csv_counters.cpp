// START_PM_INFO: one row per port, PerfMgt counters by their IBA names. ibdiagnet writes the
// 16/32-bit PortCounters beside the 64-bit PortCountersExtended ones ("SymbolErrorCounterExt",
// "PortXmitDataExtended", ...): the wide column wins when both are there and it has a value.
// "N/A" (not read, or not supported by the port) and empty cells stay absent, never 0.

#include <array>
#include <string_view>
#include <vector>

#include "formats/ibdiagnet_csv_parts.hpp"

namespace ibatlas::ibdiagnet {

namespace {

using CounterField = std::optional<std::uint64_t> PortCounters::*;

struct CounterColumns {
  CounterField field = nullptr;
  std::array<std::string_view, 2> names;  // preferred first; "" for none
};

const std::array<CounterColumns, 31>& counter_columns() {
  static const std::array<CounterColumns, 31> columns = {{
      {&PortCounters::symbol_errors, {"SymbolErrorCounterExt", "SymbolErrorCounter"}},
      {&PortCounters::link_error_recovery,
       {"LinkErrorRecoveryCounterExt", "LinkErrorRecoveryCounter"}},
      {&PortCounters::link_downed, {"LinkDownedCounterExt", "LinkDownedCounter"}},
      {&PortCounters::rcv_errors, {"PortRcvErrorsExt", "PortRcvErrors"}},
      {&PortCounters::rcv_remote_phys_errors,
       {"PortRcvRemotePhysicalErrorsExt", "PortRcvRemotePhysicalErrors"}},
      {&PortCounters::rcv_switch_relay_errors,
       {"PortRcvSwitchRelayErrorsExt", "PortRcvSwitchRelayErrors"}},
      {&PortCounters::xmit_discards, {"PortXmitDiscardsExt", "PortXmitDiscards"}},
      {&PortCounters::xmit_constraint_errors,
       {"PortXmitConstraintErrorsExt", "PortXmitConstraintErrors"}},
      {&PortCounters::rcv_constraint_errors,
       {"PortRcvConstraintErrorsExt", "PortRcvConstraintErrors"}},
      {&PortCounters::local_link_integrity_errors,
       {"LocalLinkIntegrityErrorsExt", "LocalLinkIntegrityErrors"}},
      {&PortCounters::excessive_buffer_overruns,
       {"ExcessiveBufferOverrunErrorsExt", "ExcessiveBufferOverrunErrors"}},
      {&PortCounters::vl15_dropped, {"VL15DroppedExt", "VL15Dropped"}},
      {&PortCounters::xmit_wait, {"PortXmitWaitExt", "PortXmitWait"}},
      {&PortCounters::xmit_data, {"PortXmitDataExtended", "PortXmitData"}},
      {&PortCounters::rcv_data, {"PortRcvDataExtended", "PortRcvData"}},
      {&PortCounters::xmit_pkts, {"PortXmitPktsExtended", "PortXmitPkts"}},
      {&PortCounters::rcv_pkts, {"PortRcvPktsExtended", "PortRcvPkts"}},
      // Column names compare without letter case: "PortUniCastXmitPkts" is found too.
      {&PortCounters::unicast_xmit_pkts, {"PortUnicastXmitPkts"}},
      {&PortCounters::unicast_rcv_pkts, {"PortUnicastRcvPkts"}},
      {&PortCounters::multicast_xmit_pkts, {"PortMulticastXmitPkts"}},
      {&PortCounters::multicast_rcv_pkts, {"PortMulticastRcvPkts"}},
      {&PortCounters::local_physical_errors, {"PortLocalPhysicalErrors"}},
      {&PortCounters::malformed_packet_errors,
       {"PortMalformedPktErrors", "PortMalformedPacketErrors"}},
      {&PortCounters::buffer_overrun_errors, {"PortBufferOverrunErrors"}},
      {&PortCounters::dlid_mapping_errors, {"PortDLIDMappingErrors"}},
      {&PortCounters::vl_mapping_errors, {"PortVLMappingErrors"}},
      {&PortCounters::looping_errors, {"PortLoopingErrors"}},
      {&PortCounters::inactive_discards, {"PortInactiveDiscards"}},
      {&PortCounters::neighbor_mtu_discards, {"PortNeighborMTUDiscards"}},
      {&PortCounters::sw_lifetime_limit_discards, {"PortSwLifetimeLimitDiscards"}},
      {&PortCounters::sw_hoq_lifetime_limit_discards, {"PortSwHOQLifetimeLimitDiscards"}},
  }};
  return columns;
}

struct FoundCounter {
  CounterField field = nullptr;
  std::vector<std::size_t> columns;  // present ones, preferred first
};

std::vector<FoundCounter> find_counters(const TableReader& r) {
  std::vector<FoundCounter> found;
  for (const CounterColumns& c : counter_columns()) {
    FoundCounter f{c.field, {}};
    for (std::string_view name : c.names) {
      if (name.empty()) {
        continue;
      }
      if (std::optional<std::size_t> column = r.find(name)) {
        f.columns.push_back(*column);
      }
    }
    if (!f.columns.empty()) {
      found.push_back(std::move(f));
    }
  }
  return found;
}

// The row's counters; nullopt when not one cell had a value.
std::optional<PortCounters> row_counters(const TableReader& r, const CsvRow& row,
                                         const std::vector<FoundCounter>& counters) {
  PortCounters pc;
  bool any = false;
  for (const FoundCounter& c : counters) {
    for (std::size_t column : c.columns) {
      if (std::optional<std::uint64_t> v = r.optional_number(row, column, ~0ULL)) {
        pc.*c.field = v;
        any = true;
        break;
      }
    }
  }
  return any ? std::optional<PortCounters>(pc) : std::nullopt;
}

}  // namespace

void read_pm_info(const CsvTable& table, std::string_view file, FabricBuilder& builder) {
  TableReader r(table, file);
  std::size_t node_column = r.require("NodeGUID");
  std::optional<std::size_t> port_column = r.find_any({"PortNumber", "PortNum"});
  if (!port_column) {
    r.require("PortNumber");  // throws, naming the column
  }
  std::vector<FoundCounter> counters = find_counters(r);
  for (const CsvRow& row : table.rows) {
    PortId port = port_at(r, row, *port_column, node_at(r, row, node_column, builder), builder);
    if (std::optional<PortCounters> pc = row_counters(r, row, counters)) {
      builder.port_data(port).counters = *pc;
    }
  }
}

}  // namespace ibatlas::ibdiagnet
