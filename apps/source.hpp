#pragma once

// Turning a SOURCE argument into a snapshot: a file in any supported format (detected from
// its content), or `live` for a crawl of the local subnet.

#include <ostream>
#include <string>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas::cli {

struct SourceOptions {
  std::string node_name_map;  // path, empty: none
  bool verbose = false;       // list skipped noise lines on `err`
};

// Throws Error / ParseError. Prints the count of skipped noise lines (and, verbose, each
// line) on `err`.
ReadResult load_source(const std::string& source, const SourceOptions& options, std::ostream& err);

// Implemented twice: hardware_umad.cpp (rdma-core present) and hardware_none.cpp.
ReadResult load_ibnd_cache_file(const std::string& path);

}  // namespace ibatlas::cli
