// Diff and history on generated fat-trees (docs/diff.md, "Performance"):
//   BM_Diff10k       two snapshots of a 10,000-host 3-level fat-tree, the second with 1%
//                    of the hosts changed: 25 cable swaps (50 cables), 25 links at 1x, 25
//                    LIDs, 25 HCAs replaced (new GUID). Goal: < 0.5 s.
//   BM_History100    100 hourly snapshots of a 2,000-host fat-tree: one uplink down in
//                    every 7th snapshot (12 times: 24 transitions), one host link at 1x for
//                    ten snapshots, one host away for ten snapshots.
// Building the fabrics is not timed.

#include <benchmark/benchmark.h>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/diff/history.hpp"
#include "ibatlas/diff/history_report.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/utc_time.hpp"

#include "support/fabric_generators.hpp"

namespace {

using namespace ibatlas;  // NOLINT: a benchmark file

// The hosts' port 1, in node order.
std::vector<PortId> host_ports(const Fabric& f) {
  std::vector<PortId> out;
  for (const Node& n : f.nodes()) {
    if (n.type == NodeType::Ca) {
      out.push_back(*f.find_port(f.id_of(n), 1));
    }
  }
  return out;
}

void set_width(FabricBuilder& b, const Fabric& f, PortId p, LinkWidth w) {
  b.port_data(p).width_active = w;
  b.port_data(*f.port(p).peer).width_active = w;
}

std::string hour(int i) {
  return utc_string(1'790'000'000 + static_cast<std::int64_t>(i) * 3600);
}

Fabric one_percent_changed(const Fabric& f) {
  FabricBuilder b = from_fabric(f);
  std::vector<PortId> hosts = host_ports(f);
  std::size_t step = hosts.size() / 100;  // spread the 100 changes over the tree
  for (std::size_t k = 0; k < 25; ++k) {
    PortId x = hosts[(4 * k) * step];
    PortId y = hosts[(4 * k) * step + 1];
    b.connect(x, *f.port(y).peer);  // x and y trade leaf ports
    b.connect(y, *f.port(x).peer);
    set_width(b, f, hosts[(4 * k + 1) * step], LinkWidth::X1);
    b.port_data(hosts[(4 * k + 2) * step]).base_lid = static_cast<Lid>(50000 + k);
    // Bench only: the builder's GUID index is not updated; diff does not use it.
    b.node(f.port(hosts[(4 * k + 3) * step]).node).guid ^= 0xff00000000000000ULL;
  }
  return std::move(b).build();
}

void BM_Diff10k(benchmark::State& state) {
  static const Fabric before = test::make_fat_tree({.levels = 3, .radix = 36, .hosts = 10000});
  static const Fabric after = one_percent_changed(before);
  std::size_t changes = 0;
  for (auto _ : state) {
    FabricDiff d = diff_fabrics(before, after);
    changes = d.changes.size();
    benchmark::DoNotOptimize(d);
  }
  if (changes != 125) {  // 50 cable.swapped + 25 link.degraded + 25 lid + 25 node.replaced
    state.SkipWithError("unexpected number of changes");
  }
  state.counters["nodes"] = static_cast<double>(before.nodes().size());
  state.counters["changes"] = static_cast<double>(changes);
}

BENCHMARK(BM_Diff10k)->Unit(benchmark::kMillisecond);

// `f` without node `gone` (its cables go with it).
Fabric without(const Fabric& f, NodeId gone, const Provenance& p) {
  FabricBuilder b;
  std::vector<std::optional<PortId>> moved(f.ports().size());
  for (const Node& n : f.nodes()) {
    if (f.id_of(n) == gone) {
      continue;
    }
    NodeId id = b.add_node(n);
    for (const Port& port : f.ports_of(f.id_of(n))) {
      moved[f.id_of(port).value] = b.add_port(id, port);
    }
  }
  for (std::uint32_t i = 0; i < f.ports().size(); ++i) {
    const std::optional<PortId>& peer = f.port(PortId{i}).peer;
    if (moved[i] && peer && moved[peer->value]) {
      b.set_peer(*moved[i], *moved[peer->value]);
    }
  }
  b.set_provenance(p);
  return std::move(b).build();
}

std::vector<Fabric> hourly_series(const Fabric& base) {
  std::vector<PortId> hosts = host_ports(base);
  PortId flapping = *base.port(hosts[0]).peer;  // leaf end; use the leaf's first uplink
  const Node& leaf = base.node(base.node_of(flapping));
  PortId uplink = *base.find_port(base.id_of(leaf), static_cast<std::uint8_t>(leaf.port_count));
  std::vector<Fabric> out;
  for (int i = 0; i < 100; ++i) {
    Provenance p = base.provenance();
    p.time = hour(i);
    if (i >= 50 && i < 60) {
      out.push_back(without(base, base.node_of(hosts[500]), p));
      continue;
    }
    FabricBuilder b = from_fabric(base);
    if (i % 7 == 3) {
      b.port_data(uplink).peer.reset();
      b.port_data(*base.port(uplink).peer).peer.reset();
    }
    if (i >= 20 && i < 30) {
      set_width(b, base, hosts[1000], LinkWidth::X1);
    }
    b.set_provenance(p);
    out.push_back(std::move(b).build());
  }
  return out;
}

void BM_History100(benchmark::State& state) {
  static const Fabric base = test::make_fat_tree({.levels = 3, .radix = 36, .hosts = 2000});
  static const std::vector<Fabric> series = hourly_series(base);
  std::size_t flapping = 0;
  bool as_planned = false;
  for (auto _ : state) {
    std::vector<HistorySnapshot> snapshots;
    for (std::size_t i = 0; i < series.size(); ++i) {
      snapshots.push_back(
          HistorySnapshot{"s" + std::to_string(i), snapshot_time(series[i]), &series[i]});
    }
    History h = build_history(std::move(snapshots));
    flapping = h.links.size();
    as_planned = flapping == 1 && h.links[0].transitions.size() == 24 &&
                 h.degradations.size() == 1 && h.nodes.size() == 1;
    benchmark::DoNotOptimize(h);
  }
  if (!as_planned) {
    state.SkipWithError("history differs from the plan");
  }
  state.counters["nodes"] = static_cast<double>(base.nodes().size());
  state.counters["links_with_transitions"] = static_cast<double>(flapping);
}

BENCHMARK(BM_History100)->Unit(benchmark::kMillisecond);

}  // namespace
