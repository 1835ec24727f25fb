// ar.path_dead_end and ar.path_loop (the walk itself: ar_walker.hpp). Walking every LID
// would cost O(switches x LIDs x group size), about 230 million steps on a 10k-host
// fat-tree. But the hosts of one leaf are treated alike by every other switch (same group,
// same static port), and their leaf delivers each straight to its host. So LIDs are put in
// classes: same anchor (the switch that delivers the LID), delivered straight by it, and the
// same choice on every other switch; one LID per class is walked and its events stand for
// every LID of the class. A LID its anchor does not deliver straight is walked alone.

#include <map>
#include <tuple>

#include "ar/ar_walker.hpp"

namespace ibatlas::ar_detail {
namespace {

// The switch that delivers `owner`'s LIDs when it delivers `lid` straight (it owns it, or
// sends it by the one port cabled to `owner`); nullopt otherwise.
std::optional<std::uint32_t> straight_anchor(const Context& c, const Walker& walker, Lid lid,
                                             PortId owner) {
  const Port& port = c.fabric.port(owner);
  if (c.fabric.node(port.node).type == NodeType::Switch) {
    return port.node.value;
  }
  if (!port.peer || c.fabric.node_of(*port.peer) == port.node) {
    return std::nullopt;
  }
  NodeId anchor = c.fabric.node_of(*port.peer);
  if (c.fabric.node(anchor).type != NodeType::Switch) {
    return std::nullopt;
  }
  Choice choice;
  walker.choose(anchor.value, lid, choice);
  if (choice.ports.size() != 1) {
    return std::nullopt;
  }
  FarEnd end = c.far_end(anchor, choice.ports[0]);
  bool straight = end.kind == FarEnd::Kind::Ca && end.index == owner.value;
  return straight ? std::optional<std::uint32_t>(anchor.value) : std::nullopt;
}

struct LidClass {
  std::vector<Lid> lids;  // the first is walked
  PortId owner;           // the first LID's
};

// Two independent 64-bit hashes of the signatures of every switch but the anchor: LIDs with
// the same anchor and both hashes are one class (a false match needs a 128-bit collision).
// Computed switch by switch, each switch's entries in LID order, as the tables lie in memory.
struct Hashes {
  std::vector<std::uint64_t> fnv;
  std::vector<std::uint64_t> mix;
};

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

Hashes hash_signatures(const Context& c, const Walker& walker,
                       const std::vector<std::int64_t>& anchor) {
  Hashes h{std::vector<std::uint64_t>(anchor.size(), 14695981039346656037ULL),
           std::vector<std::uint64_t>(anchor.size(), 0)};
  for (const Node& node : c.fabric.nodes()) {
    if (node.type != NodeType::Switch) {
      continue;
    }
    std::uint32_t sw = c.fabric.id_of(node).value;
    for (std::size_t lid = 1; lid < anchor.size(); ++lid) {
      if (anchor[lid] < 0) {
        continue;
      }
      std::uint64_t s = anchor[lid] == sw ? 0 : walker.signature(sw, static_cast<Lid>(lid));
      h.fnv[lid] = (h.fnv[lid] ^ s) * 1099511628211ULL;
      h.mix[lid] = splitmix(h.mix[lid] ^ s);
    }
  }
  return h;
}

// The classes, in order of their first LID. A LID its anchor does not deliver straight is
// a class of its own.
std::vector<LidClass> classes_of(const Context& c, const Walker& walker) {
  std::vector<std::int64_t> anchor(c.owners.size(), -1);
  for (std::size_t lid = 1; lid < c.owners.size(); ++lid) {
    if (std::optional<PortId> owner = c.owner(static_cast<Lid>(lid))) {
      std::optional<std::uint32_t> a = straight_anchor(c, walker, static_cast<Lid>(lid), *owner);
      anchor[lid] = a ? static_cast<std::int64_t>(*a) : -2;
    }
  }
  Hashes h = hash_signatures(c, walker, anchor);
  std::map<std::tuple<std::int64_t, std::uint64_t, std::uint64_t>, std::size_t> index;
  std::vector<LidClass> classes;
  for (std::size_t lid = 1; lid < anchor.size(); ++lid) {
    if (anchor[lid] == -1) {
      continue;  // nobody owns it
    }
    PortId owner = *c.owner(static_cast<Lid>(lid));
    auto key = std::make_tuple(anchor[lid], h.fnv[lid], h.mix[lid]);
    auto [it, added] = index.emplace(key, classes.size());
    if (added || anchor[lid] == -2) {
      it->second = classes.size();
      classes.push_back(LidClass{{static_cast<Lid>(lid)}, owner});
    } else {
      classes[it->second].lids.push_back(static_cast<Lid>(lid));
    }
  }
  return classes;
}

void report(const Context& c, const std::vector<Tally>& tallies, bool loop,
            std::vector<Finding>& out) {
  for (std::uint32_t n = 0; n < tallies.size(); ++n) {
    if (tallies[n].empty()) {
      continue;
    }
    Finding f = c.make.at_node(loop ? "ar.path_loop" : "ar.path_dead_end", NodeId{n});
    f.measured = std::to_string(tallies[n].count());
    f.message = (loop ? "AR choices here lead back to a switch already on the way: "
                      : "AR choices here lead where the LID cannot be reached: ") +
                tallies[n].text();
    f.hint = loop ? "have the SM rebuild the AR groups; a looping packet is dropped"
                  : "have the SM rebuild the AR groups or restore the link";
    out.push_back(std::move(f));
  }
}

}  // namespace

void check_ar_paths(const Context& c, std::vector<Finding>& out) {
  if (c.checked.empty()) {
    return;
  }
  Walker walker(c);
  std::vector<LidClass> classes = classes_of(c, walker);
  std::vector<Tally> dead(c.fabric.nodes().size());
  std::vector<Tally> loops(c.fabric.nodes().size());
  for (const LidClass& k : classes) {
    walker.walk(k.lids.front(), k.owner);
    for (const PathEvent& e : walker.events()) {
      for (Lid lid : k.lids) {
        (e.loop ? loops : dead)[e.sw].add(lid_item(lid, e.detail));
      }
    }
  }
  report(c, dead, false, out);
  report(c, loops, true, out);
}

}  // namespace ibatlas::ar_detail
