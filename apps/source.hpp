#pragma once

// Turning a SOURCE argument into a snapshot: a file in any supported format (detected from
// its content), or `live` for a crawl of the local subnet.
//
// The live SOURCE is spelled `live`, `live:CA` or `live:CA/PORT` (the last is what a live
// snapshot's provenance says, so a snapshot names the port to crawl again). A file named
// "live" is `./live`.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/discover/smp_transport.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/formats/read_result.hpp"
#include "ibatlas/umad/umad_transport.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace ibatlas::cli {

// How a `live` SOURCE is crawled: the options `ibatlas discover` has, minus the output.
struct LiveSourceOptions {
  LivePortOptions port;  // -C, -P (a SOURCE `live:CA/PORT` overrides them), -t, --outstanding
  int retries = 3;       // --retries
  std::size_t max_hops = DirectedRoute::kMaxHops;  // --max-hops
  std::size_t per_node = kDefaultPerNode;          // --per-node
  double deadline_s = 0;                           // --deadline, seconds; 0: none
  bool routes = false;    // also read every switch's LFT (a command that needs them sets it)
  bool counters = false;  // also read PerfMgt counters of cabled ports
  bool ar = false;        // also read every switch's AR state (a bare --ar sets it too)
};

// What the live crawls of one command left behind, for its exit status.
struct LiveOutcome {
  int crawls = 0;
  int partial = 0;  // crawls where something did not answer
};

struct SourceOptions {
  std::string node_name_map;  // path, empty: none
  bool verbose = false;       // list skipped noise lines (or crawl statistics) on `err`
  LiveSourceOptions live;
  // --ar: absent: not given; empty: read adaptive-routing state in the live crawl; else the
  // path of ibdiagnet's AR dump (ibdiagnet2.far), attached to the command's SOURCE.
  std::optional<std::string> ar;
  // --counters, once per use: "" (bare) reads PerfMgt counters in the live crawl; else the
  // path of ibqueryerrors / perfquery output (formats/counters_text.hpp), attached in turn.
  std::vector<std::string> counters;
  // What attaching the AR dump found (ar.unknown_switch, ar.not_in_dump); `check` reports
  // them with its own findings. Written by load_main_source, like `outcome`.
  mutable std::vector<Finding> ar_findings;
  // The SOURCE came from --load-cache FILE: an ibnetdiscover --cache file, never `live`.
  bool load_cache = false;
  // Written by load_source, which gets the options by const reference (commands hold their
  // options const while they run): the outcome is a result, not an option.
  mutable LiveOutcome outcome;
};

// True for the SOURCE spellings that mean a live crawl: "live", "live:CA", "live:CA/PORT".
bool is_live_source(const std::string& source);

// Throws Error / ParseError. Prints the count of skipped noise lines (and, verbose, each
// line) on `err`. A live SOURCE crawls the subnet: progress on a terminal and the
// completeness report (what did not answer, duplicate GUIDs) go to `err`, a partial crawl
// still returns what answered and counts in options.outcome. Throws Error when the port
// cannot be opened, or for a malformed `live:` spelling.
ReadResult load_source(const std::string& source, const SourceOptions& options, std::ostream& err);

// load_source for the one SOURCE of a command, with --ar: a live SOURCE reads AR state in
// its crawl; a file SOURCE gets the AR dump attached (its notes on `err`, its findings in
// options.ar_findings). Throws Error for a bare --ar on a file SOURCE (nothing to read AR
// from), and what load_source and read_far throw. --counters alike: bare, the crawl reads
// counters; each FILE's counters are attached, a warning on `err` for each of its rows the
// fabric has no port for, then a count; a bare --counters on a file SOURCE throws Error.
ReadResult load_main_source(const std::string& source, const SourceOptions& options,
                            std::ostream& err);

// Throws Error when --ar names a dump, or --counters a file, on a command that reads
// several SOURCEs (diff, history), where it is not clear which one it belongs to.
void refuse_attached_files(const SourceOptions& options, const std::string& command);

// `status` (what the command decided) raised to kExitPartial when a live source was
// partial: the result is printed, but it is not the whole fabric.
int with_live_status(int status, const SourceOptions& options);

