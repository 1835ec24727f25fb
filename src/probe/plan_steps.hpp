#pragma once

// Private to the probe planner: its steps after the candidates are gathered, one file each.
// plan.cpp runs them in this order.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ibatlas/probe/plan.hpp"

#include "probe/plan_pool.hpp"

namespace ibatlas {

// The probes chosen so far and what they cover.
class Selection {
 public:
  explicit Selection(std::size_t directions) : pairs_(directions) {}

  void take(const CandidatePool& pool, std::size_t index);

  bool has(std::size_t index) const { return taken_.count(index) != 0; }

  const std::vector<std::size_t>& chosen() const { return chosen_; }

  // The host pairs among the chosen probes whose forward route crosses direction d.
  const std::vector<std::uint64_t>& pairs(std::uint32_t d) const { return pairs_[d]; }

  bool pair_used(std::uint64_t pair) const { return used_pairs_.count(pair) != 0; }

  // How many chosen probes start or end at host port `port`.
  std::size_t load(PortId port) const;

 private:
  std::vector<std::size_t> chosen_;
  std::unordered_set<std::size_t> taken_;
  std::vector<std::vector<std::uint64_t>> pairs_;
  std::unordered_set<std::uint64_t> used_pairs_;
  std::unordered_map<std::uint32_t, std::size_t> load_;
};

// Weighted greedy set cover (plan_cover.cpp): probes until every direction is crossed by
// `per_direction` probes from different host pairs, or by as many as it has.
Selection choose_probes(const PlanContext& context, const CandidatePool& pool,
                        std::size_t per_direction);

// Identifiability (plan_identify.cpp): for two directions crossed by exactly the same chosen
// probes, adds a probe that crosses one but not the other when the pool has one. Returns per
// direction whether it is identifiable; notes[d] says why not.
std::vector<bool> separate_directions(const PlanContext& context, const CandidatePool& pool,
                                      Selection& selection, std::vector<std::string>& notes);

// What one direction needs in controls.
struct ControlNeed {
  std::vector<std::size_t> probes;  // its probes, pool indices
  std::size_t want = 1;
  bool other_lids = true;  // another LID of a probe's destination may be used
};

// Controls for the probes of one direction (plan_controls.cpp): candidates that touch no
// suspect, with the hop counts of one of the probes, first through another LID of the same
// destination for each probe (other_lids), then among `known` controls and their reverses,
// then from hosts on the same two leaves. Appends to `found` until it holds `need.want`.
void find_controls(const PlanContext& context, CandidatePool& pool, const ControlNeed& need,
                   const std::vector<std::size_t>& known, std::vector<std::size_t>& found);

// Rounds by DSatur colouring of the conflict graph (plan_rounds.cpp): fills plan.rounds and
// plan.round_lower_bound from plan.probes. The host ports in `shared` (the allowed probe
// sources) and their own cables are no conflict: every probe from a source uses them.
void assign_rounds(const Fabric& fabric, ProbePlan& plan, std::span<const PortId> shared);

}  // namespace ibatlas
