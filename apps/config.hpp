#pragma once

// The config file (docs/cli.md, "Config file"): `--config FILE`, else $IBATLAS_CONFIG (empty:
// none), else /etc/ibatlas/ibatlas.conf when present. Its keys (formats/config_file.hpp) are
// defaults of the long options they name: a key sets its option on the chosen subcommand
// (or the global one) when the command line did not give it, and is ignored by a subcommand
// without that option. With -v the subcommand says which file it read and what it applied.

#include <ostream>

namespace CLI {
class App;
}

namespace ibatlas::cli {

// Registers the global --config FILE on the top-level `app`, and the hook that reads the file
// and applies it after the command line is parsed, before the subcommand runs. A bad file
// (or a value its option refuses) throws ParseError: exit 3.
void add_config_file_option(CLI::App& app, std::ostream& err);

}  // namespace ibatlas::cli
