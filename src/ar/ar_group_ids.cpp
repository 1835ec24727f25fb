// ar.group_id_per_dlid: peers giving one destination LID different AR group numbers
// (ibdiagnet's DIFFERENT_AR_GROUPS_ID_FOR_DLID, which it runs with its pFRN validations).
// Group numbers matter across switches only when pFRN notifications name them; without pFRN
// an SM that shares one group among every destination with the same ports (as the
// consistent state of tests/support/ar_state.hpp does) numbers groups differently on the
// aggregation switches of different pods, and nothing is wrong. So the check runs among
// peers of which at least one has pFRN on, and a difference there is an error.

#include "ar/ar_context.hpp"

namespace ibatlas::ar_detail {
namespace {

// One peer's pLFT-0 table.
struct Member {
  const SwitchAr* ar;
  const std::vector<std::optional<ArLftEntry>>* entries;
};

std::vector<Member> members_of(const std::vector<const SwitchAr*>& peers) {
  std::vector<Member> members;
  for (const SwitchAr* ar : peers) {
    if (!ar->info->enabled) {
      continue;
    }
    for (const ArLft& lft : ar->lfts) {
      if (lft.plft == 0) {
        members.push_back(Member{ar, &lft.entries});
      }
    }
  }
  return members;
}

// The adaptive entry's group of `m` for `lid`, or -1.
long group_of(const Member& m, std::size_t lid) {
  if (lid >= m.entries->size() || !(*m.entries)[lid] || !is_adaptive((*m.entries)[lid]->state)) {
    return -1;
  }
  return (*m.entries)[lid]->group;
}

// The group more than half the peers with an adaptive entry for `lid` use, or -1.
long majority(const std::vector<Member>& members, std::size_t lid, std::size_t& voters) {
  long candidate = -1;
  long weight = 0;
  voters = 0;
  for (const Member& m : members) {
    long g = group_of(m, lid);
    if (g < 0) {
      continue;
    }
    ++voters;
    if (weight == 0) {
      candidate = g;
    }
    weight += g == candidate ? 1 : -1;
  }
  std::size_t count = 0;
  for (const Member& m : members) {
    count += group_of(m, lid) == candidate ? 1U : 0U;
  }
  return count * 2 > voters ? candidate : -1;
}

void check_peers(const Context& c, const PeerKey& key, const std::vector<const SwitchAr*>& peers,
                 std::vector<Finding>& out) {
  std::vector<Member> members = members_of(peers);
  std::size_t top = 0;
  bool pfrn = false;
  for (const Member& m : members) {
    top = std::max(top, m.entries->size());
    pfrn = pfrn || m.ar->info->pfrn_enabled;
  }
  if (!pfrn) {
    return;
  }
  std::vector<Tally> tallies(members.size());
  for (std::size_t lid = 0; lid < top; ++lid) {
    std::size_t voters = 0;
    long usual = majority(members, lid, voters);
    for (std::size_t i = 0; usual >= 0 && voters > 1 && i < members.size(); ++i) {
      long g = group_of(members[i], lid);
      if (g >= 0 && g != usual) {
        tallies[i].add(lid_item(static_cast<Lid>(lid),
                                "group " + std::to_string(g) + ", most " + std::to_string(usual)));
      }
    }
  }
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (tallies[i].empty()) {
      continue;
    }
    Finding f = c.make.at_node("ar.group_id_per_dlid", members[i].ar->switch_node);
    f.severity = Severity::Error;  // pFRN notifications name groups
    f.measured = std::to_string(tallies[i].count());
    f.message = "gives LIDs other AR group numbers than most " + peers_name(key) +
                " (pFRN is on: its notifications name groups): " + tallies[i].text();
    f.hint = "have the SM number AR groups per destination alike on every switch";
    out.push_back(std::move(f));
  }
}

}  // namespace

void check_ar_group_ids(const Context& c, std::vector<Finding>& out) {
  for (const auto& [key, peers] : peer_sets(c)) {
    check_peers(c, key, peers, out);
  }
}

}  // namespace ibatlas::ar_detail
