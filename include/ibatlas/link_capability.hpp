#pragma once

// What one link can run at, from the two ends' active values and enabled/supported sets:
// the typed verdicts behind link.degraded and link.capped, for every analysis that needs
// them (the link checks, routing's load on degraded links) instead of filtering findings. Values
// are enumerator indexes (LinkWidth, LinkSpeed), sets their bit masks (WidthSet, SpeedSet).

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

// Both dimensions of one link.
struct LinkVerdict {
  DimensionVerdict width;
  DimensionVerdict speed;

  // The condition of link.degraded: a dimension runs below what both ends allow.
  bool degraded() const {
    return width.kind == VerdictKind::Degraded || speed.kind == VerdictKind::Degraded;
  }

  // The condition of link.capped: an end's enabled set holds the link below what both
  // support.
  bool capped() const {
    return width.kind == VerdictKind::Capped || speed.kind == VerdictKind::Capped;
  }
};

struct EnabledUnion {
  std::uint16_t widths = 0;
  std::uint16_t speeds = 0;
};

// Unions of the enabled sets of every port but switch port 0.
EnabledUnion enabled_union(const Fabric& fabric);

// The link between `a` and `b`; `enabled` is enabled_union() of its fabric.
LinkVerdict judge_link(const Port& a, const Port& b, const EnabledUnion& enabled);

// The highest set bit's index, or nullopt for an empty set.
std::optional<int> highest(std::uint16_t bits);

}  // namespace ibatlas
