#pragma once

// The adaptive-routing part of the XML snapshot (format version 3, docs/formats.md): one
// <adaptive-routing> element per SwitchAr. The names both directions use are here, so the
// writer (xml_snapshot_ar.cpp) and the reader (xml_snapshot_ar_reader.cpp) cannot drift.
//
// Attribute names are the C++ member names (no_fallback, enable_by_sl_mask, ...), so a
// snapshot and adaptive_routing.hpp can be read side by side.

#include <array>
#include <cstdint>
#include <span>
#include <variant>

#include <pugixml.hpp>

#include "ibatlas/adaptive_routing.hpp"
#include "ibatlas/fabric_builder.hpp"

#include "formats/xml_checked.hpp"

namespace ibatlas::xml_schema {

// The version of a snapshot that holds AR state. Free text is escaped in it, as in 2.
constexpr int kAdaptiveRoutingVersion = 3;

// One integer member of an AR struct: bools are written 0 or 1, the others in decimal.
template <typename Struct>
struct ArField {
  const char* name;
  std::variant<bool Struct::*, std::uint8_t Struct::*, std::uint16_t Struct::*,
               std::uint32_t Struct::*>
      member;
};

#define IBATLAS_AR_FIELD(S, m) \
  ArField<S> {                 \
#    m, &S::m                  \
  }

// Every member of ArInfo, in declaration order.
constexpr std::array<ArField<ArInfo>, 40> kArInfoFields = {
    IBATLAS_AR_FIELD(ArInfo, no_fallback),
    IBATLAS_AR_FIELD(ArInfo, is4_mode),
    IBATLAS_AR_FIELD(ArInfo, glb_groups),
    IBATLAS_AR_FIELD(ArInfo, by_sl_cap),
    IBATLAS_AR_FIELD(ArInfo, by_sl_en),
    IBATLAS_AR_FIELD(ArInfo, by_transport_cap),
    IBATLAS_AR_FIELD(ArInfo, dyn_cap_calc_sup),
    IBATLAS_AR_FIELD(ArInfo, direction_num_sup),
    IBATLAS_AR_FIELD(ArInfo, group_table_copy_sup),
    IBATLAS_AR_FIELD(ArInfo, sub_groups_active),
    IBATLAS_AR_FIELD(ArInfo, enabled),
    IBATLAS_AR_FIELD(ArInfo, arn_sup),
    IBATLAS_AR_FIELD(ArInfo, frn_sup),
    IBATLAS_AR_FIELD(ArInfo, fr_sup),
    IBATLAS_AR_FIELD(ArInfo, fr_enabled),
    IBATLAS_AR_FIELD(ArInfo, rn_xmit_enabled),
    IBATLAS_AR_FIELD(ArInfo, ar_trials_sup),
    IBATLAS_AR_FIELD(ArInfo, string_width_cap),
    IBATLAS_AR_FIELD(ArInfo, group_table_cap),
    IBATLAS_AR_FIELD(ArInfo, group_top),
    IBATLAS_AR_FIELD(ArInfo, group_cap),
    IBATLAS_AR_FIELD(ArInfo, enable_by_sl_mask),
    IBATLAS_AR_FIELD(ArInfo, sub_groups_supported),
    IBATLAS_AR_FIELD(ArInfo, rn_version_cap),
    IBATLAS_AR_FIELD(ArInfo, ar_version_cap),
    IBATLAS_AR_FIELD(ArInfo, by_transport_disable),
    IBATLAS_AR_FIELD(ArInfo, ageing_time),
    IBATLAS_AR_FIELD(ArInfo, pfrn_sup),
    IBATLAS_AR_FIELD(ArInfo, by_vl_cap),
    IBATLAS_AR_FIELD(ArInfo, bth_dqp_hash_sup),
    IBATLAS_AR_FIELD(ArInfo, dceth_hash_sup),
    IBATLAS_AR_FIELD(ArInfo, symmetric_hash_sup),
    IBATLAS_AR_FIELD(ArInfo, whbf_sup),
    IBATLAS_AR_FIELD(ArInfo, hbf_sup),
    IBATLAS_AR_FIELD(ArInfo, pfrn_enabled),
    IBATLAS_AR_FIELD(ArInfo, by_vl_en),
    IBATLAS_AR_FIELD(ArInfo, whbf_en),
    IBATLAS_AR_FIELD(ArInfo, by_sl_hbf_en),
    IBATLAS_AR_FIELD(ArInfo, whbf_granularity),
    IBATLAS_AR_FIELD(ArInfo, enable_by_sl_mask_hbf),
};

constexpr std::array<ArField<PrivateLftInfo>, 4> kPrivateLftInfoFields = {
    IBATLAS_AR_FIELD(PrivateLftInfo, no_fallback),
    IBATLAS_AR_FIELD(PrivateLftInfo, num_plfts),
    IBATLAS_AR_FIELD(PrivateLftInfo, mode_cap),
    IBATLAS_AR_FIELD(PrivateLftInfo, active_mode),
};

#undef IBATLAS_AR_FIELD

constexpr std::array<ArSupport, 3> kArSupports = {ArSupport::Supported, ArSupport::Unsupported,
                                                  ArSupport::NoAnswer};
constexpr std::array<ArPortBits, 2> kArPortBits = {ArPortBits::BitIsPort,
                                                   ArPortBits::BitZeroIsPortOne};
const char* port_bits_name(ArPortBits bits);  // "bit-is-port", "bit-zero-is-port-one"

// The letter of an AR LFT entry's state in the <ar-lft> text: B, F, S, H.
char lid_state_letter(ArLidState state);

// Appends <adaptive-routing> for `ar` to `root`; `guid` is its switch's node GUID.
void put_adaptive_routing(pugi::xml_node root, const SwitchAr& ar, Guid guid);

// Reads every <adaptive-routing> element into the builder, whose nodes are all known.
// Throws ParseError (file:line) for anything docs/formats.md does not allow.
void read_adaptive_routing(const XmlChecker& c, FabricBuilder& builder,
                           std::span<const pugi::xml_node> elements);

}  // namespace ibatlas::xml_schema
