// Routing on a generated 10k-host fat-tree (3 levels, radix 36: 1,440 switches, 11,440 LIDs):
// opensm's min-hop, up/down and fat-tree computed offline, and all-pairs validation (every switch
// and CA port to every LID: 130.9 million pairs), alone and with balance, credit loops and
// symmetry, and with per-VL credit loops on 8 SLs and VLs. docs/benchmarks.md compares the
// numbers with opensm's routing time on the same fabric under ibsim (its log) and with
// check_lft_balance.
//
//   routing_bench [--benchmark_filter=...]          the benchmarks
//   routing_bench --netfile LEVELS RADIX HOSTS       the fabric as an ibsim netfile
//   routing_bench --lfts LEVELS RADIX HOSTS          our minhop tables in dump_lfts format
//   routing_bench --load LEVELS RADIX HOSTS          route load per tier under our minhop
//                                                    tables, and the hot links (route.imbalance)
//   routing_bench --vl-snapshot FILE                 the 10k tree with SL-to-VL tables and path
//                                                    SLs (BM_ValidateVl10k's) as an XML snapshot,
//                                                    for timing the whole `ibatlas routes FILE`

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <benchmark/benchmark.h>

#include "ibatlas/fabric_builder.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/routing/ftree.hpp"
#include "ibatlas/routing/minhop.hpp"
#include "ibatlas/routing/route_load.hpp"
#include "ibatlas/routing/route_report.hpp"
#include "ibatlas/routing/updn.hpp"

#include "support/fabric_generators.hpp"

namespace {

using ibatlas::Fabric;

Fabric fat_tree(int levels, int radix, int hosts) {
  ibatlas::test::FatTreeSpec spec;
  spec.levels = levels;
  spec.radix = radix;
  spec.hosts = hosts;
  return ibatlas::test::make_fat_tree(spec);
}

const Fabric& fabric_10k() {
  static const Fabric fabric = fat_tree(3, 36, 10000);
  return fabric;
}

const Fabric& routed_10k() {
  static const Fabric routed =
      ibatlas::compute_routes(fabric_10k(), ibatlas::ComputeOptions{}).fabric;
  return routed;
}

void BM_Minhop10k(benchmark::State& state) {
  const Fabric& f = fabric_10k();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::compute_minhop(f));
  }
}

BENCHMARK(BM_Minhop10k)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Updn10k(benchmark::State& state) {
  const Fabric& f = fabric_10k();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::compute_updn(f, {}));
  }
}

BENCHMARK(BM_Updn10k)->Unit(benchmark::kMillisecond)->Iterations(3);

// opensm's ftree takes the tree only when every leaf has hosts (a leaf without any is ranked
// as a root): 31 full pods, 10,044 hosts. On fabric_10k() (its last pod has two empty leaves)
// it falls back to minhop, as opensm does.
const Fabric& fabric_10k_full() {
  static const Fabric fabric = fat_tree(3, 36, 31 * 18 * 18);
  return fabric;
}

void BM_Ftree10k(benchmark::State& state) {
  const Fabric& f = fabric_10k_full();
  for (auto _ : state) {
    benchmark::DoNotOptimize(ibatlas::compute_ftree(f));
  }
}

BENCHMARK(BM_Ftree10k)->Unit(benchmark::kMillisecond)->Iterations(3);

// Arg 0: fates and hops only; 1: + balance and credit loops; 2: + symmetry (everything).
void BM_Validate10k(benchmark::State& state) {
  const Fabric& f = routed_10k();
  ibatlas::RouteAnalysisOptions options;
  options.balance = state.range(0) >= 1;
  options.credit_loops = state.range(0) >= 1;
  options.symmetry = state.range(0) >= 2;
  std::uint64_t pairs = 0;
  for (auto _ : state) {
    ibatlas::RouteReport r = ibatlas::analyze_routes(f, options);
    pairs = r.validation.pairs;
    benchmark::DoNotOptimize(r);
  }
  state.counters["pairs"] = static_cast<double>(pairs);
}

BENCHMARK(BM_Validate10k)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(3);

// The 10k tree's minhop tables with what per-VL credit loops read (issue 19 §1): an SL-to-VL
// table for every (in, out) pair of every switch's cabled ports and port 0 (SL i to VL i % 8),
// and an SL for every (CA port, LID) path (8 SLs, spread by source and destination LID).
const Fabric& routed_10k_with_vls() {
  static const Fabric fabric = [] {
    const Fabric& f = routed_10k();
    ibatlas::FabricBuilder b = ibatlas::from_fabric(f);
    std::array<std::uint8_t, 16> vl{};
    for (std::size_t sl = 0; sl < vl.size(); ++sl) {
      vl[sl] = static_cast<std::uint8_t>(sl % 8);
    }
    for (const ibatlas::Node& n : f.nodes()) {
      if (n.type != ibatlas::NodeType::Switch) {
        continue;
      }
      std::span<const ibatlas::Port> ports = f.ports_of(f.id_of(n));
      for (const ibatlas::Port& in : ports) {
        for (const ibatlas::Port& out : ports) {
          if ((in.number == 0 || in.peer) && (out.number == 0 || out.peer)) {
            b.add_sl_to_vl_table(f.id_of(in), f.id_of(out), vl);
          }
        }
      }
    }
    std::size_t lids = 0;
    for (const ibatlas::Port& p : f.ports()) {
      lids = std::max<std::size_t>(lids, p.base_lid.value_or(0) + 1U);
    }
    for (const ibatlas::Port& p : f.ports()) {
      if (f.node(p.node).type == ibatlas::NodeType::Ca && p.base_lid) {
        std::vector<std::uint8_t> sl(lids);
        for (std::size_t d = 0; d < lids; ++d) {
          sl[d] = static_cast<std::uint8_t>((*p.base_lid * 7U + d) % 8U);
        }
        b.set_path_sls(*p.base_lid, std::move(sl));
      }
    }
    return std::move(b).build();
  }();
  return fabric;
}

