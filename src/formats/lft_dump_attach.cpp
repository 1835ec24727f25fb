// with_forwarding_tables: a dump's tables put into a copy of a fabric. Switches are matched
// by node GUID (what every format names), else by the header's LID; the dump's destination
// lines are checked against the fabric's LIDs, because a dump from another sweep (LIDs
// reassigned) or another fabric attaches cleanly by GUID and is still wrong.

#include <string>
#include <utility>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/lid_owners.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kMaxMismatchesListed = 10;

class Attacher {
 public:
  Attacher(const Fabric& fabric, const LftDump& dump)
      : fabric_(fabric),
        dump_(dump),
        owner_(lid_owners(fabric)),
        from_dump_(fabric.nodes().size(), kNone) {}

  AttachedTables run() && {
    AttachedTables result;
    issues_ = dump_.issues;
    for (std::size_t i = 0; i < dump_.tables.size(); ++i) {
      place(i);
    }
    check_destinations();
    std::vector<ForwardingTable> tables;
    for (const ForwardingTable& old : fabric_.forwarding_tables()) {
      if (from_dump_[old.switch_node.value] == kNone) {
        tables.push_back(old);
      }
    }
    for (std::uint32_t n = 0; n < from_dump_.size(); ++n) {
      if (from_dump_[n] != kNone) {
        tables.push_back(ForwardingTable{NodeId{n}, dump_.tables[from_dump_[n]].out_port});
        ++result.attached;
      }
    }
    result.fabric = with_forwarding_tables(fabric_, std::move(tables));
    result.issues = std::move(issues_);
    return result;
  }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  void issue(LftIssueKind kind, std::size_t line, const std::string& what) {
    std::string where = line == 0 ? dump_.name : dump_.name + ":" + std::to_string(line);
    issues_.push_back(LftIssue{kind, line, where + ": " + what});
  }

  std::optional<NodeId> resolve(const LftTable& table) const {
    std::optional<NodeId> by_guid = fabric_.find_node(table.switch_guid);
    if (by_guid && fabric_.node(*by_guid).type == NodeType::Switch) {
      return by_guid;
    }
    if (table.switch_lid && *table.switch_lid < owner_.size() &&
        owner_[*table.switch_lid] != kNoPort) {
      NodeId node = fabric_.node_of(PortId{owner_[*table.switch_lid]});
      if (fabric_.node(node).type == NodeType::Switch) {
        return node;
      }
    }
    return std::nullopt;
  }

  void place(std::size_t index) {
    const LftTable& table = dump_.tables[index];
    std::optional<NodeId> node = resolve(table);
    std::string who = "the table of switch " + text::guid_text(table.switch_guid);
    if (!node) {
      issue(LftIssueKind::UnknownSwitch, table.line,
            who + (table.switch_lid ? " (LID " + std::to_string(*table.switch_lid) + ")" : "") +
                ": the fabric has no such switch; table left out");
      return;
    }
    if (from_dump_[node->value] != kNone) {
      issue(LftIssueKind::DuplicateTable, table.line,
            who + ": a second table for this switch (first at line " +
                std::to_string(dump_.tables[from_dump_[node->value]].line) + "); left out");
      return;
    }
    from_dump_[node->value] = index;
    check_ports(table, highest_port(fabric_, *node));
  }

  void check_ports(const LftTable& table, std::uint32_t ports) {
    std::size_t beyond = 0;
    std::optional<std::size_t> first;
    for (std::size_t lid = 0; lid < table.out_port.size(); ++lid) {
      std::uint8_t port = table.out_port[lid];
      if (port != ForwardingTable::kNoRoute && port > ports) {
        ++beyond;
        first = first.value_or(lid);
      }
    }
    if (beyond > 0) {
      issue(LftIssueKind::PortOutOfRange, table.line,
            std::to_string(beyond) + " entries of switch " + text::guid_text(table.switch_guid) +
                " name ports beyond its " + std::to_string(ports) + " (first: LID " +
                text::hex_text(*first, 4) + " -> port " + std::to_string(table.out_port[*first]) +
                ")");
    }
  }

  void check_destinations() {
    std::size_t mismatches = 0;
    for (const LftDestination& d : dump_.destinations) {
      std::uint32_t owner = d.lid < owner_.size() ? owner_[d.lid] : kNoPort;
      if (owner != kNoPort && reported_port_guid(fabric_, PortId{owner}) == d.port_guid) {
        continue;
      }
      if (++mismatches > kMaxMismatchesListed) {
        continue;
      }
      std::string now = owner == kNoPort
                            ? std::string("no port of the fabric has that LID")
                            : "the fabric gives it to port GUID " +
                                  text::guid_text(reported_port_guid(fabric_, PortId{owner}));
      issue(LftIssueKind::DestinationMismatch, d.line,
            "the dump names port GUID " + text::guid_text(d.port_guid) + " as LID " +
                text::hex_text(d.lid, 4) + ", but " + now);
    }
    if (mismatches > kMaxMismatchesListed) {
      issue(LftIssueKind::DestinationMismatch, 0,
            std::to_string(mismatches - kMaxMismatchesListed) +
                " more LIDs whose destination in the dump differs from the fabric");
    }
  }

  const Fabric& fabric_;
  const LftDump& dump_;
  std::vector<std::uint32_t> owner_;
  std::vector<std::size_t> from_dump_;  // per NodeId: index of the dump's table, or kNone
  std::vector<LftIssue> issues_;
};

}  // namespace

AttachedTables with_forwarding_tables(const Fabric& fabric, const LftDump& dump) {
  return Attacher(fabric, dump).run();
}

}  // namespace ibatlas
