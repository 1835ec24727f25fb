#include "routing/lft_builder.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace ibatlas {

// cl_qmap keys are GUIDs in network byte order compared as host integers: on a little-endian
// host opensm's GUID tables run in byte-swapped order.
std::uint64_t opensm_key(Guid guid) {
  if constexpr (std::endian::native == std::endian::little) {
    return __builtin_bswap64(guid);
  }
  return guid;
}

namespace {

bool has_lid(const Port& p) {
  return p.base_lid && *p.base_lid != 0;
}

std::vector<std::uint32_t> switches_by_end_ports(const RouteView& view) {
  std::vector<std::uint32_t> order(view.switch_count());
  std::vector<std::uint32_t> end_ports(view.switch_count(), 0);
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    order[s] = s;
    for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
      const SwitchPort& sp = view.at(s, p);
      end_ports[s] += sp.peer != kNoPort && sp.peer_switch == kNoSwitch ? 1U : 0U;
    }
  }
  const Fabric& fabric = view.fabric();
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return opensm_key(fabric.node(view.switch_node(a)).guid) <
           opensm_key(fabric.node(view.switch_node(b)).guid);
  });
  // opensm's qsort (glibc: a merge sort, so stable) by end ports, most first.
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return end_ports[a] > end_ports[b]; });
  return order;
}

// Ports opensm holds in its port GUID table with a LID: switch port 0s and linked end ports.
std::vector<PortId> lid_ports_by_guid(const RouteView& view) {
  const Fabric& fabric = view.fabric();
  std::vector<std::pair<std::uint64_t, PortId>> keyed;
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    const Port& p = fabric.port(PortId{i});
    bool is_switch = view.switch_of_port(i) != kNoSwitch;
    bool known = is_switch ? p.number == 0 : view.ca_peer(i) != kNoPort;
    if (known && has_lid(p)) {
      keyed.emplace_back(opensm_key(reported_port_guid(fabric, PortId{i})), PortId{i});
    }
  }
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<PortId> out;
  out.reserve(keyed.size());
  for (const auto& [key, id] : keyed) {
    out.push_back(id);
  }
  return out;
}

}  // namespace

CandidateTable::CandidateTable(std::uint32_t switches, std::uint32_t max_port)
    : n_(switches),
      words_(max_port / 64U + 1U),
      least_(static_cast<std::size_t>(switches) * switches, kNoPath),
      mask_(static_cast<std::size_t>(switches) * switches * words_, 0) {}

std::uint32_t max_switch_port(const RouteView& view) {
  std::uint32_t most = 0;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    most = std::max(most, view.port_count(s));
  }
  return most;
}

std::vector<PortId> opensm_port_order(const RouteView& view) {
  const Fabric& fabric = view.fabric();
  std::vector<bool> listed(fabric.ports().size(), false);
  std::vector<PortId> order;
  for (std::uint32_t s : switches_by_end_ports(view)) {
    for (std::uint32_t p = 1; p <= view.port_count(s); ++p) {
      const SwitchPort& sp = view.at(s, p);
      if (sp.peer != kNoPort && sp.peer_switch == kNoSwitch && !listed[sp.peer] &&
          has_lid(fabric.port(PortId{sp.peer}))) {
        listed[sp.peer] = true;
        order.push_back(PortId{sp.peer});
      }
    }
  }
  for (PortId id : lid_ports_by_guid(view)) {
    if (!listed[id.value]) {
      order.push_back(id);
    }
  }
  return order;
}

