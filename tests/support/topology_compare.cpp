#include "support/topology_compare.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <iterator>
#include <sstream>

#include "ibatlas/fabric_builder.hpp"

namespace ibatlas::test {

namespace {

template <typename T, typename F>
std::string opt(const std::optional<T>& value, F format) {
  return value ? format(*value) : std::string("-");
}

std::string hex(std::uint64_t v) {
  char text[24];
  std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(v));
  return text;
}

std::string num(std::uint64_t v) {
  return std::to_string(v);
}

std::string node_key(const Fabric& f, NodeId id) {
  const Node& n = f.node(id);
  return hex(n.guid) + "/\"" + n.description + "\"";
}

std::string counters_text(const PortCounters& c) {
  // Every PortCounters field, in declaration order (clang-format would put one a line).
  // clang-format off
  const std::array<const std::optional<std::uint64_t>*, 31> values = {
      &c.symbol_errors, &c.link_error_recovery, &c.link_downed, &c.rcv_errors,
      &c.rcv_remote_phys_errors, &c.rcv_switch_relay_errors, &c.xmit_discards,
      &c.xmit_constraint_errors, &c.rcv_constraint_errors, &c.local_link_integrity_errors,
      &c.excessive_buffer_overruns, &c.vl15_dropped, &c.xmit_wait, &c.xmit_data, &c.rcv_data,
      &c.xmit_pkts, &c.rcv_pkts, &c.unicast_xmit_pkts, &c.unicast_rcv_pkts,
      &c.multicast_xmit_pkts, &c.multicast_rcv_pkts, &c.local_physical_errors,
      &c.malformed_packet_errors, &c.buffer_overrun_errors, &c.dlid_mapping_errors,
      &c.vl_mapping_errors, &c.looping_errors, &c.inactive_discards, &c.neighbor_mtu_discards,
      &c.sw_lifetime_limit_discards, &c.sw_hoq_lifetime_limit_discards};
  // clang-format on
  std::string s;
  for (const std::optional<std::uint64_t>* v : values) {
    s += ' ' + opt(*v, num);
  }
  return s;
}

std::string port_line(const Fabric& f, const Port& p, const CompareOptions& options) {
  std::ostringstream out;
  out << "port " << node_key(f, p.node) << '[' << int{p.number} << "] guid=" << opt(p.guid, hex)
      << " lid=" << opt(p.base_lid, num) << " lmc=" << opt(p.lmc, num)
      << " state=" << opt(p.state, [](PortState s) { return to_string(s); })
      << " phys=" << opt(p.phys_state, [](PhysState s) { return to_string(s); })
      << " w=" << opt(p.width_active, [](LinkWidth w) { return to_string(w); }) << '/'
      << opt(p.width_enabled, [](WidthSet s) { return num(s.bits); }) << '/'
      << opt(p.width_supported, [](WidthSet s) { return num(s.bits); })
      << " s=" << opt(p.speed_active, [](LinkSpeed s) { return to_string(s); }) << '/'
      << opt(p.speed_enabled, [](SpeedSet s) { return num(s.bits); }) << '/'
      << opt(p.speed_supported, [](SpeedSet s) { return num(s.bits); })
      << " mtu=" << opt(p.mtu_active, [](Mtu m) { return num(static_cast<unsigned>(m)); }) << '/'
      << opt(p.mtu_cap, [](Mtu m) { return num(static_cast<unsigned>(m)); })
      << " vl=" << opt(p.vl_cap, [](std::uint8_t v) { return num(v); }) << " peer=";
  if (p.peer) {
    const Port& q = f.port(*p.peer);
    out << node_key(f, q.node) << '[' << int{q.number} << ']';
  } else {
    out << '-';
  }
  if (options.counters && p.counters) {
    out << " counters" << counters_text(*p.counters);
  }
  return out.str();
}

}  // namespace

