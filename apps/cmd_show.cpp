// ibatlas show SOURCE [--json]: what a snapshot holds, in counts, and what its source lacked.

#include <CLI/CLI.hpp>

#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/report/show_report.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct ShowOptions {
  std::string source;
  bool json = false;
  SourceOptions source_options;
};

int run_show(const ShowOptions& options, std::ostream& out, std::ostream& err) {
  ReadResult read = load_main_source(options.source, options.source_options, err);
  FabricSummary summary = summarize(read.fabric);
  if (options.json) {
    write_show_json(summary, read.fabric.provenance(), out);
  } else {
    write_show_text(summary, read.fabric.provenance(), out);
  }
  return kExitOk;
}

}  // namespace

void add_show_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* cmd = app.add_subcommand("show", "Summarize a fabric: nodes, links by rate, gaps");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_flag("--json", options->json, "Print JSON instead of text");
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_show(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
