#pragma once

// What this program was built from and with, for `ibatlas --version` (and -V).

#include <string>

namespace ibatlas::cli {

// Four lines: "ibatlas VERSION", the git commit the build was made from ("unknown" outside
// a git checkout), the build type, and the transports built into this program (umad,
// verbs, net). build_info.cpp is compiled into each program's hardware objects
// (apps/CMakeLists.txt), so the transports are the ones that program links.
std::string version_text();

}  // namespace ibatlas::cli
