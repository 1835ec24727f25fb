#include "source.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iostream>
#include <string_view>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/fabric_copy.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/formats/lft_dump.hpp"
#include "ibatlas/formats/ndt_plan.hpp"
#include "ibatlas/formats/node_name_map.hpp"
#include "ibatlas/formats/plan_csv.hpp"
#include "ibatlas/input_file.hpp"
#include "ibatlas/output_file.hpp"
#include "ibatlas/routing/engine.hpp"
#include "ibatlas/utc_time.hpp"

#include "live.hpp"
#include <unistd.h>

namespace ibatlas::cli {

namespace {

constexpr std::string_view kLive = "live";

// The port a live SOURCE names: "live" keeps -C/-P; "live:CA" and "live:CA/PORT" override.
LivePortOptions live_port(const std::string& source, LivePortOptions port) {
  if (source == kLive) {
    return port;
  }
  std::string spec = source.substr(kLive.size() + 1);
  std::size_t slash = spec.find('/');
  port.ca = spec.substr(0, slash);
  port.port = 0;
  bool good = !port.ca.empty();
  if (slash != std::string::npos) {
    const char* first = spec.data() + slash + 1;
    const char* last = spec.data() + spec.size();
    auto [end, ec] = std::from_chars(first, last, port.port);
    good = good && first != last && ec == std::errc() && end == last && port.port >= 0 &&
           port.port <= 255;
  }
  if (!good) {
    throw Error("SOURCE: expected live, live:CA or live:CA/PORT (port 0-255), found " +
                quote_found(source));
  }
  return port;
}

ReadResult load_live(const std::string& source, const SourceOptions& options, std::ostream& err) {
  // 1. Crawl from the port the SOURCE (or -C/-P) names; 2. report what did not answer;
  // 3. count the crawl for the exit status; 4. the node-name-map, as for a file.
  const LiveSourceOptions& live = options.live;
  CrawlOptions crawl = live_crawl_options(live.port, live.retries, live.max_hops, err);
  crawl.per_node = live.per_node;
  crawl.deadline = std::chrono::milliseconds(static_cast<std::int64_t>(live.deadline_s * 1000));
  crawl.routes = live.routes;
  crawl.counters = live.counters || std::count(options.counters.begin(), options.counters.end(),
                                               std::string()) > 0;  // a bare --counters
  crawl.ar = live.ar || (options.ar && options.ar->empty());        // a bare --ar
  DiscoveryResult result = crawl_live(live_port(source, live.port), std::move(crawl));
  if (options.verbose) {
    write_crawl_statistics(result.fabric, result.report.statistics, err);
  }
  write_discovery_report(result.report, err);
  ++options.outcome.crawls;
  options.outcome.partial += result.report.complete() ? 0 : 1;
  ReadResult read{std::move(result.fabric), {}};
  if (!options.node_name_map.empty()) {
    NodeNameMap map = read_node_name_map(read_file(options.node_name_map), options.node_name_map);
    read.fabric = apply_node_name_map(read.fabric, map);
  }
  return read;
}

}  // namespace

std::function<void(const CrawlProgress&)> progress_line(std::ostream& err) {
  if (&err != &std::cerr || !isatty(STDERR_FILENO)) {
    return {};
  }
  return [&err](const CrawlProgress& p) {
    char line[160];
    std::snprintf(line, sizeof line,
                  "\rdiscover: %zu nodes, %zu MADs in flight, %.0f MADs/s, %llu timeouts", p.nodes,
                  p.in_flight, p.mads_per_second, static_cast<unsigned long long>(p.timeouts));
    err << line << (p.done ? "\n" : "") << std::flush;
  };
}

CrawlOptions live_crawl_options(const LivePortOptions& port, int retries, std::size_t max_hops,
                                std::ostream& err) {
  CrawlOptions crawl;
  crawl.max_in_flight = port.max_in_flight;
  crawl.retries = retries;
  crawl.max_hops = max_hops;
  crawl.progress = progress_line(err);
  // The kernel reports a lost MAD after -t; the watchdog is only for a reply that never comes.
  crawl.stall_timeout = std::max(std::chrono::milliseconds(10000), 2 * port.timeout);
  crawl.provenance.format = "live";
  crawl.provenance.time = utc_now();
  crawl.provenance.tool = std::string("ibatlas ") + IBATLAS_VERSION;
  return crawl;
}

void write_crawl_statistics(const Fabric& fabric, const CrawlStatistics& s, std::ostream& err) {
  err << "ibatlas: discovered " << fabric.nodes().size() << " nodes, " << fabric.links().size()
      << " links in " << s.elapsed_seconds << " s: " << s.mads_sent << " MADs sent, " << s.replies
      << " answered, " << s.timeouts << " timeouts, " << s.retries << " retries of "
      << s.retried_mads << " MADs, " << s.reprobed << " re-probed, at most " << s.peak_in_flight
      << " in flight (" << s.peak_per_node << " at one node)"
      << (s.deadline_reached ? ", deadline reached" : "") << '\n';
}

bool is_live_source(const std::string& source) {
  return source == kLive ||
         (source.size() > kLive.size() && source.starts_with(kLive) && source[kLive.size()] == ':');
}

ReadResult load_source(const std::string& source, const SourceOptions& options, std::ostream& err) {
  if (is_live_source(source)) {
    return load_live(source, options, err);
  }
  std::string bytes = read_file(source);
  ReadResult result = looks_like_ibnd_cache(bytes) ? load_ibnd_cache_file(bytes, source)
                                                   : read_fabric(bytes, source);
  if (!result.skipped.empty()) {
    err << "ibatlas: " << source << ": skipped " << result.skipped.size()
        << " line(s) outside records" << (options.verbose ? ":" : " (-v lists them)") << '\n';
    if (options.verbose) {
      for (const SkippedLine& s : result.skipped) {
        err << "  " << source << ':' << s.line << ": " << printable_input(s.text) << '\n';
      }
    }
  }
  if (!options.node_name_map.empty()) {
    // As infiniband-diags' --node-name-map: mapped names replace node descriptions.
    NodeNameMap map = read_node_name_map(read_file(options.node_name_map), options.node_name_map);
    result.fabric = apply_node_name_map(result.fabric, map);
  }
  return result;
}

int with_live_status(int status, const SourceOptions& options) {
  bool worse = status == kExitOk || status == kExitFindings;
  return options.outcome.partial > 0 && worse ? kExitPartial : status;
}

void add_source_argument(CLI::App& cmd, std::string& source, SourceOptions& options) {
  CLI::Option* argument =
      cmd.add_option("SOURCE", source, "Dump or snapshot file (format detected), or live")
          ->required();
  add_live_source_options(cmd, *argument, options);
  add_load_cache_option(cmd, *argument, options);
}

void add_reading_options(CLI::App& cmd, SourceOptions& options, const std::string& map_help) {
  cmd.add_option("--node-name-map", options.node_name_map, map_help);
  cmd.add_flag("-v,--verbose", options.verbose, "List skipped noise lines");
}

void add_live_source_options(CLI::App& cmd, CLI::Option& source, SourceOptions& options) {
  constexpr const char* kGroup = "Live source (SOURCE `live`, `live:CA` or `live:CA/PORT`)";
  CLI::Option* target = &source;
  // Fills SOURCE while parsing, before CLI11 checks that the SOURCE was given.
  cmd.add_flag_callback(
         "--live", [target] { target->add_result(std::string(kLive)); },
         "Crawl the local subnet: the same as the SOURCE `live`")
      ->group(kGroup)
      ->trigger_on_parse();
  LiveSourceOptions& live = options.live;
  cmd.add_option("-C,--Ca", live.port.ca,
                 "CA to crawl from (default: the first with an active port)")
      ->group(kGroup);
  cmd.add_option("-P,--Port", live.port.port, "Port of that CA (default: its first active port)")
      ->group(kGroup)
      ->check(CLI::Range(0, 255));
  cmd.add_option_function<int>(
         "-t,--timeout",
         [&live](const int& ms) { live.port.timeout = std::chrono::milliseconds(ms); },
         "Per-MAD timeout in ms (default 1000)")
      ->group(kGroup)
      ->check(CLI::Range(1, 60000));
  cmd.add_option("--retries", live.retries, "Resends of a MAD that timed out (default 3)")
      ->group(kGroup)
      ->check(CLI::Range(0, 100));
  cmd.add_option("--outstanding", live.port.max_in_flight,
                 "MADs in flight at once (default 128; ibnetdiscover's -o)")
      ->group(kGroup)
      ->check(CLI::Range(1, 4096));
  add_per_node_option(cmd, live.per_node)->group(kGroup);
  add_deadline_option(cmd, live.deadline_s,
                      "Give up on the crawl after this many seconds (default: none)")
      ->group(kGroup);
  cmd.add_option("--max-hops", live.max_hops, "Longest directed route followed (default 63)")
      ->group(kGroup)
      ->check(CLI::Range(1, 63));
  add_m_key_option(cmd, live.port.m_key)->group(kGroup);
  cmd.add_option("--ar", options.ar,
                 "Adaptive-routing state: alone, read it in the live crawl (vendor SMPs, GET "
                 "only); with a FILE, attach ibdiagnet's AR dump (ibdiagnet2.far)")
      ->expected(0, 1)
      ->type_name("[FILE]")
      ->group(kGroup);
  cmd.add_option("--counters", options.counters,
                 "PerfMgt counters: alone, read them in the live crawl; with a FILE, attach "
                 "ibqueryerrors or perfquery [-x] output to the SOURCE's ports (repeatable)")
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false)  // `--counters FILE SOURCE --json`: SOURCE is no 2nd FILE
      ->type_name("[FILE]")
      ->group(kGroup);
}

