// ibatlas routes SOURCE [--lfts FILE]... [--compute minhop|updn [--root GUID]...]
//                       [--path-sls FILE] [--without LINK]... [--trace SRC DST | --dump | --json]
//                       [--fail-on error|warning|info] [--node-name-map FILE] [-v]
// Forwarding tables: read (live with `live`, or dump_lfts / ibroute / opensm-lfts.dump /
// opensm.fdbs files), computed (opensm's minhop, updn or ftree), validated (every source to every
// LID), traced like ibtracert, or printed in dump_lfts format. docs/routing.md.

#include <chrono>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/formats/saquery.hpp"
#include "ibatlas/input_file.hpp"
#include "ibatlas/report/routes_report.hpp"
#include "ibatlas/routing/endpoint.hpp"
#include "ibatlas/routing/route_checks.hpp"
#include "ibatlas/routing/trace.hpp"
#include "ibatlas/routing/without.hpp"

#include "cli.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct RoutesOptions {
  std::string source;
  std::vector<std::string> lfts;
  std::string path_sls;  // saquery -p output; empty: none
  std::string compute;   // empty: validate the tables as they are
  std::vector<std::string> roots;
  std::vector<std::string> without;
  std::vector<std::string> trace;  // SRC DST
  bool dump = false;
  bool json = false;
  std::string fail_on = "error";
  SourceOptions source_options;
};

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

Fabric load(const RoutesOptions& options, std::ostream& err) {
  return load_main_source(options.source, options.source_options, err).fabric;
}

// The SLs of a --path-sls FILE (saquery -p output) in place of the snapshot's; a count on
// `err`, with the paths whose LIDs the fabric has no port for.
Fabric attach_path_sls(Fabric fabric, const std::string& path, std::ostream& err) {
  if (path.empty()) {
    return fabric;
  }
  std::vector<PathSlRecord> records = read_saquery_paths(read_file(path), path);
  std::size_t strangers = 0;
  for (const PathSlRecord& r : records) {
    bool known = fabric.find_port_by_lid(r.source) && fabric.find_port_by_lid(r.destination);
    strangers += known ? 0U : 1U;
  }
  err << "ibatlas: " << path << ": SLs of " << records.size() << " paths attached";
  if (strangers != 0) {
    err << ", " << strangers << " of them between LIDs the fabric has no port for";
  }
  err << '\n';
  return with_path_sls(fabric, records);
}

// Steps 1-4 of run_routes: the fabric whose tables the command is about.
Fabric prepare(const RoutesOptions& options, TablesOrigin& origin, std::ostream& err) {
  Fabric fabric = attach_lft_files(load(options, err), options.lfts, err);
  fabric = attach_path_sls(std::move(fabric), options.path_sls, err);
  origin.what = options.lfts.empty() ? "installed" : "read from " + options.lfts.back();
  if (!options.without.empty()) {
    std::vector<Place> gone;
    for (const std::string& text : options.without) {
      gone.push_back(resolve_place(fabric, text));
    }
    fabric = without(fabric, gone);
  }
  if (!options.compute.empty()) {
    ComputedTables computed =
        compute_tables(fabric, options.compute, options.roots, options.source_options.verbose, err);
    origin.what = "computed " + computed.engine;
    fabric = std::move(computed.fabric);
  }
  for (const Node& node : fabric.nodes()) {
    origin.switches += node.type == NodeType::Switch ? 1U : 0U;
  }
  origin.switches_with_table = fabric.forwarding_tables().size();
  if (fabric.forwarding_tables().empty()) {
    throw Error(options.source +
                " holds no forwarding tables: give --lfts FILE (dump_lfts "
                "output) or --compute minhop|updn|ftree");
  }
  return fabric;
}

// The port a route starts from: a port given, else a switch's port 0 or a CA's first port
// with a LID.
PortId source_port(const Fabric& fabric, const Place& place, const std::string& text) {
  if (place.port) {
    return *place.port;
  }
  for (const Port& p : fabric.ports_of(place.node)) {
    bool is_switch = fabric.node(place.node).type == NodeType::Switch;
    if ((is_switch && p.number == 0) || (!is_switch && p.base_lid && *p.base_lid != 0)) {
      return fabric.id_of(p);
    }
  }
  throw Error("\"" + text + "\" has no port with a LID");
}

