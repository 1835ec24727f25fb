// attach_counters: the counters of a ticket put on the ports of a fabric. A record names its
// port the way its tool did (a GUID, a LID, a description), never by our ids; a record no
// port of the fabric answers to is returned as a message, because counters silently dropped
// would let a faulty port pass the audit.

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/counters_text.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// Every field `from` has replaces the one in `into`.
void merge(PortCounters& into, const PortCounters& from) {
  using Field = std::optional<std::uint64_t> PortCounters::*;
  static constexpr std::array<Field, 31> kFields = {
      &PortCounters::symbol_errors,
      &PortCounters::link_error_recovery,
      &PortCounters::link_downed,
      &PortCounters::rcv_errors,
      &PortCounters::rcv_remote_phys_errors,
      &PortCounters::rcv_switch_relay_errors,
      &PortCounters::xmit_discards,
      &PortCounters::xmit_constraint_errors,
      &PortCounters::rcv_constraint_errors,
      &PortCounters::local_link_integrity_errors,
      &PortCounters::excessive_buffer_overruns,
      &PortCounters::vl15_dropped,
      &PortCounters::xmit_wait,
      &PortCounters::xmit_data,
      &PortCounters::rcv_data,
      &PortCounters::xmit_pkts,
      &PortCounters::rcv_pkts,
      &PortCounters::unicast_xmit_pkts,
      &PortCounters::unicast_rcv_pkts,
      &PortCounters::multicast_xmit_pkts,
      &PortCounters::multicast_rcv_pkts,
      &PortCounters::local_physical_errors,
      &PortCounters::malformed_packet_errors,
      &PortCounters::buffer_overrun_errors,
      &PortCounters::dlid_mapping_errors,
      &PortCounters::vl_mapping_errors,
      &PortCounters::looping_errors,
      &PortCounters::inactive_discards,
      &PortCounters::neighbor_mtu_discards,
      &PortCounters::sw_lifetime_limit_discards,
      &PortCounters::sw_hoq_lifetime_limit_discards,
  };
  for (Field field : kFields) {
    if (from.*field) {
      into.*field = from.*field;
    }
  }
}

class Matcher {
 public:
  explicit Matcher(const Fabric& fabric) : fabric_(fabric) {
    for (std::uint32_t p = 0; p < fabric.ports().size(); ++p) {
      if (const std::optional<Guid>& guid = fabric.port(PortId{p}).guid) {
        port_by_guid_.emplace(*guid, PortId{p});
      }
    }
  }

  // The port of `record`, or why there is none.
  std::pair<std::optional<PortId>, std::string> find(const CounterRecord& record) const {
    if (record.node_guid) {
      return on_node(fabric_.find_node(*record.node_guid), record);
    }
    if (record.port_guid) {
      if (std::optional<NodeId> node = fabric_.find_node(*record.port_guid)) {
        return on_node(node, record);
      }
      auto it = port_by_guid_.find(*record.port_guid);
      if (it != port_by_guid_.end()) {
        return on_node(fabric_.port(it->second).node, record);
      }
      if (!record.description) {
        return {std::nullopt, "no node or port of the fabric has this GUID"};
      }
    }
    if (record.lid) {
      std::optional<PortId> port = fabric_.find_port_by_lid(*record.lid);
      if (!port) {
        return {std::nullopt, "no port of the fabric has this LID"};
      }
      return on_node(fabric_.port(*port).node, record);
    }
    if (record.description) {
      return by_description(*record.description, record);
    }
    return {std::nullopt, "the text names the port by neither GUID, LID nor description"};
  }

 private:
  std::pair<std::optional<PortId>, std::string> on_node(std::optional<NodeId> node,
                                                        const CounterRecord& record) const {
    if (!node) {
      return {std::nullopt, "no node of the fabric has this GUID"};
    }
    std::optional<PortId> port = fabric_.find_port(*node, record.port);
    if (!port) {
      return {std::nullopt, "the fabric holds no such port of that node"};
    }
    return {port, ""};
  }

  std::pair<std::optional<PortId>, std::string> by_description(const std::string& description,
                                                               const CounterRecord& record) const {
    if (node_by_description_.empty()) {  // built on first use: most texts carry GUIDs
      for (std::uint32_t n = 0; n < fabric_.nodes().size(); ++n) {
        node_by_description_[fabric_.node(NodeId{n}).description].push_back(NodeId{n});
      }
    }
    auto it = node_by_description_.find(description);
    if (it == node_by_description_.end()) {
      return {std::nullopt, "no node of the fabric has this description"};
    }
    if (it->second.size() > 1) {
      return {std::nullopt,
              std::to_string(it->second.size()) + " nodes of the fabric have this description"};
    }
    return on_node(it->second.front(), record);
  }

  const Fabric& fabric_;
  std::unordered_map<Guid, PortId> port_by_guid_;
  mutable std::unordered_map<std::string, std::vector<NodeId>> node_by_description_;
};

// How the text named the record's port, for a message.
std::string named(const CounterRecord& record) {
  std::string out;
  if (record.node_guid || record.port_guid) {
    out = text::guid_text(record.node_guid ? *record.node_guid : *record.port_guid);
  } else if (record.lid) {
    out = "LID " + std::to_string(*record.lid);
  }
  if (record.description) {
    out += (out.empty() ? "\"" : " \"") + *record.description + "\"";
  }
  return out + (out.empty() ? "port " : " port ") + std::to_string(record.port);
}

}  // namespace

CountersAttachResult attach_counters(const Fabric& fabric, const CountersText& counters,
                                     std::string_view name) {
  CountersAttachResult result;
  Matcher matcher(fabric);
  FabricBuilder builder = from_fabric(fabric);
  std::vector<const CounterRecord*> order;
  for (const CounterRecord& record : counters.records) {
    order.push_back(&record);
  }
  std::stable_sort(order.begin(), order.end(), [](const CounterRecord* a, const CounterRecord* b) {
    return a->source < b->source;
  });
  std::vector<std::pair<std::size_t, std::string>> unmatched;  // by line
  for (const CounterRecord* record : order) {
    auto [port, why] = matcher.find(*record);
    if (!port) {
      unmatched.emplace_back(record->line, std::string(name) + ":" + std::to_string(record->line) +
                                               ": counters of " + named(*record) + ": " + why);
      continue;
    }
    Port& data = builder.port_data(*port);
    PortCounters merged = data.counters ? *data.counters : PortCounters{};
    merge(merged, record->counters);
    data.counters = merged;
    ++result.attached;
  }
  std::stable_sort(unmatched.begin(), unmatched.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& u : unmatched) {
    result.unmatched.push_back(std::move(u.second));
  }
  result.fabric = std::move(builder).build();
  return result;
}

}  // namespace ibatlas
