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

// Every member of ArInfo, in declaration order.
extern const std::array<ArField<ArInfo>, 40> kArInfoFields;
extern const std::array<ArField<PrivateLftInfo>, 4> kPrivateLftInfoFields;

constexpr std::array<ArSupport, 3> kArSupports = {ArSupport::Supported, ArSupport::Unsupported,
                                                  ArSupport::NoAnswer};
constexpr std::array<ArPortBits, 2> kArPortBits = {ArPortBits::BitIsPort,
                                                   ArPortBits::BitZeroIsPortOne};
const char* port_bits_name(ArPortBits bits);  // "bit-is-port", "bit-zero-is-port-one"

// The letter of an AR LFT entry's state in the <ar-lft> text: B, F, S, H.
char lid_state_letter(ArLidState state);

// Appends <adaptive-routing> for `ar` to `root`.
void put_adaptive_routing(pugi::xml_node root, const SwitchAr& ar);

// Reads every <adaptive-routing> element into the builder, whose nodes are all known.
// Throws ParseError (file:line) for anything docs/formats.md does not allow.
void read_adaptive_routing(const XmlChecker& c, FabricBuilder& builder,
                           std::span<const pugi::xml_node> elements);

}  // namespace ibatlas::xml_schema
