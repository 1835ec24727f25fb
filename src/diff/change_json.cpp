#include "diff/change_json.hpp"

#include "text.hpp"

namespace ibatlas::diff {

nlohmann::ordered_json ref_json(const PortRef& ref) {
  nlohmann::ordered_json j;
  j["node_guid"] = text::guid_text(ref.node_guid);
  j["node"] = ref.node;
  j["port"] = ref.port ? nlohmann::ordered_json(int{*ref.port}) : nlohmann::ordered_json(nullptr);
  return j;
}

nlohmann::ordered_json change_json(const Change& c) {
  nlohmann::ordered_json j;
  j["kind"] = std::string(to_string(c.kind));
  nlohmann::ordered_json at = ref_json(c.at);  // a named value: items() only refers to it
  for (auto& [key, value] : at.items()) {
    j[key] = value;
  }
  j["before"] = optional_json(c.before);
  j["after"] = optional_json(c.after);
  if (c.peer_before || c.peer_after) {
    j["peer_before"] = c.peer_before ? ref_json(*c.peer_before) : nullptr;
    j["peer_after"] = c.peer_after ? ref_json(*c.peer_after) : nullptr;
  }
  if (c.traded_with) {
    j["traded_with"] = ref_json(*c.traded_with);
  }
  if (c.kind == ChangeKind::CounterDelta) {
    j["counter"] = c.counter;
    j["delta"] = optional_json(c.delta);
    j["reset"] = c.reset;
    j["per_hour"] = optional_json(c.per_hour);
  }
  if (!c.item.empty()) {
    j["item"] = c.item;
  }
  if (c.kind == ChangeKind::ArLftChanged) {
    j["entries"] = optional_json(c.delta);
  }
  return j;
}

nlohmann::ordered_json snapshot_json(const SnapshotInfo& info) {
  nlohmann::ordered_json j;
  j["source"] = info.source;
  j["format"] = info.format;
  j["time"] = optional_json(info.time);
  return j;
}

}  // namespace ibatlas::diff
