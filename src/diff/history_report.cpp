#include "ibatlas/diff/history_report.hpp"

#include <ctime>

#include "ibatlas/utc_time.hpp"

#include "diff/change_json.hpp"
#include "text.hpp"

namespace ibatlas {

using Json = nlohmann::ordered_json;

std::optional<std::string> snapshot_time_text(const HistorySnapshot& s) {
  const std::optional<std::string>& own = s.fabric->provenance().time;
  if (own) {
    return own;
  }
  return s.time ? std::optional(utc_string(*s.time)) : std::nullopt;
}

namespace {

std::optional<std::string> guid_string(std::optional<Guid> guid) {
  return guid ? std::optional<std::string>(text::guid_text(*guid)) : std::nullopt;
}

Json route_churn_json(const History& h) {
  Json list = Json::array();
  for (const RouteChurn& c : h.route_churn) {
    Json lids = Json::array();
    for (const LidMove& m : c.lids) {
      lids.push_back(
          Json{{"lid", m.lid}, {"was", diff::ref_json(m.was)}, {"now", diff::ref_json(m.now)}});
    }
    Json switches = Json::array();
    for (const LftChurn& s : c.switches) {
      switches.push_back(Json{{"switch", diff::ref_json(s.at)}, {"entries", s.entries}});
    }
    list.push_back(Json{{"from", c.from},
                        {"to", c.to},
                        {"lids_changed_owner", c.lids.size()},
                        {"lft_entries_changed", c.lft_entries()},
                        {"lids", std::move(lids)},
                        {"switches", std::move(switches)}});
  }
  return list;
}

Json masters_json(const History& h) {
  Json changes = Json::array();
  for (const MasterChange& m : h.sm_masters) {
    changes.push_back(Json{{"from", m.from},
                           {"to", m.to},
                           {"time", diff::optional_json(snapshot_time_text(h.snapshots[m.to]))},
                           {"was", diff::optional_json(guid_string(m.was))},
                           {"now", diff::optional_json(guid_string(m.now))}});
  }
  return Json{{"changes", std::move(changes)}, {"flapping", sm_flapping(h.sm_masters)}};
}

Json snapshots_json(const History& h) {
  Json list = Json::array();
  for (std::size_t i = 0; i < h.snapshots.size(); ++i) {
    const HistorySnapshot& s = h.snapshots[i];
    const Provenance& p = s.fabric->provenance();
    list.push_back(Json{{"index", i},
                        {"name", s.name},
                        {"time", diff::optional_json(snapshot_time_text(s))},
                        {"source", p.source},
                        {"format", p.format}});
  }
  return list;
}

Json skipped_json(const History& h) {
  Json list = Json::array();
  for (const SkippedInput& s : h.skipped) {
    list.push_back(Json{{"name", s.name}, {"reason", s.reason}});
  }
  return list;
}

Json timeline_json(const History& h) {
  Json list = Json::array();
  for (const TimelineStep& step : h.timeline) {
    Json changes = Json::array();
    for (const Change& c : step.changes) {
      changes.push_back(diff::change_json(c));
    }
    list.push_back(Json{{"from", step.from},
                        {"to", step.to},
                        {"changes", std::move(changes)},
                        {"notes", step.notes}});
  }
  return list;
}

Json links_json(const History& h) {
  Json list = Json::array();
  for (const LinkHistory& l : h.links) {
    Json transitions = Json::array();
    for (auto [index, up] : l.transitions) {
      transitions.push_back(Json{{"snapshot", index}, {"up", up}});
    }
    list.push_back(Json{{"a", diff::ref_json(l.a)},
                        {"b", diff::ref_json(l.b)},
                        {"transitions", std::move(transitions)},
                        {"flapping", l.flapping()}});
  }
  return list;
}

Json degradations_json(const History& h) {
  Json list = Json::array();
  for (const Degradation& d : h.degradations) {
    list.push_back(Json{{"a", diff::ref_json(d.a)},
                        {"b", diff::ref_json(d.b)},
                        {"normal", to_string(d.normal)},
                        {"worst", to_string(d.worst)},
                        {"since", d.since},
                        {"restored", diff::optional_json(d.restored)}});
  }
  return list;
}

Json nodes_json(const History& h) {
  Json list = Json::array();
  for (const NodePresence& n : h.nodes) {
    Json present = Json::array();
    for (auto [first, last] : n.present) {
      present.push_back(Json::array({first, last}));
    }
    Json j = diff::ref_json(n.node);
    j.erase("port");
    j["type"] = to_string(n.type);
    j["present"] = std::move(present);
    list.push_back(std::move(j));
  }
  return list;
}

}  // namespace

std::string history_report_json(const History& h) {
  Json j;
  j["snapshots"] = snapshots_json(h);
  j["skipped"] = skipped_json(h);
  j["timeline"] = timeline_json(h);
  j["links"] = links_json(h);
  j["degradations"] = degradations_json(h);
  j["nodes"] = nodes_json(h);
  if (h.sm_read) {
    j["subnet_managers"] = masters_json(h);
  }
  if (!h.route_churn.empty()) {
    j["route_churn"] = route_churn_json(h);
  }
  // Names are bytes from the snapshots: replace what is not UTF-8.
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace ibatlas
