#pragma once

// What an audit is told besides the fabric: expectations, a cabling plan, an earlier
// snapshot, names, counter thresholds. Every check takes the same options and uses what it
// needs. Pointers are borrowed: the pointees must outlive the call; nullptr means "none".

#include <cstdint>
#include <optional>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct CablingPlan;  // cabling_plan.hpp
struct NodeNameMap;  // node_name_map.hpp

// Thresholds per error counter. A finding fires when a counter is above its threshold
// (absolute value), or, with an earlier snapshot and both snapshot times, when its growth
// per hour is above its rate threshold. The defaults are the values infiniband-diags ships
// (commented out) in /etc/infiniband-diags/error_thresholds, used both as counts and per hour.
struct CounterThresholds {
  std::uint64_t symbol_errors = 10;
  std::uint64_t link_error_recovery = 10;
  std::uint64_t link_downed = 10;
  std::uint64_t rcv_errors = 10;
  std::uint64_t rcv_remote_phys_errors = 100;
  std::uint64_t rcv_switch_relay_errors = 100;
  std::uint64_t xmit_discards = 100;
  std::uint64_t xmit_constraint_errors = 100;
  std::uint64_t rcv_constraint_errors = 100;
  std::uint64_t local_link_integrity_errors = 10;
  std::uint64_t excessive_buffer_overruns = 10;
  std::uint64_t vl15_dropped = 100;
};

// What every AR-capable switch should run (`--ar-expect enabled=1,sl_mask=0xffff,...`,
// parsed by ar/ar_expect.hpp). Absent members are not checked. Published defaults disagree
// (docs/adaptive-routing.md), so the expectation is the user's, never a guessed default.
struct ArExpectation {
  std::optional<bool> enabled;                    // ArInfo "e"
  std::optional<std::uint16_t> sl_mask;           // the effective SL set (effective_sl_mask)
  std::optional<std::uint8_t> transport_disable;  // by_transport_disable
  std::optional<std::uint8_t> sub_groups;         // sub_groups_active
  std::optional<std::uint32_t> ageing;            // ageing_time, microseconds
  std::optional<bool> fr_enabled;                 // fallback routing (SHIELD)
  std::optional<bool> no_fallback;                // a plain LFT SET is refused
  std::optional<bool> rn_xmit_enabled;            // routing notifications
  std::optional<bool> pfrn_enabled;
  friend bool operator==(const ArExpectation&, const ArExpectation&) = default;
};

struct AuditOptions {
  // Every link should run at least this width / speed (`--expect-width`, `--expect-speed`).
  // When absent, the per-tier policy applies: the width/speed most links of the tier run at.
  std::optional<LinkWidth> expect_width;
  std::optional<LinkSpeed> expect_speed;
  const CablingPlan* plan = nullptr;   // `--plan`: a CSV plan or a golden snapshot
  const Fabric* baseline = nullptr;    // an earlier snapshot: port.down, counter rates
  const NodeNameMap* names = nullptr;  // `--node-name-map`: names used in findings
  CounterThresholds counter_thresholds;
  std::optional<ArExpectation> ar_expect;  // `--ar-expect`
};

}  // namespace ibatlas
