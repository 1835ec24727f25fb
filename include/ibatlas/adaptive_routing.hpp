#pragma once

// Adaptive-routing (AR) state of a switch: what NVIDIA/Mellanox switches expose in the
// vendor range of the SM class (GeneralInfo 0xFF17, AdaptiveRoutingInfo 0xFF20, the AR LFT
// 0xFF23/0xFF22, ARGroupTable 0xFF21, PrivateLFTInfo 0xFF10), or what ibdiagnet's .far dump
// holds. Part of the snapshot (Fabric::adaptive_routing()); docs/adaptive-routing.md says
// what each field means and where it comes from.
//
// Absent is not "disabled": a fabric whose AR state was never read has no SwitchAr at all; a
// switch that was asked and did not answer has one with support NoAnswer.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric_ids.hpp"

namespace ibatlas {

// AdaptiveRoutingInfo (0xFF20), the numbers as the wire holds them, named after NVIDIA's
// layout (ar-spec.md §3.3). Every member is an unsigned integer or bool so that the wire
// field table (src/discover/ar_fields.hpp) can describe this struct directly.
struct ArInfo {
  bool no_fallback = false;       // 1: a plain LFT SET is refused; 0: it turns AR off
  bool is4_mode = false;          // 0: one traffic queue; 1: three
  bool glb_groups = false;        // groups are global (1) or per pLFT (0)
  bool by_sl_cap = false;         // enable_by_sl_mask is supported
  bool by_sl_en = false;          // enable_by_sl_mask is in use (0: AR on every SL)
  bool by_transport_cap = false;  // by_transport_disable is supported
  bool dyn_cap_calc_sup = false;  // capabilities recomputed from the chosen fields
  std::uint8_t direction_num_sup = 0;
  std::uint8_t group_table_copy_sup = 0;
  std::uint8_t sub_groups_active = 0;  // sub-groups used within each group
  bool enabled = false;                // "e": AR is on
  bool arn_sup = false;
  bool frn_sup = false;
  bool fr_sup = false;
  bool fr_enabled = false;       // fallback routing (SHIELD) on
  bool rn_xmit_enabled = false;  // may generate and pass routing notifications
  bool ar_trials_sup = false;
  std::uint8_t string_width_cap = 0;
  std::uint8_t group_table_cap = 0;  // group tables
  std::uint16_t group_top = 0;       // the highest group in use
  std::uint16_t group_cap = 0;       // groups per table; 0: AR unsupported
  std::uint16_t enable_by_sl_mask = 0;
  std::uint8_t sub_groups_supported = 0;
  std::uint8_t rn_version_cap = 0;
  std::uint8_t ar_version_cap = 0;
  std::uint8_t by_transport_disable = 0;  // bit 0 UD, 1 RC, 2 UC, 3 DC: excluded from AR
  std::uint32_t ageing_time = 0;          // microseconds
  bool pfrn_sup = false;
  bool by_vl_cap = false;
  bool bth_dqp_hash_sup = false;
  bool dceth_hash_sup = false;
  bool symmetric_hash_sup = false;
  bool whbf_sup = false;
  bool hbf_sup = false;
  bool pfrn_enabled = false;
  bool by_vl_en = false;
  bool whbf_en = false;
  bool by_sl_hbf_en = false;
  std::uint8_t whbf_granularity = 0;
  std::uint16_t enable_by_sl_mask_hbf = 0;
  friend bool operator==(const ArInfo&, const ArInfo&) = default;
};

// The SLs AR applies to: the mask when by_sl_en, every SL otherwise.
std::uint16_t effective_sl_mask(const ArInfo& info);

// PrivateLFTInfo (0xFF10).
struct PrivateLftInfo {
  bool no_fallback = false;
  std::uint8_t num_plfts = 0;
  std::uint8_t mode_cap = 0;
  std::uint8_t active_mode = 0;  // 0: private LFTs off
  friend bool operator==(const PrivateLftInfo&, const PrivateLftInfo&) = default;
};

// GeneralInfo (0xFF17, modifier 4) CapabilityMask bits that matter here.
enum class ArCapabilityBit : std::uint8_t {
  PrivateLft = 0,
  AdaptiveRouting = 1,    // the legacy AR LFT (0xFF22)
  AdaptiveRoutingSx = 2,  // SwitchX-style AR, the AR LFT 0xFF23
  PortSlToPrivateLft = 12,
};

using ArCapabilities = std::array<std::uint32_t, 4>;  // cap_mask[0..3]: bit k in word k / 32

bool has_capability(const ArCapabilities& mask, ArCapabilityBit bit);

// LidState of an AR LFT entry. 3 is HBF as NVIDIA's SM, ibdm and the .far dump use it.
enum class ArLidState : std::uint8_t { Bounded = 0, Free = 1, Static = 2, Hbf = 3 };

std::string to_string(ArLidState state);                              // "Bounded", "Free", ...
std::optional<ArLidState> parse_ar_lid_state(std::string_view text);  // any letter case

// Adaptive entries choose among a group's ports; a Static one always uses DefaultPort.
inline bool is_adaptive(ArLidState state) {
  return state != ArLidState::Static;
}

// One AR LFT entry. default_port is absent in the legacy table (0xFF22), which has none.
struct ArLftEntry {
  ArLidState state = ArLidState::Static;
  std::uint8_t table = 0;  // the group table the group is in
  std::optional<std::uint8_t> default_port;
  std::uint16_t group = 0;  // for a Static entry of the legacy table: the port
  friend bool operator==(const ArLftEntry&, const ArLftEntry&) = default;
};

// One (private) AR LFT: entries[lid] for LIDs 0 .. top; an entry not read is absent.
struct ArLft {
  std::uint8_t plft = 0;
  std::vector<std::optional<ArLftEntry>> entries;
  friend bool operator==(const ArLft&, const ArLft&) = default;
};

// One sub-group of one AR group: the ports an adaptive entry of that group may leave by.
struct ArGroup {
  std::uint8_t plft = 0;  // 0 when groups are global
  std::uint8_t table = 0;
  std::uint16_t group = 0;
  std::uint8_t sub_group = 0;
  std::optional<std::uint32_t> whbf;  // the .far dump's WHBF column; the live read has none
  std::vector<std::uint8_t> ports;    // ascending, no repeats
  friend bool operator==(const ArGroup&, const ArGroup&) = default;
};

// How the group table's port masks were turned into port numbers (ar-spec.md §3.4): bit n
// is port n (current firmware, assumed), or bit 0 is port 1 (an old firmware quirk).
enum class ArPortBits : std::uint8_t { BitIsPort, BitZeroIsPortOne };

enum class ArSupport : std::uint8_t {
  Supported,    // AR state read
  Unsupported,  // the switch says it has no AR (capability bits, group_cap 0, a rejection)
  NoAnswer,     // it did not answer the AR reads
};

std::string to_string(ArSupport support);  // "supported", "unsupported", "no answer"

// One switch's AR state. Groups are sorted by (plft, table, group, sub_group), lfts by plft.
struct SwitchAr {
  NodeId switch_node;
  ArSupport support = ArSupport::Supported;
  std::string reason;  // why Unsupported or NoAnswer, one line
  std::optional<ArCapabilities> capabilities;
  bool legacy_lft = false;  // the AR LFT came from 0xFF22 (no DefaultPort)
  std::optional<ArInfo> info;
  std::optional<PrivateLftInfo> plft_info;
  std::vector<ArLft> lfts;
  std::vector<ArGroup> groups;
  bool tables_complete = true;  // every AR LFT block and group block that was wanted answered
  std::optional<ArPortBits> port_bits;  // live reads only
  bool decode_uncertain = false;        // neither port-bit mapping passed the self-check
  friend bool operator==(const SwitchAr&, const SwitchAr&) = default;
};

// One line for people: "AR on: 1,204 adaptive LIDs (Free 1,204), 12 groups", "AR off",
// "AR unsupported: GeneralInfo has no AR capability", "AR: no answer (...)".
std::string ar_summary(const SwitchAr& ar);

// True when the switch's AR state was read and AR is on.
inline bool ar_enabled(const SwitchAr& ar) {
  return ar.support == ArSupport::Supported && ar.info && ar.info->enabled;
}

}  // namespace ibatlas
