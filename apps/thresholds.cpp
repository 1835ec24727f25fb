#include "thresholds.hpp"

#include <cstdlib>
#include <filesystem>

#include "ibatlas/formats/error_thresholds.hpp"
#include "ibatlas/input_file.hpp"

namespace ibatlas::cli {

namespace {

// "A, B" for a verbose note.
std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) {
    if (!text.empty()) {
      text += ", ";
    }
    text += name;
  }
  return text;
}

}  // namespace

std::string default_threshold_file() {
  const char* value = std::getenv("IBATLAS_ERROR_THRESHOLDS");
  return value != nullptr ? std::string(value) : "/etc/infiniband-diags/error_thresholds";
}

void add_threshold_file_option(CLI::App& cmd, std::string& path) {
  cmd.add_option("--threshold-file", path,
                 "Counter thresholds, infiniband-diags error_thresholds format (Name=value); "
                 "default: /etc/infiniband-diags/error_thresholds when present");
}

CounterThresholds load_counter_thresholds(const std::string& path, bool verbose,
                                          std::ostream& err) {
  std::string file = path;
  if (file.empty()) {
    file = default_threshold_file();
    std::error_code ec;  // an unreadable directory reads as "not present"
    if (file.empty() || !std::filesystem::is_regular_file(file, ec)) {
      if (verbose) {
        err << "thresholds: built-in defaults (no "
            << (file.empty() ? std::string("default file") : file) << ")\n";
      }
      return {};
    }
  }
  ThresholdFile read = read_error_thresholds(read_file(file), file);
  if (verbose) {
    err << "thresholds: read " << file << ": "
        << (read.set.empty() ? std::string("nothing set, built-in defaults")
                             : "set " + joined(read.set));
    if (!read.unchecked.empty()) {
      err << "; not checked by ibatlas: " << joined(read.unchecked);
    }
    err << '\n';
  }
  return read.thresholds;
}

}  // namespace ibatlas::cli
