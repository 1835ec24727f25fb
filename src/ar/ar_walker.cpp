#include "ar/ar_walker.hpp"

#include <algorithm>

namespace ibatlas::ar_detail {
namespace {

bool is_ar(const Context& c, std::uint32_t sw) {
  return c.checked_slot[sw] >= 0;
}

}  // namespace

Walker::Walker(const Context& c)
    : c_(c),
      plain_(c.fabric.nodes().size(), nullptr),
      colour_(c.fabric.nodes().size(), Colour::New) {
  for (const ForwardingTable& t : c.fabric.forwarding_tables()) {
    plain_[t.switch_node.value] = &t;
  }
  first_.assign(c.fabric.nodes().size(), 0);
  for (std::uint32_t n = 0; n < c.ends.size(); ++n) {
    first_[n] = static_cast<std::uint32_t>(next_.size());
    for (const FarEnd& end : c.ends[n]) {
      next_.push_back(end.kind == FarEnd::Kind::Switch ? end.index : kNotSwitch);
    }
  }
  ar_lft_.assign(c.fabric.nodes().size(), nullptr);
  for (const SwitchAr* ar : c.checked) {
    if (!ar->lfts.empty() && ar->lfts[0].plft == 0) {
      ar_lft_[ar->switch_node.value] = &ar->lfts[0];
    }
  }
}

const ArLftEntry* Walker::ar_entry(std::uint32_t sw, Lid lid, bool& fall_back) const {
  std::int32_t slot = c_.checked_slot[sw];
  fall_back = slot < 0;
  if (slot < 0) {
    return nullptr;
  }
  const ArLft* lft = ar_lft_[sw];
  if (lft != nullptr && lid < lft->entries.size() && lft->entries[lid]) {
    return &*lft->entries[lid];
  }
  fall_back = !c_.checked[static_cast<std::size_t>(slot)]->tables_complete;
  return nullptr;
}

namespace {
constexpr const char* kNoArEntry = "no AR entry";
constexpr const char* kNoRoute = "no route";
constexpr std::uint64_t kCannot = std::uint64_t{1} << 63;
constexpr std::uint64_t kSinglePort = std::uint64_t{1} << 62;
constexpr std::uint64_t kGroup = std::uint64_t{1} << 61;

std::uint8_t static_port(const ArLftEntry& e) {
  return e.default_port.value_or(static_cast<std::uint8_t>(e.group));
}
}  // namespace

std::uint64_t Walker::signature(std::uint32_t sw, Lid lid) const {
  bool fall_back = false;
  if (const ArLftEntry* e = ar_entry(sw, lid, fall_back)) {
    return is_adaptive(e->state) ? kGroup | (std::uint64_t{e->table} << 16) | e->group
                                 : kSinglePort | static_port(*e);
  }
  if (!fall_back) {
    return kCannot | 1U;
  }
  const ForwardingTable* t = plain_[sw];
  if (t == nullptr) {
    return kCannot | 3U;  // unknown
  }
  if (lid >= t->out_port.size() || t->out_port[lid] == ForwardingTable::kNoRoute) {
    return kCannot | 2U;
  }
  return kSinglePort | t->out_port[lid];
}

void Walker::choose(std::uint32_t sw, Lid lid, Choice& choice) const {
  choice.ports = {};
  choice.why = nullptr;
  bool fall_back = false;
  if (const ArLftEntry* e = ar_entry(sw, lid, fall_back)) {
    if (!is_adaptive(e->state)) {
      choice.one = static_port(*e);
      choice.ports = std::span<const std::uint8_t>(&choice.one, 1);
    } else if (const std::vector<std::uint8_t>* group =
                   c_.groups[static_cast<std::size_t>(c_.checked_slot[sw])].ports(0, *e)) {
      choice.ports = *group;  // an empty group is ar.group_empty's
    }
    return;
  }
  if (!fall_back) {
    choice.why = kNoArEntry;
    return;
  }
  const ForwardingTable* t = plain_[sw];
  if (t == nullptr) {
    return;  // no table read: its route is unknown, which is no dead end (the walk stops)
  }
  if (lid >= t->out_port.size() || t->out_port[lid] == ForwardingTable::kNoRoute) {
    choice.why = kNoRoute;
    return;
  }
  choice.one = t->out_port[lid];
  choice.ports = std::span<const std::uint8_t>(&choice.one, 1);
}

void Walker::fail(std::uint32_t sw, bool loop, std::string detail) {
  events_.push_back(PathEvent{sw, loop, std::move(detail)});
}

void Walker::close_loop(std::uint32_t sw, std::uint32_t to, std::uint8_t port) {
  auto start = std::find(path_.begin(), path_.end(), to);
  if (std::any_of(start, path_.end(), [this](std::uint32_t n) { return is_ar(c_, n); })) {
    fail(sw, true, "port " + std::to_string(port) + " back to " + c_.make.name(NodeId{to}));
  }
}

void Walker::follow(std::uint32_t sw, std::uint8_t port) {
  FarEnd end = c_.far_end(NodeId{sw}, port);
  std::string dead;
  if (end.kind == FarEnd::Kind::Nothing) {
    dead = port == 0 ? "port 0" : "port " + std::to_string(port) + " leads nowhere";
  } else if (end.kind == FarEnd::Kind::Ca) {
    if (end.index != owner_.value) {
      dead = "port " + std::to_string(port) + " to " +
             c_.make.name(c_.fabric.node_of(PortId{end.index}));
    }
  } else if (end.index == owner_node_) {
    return;  // the switch that owns the LID
  } else if (colour_[end.index] == Colour::OnPath) {
    close_loop(sw, end.index, port);
  } else if (visit(end.index) == Colour::DiesUnblamed) {
    dead = "port " + std::to_string(port) + " to " + c_.make.name(NodeId{end.index}) +
           ", which has no route";
  }
  if (!dead.empty() && is_ar(c_, sw)) {
    fail(sw, false, std::move(dead));
  }
}

Walker::Colour Walker::visit(std::uint32_t sw) {
  if (colour_[sw] != Colour::New) {
    return colour_[sw];
  }
  if (sw == owner_node_) {
    return colour_[sw] = Colour::Good;
  }
  Choice choice;
  choose(sw, lid_, choice);
  if (choice.why != nullptr) {
    if (is_ar(c_, sw)) {
      fail(sw, false, choice.why);
      return colour_[sw] = Colour::Good;  // reported here, not by those who lead here
    }
    return colour_[sw] = Colour::DiesUnblamed;
  }
  colour_[sw] = Colour::OnPath;
  path_.push_back(sw);
  const std::size_t ports = c_.ends[sw].size();
  for (std::uint8_t port : choice.ports) {
    std::uint32_t to = port < ports ? next_[first_[sw] + port] : kNotSwitch;
    if (to != kNotSwitch && (to == owner_node_ || colour_[to] == Colour::Good)) {
      continue;  // the common case, kept cheap
    }
    follow(sw, port);
  }
  path_.pop_back();
  return colour_[sw] = Colour::Good;
}

void Walker::walk(Lid lid, PortId owner) {
  lid_ = lid;
  owner_ = owner;
  owner_node_ = c_.fabric.node_of(owner).value;
  events_.clear();
  std::fill(colour_.begin(), colour_.end(), Colour::New);
  // Each switch's entry for `lid` lies in its own table, far from the others: ask for all of
  // them before the walk so that the cache misses overlap instead of queueing (this halves
  // the walk on a 10k-host fabric).
  for (const ArLft* lft : ar_lft_) {
    if (lft != nullptr && lid < lft->entries.size()) {
      __builtin_prefetch(&lft->entries[lid]);
    }
  }
  for (const SwitchAr* ar : c_.checked) {
    visit(ar->switch_node.value);
  }
}

}  // namespace ibatlas::ar_detail
