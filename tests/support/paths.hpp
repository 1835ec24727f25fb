#pragma once

// Where tests find the repository, the shared real-world dumps and the built binary.

#include <string>

namespace ibatlas::test {

inline std::string source_dir() {
  return IBATLAS_SOURCE_DIR;
}

inline std::string realworld(const std::string& relative) {
  return std::string(IBATLAS_REALWORLD_DIR) + "/" + relative;
}

inline std::string ibatlas_binary() {
  return IBATLAS_BINARY;
}

}  // namespace ibatlas::test