void write_to(const std::string& path, std::ostream& out,
              const std::function<void(std::ostream&)>& write) {
  if (path.empty() || path == "-") {
    write(out);
    return;
  }
  write_output_file(path, write);
}

CLI::Option* add_per_node_option(CLI::App& cmd, std::size_t& per_node) {
  auto whole = [](std::string& text) -> std::string {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value > 4096) {
      return "expected a whole number of SMPs from 0 to 4096 (0: no cap), found \"" + text + "\"";
    }
    return "";
  };
  return cmd
      .add_option("--per-node", per_node,
                  "SMPs in flight at one node at most (default 1; 0: no cap)")
      ->check(CLI::Validator(whole, "0..4096"));
}

// A deadline is kept in whole milliseconds: below 1 ms it would be 0, which means none.
CLI::Option* add_deadline_option(CLI::App& cmd, double& seconds, const std::string& help) {
  auto budget = [](std::string& text) -> std::string {
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !(value >= 0.001) || value > 1e6) {
      return "expected seconds from 0.001 to 1000000 (leave --deadline out for none), found \"" +
             text + "\"";
    }
    return "";
  };
  return cmd.add_option("--deadline", seconds, help)->check(CLI::Validator(budget, "S"));
}

std::optional<std::uint64_t> parse_ibdiag_number(std::string_view text) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  } else if (text.size() > 1 && text[0] == '0') {
    base = 8;  // as strtoull(text, .., 0): "010" is 8
    text.remove_prefix(1);
  }
  std::uint64_t key = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), key, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return key;
}

