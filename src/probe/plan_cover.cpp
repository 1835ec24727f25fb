// The weighted greedy set cover (Chvátal): take the candidate with the most newly covered
// demand per unit of cost until no direction wants more. Within ln|S| + 1 of the cheapest
// cover, and a few milliseconds for hundreds of suspects, where an exact ILP would need a
// solver we do not link.

#include <algorithm>

#include "probe/plan_steps.hpp"

namespace ibatlas {

void Selection::take(const CandidatePool& pool, std::size_t index) {
  const Candidate& c = pool.at(index);
  chosen_.push_back(index);
  taken_.insert(index);
  std::uint64_t pair = host_pair(c);
  used_pairs_.insert(pair);
  for (std::uint32_t d : c.crossed) {
    if (std::find(pairs_[d].begin(), pairs_[d].end(), pair) == pairs_[d].end()) {
      pairs_[d].push_back(pair);
    }
  }
  ++load_[c.from.value];
  ++load_[c.to.value];
}

std::size_t Selection::load(PortId port) const {
  auto it = load_.find(port.value);
  return it == load_.end() ? 0 : it->second;
}

namespace {

// Per direction: how many host pairs it wants, capped by how many cross it at all.
std::vector<std::size_t> demand(const PlanContext& context, const CandidatePool& pool,
                                std::size_t per_direction) {
  std::vector<std::size_t> want(context.direction_count(), 0);
  for (std::uint32_t d = 0; d < want.size(); ++d) {
    std::vector<std::uint64_t> pairs;
    for (std::size_t i : pool.crossing(d)) {
      pairs.push_back(host_pair(pool.at(i)));
    }
    std::sort(pairs.begin(), pairs.end());
    auto distinct =
        static_cast<std::size_t>(std::unique(pairs.begin(), pairs.end()) - pairs.begin());
    want[d] = std::min(per_direction, distinct);
  }
  return want;
}

class Greedy {
 public:
  Greedy(const CandidatePool& pool, std::vector<std::size_t> want)
      : pool_(pool), want_(std::move(want)), selection_(want_.size()) {}

  Selection run() && {
    for (;;) {
      std::optional<std::size_t> best = best_candidate();
      if (!best) {
        return std::move(selection_);
      }
      selection_.take(pool_, *best);
    }
  }

 private:
  bool useful(std::uint32_t d, std::uint64_t pair) const {
    const std::vector<std::uint64_t>& have = selection_.pairs(d);
    return have.size() < want_[d] && std::find(have.begin(), have.end(), pair) == have.end();
  }

  // Newly covered demand per cost. The reverse route counts half: the same pair the other
  // way round would cover it, at the discount for a pair already in the plan. The cost is
  // the cables used, more for each further suspect touched (a slow result on such a probe
  // blames no single link) and for hosts already busy (spread the load).
  double score(const Candidate& c) const {
    std::uint64_t pair = host_pair(c);
    double gain = 0;
    for (std::uint32_t d : c.crossed) {
      gain += useful(d, pair) ? 1.0 : 0.0;
    }
    if (gain == 0) {
      return 0;
    }
    for (std::uint32_t d : c.reverse_crossed) {
      gain += useful(d, pair) ? 0.5 : 0.0;
    }
    auto cables = static_cast<double>(c.forward.size() + c.reverse.size());
    double cost = selection_.pair_used(pair)
                      ? 0.3 * cables
                      : cables + 3.0 * static_cast<double>(c.suspects_touched - 1) +
                            static_cast<double>(selection_.load(c.from) + selection_.load(c.to));
    return gain / cost;
  }

  std::optional<std::size_t> best_candidate() const {
    std::optional<std::size_t> best;
    double best_score = 0;
    for (std::uint32_t d = 0; d < want_.size(); ++d) {
      if (selection_.pairs(d).size() >= want_[d]) {
        continue;
      }
      for (std::size_t i : pool_.crossing(d)) {
        double s = selection_.has(i) ? 0 : score(pool_.at(i));
        if (s > best_score || (s == best_score && s > 0 && best && i < *best)) {
          best = i;
          best_score = s;
        }
      }
    }
    return best;
  }

  const CandidatePool& pool_;
  std::vector<std::size_t> want_;
  Selection selection_;
};

}  // namespace

Selection choose_probes(const PlanContext& context, const CandidatePool& pool,
                        std::size_t per_direction) {
  return Greedy(pool, demand(context, pool, per_direction)).run();
}

}  // namespace ibatlas
