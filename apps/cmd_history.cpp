// ibatlas history SNAPSHOT... | DIR [--ignore lids,descriptions,counters] [--json]
//                 [--fail-on error|warning|info]
// Many snapshots of one fabric in time order: the timeline of changes, flapping links, slow
// degradation, nodes that came and went, and the series' findings (sm.flapping; docs/diff.md).
// A directory stands for every file in it. Exit 0 (changes are the report, not a failure),
// 1 when a finding reaches --fail-on (default error), 3 when a snapshot cannot be read.

#include <algorithm>
#include <filesystem>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/diff/history_report.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/report/history_text.hpp"

#include "cli.hpp"
#include "history_inputs.hpp"
#include "source.hpp"
#include <sys/stat.h>

namespace ibatlas::cli {

namespace {

struct HistoryOptions {
  std::vector<std::string> inputs;
  std::string snapshot_dir;  // read when no SNAPSHOT is given
  std::vector<std::string> ignore;
  bool json = false;
  std::string fail_on = "error";
  SourceOptions source_options;
};

// The provenance time, else the file's modification time (said on `err`).
std::optional<std::int64_t> time_of(const Fabric& f, const std::string& path, std::ostream& err) {
  if (std::optional<std::int64_t> t = snapshot_time(f)) {
    return t;
  }

  struct stat st {};

  if (::stat(path.c_str(), &st) != 0) {
    return std::nullopt;
  }
  err << "ibatlas: " << path << ": no time in the snapshot; using the file's modification time\n";
  return static_cast<std::int64_t>(st.st_mtime);
}

int run_history(const HistoryOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Every snapshot first, so that a bad file fails before any output.
  refuse_attached_files(options.source_options, "history");
  //    A directory's files that are not snapshots are skipped, with a note.
  std::vector<std::string> inputs = options.inputs;
  if (inputs.empty() && options.snapshot_dir.empty()) {
    throw CLI::RequiredError("SNAPSHOT (or --snapshot-dir)");
  }
  if (inputs.empty()) {
    inputs.push_back(options.snapshot_dir);
  }
  HistoryInputs read = read_history_inputs(inputs, options.source_options, err);
  if (read.fabrics.empty()) {
    throw Error("no snapshots to read");
  }
  std::vector<HistorySnapshot> snapshots;  // borrow read.fabrics, which stays put from here on
  snapshots.reserve(read.fabrics.size());
  for (std::size_t i = 0; i < read.fabrics.size(); ++i) {
    snapshots.push_back(HistorySnapshot{read.names[i], time_of(read.fabrics[i], read.names[i], err),
                                        &read.fabrics[i]});
  }
  // 2. Order by time and follow the fabric through them, 3. report, 4. the exit status says
  // whether a finding reached --fail-on.
  History history = build_history(std::move(snapshots), ignoring(options.ignore));
  history.skipped = std::move(read.skipped);
  std::vector<Finding> findings = history_findings(history);
  if (options.json) {
    // The document's source: the newest snapshot (a finding names its own snapshot).
    const Provenance& newest = history.snapshots.back().fabric->provenance();
    write_findings_json(FindingsDocument{.command = "history",
                                         .source = newest.source,
                                         .format = newest.format,
                                         .findings = findings,
                                         .report = history_report_json(history)},
                        out);
  } else {
    write_history_text(history, text_style(out), out);
  }
  return findings_status(findings, options.fail_on);
}

}  // namespace

void add_history_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<HistoryOptions>();
  CLI::App* cmd = app.add_subcommand(
      "history", "Timeline of many snapshots: changes, flapping links, degradation, nodes");
  CLI::Option* inputs =
      cmd->add_option("SNAPSHOT", options->inputs, "Snapshot files, directories of them, or live");
  add_live_source_options(*cmd, *inputs, options->source_options);  // --live: one more, now
  cmd->add_option("--snapshot-dir", options->snapshot_dir,
                  "Without SNAPSHOT: the snapshots in this directory (the periodic audit's; "
                  "config file: snapshot-dir)")
      ->excludes(inputs);
  cmd->add_option("--ignore", options->ignore, "Leave out: lids, descriptions, counters")
      ->delimiter(',')
      ->check(CLI::IsMember({"lids", "descriptions", "counters"}));
  cmd->add_flag("--json", options->json,
                "Print the findings JSON (report: snapshots, timeline, links, ...)");
  add_fail_on_option(*cmd, options->fail_on);
  add_reading_options(*cmd, options->source_options,
                      "infiniband-diags node-name-map file (applied to all)");
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_history(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
