// ibatlas check SOURCE [--plan FILE] [--baseline FILE] [--expect-speed S] [--expect-width W]
//                      [--fail-on error|warning|info] [--json | --worklist]
//                      [--node-name-map FILE] [--ar [FILE]] [--ar-expect KEY=VALUE,...]
//                      [--counters [FILE]]... [--threshold-file FILE]
//                      [--switches-only | --cas-only]
// The audit: every check of the registry (docs/checks.md) over one snapshot; a table sorted
// by severity then location, a JSON document, or a technician's worklist. Exit 1 when a
// finding reaches --fail-on.

#include <algorithm>
#include <memory>

#include <CLI/CLI.hpp>

#include "ibatlas/ar/ar_expect.hpp"
#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/findings/node_type_filter.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/node_name_map.hpp"
#include "ibatlas/report/check_report.hpp"
#include "ibatlas/report/worklist.hpp"

#include "cli.hpp"
#include "source.hpp"
#include "thresholds.hpp"

namespace ibatlas::cli {

namespace {

struct CheckOptions {
  std::string source;
  std::string plan;      // CSV plan or golden snapshot; empty: none
  std::string baseline;  // earlier snapshot; empty: none
  std::string expect_speed;
  std::string expect_width;
  std::string ar_expect;  // --ar-expect KEY=VALUE,...; empty: none
  std::string fail_on = "error";
  std::string threshold_file;  // empty: the default file when present
  bool json = false;
  bool worklist = false;
  bool switches_only = false;
  bool cas_only = false;
  SourceOptions source_options;
};

// What the audit was given, loaded.
struct Inputs {
  Fabric fabric;
  std::optional<CablingPlan> plan;
  std::optional<Fabric> baseline;
  std::optional<NodeNameMap> names;
  AuditOptions audit;
};

// Loads everything first, so a bad file fails before any output.
std::unique_ptr<Inputs> load_inputs(const CheckOptions& options, std::ostream& err) {
  auto in = std::make_unique<Inputs>();
  in->fabric = load_main_source(options.source, options.source_options, err).fabric;
  if (!options.plan.empty()) {
    in->plan = load_plan(options.plan, options.source_options, in->fabric, err);
    in->audit.plan = &*in->plan;
  }
  if (!options.baseline.empty()) {
    in->baseline = load_source(options.baseline, options.source_options, err).fabric;
    in->audit.baseline = &*in->baseline;
  }
  const std::string& map_path = options.source_options.node_name_map;
  if (!map_path.empty()) {
    in->names = read_node_name_map(read_file(map_path), map_path);
    in->audit.names = &*in->names;
  }
  if (!options.expect_speed.empty()) {
    in->audit.expect_speed = parse_speed_any_case(options.expect_speed);
  }
  if (!options.expect_width.empty()) {
    in->audit.expect_width = parse_width(options.expect_width);
  }
  if (!options.ar_expect.empty()) {
    in->audit.ar_expect = parse_ar_expect(options.ar_expect);
  }
  in->audit.counter_thresholds =
      load_counter_thresholds(options.threshold_file, options.source_options.verbose, err);
  return in;
}

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Load the snapshot, the plan, the baseline and the names; 2. run every check;
  // 3. print; 4. the exit status says whether a finding reached --fail-on.
  std::unique_ptr<Inputs> in = load_inputs(options, err);
  std::vector<Finding> findings = run_checks(in->fabric, in->audit);
  if (!options.source_options.ar_findings.empty()) {  // attaching --ar FILE found these
    const std::vector<Finding>& attach = options.source_options.ar_findings;
    findings.insert(findings.end(), attach.begin(), attach.end());
    sort_findings(findings);
  }
  if (options.switches_only || options.cas_only) {
    findings = findings_at_node_type(in->fabric, std::move(findings),
                                     options.switches_only ? NodeType::Switch : NodeType::Ca);
  }
  if (options.json) {
    write_check_json(in->fabric, findings, out);
  } else if (options.worklist) {
    write_worklist(findings, out);
  } else {
    write_check_text(in->fabric, findings, text_style(out), out);
  }
  return findings_status(findings, options.fail_on);
}

}  // namespace

void add_check_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check",
                                     "Audit a fabric: links, ports, identities, "
                                     "fat-tree shape, counters, cabling plan");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("--plan", options->plan,
                  "Cabling plan: CSV (node,port,peer_node,peer_port[,width,speed]), a UFM NDT "
                  "CSV (#StartDevice,StartPort,EndDevice,EndPort,LinkType) or a golden snapshot "
                  "in any readable format");
  cmd->add_option("--baseline", options->baseline,
                  "Earlier snapshot: ports cabled then and down now, counter rates per hour");
  cmd->add_option("--expect-speed", options->expect_speed, "Every link at least this speed")
      ->check([](const std::string& s) {
        return parse_speed_any_case(s) ? std::string()
                                       : "expected SDR, DDR, QDR, FDR10, FDR, EDR, HDR, "
                                         "NDR or XDR, found " +
                                             s;
      });
  cmd->add_option("--expect-width", options->expect_width, "Every link at least this width")
      ->check([](const std::string& s) {
        return parse_width(s) ? std::string() : "expected 1x, 2x, 4x, 8x or 12x, found " + s;
      });
  cmd->add_option("--ar-expect", options->ar_expect,
                  "What every adaptive-routing switch should run, e.g. "
                  "enabled=1,sl_mask=0xffff (keys: docs/checks.md#arnot_as_expected)")
      ->check([](const std::string& s) {
        try {
          parse_ar_expect(s);
          return std::string();
        } catch (const Error& e) {
          std::string message = e.what();  // CLI11 names the option itself
          return message.starts_with("--ar-expect: ") ? message.substr(13) : message;
        }
      });
  add_threshold_file_option(*cmd, options->threshold_file);
  add_fail_on_option(*cmd, options->fail_on);
  CLI::Option* json = cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->add_flag("--worklist", options->worklist, "Print the technician's worklist by switch")
      ->excludes(json);
  CLI::Option* switches = cmd->add_flag("--switches-only", options->switches_only,
                                        "Only findings at switches (links: either end)");
  cmd->add_flag("--cas-only", options->cas_only, "Only findings at CAs (links: either end)")
      ->excludes(switches);
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_check(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
