// The probe planner's steps in order: candidates per suspect direction (plan_candidates.cpp),
// the set cover (plan_cover.cpp), identifiability (plan_identify.cpp), controls
// (plan_controls.cpp) and rounds (plan_rounds.cpp). This file turns their pool indices into
// the plan and says in notes what could not be done.

#include "ibatlas/probe/plan.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "probe/plan_steps.hpp"

namespace ibatlas {

namespace {

void add_note(std::string& note, const std::string& text) {
  note += note.empty() ? text : "; " + text;
}

// Builds the plan's probes from pool indices, each candidate once.
class PlanProbes {
 public:
  PlanProbes(const CandidatePool& pool, ProbePlan& plan) : pool_(pool), plan_(plan) {}

  std::size_t index_of(std::size_t candidate) {
    auto [it, fresh] = index_.try_emplace(candidate, plan_.probes.size());
    if (fresh) {
      const Candidate& c = pool_.at(candidate);
      plan_.probes.push_back(ProbePair{c.from, c.to, c.dlid, c.forward, c.reverse, c.is_control()});
    }
    return it->second;
  }

 private:
  const CandidatePool& pool_;
  ProbePlan& plan_;
  std::unordered_map<std::size_t, std::size_t> index_;
};

std::size_t distinct_pairs(const ProbePlan& plan, const std::vector<std::size_t>& probes) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i : probes) {
    const ProbePair& p = plan.probes[i];
    pairs.emplace(std::min(p.from.value, p.to.value), std::max(p.from.value, p.to.value));
  }
  return pairs.size();
}

std::string port_name(const Fabric& f, PortId p) {
  if (p.value >= f.ports().size()) {
    return "port #" + std::to_string(p.value) + " (not in the fabric)";
  }
  return "\"" + f.node(f.node_of(p)).description + "\" port " + std::to_string(f.port(p).number);
}

// The allowed sources that can probe, in words: "\"host1\" port 1".
std::string sources_name(const PlanContext& context) {
  std::string text;
  for (const ProbeHost* h : context.source_hosts()) {
    text += (text.empty() ? "" : ", ") + port_name(context.fabric(), h->port);
  }
  return text.empty() ? "the probe sources" : text;
}

// With PlanOptions::sources: sources that cannot probe, and suspects no route from them
// crosses in either direction, each said once in the plan's notes.
void source_notes(const PlanContext& context, const PlanOptions& options, ProbePlan& plan) {
  if (!context.restricted()) {
    return;
  }
  for (PortId p : *options.sources) {
    if (context.host(p) == nullptr) {
      plan.notes.push_back("probe source " + port_name(context.fabric(), p) +
                           " is no CA port with a LID and a working cable to a switch");
    }
  }
  if (context.source_hosts().empty()) {
    plan.notes.emplace_back("no probe source can send: nothing is planned");
    return;
  }
  for (std::size_t d = 0; d + 1 < plan.coverage.size(); d += 2) {
    if (context.unusable(static_cast<std::uint32_t>(d)).empty() &&
        plan.coverage[d].probes.empty() && plan.coverage[d + 1].probes.empty() &&
        context.router().has_tables()) {
      plan.notes.push_back("suspect " + std::to_string(d / 2 + 1) + " (" +
                           context.direction_name(static_cast<std::uint32_t>(d)) +
                           "): not coverable from " + sources_name(context) +
                           ": no route from there crosses it in either direction; probe from "
                           "a host whose routes cross it");
    }
  }
}