namespace {

// Calls fn(p) for each port p in [lo, hi) whose bit is set in `mask`, ascending.
template <typename Fn>
void for_each_port(const std::uint64_t* mask, std::uint32_t lo, std::uint32_t hi, Fn fn) {
  for (std::uint32_t w = lo / 64U; w * 64U < hi; ++w) {
    std::uint64_t bits = mask[w];
    if (w * 64U < lo) {
      bits &= ~std::uint64_t{0} << (lo % 64U);
    }
    for (; bits != 0; bits &= bits - 1) {
      std::uint32_t p = w * 64U + static_cast<std::uint32_t>(std::countr_zero(bits));
      if (p >= hi) {
        return;
      }
      fn(p);
    }
  }
}

// One end port of the routing order, resolved once for every switch: its LIDs and the switch
// its routes lead to.
struct EndPort {
  std::uint32_t base_lid = 0;
  std::uint32_t lids = 1;            // 2^LMC
  std::uint32_t target = kNoSwitch;  // the port's switch (port 0) or the CA's switch
  std::uint8_t direct = 0;           // CA: the port of `target` its cable reaches
  bool is_switch = false;
};

std::vector<EndPort> resolve(const RouteView& view, const std::vector<PortId>& order) {
  const Fabric& fabric = view.fabric();
  std::vector<EndPort> ends;
  for (PortId id : order) {
    const Port& p = fabric.port(id);
    EndPort e;
    e.base_lid = *p.base_lid;
    e.lids = 1U << std::min<std::uint32_t>(p.lmc.value_or(0), 7U);
    e.target = view.switch_of_port(id.value);
    e.is_switch = e.target != kNoSwitch;
    if (!e.is_switch) {
      std::uint32_t peer = view.ca_peer(id.value);
      e.target = peer == kNoPort ? kNoSwitch : view.switch_of_port(peer);
      e.direct = e.target == kNoSwitch ? 0 : fabric.port(PortId{peer}).number;
    }
    ends.push_back(e);
  }
  return ends;
}

struct SwitchState {
  std::uint32_t s = 0;
  std::vector<std::uint8_t> lft;
  std::vector<std::uint32_t> routed;  // per port: CA/router LIDs given to it so far
};

// osm_switch_recommend_path for one LID of `end`, scanning ports from `start` on.
std::uint8_t recommend(const RouteView& view, const CandidateTable& hops, const SwitchState& sw,
                       const EndPort& end, std::uint32_t start) {
  if (end.target == sw.s) {
    return end.is_switch ? 0 : end.direct;  // its own LID; a CA cabled to it
  }
  if (end.target == kNoSwitch || hops.least(sw.s, end.target) == CandidateTable::kNoPath) {
    return ForwardingTable::kNoRoute;
  }
  std::uint32_t ports = view.port_count(sw.s) + 1U;
  std::uint32_t first = start % ports;
  std::uint8_t best = ForwardingTable::kNoRoute;
  std::uint32_t fewest = std::numeric_limits<std::uint32_t>::max();
  auto consider = [&](std::uint32_t p) {
    if (p != 0 && sw.routed[p] < fewest) {
      fewest = sw.routed[p];
      best = static_cast<std::uint8_t>(p);
    }
  };
  // opensm scans ports start, start + 1, ..., wrapping round; the first fewest wins.
  for_each_port(hops.mask(sw.s, end.target), first, ports, consider);
  for_each_port(hops.mask(sw.s, end.target), 0, first, consider);
  return best;
}

}  // namespace

std::vector<ForwardingTable> build_tables(const RouteView& view, const CandidateTable& hops) {
  std::vector<EndPort> ends = resolve(view, opensm_port_order(view));
  std::uint32_t paths = 1;  // LIDs per port: 2^LMC, the largest LMC of any port
  for (const EndPort& e : ends) {
    paths = std::max(paths, e.lids);
  }
  std::size_t size = view.lid_limit() == 0 ? 1 : view.lid_limit();
  std::vector<ForwardingTable> tables;
  for (std::uint32_t s = 0; s < view.switch_count(); ++s) {
    SwitchState sw{s, std::vector<std::uint8_t>(size, ForwardingTable::kNoRoute),
                   std::vector<std::uint32_t>(view.port_count(s) + 1U, 0)};
    for (std::uint32_t offset = 0; offset < paths; ++offset) {
      for (const EndPort& e : ends) {
        std::uint32_t lid = e.base_lid + offset;
        if (offset >= e.lids || lid >= size) {
          continue;
        }
        // The next path of an LMC range starts its scan after the previous one's port.
        std::uint32_t start = offset == 0 ? 1U : sw.lft[lid - 1] + 1U;
        std::uint8_t port = recommend(view, hops, sw, e, start);
        sw.lft[lid] = port;
        if (port != ForwardingTable::kNoRoute && !e.is_switch) {
          ++sw.routed[port];  // switch LIDs do not count (port_profile_switch_nodes FALSE)
        }
      }
    }
    tables.push_back(ForwardingTable{view.switch_node(s), std::move(sw.lft)});
  }
  return tables;
}

}  // namespace ibatlas