// Registers, on a command whose SOURCE is `source`, the options of a live source: `--live`
// (the same as the SOURCE `live`), -C/--Ca, -P/--Port, -t/--timeout, --retries,
// --outstanding, --per-node, --deadline, --max-hops, in a help group of their own. REQUIRES: none
// of these names is taken on `cmd`; `options` outlives the parse.
void add_live_source_options(CLI::App& cmd, CLI::Option& source, SourceOptions& options);

// The one SOURCE argument (required) of a command that reads a fabric, with the live-source
// options above and --load-cache.
void add_source_argument(CLI::App& cmd, std::string& source, SourceOptions& options);

// --load-cache FILE (apps/load_cache.cpp): fills `source` with FILE and sets
// options.load_cache; with a SOURCE too it is a usage error (exit 2).
void add_load_cache_option(CLI::App& cmd, CLI::Option& source, SourceOptions& options);

// The SOURCE of --load-cache: `path` must be an ibnetdiscover --cache file (anything else
// throws Error saying what was expected and what it is); the node-name-map is applied.
ReadResult load_cache_source(const std::string& path, const SourceOptions& options);

// --node-name-map FILE and -v/--verbose, spelled the same on every command that reads a
// SOURCE. `map_help` says what the map applies to when a command reads several sources.
void add_reading_options(CLI::App& cmd, SourceOptions& options,
                         const std::string& map_help = "infiniband-diags node-name-map file");

// Writes what `write` produces to `path` through write_output_file (output_file.hpp), or
// to `out` when `path` is "-" or empty.
void write_to(const std::string& path, std::ostream& out,
              const std::function<void(std::ostream&)>& write);

// --per-node N (0 to 4096; 0: no cap) and --deadline S (seconds, 0.001 to 1000000; leaving
// it out means none), for discover and the live-source options: anything else, a number or
// not, is a usage error (exit 2) that says what the option takes.
CLI::Option* add_per_node_option(CLI::App& cmd, std::size_t& per_node);
CLI::Option* add_deadline_option(CLI::App& cmd, double& seconds, const std::string& help);

// A 64-bit number as infiniband-diags read -y and -G (strtoull base 0: 0x hex, a leading 0
// octal, else decimal), the whole text; nothing for anything else.
std::optional<std::uint64_t> parse_ibdiag_number(std::string_view text);

// -y/--m_key KEY: the M_Key sent in every SMP (LivePortOptions::m_key), read by
// parse_ibdiag_number (infiniband-diags' -y prompts for a key that does not parse; ibatlas
// does not). Anything else is a usage error (exit 2) whose message does not repeat the text.
CLI::Option* add_m_key_option(CLI::App& cmd, std::uint64_t& m_key);

// `--fail-on error|warning|info` (default error), for commands that report findings.
void add_fail_on_option(CLI::App& cmd, std::string& fail_on);

// kExitFindings when a finding is as bad as `fail_on` or worse, else kExitOk.
int findings_status(std::span<const Finding> findings, const std::string& fail_on);

// A --plan FILE: a cabling-plan CSV (formats/plan_csv.hpp), a UFM NDT CSV
// (formats/ndt_plan.hpp; its names are resolved in `fabric`), or else any SOURCE file whose
// links are the plan (a golden snapshot). Throws what their readers throw, and a ParseError
// naming the plan formats for a file in none of them.
CablingPlan load_plan(const std::string& path, const SourceOptions& options, const Fabric& fabric,
                      std::ostream& err);

// Each --lfts file (dump_lfts / ibroute output, opensm-lfts.dump, opensm.fdbs) attached to
// `fabric` in turn; each file's oddities and its count of tables go to `err`.
Fabric attach_lft_files(Fabric fabric, const std::vector<std::string>& paths, std::ostream& err);

// `fabric` with the tables `engine` ("minhop" or "updn") computes in place of any it had;
// `roots` are updn root GUIDs as typed. The engine's notes (and, verbose, its time) go to
// `err`. Throws Error for a root that is not a GUID.
struct ComputedTables {
  Fabric fabric;
  std::string engine;  // the engine used: updn without roots falls back to minhop
};

ComputedTables compute_tables(const Fabric& fabric, const std::string& engine,
                              const std::vector<std::string>& roots, bool verbose,
                              std::ostream& err);

// A cache file's content, `bytes`, read from `path`. Implemented twice: hardware_umad.cpp
// (rdma-core present) and hardware_none.cpp.
ReadResult load_ibnd_cache_file(std::string_view bytes, const std::string& path);

}  // namespace ibatlas::cli
