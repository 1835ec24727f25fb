#pragma once

// A fresh directory for one test (mkdtemp under $TMPDIR), removed with everything in it
// when the test ends: what file-writing tests need so that they run in parallel.

#include <filesystem>
#include <string>
#include <vector>

namespace ibatlas::test {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // `name` inside the directory, as a string for the APIs that take one.
  std::string file(const std::string& name) const { return (path_ / name).string(); }

  // The names in the directory, sorted: what a test expects to be left behind.
  std::vector<std::string> entries() const;

 private:
  std::filesystem::path path_;
};

// The bytes of a file ("" when it cannot be read), and writing a whole file.
std::string slurp(const std::string& path);
void write_file(const std::string& path, const std::string& bytes);

}  // namespace ibatlas::test