// Why a direction has fewer probes or controls than asked, in words.
void shortfall_notes(const PlanContext& context, const PlanOptions& options, const ProbePlan& plan,
                     const SuspectDirection& cov, std::string& note) {
  std::uint32_t d =
      static_cast<std::uint32_t>(cov.suspect * 2) + static_cast<std::uint32_t>(cov.direction);
  if (!context.unusable(d).empty()) {
    return;  // said already
  }
  if (cov.probes.empty() && context.restricted() && context.router().has_tables()) {
    add_note(note, "not coverable from " + sources_name(context) + ": no route from " +
                       (context.source_hosts().size() == 1 ? "it" : "them") + " crosses it");
    return;
  }
  if (cov.probes.empty()) {
    add_note(note, context.router().has_tables()
                       ? "no host pair's route crosses it"
                       : "no host pair's route crosses it: the fabric has no forwarding tables");
    return;
  }
  std::size_t pairs = distinct_pairs(plan, cov.probes);
  if (pairs < options.probes_per_direction) {
    add_note(note, "only " + std::to_string(pairs) + " host pair(s) cross it");
  }
  if (cov.controls.size() < options.controls_per_direction) {
    add_note(note, cov.controls.empty()
                       ? "no control pair of the same hop count avoids every suspect"
                       : "only " + std::to_string(cov.controls.size()) + " control pair(s)");
  }
}

void plan_notes(const PlanContext& context, ProbePlan& plan) {
  if (!context.router().has_tables()) {
    plan.notes.emplace_back("the fabric has no forwarding tables: no route can be followed");
  }
  if (context.hosts().empty()) {
    plan.notes.emplace_back("no CA port has a LID and a working cable to a switch");
  }
  for (std::uint32_t d = 0; d < context.direction_count(); d += 2) {
    if (!context.unusable(d).empty()) {
      plan.notes.push_back("suspect " + std::to_string(d / 2 + 1) + ": " + context.unusable(d));
    }
  }
}

}  // namespace

ProbePlan plan_probes(const Fabric& fabric, std::span<const SuspectLink> suspects,
                      const PlanOptions& options) {
  ProbePlan plan;
  plan.suspects.assign(suspects.begin(), suspects.end());
  PlanContext context(fabric, suspects, options);
  CandidatePool pool(context);
  auto directions = static_cast<std::uint32_t>(context.direction_count());
  for (std::uint32_t d = 0; d < directions; ++d) {
    gather_candidates(context, pool, d, options.other_lids);
  }
  Selection selection = choose_probes(context, pool, options.probes_per_direction);
  std::vector<std::string> notes(directions);
  for (std::uint32_t d = 0; d < directions; ++d) {
    notes[d] = context.unusable(d);
  }
  std::vector<bool> identifiable = separate_directions(context, pool, selection, notes);

  PlanProbes probes(pool, plan);
  std::vector<std::vector<std::size_t>> crossing(directions);  // chosen candidates per direction
  for (std::size_t i : selection.chosen()) {
    probes.index_of(i);
    for (std::uint32_t d : pool.at(i).crossed) {
      crossing[d].push_back(i);
    }
  }
  std::vector<std::size_t> known_controls;
  for (std::uint32_t d = 0; d < directions; ++d) {
    SuspectDirection cov;
    cov.suspect = d / 2;
    cov.direction = static_cast<int>(d % 2);
    for (std::size_t i : crossing[d]) {
      cov.probes.push_back(probes.index_of(i));
    }
    std::vector<std::size_t> controls;
    find_controls(context, pool,
                  ControlNeed{crossing[d], options.controls_per_direction, options.other_lids},
                  known_controls, controls);
    for (std::size_t c : controls) {
      cov.controls.push_back(probes.index_of(c));
      if (std::find(known_controls.begin(), known_controls.end(), c) == known_controls.end()) {
        known_controls.push_back(c);
      }
    }
    std::sort(cov.probes.begin(), cov.probes.end());
    cov.identifiable = identifiable[d];
    cov.note = notes[d];
    shortfall_notes(context, options, plan, cov, cov.note);
    plan.coverage.push_back(std::move(cov));
  }
  plan_notes(context, plan);
  source_notes(context, options, plan);
  std::vector<PortId> shared;
  for (const ProbeHost* h : context.source_hosts()) {
    shared.push_back(h->port);
  }
  assign_rounds(fabric, plan, shared);
  return plan;
}

}  // namespace ibatlas
