// ibdiagnet2.db_csv: NODES (one row per node: NodeDesc, NumPorts, NodeType, SystemImageGUID,
// NodeGUID, PortGUID, DeviceID, VendorID, revision, ...), PORTS (PortInfo per port), LINKS
// (NodeGuid1, PortNum1, NodeGuid2, PortNum2: each cable once) and PM_INFO (PerfMgt counters).
// Column names follow ibdiagnet's headers as published in NVIDIA's own parsing scripts and
// in third-party readers of the file; docs/formats.md lists the sources.

#include "ibatlas/formats/ibdiagnet_csv.hpp"

#include <array>
#include <string>
#include <utility>

#include "ibatlas/error.hpp"

#include "formats/ibdiagnet_csv_parts.hpp"
#include "text.hpp"

namespace ibatlas {

namespace ibdiagnet {

namespace {

// REQUIRES: the value was read with a maximum that fits 32 bits.
std::optional<std::uint32_t> narrow32(std::optional<std::uint64_t> value) {
  if (!value) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(*value);
}

NodeType node_type(const TableReader& reader, const CsvRow& row, std::size_t column) {
  switch (reader.number(row, column, 255)) {  // NodeInfo NodeType
    case 1:
      return NodeType::Ca;
    case 2:
      return NodeType::Switch;
    case 3:
      return NodeType::Router;
    default:
      break;
  }
  reader.fail(row, "NodeType 1 (CA), 2 (switch) or 3 (router)", reader.cell(row, column));
}

struct NodeColumns {
  std::size_t guid = 0;
  std::size_t type = 0;
  std::optional<std::size_t> description;
  std::optional<std::size_t> ports;
  std::optional<std::size_t> system_guid;
  std::optional<std::size_t> port_guid;
  std::optional<std::size_t> vendor;
  std::optional<std::size_t> device;
  std::optional<std::size_t> revision;
};

NodeColumns node_columns(const TableReader& r) {
  return NodeColumns{r.require("NodeGUID"), r.require("NodeType"),     r.find("NodeDesc"),
                     r.find("NumPorts"),    r.find("SystemImageGUID"), r.find("PortGUID"),
                     r.find("VendorID"),    r.find("DeviceID"),        r.find("revision")};
}

void add_node(const TableReader& r, const NodeColumns& c, const CsvRow& row, FabricBuilder& b) {
  constexpr std::uint64_t kMax64 = ~0ULL;
  Node node;
  node.guid = r.number(row, c.guid, kMax64);
  if (b.find_node(node.guid)) {
    r.fail(row, "a NodeGUID not listed before in START_NODES", r.cell(row, c.guid));
  }
  node.type = node_type(r, row, c.type);
  node.description = c.description ? std::string(r.cell(row, *c.description)) : std::string();
  node.port_count = static_cast<std::uint8_t>(r.optional_number(row, c.ports, 255).value_or(0));
  node.system_guid = r.optional_number(row, c.system_guid, kMax64);
  node.vendor_id = narrow32(r.optional_number(row, c.vendor, 0xFFFFFF));
  node.device_id = narrow32(r.optional_number(row, c.device, 0xFFFFFFFF));
  node.revision = narrow32(r.optional_number(row, c.revision, 0xFFFFFFFF));
  NodeType type = node.type;
  NodeId id = b.add_node(std::move(node));
  if (type == NodeType::Switch) {  // NodeInfo PortGUID of a switch is its port 0's
    b.port_data(b.port(id, 0)).guid = r.optional_number(row, c.port_guid, kMax64);
  }
}

}  // namespace

void read_nodes(const CsvTable& table, std::string_view file, FabricBuilder& builder) {
  TableReader reader(table, file);
  NodeColumns columns = node_columns(reader);
  for (const CsvRow& row : table.rows) {
    add_node(reader, columns, row, builder);
  }
}

void read_links(const CsvTable& table, std::string_view file, FabricBuilder& builder) {
  TableReader r(table, file);
  std::array<std::size_t, 4> c = {r.require("NodeGuid1"), r.require("PortNum1"),
                                  r.require("NodeGuid2"), r.require("PortNum2")};
  for (const CsvRow& row : table.rows) {
    PortId a = port_at(r, row, c[1], node_at(r, row, c[0], builder), builder);
    PortId b = port_at(r, row, c[3], node_at(r, row, c[2], builder), builder);
    builder.connect(a, b);
  }
}

NodeId node_at(const TableReader& reader, const CsvRow& row, std::size_t column,
               const FabricBuilder& builder) {
  std::optional<NodeId> node = builder.find_node(reader.number(row, column, ~0ULL));
  if (!node) {
    reader.fail(row, "a " + reader.table().columns.at(column) + " listed in START_NODES",
                reader.cell(row, column));
  }
  return *node;
}

PortId port_at(const TableReader& reader, const CsvRow& row, std::size_t column, NodeId node,
               FabricBuilder& builder) {
  std::uint64_t number = reader.number(row, column, 255);
  const Node& n = builder.node(node);
  std::uint64_t first = n.type == NodeType::Switch ? 0 : 1;
  if (number < first || (n.port_count != 0 && number > n.port_count)) {
    reader.fail(row,
                "a port number from " + std::to_string(first) + " to " +
                    (n.port_count != 0 ? std::to_string(n.port_count) + " (NumPorts of node " +
                                             text::guid_text(n.guid) + ")"
                                       : std::string("255")),
                reader.cell(row, column));
  }
  return builder.port(node, static_cast<std::uint8_t>(number));
}

}  // namespace ibdiagnet

namespace {

// The tables read, in the order they must be applied: NODES first, as the others name nodes.
constexpr std::array<std::string_view, 4> kTables = {"NODES", "PORTS", "LINKS", "PM_INFO"};

}  // namespace

ReadResult read_ibdiagnet_csv(std::string_view text, std::string_view name) {
  using namespace ibdiagnet;
  CsvSections sections = split_sections(text, name, kTables);
  FabricBuilder builder;
  using Step = void (*)(const CsvTable&, std::string_view, FabricBuilder&);
  constexpr std::array<Step, 4> kSteps = {read_nodes, read_ports, read_links, read_pm_info};
  for (std::size_t i = 0; i < kTables.size(); ++i) {
    for (const CsvTable& table : sections.tables) {
      if (table.name == kTables[i] && !table.columns.empty()) {
        kSteps[i](table, name, builder);
      }
    }
  }
  std::optional<std::string> time;
  if (!sections.time.empty()) {
    time = sections.time;
  }
  builder.set_provenance(
      Provenance{std::string(name), "ibdiagnet-csv", time, "ibdiagnet", std::nullopt});
  ReadResult result;
  result.fabric = std::move(builder).build();
  result.skipped = std::move(sections.skipped);
  return result;
}

bool looks_like_ibdiagnet_csv_line(std::string_view line) {
  constexpr std::string_view kStart = "START_";
  if (!text::starts_with(line, kStart) || line.size() == kStart.size()) {
    return false;
  }
  for (char c : line.substr(kStart.size())) {
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
      return false;
    }
  }
  return true;
}

}  // namespace ibatlas
