// The fleet checks: each AR setting compared among peers (switches of one tier and one
// NodeInfo DeviceID). The switch whose value differs from the one most peers share is
// reported, naming that value, as the fat-tree checks do; with no majority nothing is.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {
namespace {

std::string on_off(bool value) {
  return value ? "on" : "off";
}

// A setting compared among peers. value() is nullopt for a switch it does not apply to.
struct Setting {
  std::string_view check;
  std::string noun;  // "AR", "the AR SL set"
  std::function<std::optional<std::string>(const SwitchAr&)> value;
  std::string hint;
};

void compare(const Context& c, const PeerKey& key, const std::vector<const SwitchAr*>& peers,
             const Setting& s, std::vector<Finding>& out) {
  std::map<std::string, int> tally;
  std::vector<std::pair<const SwitchAr*, std::string>> values;
  for (const SwitchAr* ar : peers) {
    if (std::optional<std::string> v = s.value(*ar)) {
      ++tally[*v];
      values.emplace_back(ar, *v);
    }
  }
  for (const auto& [usual, count] : tally) {
    if (count * 2 <= static_cast<int>(values.size()) || tally.size() == 1) {
      continue;
    }
    for (const auto& [ar, v] : values) {
      if (v == usual) {
        continue;
      }
      Finding f = c.make.at_node(s.check, ar->switch_node);
      f.measured = v;
      f.expected = usual;
      f.message = s.noun + " is " + v + "; ";
      f.message += std::to_string(count) + " of " + std::to_string(values.size()) + " ";
      f.message += peers_name(key) + " have " + usual;
      f.hint = s.hint;
      out.push_back(std::move(f));
    }
  }
}

// The adaptive LID states a switch's entries use: "Bounded+Free"; nullopt: none.
std::optional<std::string> mode_mix(const SwitchAr& ar) {
  bool used[4] = {false, false, false, false};
  for (const ArLft& lft : ar.lfts) {
    for (const std::optional<ArLftEntry>& e : lft.entries) {
      if (e) {
        used[static_cast<int>(e->state) & 3] = true;
      }
    }
  }
  std::string text;
  for (ArLidState s : {ArLidState::Bounded, ArLidState::Free, ArLidState::Hbf}) {
    if (used[static_cast<int>(s)]) {
      text += (text.empty() ? "" : "+") + to_string(s);
    }
  }
  return text.empty() ? std::nullopt : std::optional<std::string>(text);
}

bool has_bounded(const SwitchAr& ar) {
  std::optional<std::string> mix = mode_mix(ar);
  return mix && mix->find("Bounded") != std::string::npos;
}

std::vector<Setting> settings() {
  auto when_on = [](auto get) {
    return [get](const SwitchAr& ar) -> std::optional<std::string> {
      return ar.info->enabled ? std::optional<std::string>(get(*ar.info)) : std::nullopt;
    };
  };
  return {
      {"ar.disabled_in_tier", "AR", [](const SwitchAr& ar) { return on_off(ar.info->enabled); },
       "turn AR back on (the SM's AR engine), and find what turned it off"},
      {"ar.sl_mask_mismatch", "the AR SL set",
       when_on([](const ArInfo& i) { return hex(effective_sl_mask(i), 4); }),
       "give every switch the same AR SL mask (the SM's AR SL mask option)"},
      {"ar.transport_mismatch", "the transports excluded from AR",
       when_on([](const ArInfo& i) { return hex(i.by_transport_disable, 1); }),
       "give every switch the same by-transport setting"},
      {"ar.subgroups_mismatch", "the number of AR sub-groups",
       when_on([](const ArInfo& i) { return std::to_string(i.sub_groups_active); }),
       "give every switch the same sub-group count (check firmware versions)"},
      {"ar.shield_partial", "SHIELD (fallback routing / notifications / pFRN)",
       when_on([](const ArInfo& i) {
         return "FR " + on_off(i.fr_enabled) + ", RN " + on_off(i.rn_xmit_enabled) + ", pFRN " +
                on_off(i.pfrn_enabled);
       }),
       "enable SHIELD on every peer or on none"},
      {"ar.ageing_mismatch", "the AR ageing time",
       [](const SwitchAr& ar) -> std::optional<std::string> {
         if (!ar.info->enabled || !has_bounded(ar)) {
           return std::nullopt;
         }
         return std::to_string(ar.info->ageing_time) + " us";
       },
       "give every switch the same ageing time"},
      {"ar.mode_mix", "the adaptive LID states used",
       [](const SwitchAr& ar) { return ar.info->enabled ? mode_mix(ar) : std::nullopt; },
       "check the SM's AR mode (bounded or free) on every switch"},
  };
}

// Settings wrong on one switch whatever its peers run.
void check_alone(const Context& c, const SwitchAr& ar, std::vector<Finding>& out) {
  const ArInfo& i = *ar.info;
  auto finding = [&](std::string_view check, std::string message, std::string hint) {
    Finding f = c.make.at_node(check, ar.switch_node);
    f.message = std::move(message);
    f.hint = std::move(hint);
    out.push_back(std::move(f));
  };
  if (i.by_sl_en && !i.by_sl_cap) {
    finding("ar.sl_mask_mismatch", "uses an AR SL mask although it says it cannot (by_sl_cap 0)",
            "check the switch firmware; the mask may be ignored");
  }
  if (i.sub_groups_active > i.sub_groups_supported) {
    finding("ar.subgroups_mismatch",
            "uses " + std::to_string(i.sub_groups_active) + " AR sub-groups but supports " +
                std::to_string(i.sub_groups_supported),
            "lower the SM's sub-group count to what the switch supports");
  }
  std::uint16_t both = effective_sl_mask(i) & i.enable_by_sl_mask_hbf;
  if (i.by_sl_hbf_en && both != 0) {
    finding("ar.hbf_ar_overlap", "AR and HBF both claim SLs " + hex(both, 4),
            "give AR and HBF disjoint SL masks");
  }
}

}  // namespace

void check_ar_fleet(const Context& c, std::vector<Finding>& out) {
  std::vector<Setting> all = settings();
  for (const auto& [key, peers] : peer_sets(c)) {
    for (const Setting& s : all) {
      compare(c, key, peers, s, out);
    }
    for (const SwitchAr* ar : peers) {
      if (ar->info->enabled) {
        check_alone(c, *ar, out);
      }
    }
  }
}

}  // namespace ibatlas::ar_detail
