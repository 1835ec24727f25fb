// ibatlas show SOURCE [--json]: what a snapshot holds, in counts, and what its source lacked.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

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

nlohmann::ordered_json summary_json(const FabricSummary& s, const Provenance& provenance) {
  nlohmann::ordered_json j;
  j["source"] = provenance.source;
  j["format"] = provenance.format;
  j["switches"] = s.switches;
  j["cas"] = s.cas;
  j["hosts"] = s.hosts;
  j["aggregation_nodes"] = s.aggregation_nodes;
  j["routers"] = s.routers;
  j["links"] = s.links;
  j["one_sided_links"] = s.one_sided_links;
  j["links_by_rate"] = s.links_by_rate;
  nlohmann::ordered_json radix = nlohmann::ordered_json::object();
  for (const auto& [ports, count] : s.switches_by_radix) {
    radix[ports == 0 ? "unknown" : std::to_string(ports)] = count;
  }
  j["switches_by_radix"] = radix;
  j["down_ports"] = s.down_ports;
  j["lacks"] = s.lacks;
  if (const std::optional<ArSummary>& ar = s.adaptive_routing) {  // absent: AR never read
    j["adaptive_routing"] = {{"switches", ar->switches},
                             {"enabled", ar->enabled},
                             {"disabled", ar->disabled},
                             {"settings_unknown", ar->settings_unknown},
                             {"unsupported", ar->unsupported},
                             {"no_answer", ar->no_answer},
                             {"decode_uncertain", ar->decode_uncertain},
                             {"tables_incomplete", ar->tables_incomplete}};
  }
  return j;
}

int run_show(const ShowOptions& options, std::ostream& out, std::ostream& err) {
  ReadResult read = load_main_source(options.source, options.source_options, err);
  FabricSummary summary = summarize(read.fabric);
  if (options.json) {
    out << summary_json(summary, read.fabric.provenance())
               .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
        << '\n';
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
