// ibatlas show SOURCE [--json]: what a snapshot holds, in counts, and what its source lacked.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/exit_status.hpp"

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
  return j;
}

void print_text(const FabricSummary& s, const Provenance& provenance, std::ostream& out) {
  out << "source:    " << provenance.source << " (" << provenance.format << ")\n";
  out << "switches:  " << s.switches << '\n';
  out << "CAs:       " << s.cas << " (" << s.hosts << " hosts, " << s.aggregation_nodes
      << " aggregation nodes)\n";
  out << "routers:   " << s.routers << '\n';
  out << "links:     " << s.links << '\n';
  for (const auto& [rate, count] : s.links_by_rate) {
    out << "  " << rate << ": " << count << '\n';
  }
  if (s.one_sided_links != 0) {
    out << "one-sided: " << s.one_sided_links << " port(s) name a peer that does not name them\n";
  }
  out << "switches by radix:\n";
  for (const auto& [ports, count] : s.switches_by_radix) {
    out << "  " << (ports == 0 ? "unknown" : std::to_string(ports)) << " ports: " << count << '\n';
  }
  out << "down ports: " << s.down_ports << '\n';
  if (!s.lacks.empty()) {
    out << "source lacks:";
    for (const std::string& fact : s.lacks) {
      out << ' ' << fact << (&fact == &s.lacks.back() ? "" : ",");
    }
    out << '\n';
  }
}

int run_show(const ShowOptions& options, std::ostream& out, std::ostream& err) {
  ReadResult read = load_source(options.source, options.source_options, err);
  FabricSummary summary = summarize(read.fabric);
  if (options.json) {
    out << summary_json(summary, read.fabric.provenance())
               .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
        << '\n';
  } else {
    print_text(summary, read.fabric.provenance(), out);
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
