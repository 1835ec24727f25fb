// ibatlas render SOURCE -o map.svg|map.html|map.dot|map.png [--check] [--findings FILE]
//                       [--expand-hosts] [--focus NODE [--focus-depth N]]
//                       [--layout auto|tiers|spring] [--node-name-map FILE]
// A map of the fabric (docs/render.md): fat-trees by tier, hosts folded per leaf, parallel
// cables merged, links coloured by speed; findings of --check or a saved findings JSON
// marked red/orange with their text in the tooltips.

#include <chrono>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include <CLI/CLI.hpp>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/render/graphviz.hpp"

#include "cli.hpp"
#include "source.hpp"
#include <unistd.h>

namespace ibatlas::cli {

namespace {

struct RenderCommandOptions {
  std::string source;
  std::string output;
  std::string format;  // empty: from the output's extension
  bool check = false;
  std::string findings;
  bool expand_hosts = false;
  std::string focus;
  int focus_depth = 1;
  std::string layout = "auto";
  SourceOptions source_options;
};

MapFormat map_format(const RenderCommandOptions& options) {
  std::string f = options.format;
  if (f.empty()) {
    const std::string& p = options.output;
    std::size_t dot = p.rfind('.');
    f = dot == std::string::npos ? "" : p.substr(dot + 1);
  }
  if (f == "svg") {
    return MapFormat::Svg;
  }
  if (f == "html" || f == "htm") {
    return MapFormat::Html;
  }
  if (f == "dot" || f == "gv") {
    return MapFormat::Dot;
  }
  if (f == "png") {
    return MapFormat::Png;
  }
  throw Error("cannot tell the map format from \"" + options.output +
              "\": name it .svg, .html, .dot or .png, or use --format");
}

std::vector<Finding> findings_for(const RenderCommandOptions& options, const Fabric& fabric) {
  std::vector<Finding> findings;
  if (!options.findings.empty()) {
    findings = read_findings_json(read_file(options.findings), options.findings).findings;
  }
  if (options.check) {
    std::vector<Finding> checked = run_checks(fabric, AuditOptions{});
    findings.insert(findings.end(), checked.begin(), checked.end());
  }
  return findings;
}

RenderOptions render_options(const RenderCommandOptions& options, const Fabric& fabric,
                             const std::vector<Finding>& findings) {
  RenderOptions r;
  r.expand_hosts = options.expand_hosts;
  r.layout = options.layout == "tiers"    ? RenderLayout::Tiers
             : options.layout == "spring" ? RenderLayout::Spring
                                          : RenderLayout::Auto;
  if (!options.focus.empty()) {
    r.focus = find_focus_node(fabric, options.focus);
  }
  r.focus_depth = options.focus_depth;
  r.unfold = guids_named(findings);
  return r;
}

// Elapsed seconds redrawn in place on a terminal while Graphviz lays a large map out (the
// layout is one library call with no progress of its own). Silent when stderr is not a
// terminal, and for maps that lay out in seconds.
class LayoutTicker {
 public:
  LayoutTicker(std::ostream& err, const RenderModel& model) : err_(err) {
    if (&err != &std::cerr || isatty(STDERR_FILENO) != 1 || !slow_layout_warning(model)) {
      return;
    }
    std::string what = "\rrender: laying out " + std::to_string(model.nodes.size()) + " boxes: ";
    thread_ = std::thread([this, what] {
      auto start = std::chrono::steady_clock::now();
      std::unique_lock<std::mutex> lock(mutex_);
      while (!done_) {
        auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
            std::chrono::steady_clock::now() - start);
        err_ << what << seconds.count() << " s" << std::flush;
        wake_.wait_for(lock, std::chrono::seconds(1));
      }
      err_ << '\n' << std::flush;
    });
  }

  ~LayoutTicker() {
    if (thread_.joinable()) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
      }
      wake_.notify_one();
      thread_.join();
    }
  }

  LayoutTicker(const LayoutTicker&) = delete;
  LayoutTicker& operator=(const LayoutTicker&) = delete;

 private:
  std::ostream& err_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
};

// Lays the model out (with a warning first, and elapsed time on a terminal, when that is
// slow); DOT output needs no layout.
std::string render_with_progress(const RenderModel& model, MapFormat format, std::ostream& err) {
  if (format != MapFormat::Dot) {
    if (std::optional<std::string> warning = slow_layout_warning(model)) {
      err << "ibatlas: warning: " << *warning << '\n';
    }
  }
  LayoutTicker ticker(err, format == MapFormat::Dot ? RenderModel{} : model);
  return render_map(model, format);
}

int run_render(const RenderCommandOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Everything that can fail on input first: format, source, findings, focus.
  MapFormat format = map_format(options);
  Fabric fabric = load_main_source(options.source, options.source_options, err).fabric;
  std::vector<Finding> findings = findings_for(options, fabric);
  RenderOptions render = render_options(options, fabric, findings);
  // 2. The model, 3. the marks, 4. layout and output.
  RenderModel model = build_render_model(fabric, infer_tiers(fabric), render);
  mark_findings(model, fabric, findings);
  std::string map = render_with_progress(model, format, err);
  write_to(options.output, out, [&map](std::ostream& file) { file << map; });
  if (options.output != "-") {
    err << "ibatlas: wrote " << options.output << " (" << model.nodes.size() << " boxes, "
        << model.edges.size() << " lines";
    if (!findings.empty()) {
      err << ", " << findings.size() << " findings marked";
    }
    err << ")\n";
  }
  return kExitOk;
}

}  // namespace

void add_render_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<RenderCommandOptions>();
  CLI::App* cmd = app.add_subcommand("render", "Draw a map of the fabric: SVG, HTML, DOT or PNG");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("-o,--output", options->output,
                  "map.svg, map.html, map.dot or map.png; - for stdout")
      ->required();
  cmd->add_option("--format", options->format, "svg, html, dot or png (default: from -o)")
      ->check(CLI::IsMember({"svg", "html", "dot", "png"}));
  cmd->add_flag("--check", options->check, "Run the audit and mark what it finds");
  cmd->add_option("--findings", options->findings,
                  "Mark the findings of a saved `check --json` or `routes --json`");
  cmd->add_flag("--expand-hosts", options->expand_hosts, "Draw every host (no folding)");
  cmd->add_option("--focus", options->focus,
                  "Only this node (GUID, LID or name) and its neighbours");
  cmd->add_option("--focus-depth", options->focus_depth, "Cable hops around --focus")
      ->check(CLI::Range(0, 16))
      ->capture_default_str();
  cmd->add_option("--layout", options->layout, "tiers (fat-trees), spring (irregular) or auto")
      ->check(CLI::IsMember({"auto", "tiers", "spring"}))
      ->capture_default_str();
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_render(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
