// ibatlas export SOURCE --to slurm|graphml|dot [-o FILE]
// The fabric for other tools: a Slurm topology.conf from the fat-tree tiers (docs/render.md
// gives the naming rules), GraphML (Gephi, yEd, networkx) or plain Graphviz DOT with every
// node and cable (docs/formats.md).

#include <fstream>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/exports.hpp"
#include "ibatlas/render/slurm.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct ExportOptions {
  std::string source;
  std::string to;
  std::string output = "-";
  SourceOptions source_options;
};

// The Slurm export's renames are listed in the file; the count goes to stderr too, as a
// name Slurm is given is no longer the host name the site knows.
void write_export(const std::string& to, const Fabric& fabric, std::ostream& out,
                  std::ostream& err) {
  if (to == "slurm") {
    SlurmExport slurm = write_slurm_topology(fabric, out);
    if (!slurm.renames.empty()) {
      err << "ibatlas: warning: " << slurm.renames.size()
          << " names renamed to valid Slurm names (listed in a comment at the top of "
             "topology.conf)\n";
    }
  } else if (to == "graphml") {
    write_graphml(fabric, out);
  } else {
    write_dot(fabric, out);
  }
}

int run_export(const ExportOptions& options, std::ostream& out, std::ostream& err) {
  Fabric fabric = load_main_source(options.source, options.source_options, err).fabric;
  if (options.output == "-") {
    write_export(options.to, fabric, out, err);
    return kExitOk;
  }
  write_to(options.output, out,
           [&](std::ostream& file) { write_export(options.to, fabric, file, err); });
  return kExitOk;
}

}  // namespace

void add_export_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export", "Write the fabric for other tools: Slurm topology.conf, GraphML or DOT");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("--to", options->to, "slurm (topology.conf), graphml or dot")
      ->required()
      ->check(CLI::IsMember({"slurm", "graphml", "dot"}));
  cmd->add_option("-o,--output", options->output, "Output file (default: stdout)")
      ->capture_default_str();
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_export(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
