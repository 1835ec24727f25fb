// write_lft_dump: the fabric's tables as dump_fts (dump_lfts) prints them, line for line
// (rdma-core infiniband-diags/dump_fts.c, dump_unicast_tables and dump_lid), so scripts such
// as check_lft_balance read our output. One deliberate difference: dump_fts never prints
// the last LID when the table's top is a multiple of 64 (its block loop stops one block
// short); we print every entry.

#include <cstdio>
#include <string>

#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/lid_owners.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

std::string node_type_text(NodeType type) {
  switch (type) {
    case NodeType::Ca:
      return "Channel Adapter";
    case NodeType::Switch:
      return "Switch";
    case NodeType::Router:
      return "Router";
  }
  return "?";
}

// The destination info of one entry; `range` keeps dump_lid's state across a table: the LMC
// range of the last port named ("path #2 out of 4").
struct LmcRange {
  std::uint32_t base = 0;
  std::uint32_t last = 0;
  Guid guid = 0;
};

std::string destination(const Fabric& fabric, const std::vector<std::uint32_t>& owner,
                        std::uint32_t lid, LmcRange& range) {
  char buffer[256];
  if (lid <= range.last && range.last != 0) {
    std::snprintf(buffer, sizeof buffer, ": (path #%u out of %u: portguid ", lid - range.base + 1U,
                  range.last - range.base + 1U);
    return buffer + text::guid_text(range.guid) + ")";
  }
  if (lid >= owner.size() || owner[lid] == kNoPort) {
    return ": (node info not available fabric scan)";
  }
  const Port& port = fabric.port(PortId{owner[lid]});
  const Node& node = fabric.node(port.node);
  Guid guid = reported_port_guid(fabric, PortId{owner[lid]});
  if (port.lmc.value_or(0) > 0 && port.base_lid) {
    range = LmcRange{*port.base_lid, *port.base_lid + (1U << *port.lmc) - 1U, guid};
  }
  return ": (" + node_type_text(node.type) + " portguid " + text::guid_text(guid) + ": '" +
         node.description + "')";
}

void write_table(const Fabric& fabric, const std::vector<std::uint32_t>& owner,
                 const ForwardingTable& table, std::ostream& out) {
  const Node& node = fabric.node(table.switch_node);
  std::optional<PortId> zero = fabric.find_port(table.switch_node, 0);
  std::optional<Lid> lid = zero ? fabric.port(*zero).base_lid : std::nullopt;
  std::size_t top = table.out_port.empty() ? 0 : table.out_port.size() - 1;
  char header[96];
  std::snprintf(header, sizeof header, "Unicast lids [0x0-0x%zx] of switch ", top);
  out << header << (lid ? "Lid " + std::to_string(*lid) : std::string("DR path unknown"));
  out << " guid " << text::guid_text(node.guid) << " (" << node.description << "):\n"
      << "  Lid  Out   Destination\n"
      << "       Port     Info \n";
  std::uint32_t ports = highest_port(fabric, table.switch_node);
  LmcRange range;
  int listed = 0;
  for (std::uint32_t l = 0; l < table.out_port.size(); ++l) {
    unsigned port = table.out_port[l];
    if (port > ports) {
      continue;  // dump_fts lists valid entries only (without -a)
    }
    char entry[16];
    std::snprintf(entry, sizeof entry, "0x%04x %03u ", l, port);
    out << entry << destination(fabric, owner, l, range) << '\n';
    ++listed;
  }
  out << listed << " valid lids dumped \n";
}

}  // namespace

void write_lft_dump(const Fabric& fabric, std::ostream& out) {
  std::vector<std::uint32_t> owner = lid_owners(fabric);
  for (const ForwardingTable& table : fabric.forwarding_tables()) {
    write_table(fabric, owner, table, out);
  }
}

}  // namespace ibatlas
