#include "support/ar_served_state.hpp"

#include <algorithm>

#include "support/ar_state.hpp"
#include "support/ar_state_json.hpp"

namespace ibatlas::test {

SwitchAr served_ar_state(const Fabric& consistent, NodeId sw) {
  SwitchAr ar = switch_ar(consistent, sw);
  ar.info->by_sl_cap = true;
  for (const ForwardingTable& t : consistent.forwarding_tables()) {
    if (t.switch_node != sw) {
      continue;
    }
    std::vector<std::optional<ArLftEntry>>& entries = ar.lfts.at(0).entries;
    entries.resize(std::max(entries.size(), t.out_port.size()));
    for (std::size_t lid = 0; lid < t.out_port.size(); ++lid) {
      if (!entries[lid]) {
        entries[lid] = ArLftEntry{ArLidState::Static, 0, t.out_port[lid], 0};
      }
    }
  }
  return ar;
}

std::vector<std::string> write_consistent_states(const Fabric& fabric, const std::string& dir) {
  Fabric consistent = with_consistent_ar(fabric);
  std::vector<std::string> paths;
  for (const SwitchAr& ar : consistent.adaptive_routing()) {
    const Node& node = consistent.node(ar.switch_node);
    std::string path = dir + "/" + node.description + ".json";
    write_ar_state(path, {node.guid, served_ar_state(consistent, ar.switch_node)});
    paths.push_back(path);
  }
  return paths;
}

}  // namespace ibatlas::test
