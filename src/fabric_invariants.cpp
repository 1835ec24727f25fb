// check_invariants: the promises Fabric makes to every analysis, checked in one place
// (ninja's VerifyGraph). Readers' tests call it on everything they read.

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

namespace {

void check_node_ports(const Fabric& fabric, NodeId id, std::vector<std::string>& problems) {
  const Node& node = fabric.node(id);
  std::string where = "node " + std::to_string(id.value);
  if (node.first_port.value + node.ports > fabric.ports().size()) {
    problems.push_back(where + ": port range past the end of the port vector");
    return;
  }
  int previous = -1;
  for (const Port& port : fabric.ports_of(id)) {
    if (port.node != id) {
      problems.push_back(where + ": port " + std::to_string(port.number) + " names another node");
    }
    if (port.number <= previous) {
      problems.push_back(where + ": ports not sorted or repeated at " +
                         std::to_string(port.number));
    }
    if (port.number == 0 && node.type != NodeType::Switch) {
      problems.push_back(where + ": port 0 on a node that is not a switch");
    }
    if (node.port_count != 0 && port.number > node.port_count) {
      problems.push_back(where + ": port " + std::to_string(port.number) + " above port count " +
                         std::to_string(node.port_count));
    }
    previous = port.number;
  }
}

// Both ports exist and belong to one node; a CA's or router's table is its port's own
// (in == out); a VL is 0-15.
void check_sl_to_vl_tables(const Fabric& fabric, std::vector<std::string>& problems) {
  std::size_t ports = fabric.ports().size();
  for (const SlToVlTable& table : fabric.sl_to_vl_tables()) {
    if (table.in.value >= ports || table.out.value >= ports) {
      problems.push_back("an SL-to-VL table names a port past the port vector");
      continue;
    }
    NodeId node = fabric.node_of(table.in);
    if (node != fabric.node_of(table.out)) {
      problems.push_back("an SL-to-VL table joins ports of two nodes");
    } else if (fabric.node(node).type != NodeType::Switch && table.in != table.out) {
      problems.push_back("an SL-to-VL table of a CA or router joins two of its ports");
    }
    if (std::any_of(table.vl.begin(), table.vl.end(), [](std::uint8_t vl) { return vl > 15; })) {
      problems.push_back("an SL-to-VL table maps to a VL above 15");
    }
  }
}

// One SwitchAr per switch, sorted; pLFTs and groups sorted without repeats; group ports
// ascending without repeats.
void check_adaptive_routing(const Fabric& fabric, std::vector<std::string>& problems) {
  std::optional<NodeId> previous;
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    if (ar.switch_node.value >= fabric.nodes().size() ||
        fabric.node(ar.switch_node).type != NodeType::Switch) {
      problems.push_back("AR state belongs to something that is not a switch");
      continue;
    }
    if (previous && !(*previous < ar.switch_node)) {
      problems.push_back("AR state not sorted by switch, or twice for one switch");
    }
    previous = ar.switch_node;
    auto plft_order = [](const ArLft& a, const ArLft& b) { return a.plft >= b.plft; };
    if (std::adjacent_find(ar.lfts.begin(), ar.lfts.end(), plft_order) != ar.lfts.end()) {
      problems.push_back("AR LFTs not sorted by pLFT, or one pLFT twice");
    }
    auto group_key = [](const ArGroup& g) {
      return std::tuple(g.plft, g.table, g.group, g.sub_group);
    };
    auto group_order = [&](const ArGroup& a, const ArGroup& b) {
      return group_key(a) >= group_key(b);
    };
    if (std::adjacent_find(ar.groups.begin(), ar.groups.end(), group_order) != ar.groups.end()) {
      problems.push_back("AR groups not sorted, or one sub-group twice");
    }
    for (const ArGroup& group : ar.groups) {
      if (std::adjacent_find(group.ports.begin(), group.ports.end(), std::greater_equal<>()) !=
          group.ports.end()) {
        problems.push_back("AR group ports not ascending");
      }
    }
  }
}

}  // namespace

std::vector<std::string> check_invariants(const Fabric& fabric) {
  std::vector<std::string> problems;
  std::size_t covered = 0;
  for (std::uint32_t n = 0; n < fabric.nodes().size(); ++n) {
    const Node& node = fabric.node(NodeId{n});
    if (node.first_port.value != covered) {
      problems.push_back("node " + std::to_string(n) + ": ports not contiguous");
    }
    covered = node.first_port.value + node.ports;
    check_node_ports(fabric, NodeId{n}, problems);
    std::optional<NodeId> found = fabric.find_node(node.guid);
    if (!found) {
      problems.push_back("node " + std::to_string(n) + ": GUID missing from the index");
    }
  }
  if (covered != fabric.ports().size()) {
    problems.push_back("ports not owned by any node");
  }
  for (const Port& port : fabric.ports()) {
    if (port.peer && port.peer->value >= fabric.ports().size()) {
      problems.push_back("a peer points past the port vector");
    }
  }
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    if (table.switch_node.value >= fabric.nodes().size() ||
        fabric.node(table.switch_node).type != NodeType::Switch) {
      problems.push_back("a forwarding table belongs to something that is not a switch");
    }
  }
  check_sl_to_vl_tables(fabric, problems);
  check_adaptive_routing(fabric, problems);
  return problems;
}

}  // namespace ibatlas
