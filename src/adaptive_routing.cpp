#include "ibatlas/adaptive_routing.hpp"

#include <algorithm>
#include <cctype>

#include "text.hpp"

namespace ibatlas {

std::uint16_t effective_sl_mask(const ArInfo& info) {
  return info.by_sl_en ? info.enable_by_sl_mask : std::uint16_t{0xFFFF};
}

bool has_capability(const ArCapabilities& mask, ArCapabilityBit bit) {
  auto k = static_cast<unsigned>(bit);
  return (mask[k / 32] >> (k % 32)) & 1U;
}

std::string to_string(ArLidState state) {
  switch (state) {
    case ArLidState::Bounded:
      return "Bounded";
    case ArLidState::Free:
      return "Free";
    case ArLidState::Static:
      return "Static";
    case ArLidState::Hbf:
      return "HBF";
  }
  return "?";
}

std::optional<ArLidState> parse_ar_lid_state(std::string_view name) {
  std::string lower = text::to_lower(name);
  for (ArLidState state :
       {ArLidState::Bounded, ArLidState::Free, ArLidState::Static, ArLidState::Hbf}) {
    if (lower == text::to_lower(to_string(state))) {
      return state;
    }
  }
  return std::nullopt;
}

std::string to_string(ArSupport support) {
  switch (support) {
    case ArSupport::Supported:
      return "supported";
    case ArSupport::Unsupported:
      return "unsupported";
    case ArSupport::NoAnswer:
      return "no answer";
  }
  return "?";
}

std::string ar_summary(const SwitchAr& ar) {
  if (ar.support != ArSupport::Supported) {
    std::string head = ar.support == ArSupport::NoAnswer ? "AR: no answer" : "AR unsupported";
    return ar.reason.empty() ? head : head + ": " + ar.reason;
  }
  std::array<std::size_t, 4> by_state{};
  for (const ArLft& lft : ar.lfts) {
    for (const std::optional<ArLftEntry>& entry : lft.entries) {
      if (entry) {
        ++by_state[static_cast<std::size_t>(entry->state)];
      }
    }
  }
  std::string line = !ar.info ? "AR tables" : ar.info->enabled ? "AR on" : "AR off";
  std::size_t adaptive = by_state[0] + by_state[1] + by_state[3];
  line += ": " + std::to_string(adaptive) + " adaptive LIDs";
  std::string mix;
  for (ArLidState state : {ArLidState::Bounded, ArLidState::Free, ArLidState::Hbf}) {
    std::size_t n = by_state[static_cast<std::size_t>(state)];
    if (n != 0) {
      mix += (mix.empty() ? "" : ", ") + to_string(state) + " " + std::to_string(n);
    }
  }
  if (!mix.empty()) {
    line += " (" + mix + ")";
  }
  line += ", " + std::to_string(ar.groups.size()) + " sub-groups";
  return line;
}

}  // namespace ibatlas
