// From crawl records to the snapshot. Nodes keep the order they were found in (breadth
// first from the local port), so NodeId i is record i.
//
// Switch external ports get no LID: the IBA defines a switch's LID on port 0 only, and what
// its other ports' PortInfo say in that field is meaningless (libibnetdisc copies port 0's).

#include <algorithm>
#include <map>

#include "ibatlas/fabric_builder.hpp"

#include "discover/crawl.hpp"

namespace ibatlas {

namespace {

Node to_node(const NodeRecord& record) {
  Node node;
  std::uint8_t type = record.info.node_type;
  node.type = (type >= 1 && type <= 3) ? static_cast<NodeType>(type) : NodeType::Ca;
  node.guid = record.info.node_guid;
  if (record.info.system_guid != 0) {
    node.system_guid = record.info.system_guid;
  }
  node.vendor_id = record.info.vendor_id;
  node.device_id = record.info.device_id;
  node.revision = record.info.revision;
  node.description = record.description.value_or("");
  node.port_count = record.info.num_ports;
  if (record.switch_info) {
    node.enhanced_port0 = record.switch_info->enhanced_port0;
  }
  return node;
}

bool keeps_port(const NodeRecord& record, std::size_t p) {
  const PortRecord& port = record.ports[p];
  return port.info || port.peer || (!record.is_switch() && port.guid);
}

Port to_port(const NodeRecord& record, std::size_t p) {
  const PortRecord& rec = record.ports[p];
  Port port;
  port.number = static_cast<std::uint8_t>(p);
  port.guid = rec.guid;
  if (rec.info) {
    // A switch states its capabilities (extended speeds among them) on port 0 only.
    const PortRecord& cap = record.is_switch() && record.ports[0].info ? record.ports[0] : rec;
    PortSpeeds speeds = decode_speeds(*rec.info, *cap.info, rec.mlnx);
    apply_port_info(*rec.info, speeds, !record.is_switch() || p == 0, port);
  }
  if (p < record.counters.size()) {
    const CounterRecord& read = record.counters[p];
    if (read.basic || read.extended) {
      port.counters = counters_from(read, record.perf.class_info);
    }
  }
  return port;
}

std::size_t kept_port_count(const std::vector<NodeRecord>& nodes) {
  std::size_t count = 0;
  for (const NodeRecord& record : nodes) {
    for (std::size_t p = 0; p < record.ports.size(); ++p) {
      count += keeps_port(record, p) ? 1 : 0;
    }
  }
  return count;
}

std::vector<DuplicateGuid> find_duplicates(const std::vector<NodeRecord>& nodes) {
  std::map<Guid, std::vector<std::uint32_t>> by_guid;
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    by_guid[nodes[i].info.node_guid].push_back(i);
  }
  std::vector<DuplicateGuid> duplicates;
  for (const auto& [guid, indexes] : by_guid) {
    if (indexes.size() < 2) {
      continue;
    }
    DuplicateGuid d;
    d.guid = guid;
    for (std::uint32_t i : indexes) {
      d.nodes.push_back(NodeId{i});
      d.routes.push_back(nodes[i].route);
    }
    duplicates.push_back(std::move(d));
  }
  return duplicates;
}

std::vector<DiscoveryIssue> named_issues(const std::vector<PendingIssue>& pending_issues,
                                         const std::vector<NodeRecord>& nodes) {
  std::vector<DiscoveryIssue> issues;
  for (const PendingIssue& pending : pending_issues) {
    DiscoveryIssue issue = pending.issue;
    if (pending.node) {
      const NodeRecord& node = nodes[*pending.node];
      issue.node_guid = node.info.node_guid;
      issue.node_description = node.description.value_or("");
    }
    issues.push_back(std::move(issue));
  }
  return issues;
}

Provenance provenance_of(const std::vector<NodeRecord>& nodes, const CrawlOptions& options) {
  Provenance provenance = options.provenance;
  if (provenance.format.empty()) {
    provenance.format = "live";
  }
  if (nodes.empty()) {
    return provenance;
  }
  const NodeRecord& first = nodes.front();  // where the crawl started
  std::optional<Guid> guid = first.ports[first.is_switch() ? 0 : first.entry_port].guid;
  if (options.start.empty()) {
    provenance.local_port_guid = guid;
  }
  bool cut = std::any_of(nodes.begin(), nodes.end(), [](const NodeRecord& node) {
    return std::any_of(node.ports.begin(), node.ports.end(),
                       [](const PortRecord& p) { return p.probe == ProbeState::HopLimited; });
  });
  if (cut) {
    provenance.partial =
        PartialScan{to_string(options.start), guid, static_cast<std::uint32_t>(options.max_hops)};
  }
  return provenance;
}

// A port's id in the builder and the record's port its cable reaches.
using Cable = std::pair<PortId, PeerRef>;

// One record into the builder: the node, its kept ports (their ids in `ids`, by port
// number), its tables; its cables go to `cables` for later. Then frees the record's ports and
// counters (`= {}` would keep their capacity).
void take_record(NodeRecord& record, const CrawlOptions& options, FabricBuilder& builder,
                 std::vector<std::optional<PortId>>& ids, std::vector<Cable>& cables) {
  NodeId node = builder.add_node(to_node(record));
  ids.resize(record.ports.size());
  for (std::size_t p = 0; p < record.ports.size(); ++p) {
    if (keeps_port(record, p)) {
      ids[p] = builder.add_port(node, to_port(record, p));
      if (record.ports[p].peer) {
        cables.emplace_back(*ids[p], *record.ports[p].peer);
      }
    }
  }
  if (options.routes && record.is_switch() && !record.lft.empty() && record.lft_blocks_left == 0 &&
      !record.lft_failed) {
    builder.add_forwarding_table(node, std::move(record.lft));
  }
  if (record.ar) {  // --ar: every switch whose SwitchInfo answered was asked
    builder.set_switch_ar(assemble_switch_ar(*record.ar, node));
    record.ar.reset();
  }
  for (const SlToVlRead& table : record.sl2vl) {  // --sl2vl; both ports were read, so kept
    if (ids[table.in] && ids[table.out]) {
      builder.add_sl_to_vl_table(*ids[table.in], *ids[table.out], table.vl);
    }
  }
  record.ports.clear();
  record.ports.shrink_to_fit();
  record.counters.clear();
  record.counters.shrink_to_fit();
}

}  // namespace

DiscoveryResult build_result(Crawl& crawl, const CrawlStatistics& statistics,
                             const CrawlOptions& options) {
  // Each record's ports are freed once the builder has them, so records and snapshot are
  // never both whole in memory; cables are set at the end, when every port has its id.
  std::vector<SubnetManager> sms = crawl.subnet_managers();
  std::vector<NodeRecord> nodes = crawl.take_nodes();
  FabricBuilder builder;
  if (options.sminfo) {
    builder.set_subnet_managers(std::move(sms));
  }
  builder.reserve(nodes.size(), kept_port_count(nodes));
  builder.set_provenance(provenance_of(nodes, options));
  std::vector<std::vector<std::optional<PortId>>> ids(nodes.size());
  std::vector<Cable> cables;
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    take_record(nodes[n], options, builder, ids[n], cables);
  }
  for (const auto& [from, to] : cables) {
    if (std::optional<PortId> far = ids[to.node][to.port]) {
      builder.set_peer(from, *far);
    }
  }
  DiscoveryResult result{std::move(builder).build(), {}};
  result.report.issues = named_issues(crawl.issues(), nodes);
  result.report.duplicates = find_duplicates(nodes);
  result.report.statistics = statistics;
  return result;
}

}  // namespace ibatlas
