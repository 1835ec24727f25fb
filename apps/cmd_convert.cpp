// ibatlas convert SOURCE -o OUT [--to FORMAT]: any source to any writer.

#include <fstream>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/exports.hpp"
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
  };
  for (const Extension& e : kExtensions) {
    std::string_view suffix = e.suffix;
    if (path.size() >= suffix.size() && path.ends_with(suffix)) {
      return e.format;
    }
  }
  throw Error("cannot tell the output format from \"" + path + "\": use --to");
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
  } else {
    write_json(fabric, out);
  }
}

int run_convert(const ConvertOptions& options, std::ostream& out, std::ostream& err) {
  std::string format = options.to.empty() ? format_from_extension(options.output) : options.to;
  ReadResult read = load_source(options.source, options.source_options, err);
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
      ->check(CLI::IsMember({"ibnetdiscover", "xml", "graphml", "dot", "json"}));
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_convert(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
