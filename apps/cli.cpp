#include "cli.hpp"

#include <cstdint>
#include <exception>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/input_file.hpp"

#include "build_info.hpp"
#include "config.hpp"
#include "suggest.hpp"

namespace ibatlas::cli {

// Registered here; declared here rather than in cli.hpp (apps/cmd_render.cpp, cmd_export.cpp).
void add_render_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_export_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_serve_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);
void add_host_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status);

namespace {

constexpr const char* kExitStatusHelp =
    "Exit status: 0 ok; 1 findings at or above --fail-on, or differences; 2 usage error;\n"
    "3 bad input or output (unreadable or malformed source, a file that cannot be written);\n"
    "4 partial result (nodes did not answer); 5 internal error (a bug: please report it);\n"
    "130 interrupted (probe: Ctrl-C; what was measured is reported).";

}  // namespace

int run(int argc, char** argv, std::ostream& out, std::ostream& err) {
  CLI::App app{"ibatlas: map and audit InfiniBand fabrics"};
  app.footer(kExitStatusHelp);
  app.set_version_flag("-V,--version", version_text());
  app.require_subcommand(1);
  app.fallthrough();  // --max-input-size after the subcommand too
  std::uint64_t max_input = kDefaultMaxInputSize;
  app.add_option("--max-input-size", max_input,
                 "Refuse input files larger than this (bytes, or with KiB, MiB, GiB)")
      ->transform(CLI::AsSizeValue(false))
      ->default_str("4GiB")
      ->each([](const std::string& value) { set_max_input_size(std::stoull(value)); });
  set_max_input_size(kDefaultMaxInputSize);
  add_text_style_options(app);
  add_config_file_option(app, err);
  int status = kExitOk;
  add_show_command(app, out, err, status);
  add_convert_command(app, out, err, status);
  add_discover_command(app, out, err, status);
  add_check_command(app, out, err, status);
  add_diff_command(app, out, err, status);
  add_history_command(app, out, err, status);
  add_routes_command(app, out, err, status);
  add_render_command(app, out, err, status);
  add_export_command(app, out, err, status);
  add_serve_command(app, out, err, status);
  add_probe_command(app, out, err, status);
  add_agent_command(app, out, err, status);
  add_keygen_command(app, out, err, status);
  add_host_command(app, out, err, status);
  add_completion_command(app, out, err, status);  // walks all of them when it runs
  try {
    app.parse(argc, argv);  // the chosen subcommand's callback runs in here
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0 && report_unknown_name(app, err)) {
      return kExitUsage;
    }
    return app.exit(e, out, err) == 0 ? kExitOk : kExitUsage;
  } catch (const ParseError& e) {
    err << "ibatlas: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const Error& e) {
    err << "ibatlas: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const std::exception& e) {
    // The last resort: nothing should get here, but a crash would say less.
    err << "ibatlas: internal error: " << e.what() << '\n';
    return kExitInternal;
  }
  return status;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> storage;
  storage.reserve(args.size() + 1);
  storage.emplace_back("ibatlas");
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  argv.reserve(storage.size() + 1);
  for (std::string& s : storage) {
    argv.push_back(s.data());
  }
  argv.push_back(nullptr);
  return run(static_cast<int>(storage.size()), argv.data(), out, err);
}

}  // namespace ibatlas::cli
