#include "support/cli/cli_run.hpp"

#include <sstream>

#include "cli.hpp"

namespace ibatlas::test {

CliRun run_cli(const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  int status = cli::run(args, out, err);
  return CliRun{status, out.str(), err.str()};
}

}  // namespace ibatlas::test