// Everything `routes` reports, on the fabric above: credit loops per VL with 8 SLs and VLs.
void BM_ValidateVl10k(benchmark::State& state) {
  const Fabric& f = routed_10k_with_vls();
  std::size_t lanes = 0;
  for (auto _ : state) {
    ibatlas::RouteReport r = ibatlas::analyze_routes(f, ibatlas::RouteAnalysisOptions{});
    lanes = r.virtual_lanes;
    benchmark::DoNotOptimize(r);
  }
  state.counters["vls"] = static_cast<double>(lanes);
}

BENCHMARK(BM_ValidateVl10k)->Unit(benchmark::kMillisecond)->Iterations(3);

// Route load per link (route.imbalance): balance alone (the in-tree sums per destination,
// which load_acc keeps) plus route_loads; compare with Arg(1) above, which adds credit loops.
void BM_RouteLoad10k(benchmark::State& state) {
  const Fabric& f = routed_10k();
  ibatlas::RouteAnalysisOptions options;
  options.credit_loops = false;
  options.symmetry = false;
  std::size_t hot = 0;
  for (auto _ : state) {
    ibatlas::RouteReport r = ibatlas::analyze_routes(f, options);
    ibatlas::RouteLoad load = ibatlas::route_loads(f, r.balance);
    hot = static_cast<std::size_t>(std::count_if(load.links.begin(), load.links.end(),
                                                 [](const ibatlas::LinkLoad& l) { return l.hot; }));
    benchmark::DoNotOptimize(load);
  }
  state.counters["hot_links"] = static_cast<double>(hot);
}

BENCHMARK(BM_RouteLoad10k)->Unit(benchmark::kMillisecond)->Iterations(3);

void print_load(const Fabric& routed) {
  ibatlas::RouteReport r = ibatlas::analyze_routes(routed, ibatlas::RouteAnalysisOptions{});
  ibatlas::RouteLoad load = ibatlas::route_loads(routed, r.balance);
  for (const ibatlas::LoadGroup& g : load.groups) {
    std::uint64_t max = 0;
    for (const ibatlas::LinkLoad& l : load.links) {
      if (l.tier == g.tier && l.direction == g.direction) {
        max = std::max(max, l.routes);
      }
    }
    std::cout << "tier " << g.tier.value_or(-1) << " " << ibatlas::to_string(g.direction)
              << ": links " << g.links << ", mean routes "
              << static_cast<double>(g.routes) / static_cast<double>(g.links) << ", max routes "
              << max << ", max share " << g.max_share << "\n";
  }
  for (const ibatlas::LinkLoad& l : load.links) {
    if (l.hot) {
      const ibatlas::Port& from = routed.port(l.from);
      const ibatlas::Port& to = routed.port(l.to);
      std::cout << "hot: " << routed.node(from.node).description << "[" << int{from.number}
                << "] -> " << routed.node(to.node).description << "[" << int{to.number}
                << "] routes " << l.routes << " share " << l.share << "\n";
    }
  }
}

int write_text(int argc, char** argv, bool tables) {
  if (argc != 5) {
    std::cerr << "usage: routing_bench " << argv[1] << " LEVELS RADIX HOSTS\n";
    return 2;
  }
  Fabric f = fat_tree(std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]));
  if (std::strcmp(argv[1], "--load") == 0) {
    print_load(ibatlas::compute_routes(f, ibatlas::ComputeOptions{}).fabric);
  } else if (tables) {
    ibatlas::write_lft_dump(ibatlas::compute_routes(f, ibatlas::ComputeOptions{}).fabric,
                            std::cout);
  } else {
    ibatlas::write_ibnetdiscover(f, std::cout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--netfile") == 0) {
    return write_text(argc, argv, false);
  }
  if (argc > 1 && std::strcmp(argv[1], "--lfts") == 0) {
    return write_text(argc, argv, true);
  }
  if (argc > 1 && std::strcmp(argv[1], "--load") == 0) {
    return write_text(argc, argv, false);
  }
  if (argc == 3 && std::strcmp(argv[1], "--vl-snapshot") == 0) {
    ibatlas::write_xml_snapshot_file(routed_10k_with_vls(), argv[2]);
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
