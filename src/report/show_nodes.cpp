// `ibatlas show --switches-only` / `--cas-only`: one row per node of one type.

#include "ibatlas/report/show_nodes.hpp"

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "text.hpp"

namespace ibatlas {

namespace {

struct NodeRow {
  const Node* node = nullptr;
  std::vector<Lid> lids;  // a switch's port 0; a CA's ports, in port order
  unsigned ports = 0;     // NumPorts; the numbered ports known when it is unknown
  unsigned cabled = 0;
  unsigned down = 0;
};

NodeRow row_of(const Fabric& fabric, const Node& node) {
  NodeRow row{&node, {}, node.port_count, 0, 0};
  unsigned numbered = 0;
  for (const Port& p : fabric.ports_of(fabric.id_of(node))) {
    bool lid_port = node.type == NodeType::Switch ? p.number == 0 : p.number != 0;
    if (lid_port && p.base_lid) {
      row.lids.push_back(*p.base_lid);
    }
    if (p.number == 0) {
      continue;
    }
    ++numbered;
    row.cabled += p.peer ? 1 : 0;
    row.down += p.state == PortState::Down ? 1 : 0;
  }
  if (row.ports == 0) {
    row.ports = numbered;
  }
  return row;
}

std::vector<NodeRow> rows_of(const Fabric& fabric, NodeType type) {
  std::vector<NodeRow> rows;
  for (const Node& node : fabric.nodes()) {
    if (node.type == type) {
      rows.push_back(row_of(fabric, node));
    }
  }
  return rows;
}

std::string lid_text(const std::vector<Lid>& lids) {
  std::string text;
  for (Lid lid : lids) {
    text += text.empty() ? "" : ",";
    text += std::to_string(lid);
  }
  return text.empty() ? "-" : text;
}

}  // namespace

void write_show_nodes_text(const Fabric& fabric, NodeType type, const TextStyle& style,
                           std::ostream& out) {
  const Provenance& provenance = fabric.provenance();
  out << "source:    " << text::printable(provenance.source) << " ("
      << text::printable(provenance.format) << ")\n";
  std::vector<NodeRow> rows = rows_of(fabric, type);
  Table table({{"GUID"},
               {"LID", true, 3, true},
               {"ports", false, 0, true},
               {"cabled", false, 0, true},
               {"down", false, 0, true},
               {"description", true, 12}});
  std::size_t aggregation = 0;
  for (const NodeRow& row : rows) {
    aggregation += is_aggregation_node(*row.node) ? 1 : 0;
    table.add_row({{text::guid_text(row.node->guid)},
                   {lid_text(row.lids)},
                   {std::to_string(row.ports)},
                   {std::to_string(row.cabled)},
                   {std::to_string(row.down)},
                   {text::printable(row.node->description)}});
  }
  table.write(out, style);
  if (type == NodeType::Switch) {
    out << "switches:  " << rows.size() << '\n';
  } else {
    out << "CAs:       " << rows.size() << " (" << rows.size() - aggregation << " hosts, "
        << aggregation << " aggregation nodes)\n";
  }
}

void write_show_nodes_json(const Fabric& fabric, NodeType type, std::ostream& out) {
  std::vector<NodeRow> rows = rows_of(fabric, type);
  nlohmann::ordered_json j;
  j["schema"] = "ibatlas.show-nodes/1";
  j["source"] = fabric.provenance().source;
  j["format"] = fabric.provenance().format;
  j["node_type"] = type == NodeType::Switch ? "switch" : "ca";
  j["count"] = rows.size();
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const NodeRow& row : rows) {
    nlohmann::ordered_json one;
    one["guid"] = text::guid_text(row.node->guid);
    one["lids"] = row.lids;
    one["ports"] = row.ports;
    one["cabled_ports"] = row.cabled;
    one["down_ports"] = row.down;
    one["description"] = row.node->description;
    nodes.push_back(std::move(one));
  }
  j["nodes"] = std::move(nodes);
  out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace ibatlas
