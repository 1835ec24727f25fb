#pragma once

// `saquery -p` output (infiniband-diags): PathRecords as the SA hands them out, one block per
// record:
//
//   PathRecord dump:
//           service_id..............0x0000000000000000
//           dlid....................8
//           slid....................6
//           ...
//           sl......................0x7
//
// Only slid, dlid and sl are kept: the SL each (source LID, destination LID) path uses, which
// the credit-loop analysis needs (docs/routing.md, "Credit loops per VL"). Captures of
// several runs (one `saquery -p --src-to-dst S:D` per pair) may be concatenated.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct PathSlRecord {
  Lid source = 0;
  Lid destination = 0;
  std::uint8_t sl = 0;
  std::size_t line = 0;  // the block's "PathRecord dump:" line
};

// The records in text order. Throws ParseError ("name:line: expected ..., found ...") for a
// line that is neither blank, a block header nor a "name....value" field of a block; a block
// without slid, dlid or sl, or with one twice; a LID that is 0 or not unicast (a cut-short
// RMPP reply ends in a zeroed record); an SL above 15; one (slid, dlid) pair given two
// different SLs; and text without any PathRecord.
std::vector<PathSlRecord> read_saquery_paths(std::string_view text, std::string_view name);

// The (source LID, destination LID) pairs whose SLs the credit-loop analysis uses: from the
// base LID of every CA or router port with a link to the base LID of every port (switch port
// 0 included) but its own; ascending by source, then destination. What `discover --path-sls`
// asks the SA for.
std::vector<std::pair<Lid, Lid>> path_sl_pairs(const Fabric& fabric);

// `fabric` with `records` as its path SLs, in place of any it had; every other part
// unchanged.
Fabric with_path_sls(const Fabric& fabric, const std::vector<PathSlRecord>& records);

}  // namespace ibatlas
