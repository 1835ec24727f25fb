#pragma once

// What every reader returns: the fabric, plus the lines it skipped as noise (shell prompts,
// log banners, progress lines) so `-v` can show them.

#include <cstddef>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

struct SkippedLine {
  std::size_t line = 0;  // 1-based
  std::string text;
};

struct ReadResult {
  Fabric fabric;
  std::vector<SkippedLine> skipped;
};

}  // namespace ibatlas
