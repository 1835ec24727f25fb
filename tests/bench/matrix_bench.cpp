// The cabling matrix (`ibatlas render --view matrix`) for generated 3-level fat-trees: map
// groups, tiers, matrices and their SVG, each timed on its own and all together (issue 15's
// goal: the matrix of 10k hosts in under a second). 10k hosts fit radix 36 (at most 11664
// hosts in 3 levels); 40k hosts need radix 64 (at most 65536).
//
// Counters: cells (all matrices), svg_kib (the SVG's size).

#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "ibatlas/render/cabling_matrix.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/tiers.hpp"

#include "support/fabric_generators.hpp"

namespace {

ibatlas::Fabric fat_tree(int hosts) {
  int radix = hosts <= 11664 ? 36 : 64;
  return ibatlas::test::make_fat_tree(
      ibatlas::test::FatTreeSpec{.levels = 3, .radix = radix, .hosts = hosts});
}

std::size_t cells(const std::vector<ibatlas::CablingMatrix>& matrices) {
  std::size_t n = 0;
  for (const ibatlas::CablingMatrix& m : matrices) {
    n += m.cells.size();
  }
  return n;
}

// Tiers, groups, matrices and SVG: what `render --view matrix` does after reading the file.
void BM_MatrixEndToEnd(benchmark::State& state) {
  ibatlas::Fabric fabric = fat_tree(static_cast<int>(state.range(0)));
  std::size_t n = 0;
  std::size_t bytes = 0;
  for (auto _ : state) {
    ibatlas::Tiers tiers = ibatlas::infer_tiers(fabric);
    ibatlas::MapGroups groups = ibatlas::compute_map_groups(fabric, tiers);
    std::vector<ibatlas::CablingMatrix> matrices =
        ibatlas::build_cabling_matrices(fabric, tiers, groups, {}, nullptr);
    std::string svg = ibatlas::cabling_matrix_svg(matrices, "fat-tree");
    benchmark::DoNotOptimize(svg.data());
    n = cells(matrices);
    bytes = svg.size();
  }
  state.counters["cells"] = static_cast<double>(n);
  state.counters["svg_kib"] = static_cast<double>(bytes) / 1024.0;
  state.SetLabel(std::to_string(state.range(0)) + " hosts");
}

BENCHMARK(BM_MatrixEndToEnd)->Arg(10000)->Arg(40000)->Unit(benchmark::kMillisecond);

// The parts on their own: groups, matrices (majority), matrices against a plan, SVG.
void BM_MatrixGroups(benchmark::State& state) {
  ibatlas::Fabric fabric = fat_tree(static_cast<int>(state.range(0)));
  ibatlas::Tiers tiers = ibatlas::infer_tiers(fabric);
  for (auto _ : state) {
    ibatlas::MapGroups groups = ibatlas::compute_map_groups(fabric, tiers);
    benchmark::DoNotOptimize(groups.groups.data());
  }
}

BENCHMARK(BM_MatrixGroups)->Arg(10000)->Arg(40000)->Unit(benchmark::kMillisecond);

void BM_MatrixBuild(benchmark::State& state) {
  ibatlas::Fabric fabric = fat_tree(static_cast<int>(state.range(0)));
  ibatlas::Tiers tiers = ibatlas::infer_tiers(fabric);
  ibatlas::MapGroups groups = ibatlas::compute_map_groups(fabric, tiers);
  ibatlas::CablingPlan plan = ibatlas::plan_from_fabric(fabric);
  const ibatlas::CablingPlan* against = state.range(1) != 0 ? &plan : nullptr;
  for (auto _ : state) {
    std::vector<ibatlas::CablingMatrix> matrices =
        ibatlas::build_cabling_matrices(fabric, tiers, groups, {}, against);
    benchmark::DoNotOptimize(matrices.data());
  }
  state.SetLabel(against != nullptr ? "against a plan" : "against the majority");
}

BENCHMARK(BM_MatrixBuild)
    ->Args({10000, 0})
    ->Args({10000, 1})
    ->Args({40000, 0})
    ->Unit(benchmark::kMillisecond);

void BM_MatrixSvg(benchmark::State& state) {
  ibatlas::Fabric fabric = fat_tree(static_cast<int>(state.range(0)));
  ibatlas::Tiers tiers = ibatlas::infer_tiers(fabric);
  std::vector<ibatlas::CablingMatrix> matrices = ibatlas::build_cabling_matrices(
      fabric, tiers, ibatlas::compute_map_groups(fabric, tiers), {}, nullptr);
  for (auto _ : state) {
    std::string svg = ibatlas::cabling_matrix_svg(matrices, "fat-tree");
    benchmark::DoNotOptimize(svg.data());
  }
}

BENCHMARK(BM_MatrixSvg)->Arg(10000)->Arg(40000)->Unit(benchmark::kMillisecond);

}  // namespace
