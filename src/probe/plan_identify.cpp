// Identifiability: a run can tell two suspect directions apart only when some probe crosses
// one and not the other. Two directions crossed by exactly the same probes (two cables in
// series on the only path the tables give) get a separating probe when one exists;
// otherwise both are marked, so a verdict does not blame the wrong cable.

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "probe/plan_steps.hpp"

namespace ibatlas {

namespace {

using Signature = std::vector<std::size_t>;  // chosen probes (pool indices) crossing it, sorted

std::vector<Signature> signatures(const CandidatePool& pool, const Selection& selection,
                                  std::size_t directions) {
  std::vector<Signature> sig(directions);
  for (std::size_t i : selection.chosen()) {
    for (std::uint32_t d : pool.at(i).crossed) {
      sig[d].push_back(i);
    }
  }
  for (Signature& s : sig) {
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
  }
  return sig;
}

bool crosses(const Candidate& c, std::uint32_t d) {
  return std::find(c.crossed.begin(), c.crossed.end(), d) != c.crossed.end();
}

// The fewest-hop unchosen candidate crossing exactly one of d1 and d2.
std::optional<std::size_t> separator(const CandidatePool& pool, const Selection& selection,
                                     std::uint32_t d1, std::uint32_t d2) {
  std::optional<std::size_t> best;
  for (std::uint32_t d : {d1, d2}) {
    for (std::size_t i : pool.crossing(d)) {
      const Candidate& c = pool.at(i);
      if (!selection.has(i) && crosses(c, d1) != crosses(c, d2) &&
          (!best || c.hops() < pool.at(*best).hops())) {
        best = i;
      }
    }
  }
  return best;
}

// The first pair of directions with one non-empty signature not yet given up on.
std::optional<std::pair<std::uint32_t, std::uint32_t>> next_tie(
    const std::vector<Signature>& sig,
    const std::set<std::pair<std::uint32_t, std::uint32_t>>& given_up) {
  std::map<Signature, std::vector<std::uint32_t>> groups;
  for (std::uint32_t d = 0; d < sig.size(); ++d) {
    if (!sig[d].empty()) {
      groups[sig[d]].push_back(d);
    }
  }
  for (const auto& [s, dirs] : groups) {
    for (std::size_t i = 0; i < dirs.size(); ++i) {
      for (std::size_t j = i + 1; j < dirs.size(); ++j) {
        if (given_up.count({dirs[i], dirs[j]}) == 0) {
          return std::make_pair(dirs[i], dirs[j]);
        }
      }
    }
  }
  return std::nullopt;
}

void add_note(std::string& note, const std::string& text) {
  note += note.empty() ? text : "; " + text;
}

}  // namespace

std::vector<bool> separate_directions(const PlanContext& context, const CandidatePool& pool,
                                      Selection& selection, std::vector<std::string>& notes) {
  std::vector<bool> identifiable(context.direction_count(), true);
  std::set<std::pair<std::uint32_t, std::uint32_t>> given_up;
  for (;;) {
    std::optional<std::pair<std::uint32_t, std::uint32_t>> tie =
        next_tie(signatures(pool, selection, context.direction_count()), given_up);
    if (!tie) {
      return identifiable;
    }
    auto [d1, d2] = *tie;
    if (std::optional<std::size_t> s = separator(pool, selection, d1, d2)) {
      selection.take(pool, *s);
      continue;
    }
    given_up.insert(*tie);
    identifiable[d1] = false;
    identifiable[d2] = false;
    std::string why = "crossed by exactly the same probes as ";
    add_note(notes[d1], why + context.direction_name(d2) + ", and no pair separates them");
    add_note(notes[d2], why + context.direction_name(d1) + ", and no pair separates them");
  }
}

}  // namespace ibatlas
