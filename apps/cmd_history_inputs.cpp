#include <algorithm>
#include <filesystem>

#include "ibatlas/error.hpp"

#include "history_inputs.hpp"

namespace ibatlas::cli {

namespace {

namespace fs = std::filesystem;

struct Input {
  std::string path;
  bool in_directory = false;
};

// Files named on the command line, and the regular files of named directories (by name).
std::vector<Input> expand(const std::vector<std::string>& inputs) {
  std::vector<Input> files;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      files.push_back(Input{input, false});
      continue;
    }
    std::vector<std::string> inside;
    for (const fs::directory_entry& e : fs::directory_iterator(input, ec)) {
      if (e.is_regular_file() && !e.path().filename().string().starts_with(".")) {
        inside.push_back(e.path().string());
      }
    }
    if (ec) {
      throw Error("cannot list " + input + ": " + ec.message());
    }
    std::sort(inside.begin(), inside.end());
    for (std::string& path : inside) {
      files.push_back(Input{std::move(path), true});
    }
  }
  return files;
}

}  // namespace

HistoryInputs read_history_inputs(const std::vector<std::string>& inputs,
                                  const SourceOptions& options, std::ostream& err) {
  std::vector<Input> files = expand(inputs);
  HistoryInputs result;
  result.names.reserve(files.size());
  result.fabrics.reserve(files.size());
  for (const Input& file : files) {
    if (!file.in_directory) {
      result.fabrics.push_back(load_source(file.path, options, err).fabric);
      result.names.push_back(file.path);
      continue;
    }
    try {
      result.fabrics.push_back(load_source(file.path, options, err).fabric);
      result.names.push_back(file.path);
    } catch (const Error& e) {
      err << "ibatlas: " << file.path << ": skipped, not a snapshot: " << e.what() << '\n';
      result.skipped.push_back(SkippedInput{file.path, e.what()});
    }
  }
  return result;
}

}  // namespace ibatlas::cli