int run_trace(const Fabric& fabric, const RoutesOptions& options, std::ostream& out) {
  const std::string& src = options.trace[0];
  const std::string& dst = options.trace[1];
  PortId from = source_port(fabric, resolve_place(fabric, src), src);
  const Port& to = fabric.port(source_port(fabric, resolve_place(fabric, dst), dst));
  if (!to.base_lid || *to.base_lid == 0) {
    throw Error("\"" + dst + "\" has no LID to trace to");
  }
  Trace trace = trace_route(fabric, from, *to.base_lid);
  write_trace(fabric, trace, out);
  return trace.fate == RouteFate::Delivered ? kExitOk : kExitFindings;
}

int run_routes(const RoutesOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Load the snapshot (a file, or a live crawl with --routes).
  // 2. Attach --lfts tables and --path-sls; 3. unplug --without cables; 4. --compute new
  //    tables.
  // 5. Print them (--dump), trace one route (--trace), or validate every route.
  TablesOrigin origin;
  Fabric fabric = prepare(options, origin, err);
  if (options.dump) {
    write_lft_dump(fabric, out);
    return kExitOk;
  }
  if (options.trace.size() == 2) {
    return run_trace(fabric, options, out);
  }
  Clock::time_point start = Clock::now();
  RouteReport report = analyze_routes(fabric, RouteAnalysisOptions{});
  std::vector<Finding> findings = route_findings(fabric, report, nullptr);
  sort_findings(findings);
  if (options.source_options.verbose) {
    err << "ibatlas: routes analysed in " << seconds_since(start) << " s\n";
  }
  if (options.json) {
    write_routes_json(fabric, origin, report, findings, out);
  } else {
    write_routes_text(fabric, origin, report, findings, text_style(out), out);
  }
  return findings_status(findings, options.fail_on);
}

}  // namespace

void add_routes_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<RoutesOptions>();
  CLI::App* cmd = app.add_subcommand(
      "routes", "Read, compute and validate forwarding tables; trace a route; dump LFTs");
  CLI::Option* source = cmd->add_option("SOURCE", options->source,
                                        "Dump or snapshot file, or `live` (crawl with LFTs)")
                            ->required();
  options->source_options.live.routes = true;  // a live SOURCE reads every switch's LFT
  add_live_source_options(*cmd, *source, options->source_options);
  cmd->add_option("--lfts", options->lfts,
                  "Tables to attach: dump_lfts / ibroute output, opensm-lfts.dump, opensm.fdbs");
  cmd->add_option("--path-sls", options->path_sls,
                  "The SL of each path, for credit loops per VL: saquery -p output (replaces "
                  "the snapshot's path SLs)");
  cmd->add_option("--compute", options->compute, "Compute tables as opensm's engine does")
      ->check(CLI::IsMember({"minhop", "updn", "ftree"}));
  cmd->add_option("--root", options->roots, "updn: a root switch GUID (default: detected)");
  cmd->add_option("--without", options->without,
                  "As if this cable (NODE[PORT]) or switch (NODE) were gone; NODE is a "
                  "description, GUID or LID");
  CLI::Option* trace = cmd->add_option("--trace", options->trace,
                                       "Trace the route from SRC to DST (LID, GUID or name)")
                           ->expected(2);
  CLI::Option* dump =
      cmd->add_flag("--dump", options->dump, "Print the tables as dump_lfts does")->excludes(trace);
  cmd->add_flag("--json", options->json,
                "Print the validation as JSON (with the route load of every switch link)")
      ->excludes(trace, dump);
  add_fail_on_option(*cmd, options->fail_on);
  cmd->add_option("--node-name-map", options->source_options.node_name_map,
                  "infiniband-diags node-name-map file");
  cmd->add_flag("-v,--verbose", options->source_options.verbose,
                "List skipped noise lines; print timings on stderr");
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_routes(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
