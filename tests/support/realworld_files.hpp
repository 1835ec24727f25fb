#pragma once

// The files under the shared real-world directory that may be fabric dumps: every regular
// file but the ibroute LFT dumps and the Markdown notes, sorted. Tests that run on "every
// real dump" read each and skip what no fabric reader accepts.

#include <filesystem>
#include <vector>

namespace ibatlas::test {

std::vector<std::filesystem::path> realworld_fabric_files();

}  // namespace ibatlas::test
