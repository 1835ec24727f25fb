// ibatlas show SOURCE [--json] [--switches-only | --cas-only]: what a snapshot holds, in
// counts, and what its source lacked; or its switches or CAs, one row each.

#include <CLI/CLI.hpp>

#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/report/show_nodes.hpp"
#include "ibatlas/report/show_report.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct ShowOptions {
  std::string source;
  bool json = false;
  bool switches_only = false;
  bool cas_only = false;
  SourceOptions source_options;
};

int run_show(const ShowOptions& options, std::ostream& out, std::ostream& err) {
  ReadResult read = load_main_source(options.source, options.source_options, err);
  if (options.switches_only || options.cas_only) {
    NodeType type = options.switches_only ? NodeType::Switch : NodeType::Ca;
    if (options.json) {
      write_show_nodes_json(read.fabric, type, out);
    } else {
      write_show_nodes_text(read.fabric, type, text_style(out), out);
    }
    return kExitOk;
  }
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
  CLI::Option* switches =
      cmd->add_flag("--switches-only", options->switches_only,
                    "List the switches (GUID, LID, ports, cabled, down) instead of the summary");
  cmd->add_flag("--cas-only", options->cas_only,
                "List the CAs (GUID, LIDs, ports, cabled, down) instead of the summary")
      ->excludes(switches);
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_show(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
