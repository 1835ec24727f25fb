#include "support/realworld_files.hpp"

#include <algorithm>
#include <string>

#include "support/paths.hpp"

namespace ibatlas::test {

std::vector<std::filesystem::path> realworld_fabric_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(realworld(""))) {
    std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && !name.starts_with("ibroute") && !name.ends_with(".md")) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace ibatlas::test
