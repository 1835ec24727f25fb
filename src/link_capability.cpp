#include "ibatlas/link_capability.hpp"

#include <algorithm>
#include <bit>

namespace ibatlas {

std::optional<int> highest(std::uint16_t bits) {
  if (bits == 0) {
    return std::nullopt;
  }
  return std::bit_width(static_cast<unsigned>(bits)) - 1;
}

namespace {

// A bit for every value strictly above `value`.
std::uint16_t above(int value) {
  return static_cast<std::uint16_t>(~((2U << value) - 1U));
}

DimensionVerdict unknown_verdict(const DimensionInput& in) {
  DimensionVerdict v;
  v.kind = VerdictKind::Unknown;
  if (in.supported_a && in.supported_b) {
    std::optional<int> best = highest(*in.supported_a & *in.supported_b);
    v.below_supported = best && *in.active < *best;
  }
  return v;
}

template <typename Value, typename Set>
DimensionInput input_of(const std::optional<Value>& active_a, const std::optional<Value>& active_b,
                        const std::optional<Set>& en_a, const std::optional<Set>& sup_a,
                        const std::optional<Set>& en_b, const std::optional<Set>& sup_b) {
  DimensionInput in;
  if (active_a || active_b) {
    int a = active_a ? static_cast<int>(*active_a) : static_cast<int>(*active_b);
    int b = active_b ? static_cast<int>(*active_b) : a;
    in.active = std::min(a, b);
  }
  auto bits = [](const std::optional<Set>& s) -> std::optional<std::uint16_t> {
    if (!s) {
      return std::nullopt;
    }
    return static_cast<std::uint16_t>(s->bits);
  };
  in.enabled_a = bits(en_a);
  in.supported_a = bits(sup_a);
  in.enabled_b = bits(en_b);
  in.supported_b = bits(sup_b);
  return in;
}

}  // namespace

DimensionVerdict judge(const DimensionInput& in, std::uint16_t enabled_anywhere) {
  if (!in.active) {
    return DimensionVerdict{};
  }
  if (!in.enabled_a || !in.supported_a || !in.enabled_b || !in.supported_b) {
    return unknown_verdict(in);
  }
  DimensionVerdict v;
  v.kind = VerdictKind::Ok;
  std::uint16_t usable_a = *in.enabled_a & *in.supported_a;
  std::uint16_t usable_b = *in.enabled_b & *in.supported_b;
  std::optional<int> allowed = highest(usable_a & usable_b);
  if (!allowed) {
    return v;  // no common enabled value, yet a link: nothing sound to say
  }
  if (*in.active < *allowed) {
    v.kind = VerdictKind::Degraded;
    v.best = *allowed;
    return v;
  }
  std::uint16_t possible = *in.supported_a & *in.supported_b & enabled_anywhere;
  std::optional<int> best = highest(possible);
  if (best && *best > *allowed && *best > *in.active) {
    std::uint16_t wanted = possible & above(*allowed);
    v.kind = VerdictKind::Capped;
    v.best = *best;
    v.limited_by_a = (wanted & ~*in.enabled_a) != 0;
    v.limited_by_b = (wanted & ~*in.enabled_b) != 0;
  }
  return v;
}

DimensionVerdict judge_width(const Port& a, const Port& b, std::uint16_t enabled_anywhere) {
  return judge(input_of(a.width_active, b.width_active, a.width_enabled, a.width_supported,
                        b.width_enabled, b.width_supported),
               enabled_anywhere);
}

DimensionVerdict judge_speed(const Port& a, const Port& b, std::uint16_t enabled_anywhere) {
  return judge(input_of(a.speed_active, b.speed_active, a.speed_enabled, a.speed_supported,
                        b.speed_enabled, b.speed_supported),
               enabled_anywhere);
}

EnabledUnion enabled_union(const Fabric& fabric) {
  EnabledUnion u;
  for (const Port& p : fabric.ports()) {
    if (p.number == 0) {
      continue;
    }
    if (p.width_enabled) {
      u.widths = static_cast<std::uint16_t>(u.widths | p.width_enabled->bits);
    }
    if (p.speed_enabled) {
      u.speeds = static_cast<std::uint16_t>(u.speeds | p.speed_enabled->bits);
    }
  }
  return u;
}

LinkVerdict judge_link(const Port& a, const Port& b, const EnabledUnion& enabled) {
  return LinkVerdict{judge_width(a, b, enabled.widths), judge_speed(a, b, enabled.speeds)};
}

}  // namespace ibatlas