std::vector<std::string> canonical_lines(const Fabric& f, const CompareOptions& options) {
  std::vector<std::string> lines;
  for (const Node& n : f.nodes()) {
    std::ostringstream out;
    out << "node " << node_key(f, f.id_of(n)) << ' ' << to_string(n.type)
        << " sys=" << opt(n.system_guid, hex) << " ven=" << opt(n.vendor_id, hex)
        << " dev=" << opt(n.device_id, hex) << " rev=" << opt(n.revision, hex)
        << " ports=" << int{n.port_count}
        << " ep0=" << opt(n.enhanced_port0, [](bool b) { return std::string(b ? "yes" : "no"); });
    lines.push_back(out.str());
  }
  for (const Port& p : f.ports()) {
    lines.push_back(port_line(f, p, options));
  }
  for (const ForwardingTable& t :
       options.tables ? f.forwarding_tables() : std::span<const ForwardingTable>()) {
    std::string entries;
    for (std::uint8_t e : t.out_port) {
      entries += ' ' + num(e);
    }
    lines.push_back("lft " + node_key(f, t.switch_node) + entries);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

::testing::AssertionResult topology_equal(const Fabric& expected, const Fabric& actual,
                                          const CompareOptions& options) {
  std::vector<std::string> a = canonical_lines(expected, options);
  std::vector<std::string> b = canonical_lines(actual, options);
  if (a == b) {
    return ::testing::AssertionSuccess();
  }
  std::vector<std::string> only_a;
  std::vector<std::string> only_b;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_a));
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_b));
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << only_a.size() << " line(s) only in expected, " << only_b.size() << " only in actual";
  for (std::size_t i = 0; i < std::min<std::size_t>(only_a.size(), 8); ++i) {
    failure << "\n  - " << only_a[i].substr(0, 300);
  }
  for (std::size_t i = 0; i < std::min<std::size_t>(only_b.size(), 8); ++i) {
    failure << "\n  + " << only_b[i].substr(0, 300);
  }
  return failure;
}

Fabric copy_fabric(const Fabric& f, const std::set<std::uint32_t>& removed,
                   const std::function<void(NodeId, Node&)>& edit_node,
                   const std::function<void(NodeId, Port&)>& edit_port) {
  FabricBuilder b;
  std::vector<std::optional<PortId>> ids(f.ports().size());
  for (std::uint32_t n = 0; n < f.nodes().size(); ++n) {
    if (removed.count(n)) {
      continue;
    }
    Node node = f.node(NodeId{n});
    if (edit_node) {
      edit_node(NodeId{n}, node);
    }
    NodeId id = b.add_node(node);
    for (Port p : f.ports_of(NodeId{n})) {
      PortId old = *f.find_port(NodeId{n}, p.number);
      if (edit_port) {
        edit_port(NodeId{n}, p);
      }
      ids[old.value] = b.add_port(id, p);
    }
  }
  for (std::uint32_t i = 0; i < f.ports().size(); ++i) {
    const std::optional<PortId>& peer = f.ports()[i].peer;
    if (ids[i] && peer && ids[peer->value]) {
      b.set_peer(*ids[i], *ids[peer->value]);
    }
  }
  std::vector<std::uint32_t> new_index(f.nodes().size());
  std::uint32_t kept = 0;
  for (std::uint32_t n = 0; n < f.nodes().size(); ++n) {
    new_index[n] = removed.count(n) ? 0 : kept++;
  }
  for (const ForwardingTable& t : f.forwarding_tables()) {
    if (!removed.count(t.switch_node.value)) {
      b.add_forwarding_table(NodeId{new_index[t.switch_node.value]}, t.out_port);
    }
  }
  b.set_provenance(f.provenance());
  return std::move(b).build();
}

Fabric as_crawled(const Fabric& f) {
  return copy_fabric(f, {}, {}, [](NodeId, Port& p) {
    bool qdr_up = p.phys_state == PhysState::LinkUp &&
                  (p.speed_active == LinkSpeed::Qdr || p.speed_active == LinkSpeed::Fdr10);
    if (qdr_up || p.number == 0) {
      return;
    }
    for (std::optional<SpeedSet>* set : {&p.speed_enabled, &p.speed_supported}) {
      if (*set && (*set)->contains(LinkSpeed::Fdr10)) {
        (*set)->bits =
            static_cast<std::uint16_t>((*set)->bits & ~(1U << static_cast<int>(LinkSpeed::Fdr10)));
        if ((*set)->bits == 0) {
          set->reset();
        }
      }
    }
  });
}

}  // namespace ibatlas::test
