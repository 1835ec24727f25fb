#pragma once

// The snapshots `ibatlas history` reads: files named on the command line, and the files of
// named directories. A named file must be a snapshot (else Error, exit 3); a directory's
// file that is not one is skipped with a note, so a snapshot directory can hold other things
// (the audit timer's reports/, a README, a half-written file) and still be the input.

#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/fabric.hpp"

#include "source.hpp"

namespace ibatlas::cli {

struct HistoryInputs {
  std::vector<std::string> names;     // the snapshots read: argument order, a directory's by name
  std::vector<Fabric> fabrics;        // one per name
  std::vector<SkippedInput> skipped;  // a directory's files that were not snapshots
};

// Reads every input; for each skipped file one line on `err`:
// "ibatlas: DIR/FILE: skipped, not a snapshot: REASON". Regular files only, hidden ones
// (a leading dot) left out without a note; subdirectories are not entered. Throws Error when
// a named file cannot be read or a directory cannot be listed.
HistoryInputs read_history_inputs(const std::vector<std::string>& inputs,
                                  const SourceOptions& options, std::ostream& err);

}  // namespace ibatlas::cli
