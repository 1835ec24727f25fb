// ar.path_dead_end and ar.path_loop: every AR choice from every switch toward every LID, as
// ibdm's ARTraceRouteByLFT walks them. An adaptive entry may leave by any port of its group,
// a Static one by its DefaultPort; a switch without checked AR state forwards by its plain
// LFT. A branch dies at a port that leads nowhere, at a CA port that does not own the LID,
// at port 0 of a switch that does not own it, or at a switch with no entry; it loops when it
// comes back to a switch already on it. Each (switch, LID) is walked once (colours per LID),
// so the cost is O(switches x LIDs x group size), and a fault is reported once, at the
// switch whose choice fails: one finding per switch and kind, counting the LIDs.

#include <algorithm>
#include <span>

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {
namespace {

enum Colour : std::uint8_t { kNew, kOnPath, kGood, kDiesUnblamed };

class Walker {
 public:
  explicit Walker(const Context& c);

  void walk(Lid lid, PortId owner);

  void report(std::vector<Finding>& out) const;

 private:
  // The ports `sw` may forward `lid_` by (a single one is put in `one`); false when it has
  // no way to (then `why` says). No allocation: this runs once per (switch, LID).
  bool choices(std::uint32_t sw, std::span<const std::uint8_t>& ports, std::uint8_t& one,
               std::string& why) const;
  Colour visit(std::uint32_t sw);
  void follow(std::uint32_t sw, std::uint8_t port);
  void close_loop(std::uint32_t sw, std::uint32_t to, std::uint8_t port);

  const Context& c_;
  std::vector<const ForwardingTable*> plain_;  // per NodeId
  std::vector<Colour> colour_;                 // per NodeId, for the current LID
  std::vector<std::uint32_t> path_;
  std::vector<Tally> dead_, loop_;  // per NodeId
  Lid lid_ = 0;
  PortId owner_;
  std::uint32_t owner_node_ = 0;
};

Walker::Walker(const Context& c)
    : c_(c),
      plain_(c.fabric.nodes().size(), nullptr),
      colour_(c.fabric.nodes().size(), kNew),
      dead_(c.fabric.nodes().size()),
      loop_(c.fabric.nodes().size()) {
  for (const ForwardingTable& t : c.fabric.forwarding_tables()) {
    plain_[t.switch_node.value] = &t;
  }
}

bool is_ar(const Context& c, std::uint32_t sw) {
  return c.checked_slot[sw] >= 0;
}

bool Walker::choices(std::uint32_t sw, std::span<const std::uint8_t>& ports, std::uint8_t& one,
                     std::string& why) const {
  ports = {};
  std::int32_t slot = c_.checked_slot[sw];
  if (slot >= 0) {
    const SwitchAr& ar = *c_.checked[static_cast<std::size_t>(slot)];
    const ArLft* lft = ar.lfts.empty() || ar.lfts[0].plft != 0 ? nullptr : &ar.lfts[0];
    const std::optional<ArLftEntry>* e =
        lft != nullptr && lid_ < lft->entries.size() ? &lft->entries[lid_] : nullptr;
    if (e != nullptr && e->has_value()) {
      if (!is_adaptive((*e)->state)) {
        one = (*e)->default_port.value_or(static_cast<std::uint8_t>((*e)->group));
        ports = std::span<const std::uint8_t>(&one, 1);
        return true;
      }
      const std::vector<std::uint8_t>* group =
          c_.groups[static_cast<std::size_t>(slot)].ports(0, **e);
      if (group != nullptr) {
        ports = *group;  // an empty group is ar.group_empty's
      }
      return true;
    }
    if (ar.tables_complete) {
      why = "no AR entry";
      return false;
    }
  }
  const ForwardingTable* t = plain_[sw];
  if (t == nullptr || lid_ >= t->out_port.size() ||
      t->out_port[lid_] == ForwardingTable::kNoRoute) {
    why = "no route";
    return false;
  }
  one = t->out_port[lid_];
  ports = std::span<const std::uint8_t>(&one, 1);
  return true;
}

void Walker::close_loop(std::uint32_t sw, std::uint32_t to, std::uint8_t port) {
  auto start = std::find(path_.begin(), path_.end(), to);
  bool through_ar =
      std::any_of(start, path_.end(), [this](std::uint32_t n) { return is_ar(c_, n); });
  if (through_ar) {
    loop_[sw].add(
        lid_item(lid_, "port " + std::to_string(port) + " back to " + c_.make.name(NodeId{to})));
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
  } else if (colour_[end.index] == kOnPath) {
    close_loop(sw, end.index, port);
  } else if (visit(end.index) == kDiesUnblamed) {
    dead = "port " + std::to_string(port) + " to " + c_.make.name(NodeId{end.index}) +
           ", which has no route";
  }
  if (!dead.empty() && is_ar(c_, sw)) {
    dead_[sw].add(lid_item(lid_, dead));
  }
}

Colour Walker::visit(std::uint32_t sw) {
  if (colour_[sw] != kNew) {
    return colour_[sw];
  }
  if (sw == owner_node_) {
    return colour_[sw] = kGood;
  }
  std::span<const std::uint8_t> ports;
  std::uint8_t one = 0;
  std::string why;
  if (!choices(sw, ports, one, why)) {
    if (is_ar(c_, sw)) {
      dead_[sw].add(lid_item(lid_, why));
      return colour_[sw] = kGood;  // reported here, not by those who lead here
    }
    return colour_[sw] = kDiesUnblamed;
  }
  colour_[sw] = kOnPath;
  path_.push_back(sw);
  for (std::uint8_t port : ports) {
    follow(sw, port);
  }
  path_.pop_back();
  return colour_[sw] = kGood;
}

void Walker::walk(Lid lid, PortId owner) {
  lid_ = lid;
  owner_ = owner;
  owner_node_ = c_.fabric.node_of(owner).value;
  std::fill(colour_.begin(), colour_.end(), kNew);
  for (const SwitchAr* ar : c_.checked) {
    visit(ar->switch_node.value);
  }
}

void Walker::report(std::vector<Finding>& out) const {
  for (std::uint32_t n = 0; n < dead_.size(); ++n) {
    for (bool loop : {false, true}) {
      const Tally& t = loop ? loop_[n] : dead_[n];
      if (t.empty()) {
        continue;
      }
      Finding f = c_.make.at_node(loop ? "ar.path_loop" : "ar.path_dead_end", NodeId{n});
      f.measured = std::to_string(t.count());
      f.message = (loop ? "AR choices here lead back to a switch already on the way: "
                        : "AR choices here lead where the LID cannot be reached: ") +
                  t.text();
      f.hint = loop ? "have the SM rebuild the AR groups; a looping packet is dropped"
                    : "have the SM rebuild the AR groups or restore the link";
      out.push_back(std::move(f));
    }
  }
}

}  // namespace

void check_ar_paths(const Context& c, std::vector<Finding>& out) {
  if (c.checked.empty()) {
    return;
  }
  Walker walker(c);
  for (std::size_t lid = 1; lid < c.owners.size(); ++lid) {
    if (std::optional<PortId> owner = c.owner(static_cast<Lid>(lid))) {
      walker.walk(static_cast<Lid>(lid), *owner);
    }
  }
  walker.report(out);
}

}  // namespace ibatlas::ar_detail
