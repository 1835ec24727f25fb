// The build's facts come from CMake: IBATLAS_VERSION (ibatlas_core), IBATLAS_BUILD_TYPE and
// IBATLAS_TRANSPORTS (apps/CMakeLists.txt, per hardware object library), and the commit
// from ibatlas_commit.hpp, which cmake/ibatlas_commit.cmake rewrites on every build when
// HEAD moved.

#include "build_info.hpp"

#include "ibatlas_commit.hpp"

namespace ibatlas::cli {

std::string version_text() {
  return "ibatlas " IBATLAS_VERSION "\ncommit: " IBATLAS_GIT_COMMIT
         "\nbuild type: " IBATLAS_BUILD_TYPE "\ntransports: " IBATLAS_TRANSPORTS;
}

}  // namespace ibatlas::cli
