// ibatlas discover: crawl the local subnet with directed-route SMPs and write the snapshot.
//
//   ibatlas discover [-C ca] [-P port] [-o FILE] [--to FORMAT] [-t ms] [--retries N]
//                    [--outstanding N] [--per-node N] [--deadline S] [-D DRPATH | -G GUID]
//                    [--max-hops N] [-y KEY] [--routes]
//                    [--counters] [--sl2vl] [--path-sls [--path-sls-max N]]
//                    [--ar] [--node-name-map FILE] [-v]
//
// ibnetdiscover spells the window -o; here -o is the output file (as in every ibatlas
// command) and the window is --outstanding. Exit status 4 when something did not answer:
// the snapshot is still written, and the completeness report goes to stderr.

#include <array>
#include <cstdio>
#include <fstream>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/exports.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/node_name_map.hpp"
#include "ibatlas/formats/saquery.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "cli.hpp"
#include "live.hpp"
#include "source.hpp"

namespace ibatlas::cli {

namespace {

struct DiscoverOptions {
  LivePortOptions port;
  int timeout_ms = 1000;
  std::string output;  // empty or "-": stdout
  std::string to;      // empty: from the output's extension, else ibnetdiscover
  int retries = 3;
  std::size_t per_node = kDefaultPerNode;
  double deadline_s = 0;
  std::size_t max_hops = DirectedRoute::kMaxHops;
  std::optional<DirectedRoute> start;  // -D
  std::optional<Guid> start_guid;      // -G
  bool routes = false;
  bool counters = false;
  bool sl2vl = false;
  bool ar = false;
  bool path_sls = false;
  std::size_t path_sls_max = 250000;
  int sm_interval_ms = 0;
  std::string node_name_map;
  bool verbose = false;
};

std::string format_for(const DiscoverOptions& options) {
  if (!options.to.empty()) {
    return options.to;
  }
  const std::string& path = options.output;
  for (const auto& [suffix, format] : {std::pair{".xml", "xml"},
                                       {".json", "json"},
                                       {".graphml", "graphml"},
                                       {".dot", "dot"},
                                       {".gv", "dot"}}) {
    if (path.ends_with(suffix)) {
      return format;
    }
  }
  return "ibnetdiscover";
}

void write_as(const std::string& format, const Fabric& fabric, std::ostream& out) {
  if (format == "xml") {
    write_xml_snapshot(fabric, out);
  } else if (format == "json") {
    write_json(fabric, out);
  } else if (format == "graphml") {
    write_graphml(fabric, out);
  } else if (format == "dot") {
    write_dot(fabric, out);
  } else {
    write_ibnetdiscover(fabric, out);
  }
}

void write_snapshot(const DiscoverOptions& options, const Fabric& fabric, std::ostream& out) {
  std::string format = format_for(options);
  write_to(options.output, out, [&](std::ostream& file) { write_as(format, fabric, file); });
}

// -G: a whole crawl (topology only) finds the route to the GUID's node. infiniband-diags
// ask the SA for its LID and start there LID-routed (docs/discover.md, "Partial scans").
DirectedRoute route_to_start(const DiscoverOptions& options, std::ostream& err) {
  CrawlOptions whole =
      live_crawl_options(options.port, options.retries, DirectedRoute::kMaxHops, err);
  whole.sminfo = false;
  whole.mlnx_ext_port_info = false;
  DiscoveryResult found = crawl_live(options.port, std::move(whole));
  std::optional<DirectedRoute> route = route_to_guid(found.fabric, *options.start_guid);
  char guid[24];
  std::snprintf(guid, sizeof guid, "0x%016llx",
                static_cast<unsigned long long>(*options.start_guid));
  if (!route) {
    throw Error(std::string("-G ") + guid + ": no port or node with this GUID among the " +
                std::to_string(found.fabric.nodes().size()) + " nodes crawled from " +
                found.fabric.provenance().source);
  }
  if (options.verbose) {
    err << "ibatlas: -G " << guid << " is at " << to_string(*route) << '\n';
  }
  return *route;
}

CrawlOptions crawl_options(const DiscoverOptions& options, std::ostream& err) {
  CrawlOptions crawl = live_crawl_options(options.port, options.retries, options.max_hops, err);
  if (options.start_guid) {
    crawl.start = route_to_start(options, err);
  } else if (options.start) {
    crawl.start = *options.start;
  }
  crawl.per_node = options.per_node;
  crawl.deadline = std::chrono::milliseconds(static_cast<std::int64_t>(options.deadline_s * 1000));
  crawl.routes = options.routes;
  crawl.counters = options.counters;
  crawl.sl2vl = options.sl2vl;
  crawl.ar = options.ar;
  crawl.sm_interval = std::chrono::milliseconds(options.sm_interval_ms);
  return crawl;
}

// With --ar: how many switches answered, since a switch without AR is not a discovery
// issue and would otherwise go unmentioned ("adaptive routing: 4 switches read, 3 supported,
// 1 unsupported, 0 no answer").
void write_ar_summary(const Fabric& fabric, std::ostream& err) {
  std::array<std::size_t, 3> counts{};  // by ArSupport
  for (const SwitchAr& ar : fabric.adaptive_routing()) {
    ++counts[static_cast<std::size_t>(ar.support)];
  }
  err << "adaptive routing: " << fabric.adaptive_routing().size() << " switches read, " << counts[0]
      << ' ' << to_string(ArSupport::Supported) << ", " << counts[1] << ' '
      << to_string(ArSupport::Unsupported) << ", " << counts[2] << ' '
      << to_string(ArSupport::NoAnswer) << '\n';
}

// --path-sls: the SA's SL of every path from a CA port (formats/saquery.hpp's pairs), at most
// path_sls_max of them; `complete` false when some were not asked or not answered.
Fabric read_path_sls(const Fabric& fabric, const DiscoverOptions& options, std::ostream& err,
                     bool& complete) {
  std::vector<std::pair<Lid, Lid>> pairs = path_sl_pairs(fabric);
  std::size_t all = pairs.size();
  pairs.resize(std::min(all, options.path_sls_max));
  SaPathSlResult sa = read_path_sls_live(SaPathSlOptions{options.port, options.retries}, pairs);
  err << "path SLs: " << sa.records.size() << " of " << all << " paths read from the SA (LID "
      << sa.sm_lid << ")";
  if (all > pairs.size()) {
    err << ", " << all - pairs.size() << " not asked (--path-sls-max " << options.path_sls_max
        << ")";
  }
  err << ", " << sa.no_path << " without a path, " << sa.unanswered << " unanswered\n";
  complete = complete && sa.records.size() == all;
  return with_path_sls(fabric, sa.records);
}

int run_discover(const DiscoverOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Crawl the subnet from the chosen port (throws only when the port will not open).
  // 2. --path-sls: ask the SA for the SL of every path from a CA port.
  // 3. Apply the node-name-map, as infiniband-diags do, to the snapshot written.
  // 4. Write the snapshot, complete or not.
  // 5. Report what did not answer and any duplicate GUIDs on stderr; exit 4 when partial.
  DiscoveryResult result = crawl_live(options.port, crawl_options(options, err));
  Fabric fabric = std::move(result.fabric);
  bool paths_complete = true;
  if (options.path_sls) {
    fabric = read_path_sls(fabric, options, err, paths_complete);
  }
  if (!options.node_name_map.empty()) {
    NodeNameMap map = read_node_name_map(read_file(options.node_name_map), options.node_name_map);
    fabric = apply_node_name_map(fabric, map);
  }
  write_snapshot(options, fabric, out);
  if (options.verbose) {
    write_crawl_statistics(fabric, result.report.statistics, err);
  }
  write_discovery_report(result.report, err);
  if (options.ar) {
    write_ar_summary(fabric, err);
  }
  return result.report.complete() && paths_complete ? kExitOk : kExitPartial;
}

// -D DRPATH and -G GUID (one of them): where a partial scan starts.
void add_partial_scan_options(CLI::App& cmd, DiscoverOptions& options) {
  auto route = [](std::string& text) -> std::string {
    return parse_directed_route(text) ? ""
                                      : "expected a directed route from the local port: 0 or "
                                        "0,P1,...,Pn with ports 1-255 (as ibnetdiscover prints), "
                                        "found \"" +
                                            text + "\"";
  };
  auto guid = [](std::string& text) -> std::string {
    return parse_ibdiag_number(text) ? "" : "expected a port GUID (0x hex), found \"" + text + "\"";
  };
  CLI::Option* direct =
      cmd.add_option_function<std::string>(
             "-D,--Direct",
             [&options](const std::string& text) { options.start = parse_directed_route(text); },
             "Partial scan: start at the node this directed route reaches (\"0,1,3\")")
          ->type_name("DRPATH")
          ->check(CLI::Validator(route, "DRPATH"));
  cmd.add_option_function<std::string>(
         "-G,--port-guid",
         [&options](const std::string& text) { options.start_guid = parse_ibdiag_number(text); },
         "Partial scan: start at the node owning this port GUID (a whole crawl finds it first)")
      ->type_name("GUID")
      ->check(CLI::Validator(guid, "GUID"))
      ->excludes(direct);
}

}  // namespace

void add_discover_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<DiscoverOptions>();
  CLI::App* cmd = app.add_subcommand(
      "discover",
      "Crawl the local subnet with directed-route SMPs and write a snapshot.\n"
      "Exit status 4 (partial) when a node or port did not answer: the snapshot holds what\n"
      "answered and stderr lists what did not.");
  cmd->add_option("-C,--Ca", options->port.ca, "CA name (default: the first with an active port)");
  cmd->add_option("-P,--Port", options->port.port, "CA port number (default: first active)");
  cmd->add_option("-o,--output", options->output, "Snapshot file (default: stdout)");
  cmd->add_option("--to", options->to,
                  "Output format (default: from -o's extension, else ibnetdiscover)")
      ->check(CLI::IsMember({"ibnetdiscover", "xml", "json", "graphml", "dot"}));
  cmd->add_option("-t,--timeout", options->timeout_ms, "Per-MAD timeout in ms (default 1000)")
      ->check(CLI::Range(1, 60000));
  cmd->add_option("--retries", options->retries, "Resends of a MAD that timed out (default 3)")
      ->check(CLI::Range(0, 100));
  cmd->add_option("--outstanding", options->port.max_in_flight,
                  "MADs in flight at once (default 128; ibnetdiscover's -o)")
      ->check(CLI::Range(1, 4096));
  add_per_node_option(*cmd, options->per_node);
  add_deadline_option(*cmd, options->deadline_s,
                      "Give up after this many seconds in all (default: none); what did not "
                      "answer by then is listed, exit 4");
  cmd->add_option("--sm-interval", options->sm_interval_ms,
                  "Read each SM's SMInfo again after MS ms to see whether the master's ActCount "
                  "moves (sm.master_stuck); 0 (default): read once")
      ->type_name("MS")
      ->check(CLI::Range(0, 60000));
  CLI::Option* hops =
      cmd->add_option("--max-hops", options->max_hops,
                      "Probe no node farther than N cables from the start (default 63; 1 with "
                      "-D or -G, as iblinkinfo)")
          ->type_name("N")
          ->check(CLI::Range(1, 63));
  add_partial_scan_options(*cmd, *options);
  add_m_key_option(*cmd, options->port.m_key);
  cmd->add_flag("--routes", options->routes, "Also read every switch's LFT (as dump_lfts)");
  cmd->add_flag("--counters", options->counters,
                "Also read PortCounters(+Extended) and the receive-error / transmit-discard "
                "details of cabled ports (never resets them)");
  cmd->add_flag("--sl2vl", options->sl2vl,
                "Also read the SL-to-VL tables between LinkUp ports (as smpquery sl2vl)");
  cmd->add_flag("--path-sls", options->path_sls,
                "Also ask the SA for the SL of every path from a CA port (as saquery -p), for "
                "credit loops per VL; exit 4 when some were not read");
  cmd->add_option("--path-sls-max", options->path_sls_max,
                  "Ask for at most N paths (default 250000; one query each)")
      ->type_name("N")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100000000}));
  cmd->add_flag("--ar", options->ar,
                "Also read every switch's adaptive-routing state (NVIDIA vendor SMPs, GET only)");
  cmd->add_option("--node-name-map", options->node_name_map, "infiniband-diags node-name-map file");
  cmd->add_flag("-v,--verbose", options->verbose, "Print crawl statistics on stderr");
  cmd->callback([options, hops, &out, &err, &status] {
    options->port.timeout = std::chrono::milliseconds(options->timeout_ms);
    if ((options->start || options->start_guid) && hops->count() == 0) {
      options->max_hops = 1;
    }
    status = run_discover(*options, out, err);
  });
}

}  // namespace ibatlas::cli
