#pragma once

// Path SLs from the subnet administrator (`discover --path-sls`): the SL the SA hands out in
// the PathRecord of each (source LID, destination LID) pair, as `saquery -p --src-to-dst
// S:D` shows it. Declared here (std only) and implemented in src/umad/sa_path_sls.cpp.

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "ibatlas/formats/saquery.hpp"
#include "ibatlas/umad/umad_transport.hpp"

namespace ibatlas {

struct SaPathSlOptions {
  LivePortOptions port;  // -C, -P, -t (per MAD), --outstanding (at most 16 under umad2sim)
  int retries = 3;       // resends of a query that timed out
};

struct SaPathSlResult {
  std::vector<PathSlRecord> records;  // in the order of the pairs answered; line is 0
  std::size_t asked = 0;              // pairs queried
  std::size_t no_path = 0;            // the SA answered with an error status (no such path)
  std::size_t unanswered = 0;         // every try timed out
  Lid sm_lid = 0;                     // where the queries went (the port's SM LID)
};

// One SubnAdmGet(PathRecord) per pair, component mask SLID and DLID, to the SM LID the local
// port knows, many in flight. A pair the SA has no path for, or that never answers, is
// counted, not thrown. Throws Error when the port cannot be opened or knows no SM LID.
SaPathSlResult read_sa_path_sls(const SaPathSlOptions& options,
                                std::span<const std::pair<Lid, Lid>> pairs);

}  // namespace ibatlas
