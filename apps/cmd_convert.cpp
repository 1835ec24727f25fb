// ibatlas convert SOURCE -o OUT [--to FORMAT]: any source to any writer.

#include <algorithm>
#include <fstream>
#include <span>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/exports.hpp"
#include "ibatlas/formats/far.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct ConvertOptions {
  std::string source;
  std::string output;  // "-": stdout
  std::string to;      // empty: from the output's extension
  SourceOptions source_options;
};

std::string format_from_extension(const std::string& path) {
  struct Extension {
    const char* suffix;
    const char* format;
  };

  constexpr Extension kExtensions[] = {
      {".xml", "xml"},
      {".graphml", "graphml"},
      {".dot", "dot"},
      {".gv", "dot"},
      {".json", "json"},
      {".txt", "ibnetdiscover"},
      {".topo", "ibnetdiscover"},
      {".net", "ibnetdiscover"},
      {".far", "far"},
  };
  for (const Extension& e : kExtensions) {
    std::string_view suffix = e.suffix;
    if (path.size() >= suffix.size() && path.ends_with(suffix)) {
      return e.format;
    }
  }
  throw Error("cannot tell the output format from \"" + path + "\": use --to");
}

bool has_ar_tables(const Fabric& fabric) {
  const std::span<const SwitchAr> states = fabric.adaptive_routing();
  return std::any_of(states.begin(), states.end(),
                     [](const SwitchAr& ar) { return !ar.lfts.empty(); });
}

void write_as(const std::string& format, const Fabric& fabric, std::ostream& out) {
  if (format == "ibnetdiscover") {
    write_ibnetdiscover(fabric, out);
  } else if (format == "xml") {
    write_xml_snapshot(fabric, out);
  } else if (format == "graphml") {
    write_graphml(fabric, out);
  } else if (format == "dot") {
    write_dot(fabric, out);
  } else if (format == "far") {
    write_far(fabric, out);
  } else {
    write_json(fabric, out);
  }
}

int run_convert(const ConvertOptions& options, std::ostream& out, std::ostream& err) {
  std::string format = options.to.empty() ? format_from_extension(options.output) : options.to;
  ReadResult read = load_main_source(options.source, options.source_options, err);
  if (format == "far" && !has_ar_tables(read.fabric)) {
    // An empty dump would read as "no switch has AR tables": not what the source says.
    throw Error(options.source +
                ": holds no adaptive-routing tables to write as .far (a live crawl needs --ar)");
  }
  write_to(options.output, out, [&](std::ostream& file) { write_as(format, read.fabric, file); });
  return kExitOk;
}

}  // namespace

void add_convert_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<ConvertOptions>();
  CLI::App* cmd = app.add_subcommand("convert", "Convert a fabric between formats");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("-o,--output", options->output, "Output file, - for stdout")->required();
  cmd->add_option("--to", options->to, "Output format (default: from the extension)")
      ->check(CLI::IsMember({"ibnetdiscover", "xml", "graphml", "dot", "json", "far"}));
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_convert(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
