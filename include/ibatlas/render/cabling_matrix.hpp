#pragma once

// The cabling matrix (`ibatlas render SOURCE --view matrix -o m.svg`; docs/render.md): for a
// tiered fabric, one matrix per pair of adjacent switch tiers (leaf × spine, spine × core,
// ...). Rows are the lower tier's switch boxes, columns the upper tier's (a chassis is one
// row or column), both in pod order (MapGroups order, then the natural order of names).
// One cell per pair that has cables or should have them:
// - Expected: as the plan says (or the majority, below), at the expected rate;
// - Degraded: fewer cables than expected, or cables slower or narrower than expected;
// - Missing: cables expected, none there;
// - Extra: cables where none are expected, or more than expected.
// Without a plan the expectation is the fabric's majority, per block of cells (rows of one
// pod × columns of one group): a block where most pairs are cabled expects every pair cabled
// with the count and rate most cabled pairs have. A block where most rows or most columns
// have no cable in it expects none. Any other block is a regular sparse pattern (an
// aggregation switch reaches 18 of 324 cores): a pair is extra when both its row and its
// column have more cabled pairs than most rows and columns do, and a row short of k pairs
// with exactly k uncabled columns that are also short has those k pairs missing.
// Findings located on a cable of the pair, or on a port of the row's switch whose peer is
// in the column, are listed in the cell's tooltip and raise its highlight.
//
// No layout engine: the SVG is a table drawn directly, so 10k hosts take well under a second.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/render_model.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

enum class CellState : std::uint8_t { Expected, Degraded, Missing, Extra };

// "as expected", "degraded", "missing", "extra".
std::string to_string(CellState state);

struct MatrixCell {
  std::size_t row = 0;
  std::size_t column = 0;
  std::size_t cables = 0;          // cables between the two boxes
  std::size_t expected = 0;        // cables the plan or the majority expects; 0: none
  std::optional<LinkWidth> width;  // the rate most of its cables have
  std::optional<LinkSpeed> speed;
  CellState state = CellState::Expected;
  Highlight highlight = Highlight::None;  // the worst finding on it
  std::vector<std::string> tooltip;  // "leaf01 × spine02: 2 of 2 cables, 4xHDR", cables, findings
};

struct CablingMatrix {
  std::string title;                       // "leaf × spine"
  std::vector<std::string> rows;           // box names
  std::vector<std::string> columns;        // box names
  std::vector<std::string> row_groups;     // per row: its MapGroup's name ("pod 3")
  std::vector<std::string> column_groups;  // per column
  std::vector<MatrixCell> cells;  // only pairs with cables or expected ones; row-major order
  std::string expectation;  // "the plan plan.csv", or "the majority of each pod × group block"
};

// Empty when the fabric has fewer than two switch tiers (no matrix to draw). `plan` may be
// null. Findings that name no pair are ignored here (the caller lists them).
std::vector<CablingMatrix> build_cabling_matrices(const Fabric& fabric, const Tiers& tiers,
                                                  const MapGroups& groups,
                                                  std::span<const Finding> findings,
                                                  const CablingPlan* plan);

// The matrices one under the other as one SVG: row and column names, group bands, a legend
// of the four states; each cell a <g class="cell" id="m<matrix>-<row>-<column>"> with its
// tooltip in <title>. Deterministic.
std::string cabling_matrix_svg(std::span<const CablingMatrix> matrices, const std::string& title);

}  // namespace ibatlas
