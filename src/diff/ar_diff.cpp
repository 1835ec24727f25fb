// Adaptive-routing changes (ar_diff.hpp). Only what both snapshots know is compared: a switch
// whose AR state one of them lacks, an ArInfo one did not read, an entry one LFT lacks, or
// the groups of a switch whose tables one read only in part, are not changes.

#include "ibatlas/diff/ar_diff.hpp"

#include <algorithm>
#include <tuple>

#include "text.hpp"

namespace ibatlas {

namespace {

class ArComparer {
 public:
  ArComparer(const Fabric& after, NodeId at, std::vector<Change>& out)
      : at_(node_ref(after, at)), out_(out) {}

  void compare(const SwitchAr& was, const SwitchAr& now);

 private:
  Change& add(ChangeKind kind, std::string item, std::optional<std::string> before,
              std::optional<std::string> after);
  void compare_info(const ArInfo& was, const ArInfo& now);
  void compare_lft(const ArLft& was, const ArLft& now);
  void compare_lfts(const SwitchAr& was, const SwitchAr& now);
  void compare_groups(const SwitchAr& was, const SwitchAr& now);

  PortRef at_;
  std::vector<Change>& out_;
};

std::string on_off(bool on) {
  return on ? "on" : "off";
}

auto group_key(const ArGroup& g) {
  return std::make_tuple(g.plft, g.table, g.group, g.sub_group);
}

std::string group_name(const ArGroup& g) {
  return "pLFT " + std::to_string(g.plft) + " table " + std::to_string(g.table) + " group " +
         std::to_string(g.group) + " sub-group " + std::to_string(g.sub_group);
}

// "1 2 3" (or "none"), then " whbf 9" when the source gives a weight.
std::string group_text(const ArGroup& g) {
  std::string out;
  for (std::uint8_t port : g.ports) {
    out += (out.empty() ? "" : " ") + std::to_string(port);
  }
  out = out.empty() ? "none" : "ports " + out;
  return g.whbf ? out + " whbf " + std::to_string(*g.whbf) : out;
}

Change& ArComparer::add(ChangeKind kind, std::string item, std::optional<std::string> before,
                        std::optional<std::string> after) {
  Change& c = out_.emplace_back();
  c.kind = kind;
  c.at = at_;
  c.item = std::move(item);
  c.before = std::move(before);
  c.after = std::move(after);
  return c;
}

void ArComparer::compare_info(const ArInfo& was, const ArInfo& now) {
  if (was.enabled != now.enabled) {
    add(now.enabled ? ChangeKind::ArEnabled : ChangeKind::ArDisabled, "", on_off(was.enabled),
        on_off(now.enabled));
  }
  auto setting = [&](const char* name, const std::string& a, const std::string& b) {
    if (a != b) {
      add(ChangeKind::ArSettingChanged, name, a, b);
    }
  };
  setting("sl_mask", text::hex_text(effective_sl_mask(was), 4),
          text::hex_text(effective_sl_mask(now), 4));
  setting("sub_groups_active", std::to_string(was.sub_groups_active),
          std::to_string(now.sub_groups_active));
  setting("by_transport_disable", text::hex_text(was.by_transport_disable, 1),
          text::hex_text(now.by_transport_disable, 1));
  setting("fr_enabled", on_off(was.fr_enabled), on_off(now.fr_enabled));
  setting("pfrn_enabled", on_off(was.pfrn_enabled), on_off(now.pfrn_enabled));
}

void ArComparer::compare_lft(const ArLft& was, const ArLft& now) {
  std::uint64_t changed = 0;
  std::size_t common = std::min(was.entries.size(), now.entries.size());
  for (std::size_t lid = 0; lid < common; ++lid) {
    const std::optional<ArLftEntry>& a = was.entries[lid];
    const std::optional<ArLftEntry>& b = now.entries[lid];
    if (a && b &&
        std::tie(a->state, a->group, a->default_port) !=
            std::tie(b->state, b->group, b->default_port)) {
      ++changed;
    }
  }
  if (changed != 0) {
    add(ChangeKind::ArLftChanged, "pLFT " + std::to_string(now.plft), std::nullopt, std::nullopt)
        .delta = changed;
  }
}

// Both are sorted by pLFT (Fabric's invariant): a merge.
void ArComparer::compare_lfts(const SwitchAr& was, const SwitchAr& now) {
  auto a = was.lfts.begin();
  auto b = now.lfts.begin();
  while (a != was.lfts.end() && b != now.lfts.end()) {
    if (a->plft < b->plft) {
      ++a;
    } else if (b->plft < a->plft) {
      ++b;
    } else {
      compare_lft(*a++, *b++);
    }
  }
}

// Both are sorted by (pLFT, table, group, sub-group): a merge.
void ArComparer::compare_groups(const SwitchAr& was, const SwitchAr& now) {
  auto a = was.groups.begin();
  auto b = now.groups.begin();
  while (a != was.groups.end() || b != now.groups.end()) {
    bool take_a = b == now.groups.end() || (a != was.groups.end() && group_key(*a) < group_key(*b));
    bool take_b = a == was.groups.end() || (b != now.groups.end() && group_key(*b) < group_key(*a));
    if (take_a) {
      add(ChangeKind::ArGroupChanged, group_name(*a), group_text(*a), std::nullopt);
      ++a;
    } else if (take_b) {
      add(ChangeKind::ArGroupChanged, group_name(*b), std::nullopt, group_text(*b));
      ++b;
    } else {
      if (a->ports != b->ports || a->whbf != b->whbf) {
        add(ChangeKind::ArGroupChanged, group_name(*b), group_text(*a), group_text(*b));
      }
      ++a;
      ++b;
    }
  }
}

void ArComparer::compare(const SwitchAr& was, const SwitchAr& now) {
  if (was.support != now.support) {
    add(ChangeKind::ArSupportChanged, "", to_string(was.support), to_string(now.support));
  }
  if (was.support != ArSupport::Supported || now.support != ArSupport::Supported) {
    return;
  }
  if (was.info && now.info) {
    compare_info(*was.info, *now.info);
  }
  compare_lfts(was, now);
  if (was.tables_complete && now.tables_complete) {
    compare_groups(was, now);
  }
}

std::string note(std::size_t count, const char* side) {
  return "AR state of " + std::to_string(count) + (count == 1 ? " switch" : " switches") + " in " +
         side + " only: not compared (absent is not disabled)";
}

}  // namespace

ArDiff diff_adaptive_routing(const Fabric& before, const Fabric& after, const NodeMatch& match) {
  ArDiff d;
  std::size_t only_before = 0;
  std::size_t only_after = 0;
  for (const SwitchAr& now : after.adaptive_routing()) {
    std::optional<NodeId> old = match.before_of.at(now.switch_node.value);
    const SwitchAr* was = old ? before.adaptive_routing_of(*old) : nullptr;
    if (was == nullptr) {
      only_after += old ? 1 : 0;  // a new switch is node.added, not a note
      continue;
    }
    ArComparer(after, now.switch_node, d.changes).compare(*was, now);
  }
  for (const SwitchAr& was : before.adaptive_routing()) {
    std::optional<NodeId> now = match.after_of.at(was.switch_node.value);
    only_before += now && after.adaptive_routing_of(*now) == nullptr ? 1 : 0;
  }
  if (only_before != 0) {
    d.notes.push_back(note(only_before, "OLD"));
  }
  if (only_after != 0) {
    d.notes.push_back(note(only_after, "NEW"));
  }
  return d;
}

}  // namespace ibatlas
