#pragma once

// Private to src/analysis: what one dimension (width or speed) of one link can be, from
// the two ends' active value and enabled/supported sets. Values are enumerator indexes
// (LinkWidth, LinkSpeed), sets their bit masks (WidthSet, SpeedSet).

#include <cstdint>
#include <optional>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

enum class VerdictKind : std::uint8_t {
  NoActive,  // neither end gives an active value: nothing to judge
  Ok,
  Degraded,  // active < best of (enabled ∩ supported) at both ends
  Capped,    // active == that best < best both support (and some port of the fabric enables)
  Unknown,   // an enabled or supported set is absent at an end
};

struct DimensionVerdict {
  VerdictKind kind = VerdictKind::NoActive;
  int best = 0;               // Degraded: best allowed; Capped: what it could run at
  bool limited_by_a = false;  // Capped: a's enabled set lacks a value above active
  bool limited_by_b = false;
  bool below_supported = false;  // Unknown: active below the best both ends support
};

struct DimensionInput {
  std::optional<int> active;  // the lower of the two ends' active values
  std::optional<std::uint16_t> enabled_a;
  std::optional<std::uint16_t> supported_a;
  std::optional<std::uint16_t> enabled_b;
  std::optional<std::uint16_t> supported_b;
};

// `enabled_anywhere`: the union of every port's enabled set in the fabric.
DimensionVerdict judge(const DimensionInput& in, std::uint16_t enabled_anywhere);

DimensionVerdict judge_width(const Port& a, const Port& b, std::uint16_t enabled_anywhere);
DimensionVerdict judge_speed(const Port& a, const Port& b, std::uint16_t enabled_anywhere);

struct EnabledUnion {
  std::uint16_t widths = 0;
  std::uint16_t speeds = 0;
};

// Unions of the enabled sets of every port but switch port 0.
EnabledUnion enabled_union(const Fabric& fabric);

// The highest set bit's index, or nullopt for an empty set.
std::optional<int> highest(std::uint16_t bits);

}  // namespace ibatlas
