// ibatlas render SOURCE -o map.svg|map.html|map.dot|map.png [--check] [--findings FILE]
//                       [--view auto|detail|overview|matrix] [--expand GROUP|all]...
//                       [--plan FILE] [--expand-hosts] [--focus NODE [--focus-depth N]]
//                       [--layout auto|tiers|spring] [--node-name-map FILE]
//                       [--loads [FILE]] [--lfts FILE]...
// A map of the fabric (docs/render.md): fat-trees by tier, hosts folded per leaf, parallel
// cables merged, links coloured by speed; above 60 switch boxes a grouped overview (pods,
// chassis, tiers), as HTML an atlas that opens each group in place; the cabling matrix;
// findings of --check or a saved findings JSON marked red/orange with their text in the
// tooltips; with --loads, switch links coloured by their route load (hot ones red).

#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/render/graphviz.hpp"
#include "ibatlas/render/load_map.hpp"
#include "ibatlas/routing/route_report.hpp"

#include "cli.hpp"
#include "render_view.hpp"
#include "source.hpp"
#include "thresholds.hpp"

namespace ibatlas::cli {

namespace {

struct RenderCommandOptions {
  std::string source;
  std::string output;
  std::string format;  // empty: from the output's extension
  bool check = false;
  std::string threshold_file;  // --check's counter thresholds; empty: the default file
  std::string findings;
  bool expand_hosts = false;
  std::string focus;
  int focus_depth = 1;
  std::string layout = "auto";
  std::string view = "auto";
  std::vector<std::string> expand;
  std::string plan;        // the matrix's expectation (and --check's plan); empty: none
  bool loads = false;      // --loads given
  std::string loads_file;  // its FILE (a `routes --json`); empty: from the source's tables
  std::vector<std::string> lfts;
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

std::vector<Finding> findings_for(const RenderCommandOptions& options, const Fabric& fabric,
                                  const CablingPlan* plan, std::ostream& err) {
  std::vector<Finding> findings;
  if (!options.findings.empty()) {
    findings = read_findings_json(read_file(options.findings), options.findings).findings;
  }
  if (options.check) {
    AuditOptions audit;
    audit.plan = plan;
    audit.counter_thresholds =
        load_counter_thresholds(options.threshold_file, options.source_options.verbose, err);
    std::vector<Finding> checked = run_checks(fabric, audit);
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

// --focus draws a part of the fabric in detail: it cannot be the overview or the matrix.
void refuse_conflicting_views(const RenderCommandOptions& options) {
  if (!options.focus.empty() && (options.view == "overview" || options.view == "matrix")) {
    throw CLI::ValidationError("--focus",
                               "draws a part of the map in detail; it cannot be "
                               "combined with --view " +
                                   options.view);
  }
  if (!options.expand.empty() && (options.view == "detail" || options.view == "matrix")) {
    throw CLI::ValidationError("--expand",
                               "opens groups of the overview; it cannot be "
                               "combined with --view " +
                                   options.view);
  }
  if (options.loads && options.view == "matrix") {
    throw CLI::ValidationError("--loads", "colours the lines of a map; the matrix has none");
  }
}

// --loads: the route load of every switch link, from a saved `routes --json` or computed
// from the source's tables as `routes` does.
std::optional<RouteLoad> loads_for(const RenderCommandOptions& options, const Fabric& fabric,
                                   std::ostream& err) {
  if (!options.loads) {
    return std::nullopt;
  }
  if (!options.loads_file.empty()) {
    LoadsFile file = read_route_loads(read_file(options.loads_file), options.loads_file, fabric);
    if (file.unmatched > 0) {
      err << "ibatlas: warning: " << file.unmatched << " link loads of " << options.loads_file
          << " name ports that " << options.source << " has no cable between: not drawn\n";
    }
    return std::move(file.load);
  }
  if (fabric.forwarding_tables().empty()) {
    throw Error(options.source +
                " holds no forwarding tables for --loads: give --lfts FILE (dump_lfts output), a "
                "snapshot taken with discover --routes, or a saved routes --json as --loads=FILE");
  }
  RouteAnalysisOptions analysis;
  analysis.credit_loops = false;
  analysis.symmetry = false;
  return route_loads(fabric, analyze_routes(fabric, analysis).balance);
}

int run_render(const RenderCommandOptions& options, std::ostream& out, std::ostream& err) {
  refuse_conflicting_views(options);
  // 1. Everything that can fail on input first: format, source, plan, findings, focus.
  MapRequest request;
  request.view = options.view;
  request.expand = options.expand;
  request.format = map_format(options);
  Fabric fabric = load_main_source(options.source, options.source_options, err).fabric;
  if (!options.lfts.empty()) {
    fabric = attach_lft_files(std::move(fabric), options.lfts, err);
  }
  std::optional<CablingPlan> plan;
  if (!options.plan.empty()) {
    plan = load_plan(options.plan, options.source_options, fabric, err);
    request.plan = &*plan;
  }
  std::vector<Finding> findings = findings_for(options, fabric, request.plan, err);
  request.options = render_options(options, fabric, findings);
  std::optional<RouteLoad> loads = loads_for(options, fabric, err);
  request.loads = loads ? &*loads : nullptr;
  // 2. The view: model, marks, layout; 3. output.
  DrawnMap map = draw_map(fabric, findings, request, err);
  write_to(options.output, out, [&map](std::ostream& file) { file << map.bytes; });
  if (options.output != "-") {
    err << "ibatlas: wrote " << options.output << " (" << map.summary;
    if (!findings.empty()) {
      err << ", " << findings.size() << " findings marked";
    }
    err << ")\n";
    if (!map.note.empty()) {
      err << "ibatlas: " << map.note << '\n';
    }
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
  add_threshold_file_option(*cmd, options->threshold_file);
  cmd->add_option("--findings", options->findings,
                  "Mark the findings of a saved `check --json` or `routes --json`");
  cmd->add_option("--view", options->view,
                  "detail (every switch), overview (pods, chassis and tiers as boxes), matrix "
                  "(leaf x spine cabling) or auto (overview above 60 switches)")
      ->check(CLI::IsMember({"auto", "detail", "overview", "matrix"}))
      ->capture_default_str();
  cmd->add_option("--expand", options->expand,
                  "Open this group of the overview (pod3, tier2, ...; repeatable), or all");
  cmd->add_option("--plan", options->plan,
                  "Cabling plan (CSV, UFM NDT CSV or golden snapshot): the matrix's "
                  "expectation, and --check's plan");
  cmd->add_flag("--expand-hosts", options->expand_hosts, "Draw every host (no folding)");
  cmd->add_option("--focus", options->focus,
                  "Only this node (GUID, LID or name) and its neighbours");
  cmd->add_option("--focus-depth", options->focus_depth, "Cable hops around --focus")
      ->check(CLI::Range(0, 16))
      ->capture_default_str();
  cmd->add_option("--layout", options->layout, "tiers (fat-trees), spring (irregular) or auto")
      ->check(CLI::IsMember({"auto", "tiers", "spring"}))
      ->capture_default_str();
  CLI::Option* loads =
      cmd->add_option("--loads", options->loads_file,
                      "Colour switch links by route load: computed from the source's tables "
                      "(--loads alone), or read from a saved `routes --json` FILE")
          ->expected(0, 1);
  cmd->add_option("--lfts", options->lfts,
                  "Tables for --loads: dump_lfts / ibroute output, opensm-lfts.dump, opensm.fdbs");
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, loads, &out, &err, &status] {
    options->loads = loads->count() > 0;
    // A live source reads every switch's LFT when the loads come from its tables.
    if (options->loads && options->loads_file.empty()) {
      options->source_options.live.routes = true;
    }
    status = with_live_status(run_render(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
