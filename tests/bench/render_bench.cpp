// The render model and its DOT text for generated fat-trees (the part of `ibatlas render`
// that is ours; Graphviz's layout is timed by render_vs_dot.sh, end to end).
//
//   render_bench                                 run the benchmarks
//   render_bench --write-fat-tree HOSTS PATH [RADIX]
//                                                write a generated 3-level fat-tree of HOSTS
//                                                hosts (radix 36, or RADIX: 40k hosts need
//                                                64) as ibnetdiscover text

#include <cstdlib>
#include <cstring>
#include <fstream>

#include <benchmark/benchmark.h>

#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/render/render_model.hpp"

#include "support/fabric_generators.hpp"

namespace {

ibatlas::Fabric fat_tree(int hosts, int radix = 36) {
  return ibatlas::test::make_fat_tree(
      ibatlas::test::FatTreeSpec{.levels = 3, .radix = radix, .hosts = hosts});
}

void BM_RenderModelAndDot(benchmark::State& state) {
  ibatlas::Fabric fabric = fat_tree(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    ibatlas::Tiers tiers = ibatlas::infer_tiers(fabric);
    ibatlas::RenderModel model = ibatlas::build_render_model(fabric, tiers, {});
    std::string dot = ibatlas::map_dot(model);
    benchmark::DoNotOptimize(dot.data());
  }
  state.SetLabel(std::to_string(state.range(0)) + " hosts");
}

BENCHMARK(BM_RenderModelAndDot)->Arg(2000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_RenderModelExpanded(benchmark::State& state) {
  ibatlas::Fabric fabric = fat_tree(static_cast<int>(state.range(0)));
  ibatlas::RenderOptions options;
  options.expand_hosts = true;
  for (auto _ : state) {
    ibatlas::RenderModel model =
        ibatlas::build_render_model(fabric, ibatlas::infer_tiers(fabric), options);
    benchmark::DoNotOptimize(model.nodes.data());
  }
}

BENCHMARK(BM_RenderModelExpanded)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 4 || argc == 5) && std::strcmp(argv[1], "--write-fat-tree") == 0) {
    std::ofstream out(argv[3], std::ios::binary);
    int radix = argc == 5 ? std::atoi(argv[4]) : 36;
    ibatlas::write_ibnetdiscover(fat_tree(std::atoi(argv[2]), radix), out);
    return out ? 0 : 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
