#include "ibatlas/probe/plan_report.hpp"

#include <nlohmann/json.hpp>

#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::ordered_json;

bool known(const Fabric& fabric, PortId port) {
  return port.value < fabric.ports().size();
}

// "host0001 HCA-1" port 1, escaped for a terminal.
std::string end_text(const Fabric& fabric, PortId port) {
  if (!known(fabric, port)) {
    return "port #" + std::to_string(port.value) + " (not in the fabric)";
  }
  const Port& p = fabric.port(port);
  return "\"" + text::printable(fabric.node(p.node).description) + "\" port " +
         std::to_string(p.number);
}

std::string probe_text(const Fabric& fabric, const ProbePlan& plan, std::size_t i) {
  const ProbePair& p = plan.probes[i];
  return "#" + std::to_string(i) + " " + end_text(fabric, p.from) + " -> " +
         end_text(fabric, p.to) + " dlid " + std::to_string(p.dlid) + " " +
         std::to_string(p.forward.size()) + " hops";
}

std::string probe_list(const Fabric& fabric, const ProbePlan& plan,
                       const std::vector<std::size_t>& list) {
  std::string text;
  for (std::size_t i : list) {
    text += (text.empty() ? "" : ", ") + probe_text(fabric, plan, i);
  }
  return text.empty() ? "none" : text;
}

void write_direction(const Fabric& fabric, const ProbePlan& plan, const SuspectDirection& cov,
                     std::ostream& out) {
  const SuspectLink& s = plan.suspects.at(cov.suspect);
  PortId from = s.sender(cov.direction);
  PortId to = s.receiver(cov.direction);
  out << "suspect " << cov.suspect + 1 << ' ' << end_text(fabric, from) << " -> "
      << end_text(fabric, to) << " (" << text::printable(s.reason) << "): probes "
      << probe_list(fabric, plan, cov.probes) << "; controls "
      << probe_list(fabric, plan, cov.controls);
  if (!cov.identifiable) {
    out << "; not identifiable";
  }
  if (!cov.note.empty()) {
    out << "; " << text::printable(cov.note);
  }
  out << '\n';
}

Json end_json(const Fabric& fabric, PortId port, bool with_name) {
  if (!known(fabric, port)) {
    return nullptr;
  }
  const Port& p = fabric.port(port);
  const Node& n = fabric.node(p.node);
  Json j{{"guid", text::guid_text(n.guid)}, {"port", p.number}};
  if (with_name) {
    j["name"] = text::clean_utf8(n.description, text::Controls::Keep);
  }
  return j;
}

Json route_json(const Fabric& fabric, const std::vector<PortId>& route) {
  Json j = Json::array();
  for (PortId p : route) {
    j.push_back(end_json(fabric, p, false));
  }
  return j;
}

Json probe_json(const Fabric& fabric, const ProbePair& p) {
  return Json{{"from", end_json(fabric, p.from, true)},
              {"to", end_json(fabric, p.to, true)},
              {"dlid", p.dlid},
              {"hops", p.forward.size()},
              {"control", p.control},
              {"forward", route_json(fabric, p.forward)},
              {"reverse", route_json(fabric, p.reverse)}};
}

Json coverage_json(const SuspectDirection& cov) {
  return Json{{"suspect", cov.suspect},
              {"direction", cov.direction},
              {"probes", cov.probes},
              {"controls", cov.controls},
              {"identifiable", cov.identifiable},
              {"note", text::clean_utf8(cov.note, text::Controls::Keep)}};
}

}  // namespace

void write_plan_text(const Fabric& fabric, const ProbePlan& plan, std::ostream& out) {
  std::size_t controls = 0;
  for (const ProbePair& p : plan.probes) {
    controls += p.control ? 1 : 0;
  }
  out << "probe plan: " << plan.suspects.size() << " suspect link(s), " << plan.probes.size()
      << " probe(s), " << controls << " of them control(s)\n";
  for (const SuspectDirection& cov : plan.coverage) {
    write_direction(fabric, plan, cov, out);
  }
  out << "rounds: " << plan.rounds.size() << " (lower bound " << plan.round_lower_bound << ")\n";
  for (const std::string& note : plan.notes) {
    out << "note: " << text::printable(note) << '\n';
  }
}

void write_plan_json(const Fabric& fabric, const ProbePlan& plan, std::ostream& out) {
  Json j;
  j["schema"] = "ibatlas.probe-plan/1";
  j["suspects"] = Json::array();
  for (const SuspectLink& s : plan.suspects) {
    j["suspects"].push_back(Json{{"a", end_json(fabric, s.a, true)},
                                 {"b", end_json(fabric, s.b, true)},
                                 {"reason", text::clean_utf8(s.reason, text::Controls::Keep)}});
  }
  j["probes"] = Json::array();
  for (const ProbePair& p : plan.probes) {
    j["probes"].push_back(probe_json(fabric, p));
  }
  j["coverage"] = Json::array();
  for (const SuspectDirection& cov : plan.coverage) {
    j["coverage"].push_back(coverage_json(cov));
  }
  j["rounds"] = plan.rounds;
  j["round_lower_bound"] = plan.round_lower_bound;
  j["notes"] = Json::array();
  for (const std::string& note : plan.notes) {
    j["notes"].push_back(text::clean_utf8(note, text::Controls::Keep));
  }
  out << j.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace ibatlas
