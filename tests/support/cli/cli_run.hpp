#pragma once

// The command line run in-process (STYLE.md 7.7, bloaty's RunBloaty): cli::run with string
// streams for stdout and stderr. Lives apart from the rest of tests/support because it links
// the CLI library, which unit_tests must not (scripts/check-link-seams.sh).

#include <string>
#include <vector>

namespace ibatlas::test {

struct CliRun {
  int status = -1;  // exit status (ibatlas/exit_status.hpp)
  std::string out;  // everything written to stdout
  std::string err;  // everything written to stderr
};

// Runs `ibatlas ARGS...` (args without the program name) in this process.
CliRun run_cli(const std::vector<std::string>& args);

}  // namespace ibatlas::test