CLI::Option* add_m_key_option(CLI::App& cmd, std::uint64_t& m_key) {
  auto valid = [](std::string& text) -> std::string {
    return parse_ibdiag_number(text) ? "" : "expected a 64-bit M_Key: decimal, 0x hex or 0 octal";
  };
  return cmd
      .add_option_function<std::string>(
          "-y,--m_key", [&m_key](const std::string& text) { m_key = *parse_ibdiag_number(text); },
          "M_Key sent in every SMP, for a fabric whose SM set one (as infiniband-diags' -y; "
          "never printed)")
      ->type_name("KEY")
      ->check(CLI::Validator(valid, "KEY"));
}

void add_fail_on_option(CLI::App& cmd, std::string& fail_on) {
  cmd.add_option("--fail-on", fail_on, "Exit 1 when a finding is this bad or worse")
      ->check(CLI::IsMember({"error", "warning", "info"}))
      ->capture_default_str();
}

int findings_status(std::span<const Finding> findings, const std::string& fail_on) {
  Severity level = parse_severity(fail_on).value_or(Severity::Error);
  bool failed = std::any_of(findings.begin(), findings.end(),
                            [level](const Finding& f) { return reaches(f.severity, level); });
  return failed ? kExitFindings : kExitOk;
}

CablingPlan load_plan(const std::string& path, const SourceOptions& options, const Fabric& fabric,
                      std::ostream& err) {
  std::string bytes = read_file(path);
  if (looks_like_plan_csv(bytes)) {
    return read_plan_csv(bytes, path);
  }
  if (looks_like_ndt_plan(bytes)) {
    NdtPlan ndt = read_ndt_plan(bytes, path);
    if (ndt.skipped != 0) {
      err << "ibatlas: " << path << ": " << ndt.skipped
          << " row(s) plan no cable (LinkType not Data, or no EndDevice)\n";
    }
    return ndt_cabling_plan(ndt, fabric);
  }
  if (detect_format(bytes) == InputFormat::Unknown) {
    throw not_a_plan_error(bytes, path);  // not the fabric reader's error: this is a plan
  }
  return plan_from_fabric(load_source(path, options, err).fabric);
}

Fabric attach_lft_files(Fabric fabric, const std::vector<std::string>& paths, std::ostream& err) {
  for (const std::string& path : paths) {
    AttachedTables a = with_forwarding_tables(fabric, read_lft_dump(read_file(path), path));
    for (const LftIssue& issue : a.issues) {
      err << "ibatlas: " << issue.message << '\n';
    }
    err << "ibatlas: " << path << ": " << a.attached << " tables attached\n";
    fabric = std::move(a.fabric);
  }
  return fabric;
}

namespace {

std::vector<Guid> root_guids(const std::vector<std::string>& roots) {
  std::vector<Guid> guids;
  for (const std::string& text : roots) {
    std::size_t used = 0;
    Guid guid = 0;
    try {
      guid = std::stoull(text, &used, 0);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size()) {
      throw Error("--root: expected a switch GUID (0x...), found \"" + text + "\"");
    }
    guids.push_back(guid);
  }
  return guids;
}

}  // namespace

ComputedTables compute_tables(const Fabric& fabric, const std::string& engine,
                              const std::vector<std::string>& roots, bool verbose,
                              std::ostream& err) {
  auto start = std::chrono::steady_clock::now();
  ComputeOptions options{*parse_routing_engine(engine), root_guids(roots)};
  ComputeResult result = compute_routes(fabric, options);
  for (const std::string& note : result.notes) {
    err << "ibatlas: " << note << '\n';
  }
  if (verbose) {
    err << "ibatlas: " << to_string(result.used) << " tables computed in "
        << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
        << " s\n";
  }
  return ComputedTables{std::move(result.fabric), to_string(result.used)};
}

}  // namespace ibatlas::cli
