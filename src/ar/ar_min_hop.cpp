// ar.group_port_not_minhop: for an adaptive entry of switch S toward LID d, a group port p
// whose far switch is no closer to d's owner than S is (hops(peer(p) -> d) + 1 > minhops(S
// -> d)): ibdiagnet's "AR LFTs against up-down min-hop tables". Hops count switch-to-switch
// cables that carry traffic; a LID is reached from its own switch, or from the switch its
// CA port is cabled to (the anchor). One breadth-first search per switch gives every
// switch pair's hops (a 2-byte matrix: 4 MB for 1,440 switches).

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {
namespace {

constexpr int kFar = -1;

// The switch a LID is delivered from, or nullopt.
std::optional<NodeId> anchor_of(const Context& c, PortId owner) {
  const Port& port = c.fabric.port(owner);
  if (c.fabric.node(port.node).type == NodeType::Switch) {
    return port.node;
  }
  if (!port.peer) {
    return std::nullopt;
  }
  const Port& peer = c.fabric.port(*port.peer);
  FarEnd back = c.far_end(peer.node, peer.number);
  bool cabled = c.fabric.node(peer.node).type == NodeType::Switch &&
                back.kind == FarEnd::Kind::Ca && back.index == owner.value;
  return cabled ? std::optional<NodeId>(peer.node) : std::nullopt;
}

// Switch-to-switch hops between every pair of switches, by one breadth-first search from
// each over cables that carry traffic: hops(a, s) for compact switch indexes.
class HopMatrix {
 public:
  explicit HopMatrix(const Context& c);

  std::uint32_t index(NodeId sw) const { return index_[sw.value]; }

  int hops(std::uint32_t from, std::uint32_t to) const {
    std::uint16_t h = hops_[std::size_t{from} * count_ + to];
    return h == kUnknown ? kFar : h;
  }

 private:
  static constexpr std::uint16_t kUnknown = 0xffff;
  std::vector<std::uint32_t> index_;  // per NodeId
  std::size_t count_ = 0;
  std::vector<std::uint16_t> hops_;
};

HopMatrix::HopMatrix(const Context& c) : index_(c.fabric.nodes().size(), 0) {
  std::vector<std::uint32_t> node_of;
  for (const Node& node : c.fabric.nodes()) {
    if (node.type == NodeType::Switch) {
      index_[c.fabric.id_of(node).value] = static_cast<std::uint32_t>(node_of.size());
      node_of.push_back(c.fabric.id_of(node).value);
    }
  }
  count_ = node_of.size();
  std::vector<std::vector<std::uint32_t>> next(count_);  // switch neighbours, compact
  for (std::size_t i = 0; i < count_; ++i) {
    for (const FarEnd& end : c.ends[node_of[i]]) {
      if (end.kind == FarEnd::Kind::Switch) {
        next[i].push_back(index_[end.index]);
      }
    }
  }
  hops_.assign(count_ * count_, kUnknown);
  std::vector<std::uint32_t> queue;
  for (std::size_t from = 0; from < count_; ++from) {
    std::uint16_t* row = &hops_[from * count_];
    queue.assign(1, static_cast<std::uint32_t>(from));
    row[from] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for (std::uint32_t n : next[queue[head]]) {
        if (row[n] == kUnknown) {
          row[n] = static_cast<std::uint16_t>(row[queue[head]] + 1);
          queue.push_back(n);
        }
      }
    }
  }
}

constexpr std::uint32_t kNoSwitch = 0xffffffff;

// Per port number of `sw`: the compact index of the switch it leads to, kNoSwitch when it
// leads to a CA or nowhere (ar.group_port_to_hca's and ar.group_port_down's business).
std::vector<std::uint32_t> peer_switches(const Context& c, const HopMatrix& m, NodeId sw) {
  std::vector<std::uint32_t> peers;
  for (const FarEnd& end : c.ends[sw.value]) {
    peers.push_back(end.kind == FarEnd::Kind::Switch ? m.index(NodeId{end.index}) : kNoSwitch);
  }
  return peers;
}

// The group's ports whose far switch is no closer to the anchor: "9, 10"; empty: none.
std::string far_ports(const HopMatrix& m, std::uint32_t me, std::uint32_t anchor,
                      const std::vector<std::uint32_t>& peers,
                      const std::vector<std::uint8_t>& ports) {
  std::string text;
  int here = m.hops(anchor, me);  // the anchor's row, read along
  for (std::uint8_t p : ports) {
    std::uint32_t peer = p < peers.size() ? peers[p] : kNoSwitch;
    if (peer == kNoSwitch) {
      continue;
    }
    int there = m.hops(anchor, peer);
    if (there == kFar || there + 1 > here) {
      text += (text.empty() ? "" : ", ") + std::to_string(p);
    }
  }
  return text;
}

// One switch's adaptive entries, in LID order. `anchor` per LID: compact switch index, or
// -1 (none).
void check_switch(const Context& c, const HopMatrix& m, std::size_t slot,
                  const std::vector<std::int64_t>& anchor, Tally& tally) {
  const SwitchAr& ar = *c.checked[slot];
  std::uint32_t me = m.index(ar.switch_node);
  std::vector<std::uint32_t> peers = peer_switches(c, m, ar.switch_node);
  for (const ArLft& lft : ar.lfts) {
    std::uint64_t last_key = ~std::uint64_t{0};  // (table, group, anchor): LIDs mostly share it
    std::string last_text;
    for (std::size_t lid = 1; lid < lft.entries.size() && lid < anchor.size(); ++lid) {
      const std::optional<ArLftEntry>& e = lft.entries[lid];
      std::int64_t a = anchor[lid];
      if (!e || !is_adaptive(e->state) || a < 0 ||
          m.hops(me, static_cast<std::uint32_t>(a)) == kFar) {  // symmetric: me's row
        continue;
      }
      std::uint64_t key = (std::uint64_t{e->table} << 56) | (std::uint64_t{e->group} << 40) |
                          static_cast<std::uint64_t>(a);
      if (key != last_key) {  // the group lookup only when the group or anchor changes
        const std::vector<std::uint8_t>* ports = c.groups[slot].ports(lft.plft, *e);
        last_key = key;
        last_text = ports == nullptr
                        ? std::string()
                        : far_ports(m, me, static_cast<std::uint32_t>(a), peers, *ports);
      }
      if (!last_text.empty()) {
        tally.add(lid_item(static_cast<Lid>(lid),
                           "group " + std::to_string(e->group) + " port " + last_text));
      }
    }
  }
}

}  // namespace

void check_ar_min_hop(const Context& c, std::vector<Finding>& out) {
  if (c.checked.empty()) {
    return;
  }
  HopMatrix m(c);
  std::vector<std::int64_t> anchor(c.owners.size(), -1);
  for (std::size_t lid = 1; lid < c.owners.size(); ++lid) {
    if (std::optional<PortId> owner = c.owner(static_cast<Lid>(lid))) {
      if (std::optional<NodeId> a = anchor_of(c, *owner)) {
        anchor[lid] = m.index(*a);
      }
    }
  }
  for (std::size_t slot = 0; slot < c.checked.size(); ++slot) {
    Tally tally;
    check_switch(c, m, slot, anchor, tally);
    if (tally.empty()) {
      continue;
    }
    Finding f = c.make.at_node("ar.group_port_not_minhop", c.checked[slot]->switch_node);
    f.measured = std::to_string(tally.count());
    f.message = "AR groups hold ports that lead no closer to the LID: " + tally.text();
    f.hint = "have the SM rebuild the AR groups; a longer path costs latency and can loop";
    out.push_back(std::move(f));
  }
}

}  // namespace ibatlas::ar_detail
