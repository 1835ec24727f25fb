#pragma once

// The ibatlas command line. run() is main() without the process: tests call it in-process.

#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/report/table.hpp"

namespace CLI {
class App;
}

namespace ibatlas::cli {

// Parses argv, runs the chosen subcommand, returns the exit status (exit_status.hpp).
int run(int argc, char** argv, std::ostream& out, std::ostream& err);

// The same, from a list of arguments without the program name (tests).
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Text reports (apps/text_style.cpp). add_text_style_options adds --color=auto|always|never
// and --width N to the top-level app and forgets an earlier run's values (tests call run
// many times in one process). text_style is the style for a report written to `out`:
// width from --width, else COLUMNS (a positive number), else the terminal's width when `out`
// is standard output on a terminal (80 when it does not say), else no limit; colour with
// --color=always, never with never, and with auto (the default) only on a terminal and
// when NO_COLOR is unset or empty.
void add_text_style_options(CLI::App& app);
TextStyle text_style(const std::ostream& out);

// Each subcommand's registration (apps/cmd_*.cpp). `status` receives its exit status.
void add_show_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_convert_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_discover_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_check_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_diff_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_history_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_routes_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_probe_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_agent_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_keygen_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_completion_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);

}  // namespace ibatlas::cli
