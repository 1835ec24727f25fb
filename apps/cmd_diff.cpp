// ibatlas diff OLD NEW [--ignore lids,descriptions,counters] [--json] [--node-name-map FILE]
// What changed between two snapshots of any formats (docs/diff.md). Exit status as diff(1):
// 0 the same, 1 different, 3 an input could not be read. --svg FILE draws NEW with the
// changes marked (include/ibatlas/render/diff_map.hpp).

#include <fstream>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/diff/diff.hpp"
#include "ibatlas/diff/diff_report.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/output_file.hpp"
#include "ibatlas/render/diff_map.hpp"
#include "ibatlas/render/graphviz.hpp"
#include "ibatlas/report/diff_text.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct DiffCommandOptions {
  std::string before;
  std::string after;
  std::vector<std::string> ignore;
  bool json = false;
  std::string svg;  // empty: no map
  SourceOptions source_options;
};

void write_diff_map(const std::string& path, const Fabric& after, const FabricDiff& diff) {
  std::string svg = render_map(diff_map_model(after, diff.changes), MapFormat::Svg);
  write_output_file(path, [&svg](std::ostream& file) { file << svg; });
}

int run_diff(const DiffCommandOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Both snapshots first, so that a bad file fails before any output.
  refuse_attached_files(options.source_options, "diff");
  Fabric before = load_source(options.before, options.source_options, err).fabric;
  Fabric after = load_source(options.after, options.source_options, err).fabric;
  // 2. Compare, 3. report, 4. exit like diff(1).
  FabricDiff diff = diff_fabrics(before, after, ignoring(options.ignore));
  if (options.json) {
    write_diff_json(diff, out);
  } else {
    write_diff_text(diff, text_style(out), out);
  }
  if (!options.svg.empty()) {
    write_diff_map(options.svg, after, diff);
  }
  return diff.same() ? kExitOk : kExitFindings;
}

}  // namespace

void add_diff_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<DiffCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "diff", "What changed between two snapshots (exit 0 same, 1 different, >= 2 trouble)");
  cmd->add_option("OLD", options->before, "The earlier snapshot (any format)")->required();
  CLI::Option* after =
      cmd->add_option("NEW", options->after, "The later snapshot (any format), or live")
          ->required();
  add_live_source_options(*cmd, *after, options->source_options);  // --live: NEW is live
  cmd->add_option("--ignore", options->ignore, "Leave out: lids, descriptions, counters")
      ->delimiter(',')
      ->check(CLI::IsMember({"lids", "descriptions", "counters"}));
  cmd->add_flag("--json", options->json, "Print JSON instead of text");
  cmd->add_option("--svg", options->svg,
                  "Also draw NEW with added (green), removed (dashed red), changed (orange)");
  add_reading_options(*cmd, options->source_options,
                      "infiniband-diags node-name-map file (applied to both)");
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_diff(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
