// ibatlas export SOURCE --to slurm|graphml|dot|prometheus [-o FILE] [--slurm-hosts FILE]
//                [--threshold-file FILE]
// The fabric for other tools: a Slurm topology.conf that slurmctld accepts (docs/slurm.md
// gives the rules, the warnings and the exit statuses), GraphML (Gephi, yEd, networkx),
// plain Graphviz DOT with every node and cable (docs/formats.md), or Prometheus metrics for
// node_exporter's textfile collector: counters, link state and findings
// (docs/prometheus.md).

#include <fstream>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/exports.hpp"
#include "ibatlas/input_file.hpp"
#include "ibatlas/render/slurm.hpp"

#include "cli.hpp"
#include "prometheus_source.hpp"
#include "source.hpp"
#include "thresholds.hpp"

namespace ibatlas::cli {

namespace {

struct ExportOptions {
  std::string source;
  std::string to;
  std::string output = "-";
  std::string slurm_hosts;     // path, empty: every host of the fabric
  std::string threshold_file;  // --to prometheus; empty: the default file when present
  SourceOptions source_options;
};

// " a b c ..." : the first few of a list, for a warning line.
std::string first_few(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < 5; ++i) {
    text += " " + names[i];
  }
  return names.size() > 5 ? text + " ..." : text;
}

// Nothing to write is an error (exit 3), said before any file is touched.
void refuse_empty(const SlurmExport& plan, const std::string& slurm_hosts) {
  if (plan.hosts > 0) {
    return;
  }
  if (!plan.not_known.empty()) {
    throw Error("no host of the fabric is in --slurm-hosts " + slurm_hosts +
                ": nothing to write to topology.conf");
  }
  if (!plan.unnamed_hcas.empty()) {
    throw Error("no host has a usable name (" + std::to_string(plan.unnamed_hcas.size()) +
                " HCAs describe no host): give names with --node-name-map");
  }
  throw Error("the fabric has no host cabled to a switch: nothing to write to topology.conf");
}

// Every host left out or renamed is counted here; exit 4 when hosts Slurm knows are missing
// from the file (--slurm-hosts names the fabric lacks). Unnamed HCAs alone are a warning:
// storage and appliances often have none, and only --slurm-hosts tells them apart.
int slurm_warnings(const SlurmExport& plan, const ExportOptions& options, std::ostream& err) {
  if (!plan.unnamed_hcas.empty()) {
    err << "ibatlas: warning: " << plan.unnamed_hcas.size()
        << " HCAs of hosts left out of topology.conf: their node description names no host "
           "(name them with --node-name-map; their GUIDs are in the comment at the top; "
           "with --slurm-hosts, a Slurm host missing from the file exits 4)\n";
  }
  if (!plan.not_known.empty()) {
    err << "ibatlas: " << plan.not_known.size() << " hosts left out: not in --slurm-hosts "
        << options.slurm_hosts << ":" << first_few(plan.not_known) << '\n';
  }
  if (!plan.not_in_fabric.empty()) {
    err << "ibatlas: warning: " << plan.not_in_fabric.size() << " hosts of --slurm-hosts "
        << options.slurm_hosts << " are not in the fabric:" << first_few(plan.not_in_fabric)
        << '\n';
  }
  if (!plan.hostless_leaves.empty()) {
    err << "ibatlas: warning: " << plan.hostless_leaves.size()
        << " leaves left out: every host they reach is listed under another leaf:"
        << first_few(plan.hostless_leaves) << '\n';
  }
  if (!plan.renames.empty()) {
    err << "ibatlas: warning: " << plan.renames.size()
        << " names renamed to valid Slurm names (listed in a comment at the top of "
           "topology.conf)\n";
  }
  if (!plan.not_in_fabric.empty()) {
    err << "ibatlas: topology.conf lacks hosts Slurm knows (exit " << kExitPartial << ")\n";
    return kExitPartial;
  }
  return kExitOk;
}

int run_slurm_export(const Fabric& fabric, const ExportOptions& options, std::ostream& out,
                     std::ostream& err) {
  SlurmOptions slurm;
  if (!options.slurm_hosts.empty()) {
    slurm.known_hosts = read_slurm_hosts(read_file(options.slurm_hosts), options.slurm_hosts);
  }
  SlurmExport plan = plan_slurm_topology(fabric, slurm);
  refuse_empty(plan, options.slurm_hosts);
  write_to(options.output, out,
           [&](std::ostream& file) { write_slurm_topology(fabric, plan, file); });
  return slurm_warnings(plan, options, err);
}

int run_export(const ExportOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.slurm_hosts.empty() && options.to != "slurm") {
    err << "ibatlas: --slurm-hosts goes with --to slurm\n";
    return kExitUsage;
  }
  if (!options.threshold_file.empty() && options.to != "prometheus") {
    err << "ibatlas: --threshold-file goes with --to prometheus\n";
    return kExitUsage;
  }
  if (options.to == "prometheus") {
    // Checked before any byte is written. The textfile collector reads the file whenever it
    // likes, so write_to's temporary file and rename matter here.
    CounterThresholds thresholds =
        load_counter_thresholds(options.threshold_file, options.source_options.verbose, err);
    PrometheusText metrics =
        prometheus_text(options.source, options.source_options, thresholds, err);
    write_to(options.output, out, [&metrics](std::ostream& file) { file << metrics.text; });
    return kExitOk;
  }
  Fabric fabric = load_main_source(options.source, options.source_options, err).fabric;
  if (options.to == "slurm") {
    return run_slurm_export(fabric, options, out, err);
  }
  write_to(options.output, out, [&](std::ostream& file) {
    if (options.to == "graphml") {
      write_graphml(fabric, file);
    } else {
      write_dot(fabric, file);
    }
  });
  return kExitOk;
}

}  // namespace

void add_export_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write the fabric for other tools: Slurm topology.conf, GraphML, DOT or Prometheus metrics");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("--to", options->to,
                  "slurm (topology.conf), graphml, dot or prometheus (node_exporter textfile; "
                  "a live SOURCE reads counters too)")
      ->required()
      ->check(CLI::IsMember({"slurm", "graphml", "dot", "prometheus"}));
  cmd->add_option("-o,--output", options->output, "Output file (default: stdout)")
      ->capture_default_str();
  cmd->add_option("--slurm-hosts", options->slurm_hosts,
                  "With --to slurm: only these hosts (one name or hostlist like node[01-64] "
                  "per line, as slurm.conf has them); exit 4 when one is not in the fabric");
  add_threshold_file_option(*cmd, options->threshold_file);
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    if (options->to == "prometheus") {
      options->source_options.live.counters = true;  // what a metrics export is for
    }
    status = with_live_status(run_export(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
