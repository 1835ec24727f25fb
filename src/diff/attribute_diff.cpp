#include "ibatlas/diff/attribute_diff.hpp"

namespace ibatlas {

namespace {

std::string lid_string(const Port& p, bool with_lmc) {
  std::string out = std::to_string(*p.base_lid);
  if (with_lmc && p.lmc) {
    out += " (lmc ";
    out += std::to_string(int{*p.lmc});
    out += ')';
  }
  return out;
}

// Compares the LIDs of one matched node pair; ports of both are sorted by number.
void diff_node_lids(const Fabric& before, const Fabric& after, NodeId old, NodeId now,
                    std::vector<Change>& out) {
  std::span<const Port> was = before.ports_of(old);
  std::span<const Port> is = after.ports_of(now);
  bool one_lid = after.node(now).type == NodeType::Switch;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < was.size() && j < is.size()) {
    if (was[i].number < is[j].number) {
      ++i;
      continue;
    }
    if (is[j].number < was[i].number) {
      ++j;
      continue;
    }
    const Port& a = was[i++];
    const Port& b = is[j++];
    if (!a.base_lid || !b.base_lid) {
      continue;
    }
    bool lmc_differs = a.lmc && b.lmc && *a.lmc != *b.lmc;
    if (*a.base_lid != *b.base_lid || lmc_differs) {
      Change& c = out.emplace_back();
      c.kind = ChangeKind::LidChanged;
      c.at = port_ref(after, after.id_of(b));
      c.before = lid_string(a, lmc_differs);
      c.after = lid_string(b, lmc_differs);
    }
    if (one_lid) {
      return;
    }
  }
}

}  // namespace

std::vector<Change> diff_lids(const Fabric& before, const Fabric& after, const NodeMatch& match) {
  std::vector<Change> out;
  for (std::uint32_t i = 0; i < match.before_of.size(); ++i) {
    if (match.before_of[i]) {
      diff_node_lids(before, after, *match.before_of[i], NodeId{i}, out);
    }
  }
  return out;
}

std::vector<Change> diff_descriptions(const Fabric& before, const Fabric& after,
                                      const NodeMatch& match) {
  std::vector<Change> out;
  for (std::uint32_t i = 0; i < match.before_of.size(); ++i) {
    if (!match.before_of[i]) {
      continue;
    }
    const Node& was = before.node(*match.before_of[i]);
    const Node& now = after.node(NodeId{i});
    if (was.description != now.description) {
      Change& c = out.emplace_back();
      c.kind = ChangeKind::DescriptionChanged;
      c.at = node_ref(after, NodeId{i});
      c.before = was.description;
      c.after = now.description;
    }
  }
  return out;
}

}  // namespace ibatlas
