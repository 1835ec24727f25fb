// ibatlas check SOURCE [--plan FILE] [--baseline FILE] [--expect-speed S] [--expect-width W]
//                      [--fail-on error|warning|info] [--json | --worklist]
//                      [--node-name-map FILE]
// The audit: every check of the registry (docs/checks.md) over one snapshot; a table sorted
// by severity then location, a JSON document, or a technician's worklist. Exit 1 when a
// finding reaches --fail-on.

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "ibatlas/analysis/fat_tree.hpp"
#include "ibatlas/analysis/summary.hpp"
#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/node_name_map.hpp"
#include "ibatlas/formats/plan_csv.hpp"
#include "ibatlas/report/worklist.hpp"
#include "ibatlas/tiers.hpp"

#include "cli.hpp"
#include "source.hpp"
#include <unistd.h>

namespace ibatlas::cli {

namespace {

struct CheckOptions {
  std::string source;
  std::string plan;      // CSV plan or golden snapshot; empty: none
  std::string baseline;  // earlier snapshot; empty: none
  std::string expect_speed;
  std::string expect_width;
  std::string fail_on = "error";
  bool json = false;
  bool worklist = false;
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

CablingPlan load_plan(const CheckOptions& options, std::ostream& err) {
  std::string bytes = read_file(options.plan);
  if (looks_like_plan_csv(bytes)) {
    return read_plan_csv(bytes, options.plan);
  }
  return plan_from_fabric(load_source(options.plan, options.source_options, err).fabric);
}

// Loads everything first, so a bad file fails before any output.
std::unique_ptr<Inputs> load_inputs(const CheckOptions& options, std::ostream& err) {
  auto in = std::make_unique<Inputs>();
  in->fabric = load_source(options.source, options.source_options, err).fabric;
  if (!options.plan.empty()) {
    in->plan = load_plan(options, err);
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
  return in;
}

// ---- JSON ----

nlohmann::ordered_json guid_json(const std::optional<Guid>& guid) {
  if (!guid) {
    return nullptr;
  }
  char buffer[19];
  std::snprintf(buffer, sizeof buffer, "0x%016llx", static_cast<unsigned long long>(*guid));
  return buffer;
}

template <typename T>
nlohmann::ordered_json optional_json(const std::optional<T>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json finding_json(const Finding& f) {
  constexpr const char* kKinds[] = {"fabric", "node", "port", "link"};
  const Location& at = f.location;
  bool fabric_wide = at.kind == LocationKind::Fabric;
  nlohmann::ordered_json j;
  j["check"] = f.check;
  j["severity"] = to_string(f.severity);
  j["location"] = kKinds[static_cast<int>(at.kind)];
  j["node_guid"] = fabric_wide ? nullptr : guid_json(at.here.node_guid);
  j["node"] = fabric_wide ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(at.here.name);
  j["port"] = fabric_wide ? nullptr : optional_json(at.here.port);
  j["peer_guid"] = at.peer ? guid_json(at.peer->node_guid) : nullptr;
  j["peer"] = at.peer ? nlohmann::ordered_json(at.peer->name) : nlohmann::ordered_json(nullptr);
  j["peer_port"] = at.peer ? optional_json(at.peer->port) : nullptr;
  j["measured"] = f.measured;
  j["expected"] = f.expected;
  j["hint"] = f.hint;
  j["message"] = f.message;
  return j;
}

void print_json(const Fabric& fabric, const std::vector<Finding>& findings, std::ostream& out) {
  SeverityCounts counts = count_by_severity(findings);
  nlohmann::ordered_json j;
  j["source"] = fabric.provenance().source;
  j["format"] = fabric.provenance().format;
  j["summary"] = {{"findings", findings.size()},
                  {"errors", counts.errors},
                  {"warnings", counts.warnings},
                  {"info", counts.infos}};
  j["findings"] = nlohmann::ordered_json::array();
  for (const Finding& f : findings) {
    j["findings"].push_back(finding_json(f));
  }
  // Node descriptions are bytes from the fabric, not always UTF-8: replace what is not.
  out << j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

// ---- text ----

bool use_colour(const std::ostream& out) {
  return &out == &std::cout && isatty(STDOUT_FILENO) == 1 && std::getenv("NO_COLOR") == nullptr;
}

std::string coloured(Severity s, bool colour) {
  std::string word = to_string(s);
  if (!colour) {
    return word;
  }
  constexpr const char* kCodes[] = {"\033[1;31m", "\033[33m", "\033[36m"};
  return kCodes[static_cast<int>(s)] + word + "\033[0m";
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) {
    text.append(width - text.size(), ' ');
  }
  return text;
}

void print_table(const std::vector<Finding>& findings, std::ostream& out) {
  constexpr std::size_t kSeverityWidth = 9;
  constexpr std::size_t kMaxLocationWidth = 56;
  std::size_t check_width = 6;
  std::size_t location_width = 9;
  for (const Finding& f : findings) {
    check_width = std::max(check_width, f.check.size() + 2);
    location_width = std::max(location_width, to_string(f.location).size() + 2);
  }
  location_width = std::min(location_width, kMaxLocationWidth);
  bool colour = use_colour(out);
  out << padded("SEVERITY", kSeverityWidth) << padded("CHECK", check_width)
      << padded("LOCATION", location_width) << "MESSAGE\n";
  for (const Finding& f : findings) {
    std::string location = to_string(f.location);
    std::string severity = coloured(f.severity, colour);
    out << severity << std::string(kSeverityWidth - to_string(f.severity).size(), ' ')
        << padded(f.check, check_width) << padded(location, location_width);
    if (location.size() >= location_width) {
      out << '\n' << std::string(kSeverityWidth + check_width + location_width, ' ');
    }
    out << f.message << '\n'
        << std::string(kSeverityWidth + check_width, ' ') << "fix: " << f.hint << '\n';
  }
}

void print_summary(const Fabric& fabric, const std::vector<Finding>& findings, std::ostream& out) {
  FabricSummary s = summarize(fabric);
  Tiers tiers = infer_tiers(fabric);
  SeverityCounts counts = count_by_severity(findings);
  out << "checked " << s.switches << " switches, " << s.hosts << " hosts, " << s.links << " links";
  if (tiers.top >= 2) {
    out << " (" << tiers.top << " switch tiers";
    FatTreeShape shape = fat_tree_shape(fabric, tiers);
    if (shape.usual_ratio) {
      out << ", leaves oversubscribed " << ratio_text(*shape.usual_ratio) << " by "
          << (shape.by_bandwidth ? "bandwidth" : "cable count");
    }
    out << ')';
  }
  out << ": " << findings.size() << " finding" << (findings.size() == 1 ? "" : "s") << " ("
      << counts.errors << " error" << (counts.errors == 1 ? "" : "s") << ", " << counts.warnings
      << " warning" << (counts.warnings == 1 ? "" : "s") << ", " << counts.infos << " info)\n";
}

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  // 1. Load the snapshot, the plan, the baseline and the names; 2. run every check;
  // 3. print; 4. the exit status says whether a finding reached --fail-on.
  std::unique_ptr<Inputs> in = load_inputs(options, err);
  std::vector<Finding> findings = run_checks(in->fabric, in->audit);
  if (options.json) {
    print_json(in->fabric, findings, out);
  } else if (options.worklist) {
    write_worklist(findings, out);
  } else {
    print_table(findings, out);
    print_summary(in->fabric, findings, out);
  }
  Severity level = parse_severity(options.fail_on).value_or(Severity::Error);
  bool failed = std::any_of(findings.begin(), findings.end(),
                            [level](const Finding& f) { return reaches(f.severity, level); });
  return failed ? kExitFindings : kExitOk;
}

}  // namespace

void add_check_command(CLI::App& app, std::ostream& out, std::ostream& err, int& status) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check",
                                     "Audit a fabric: links, ports, identities, "
                                     "fat-tree shape, counters, cabling plan");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("--plan", options->plan,
                  "Cabling plan: CSV (node,port,peer_node,peer_port[,width,speed]) or a golden "
                  "snapshot in any readable format");
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
  cmd->add_option("--fail-on", options->fail_on, "Exit 1 when a finding is this bad or worse")
      ->check(CLI::IsMember({"error", "warning", "info"}))
      ->capture_default_str();
  CLI::Option* json = cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->add_flag("--worklist", options->worklist, "Print the technician's worklist by switch")
      ->excludes(json);
  add_reading_options(*cmd, options->source_options);
  cmd->callback([options, &out, &err, &status] {
    status = with_live_status(run_check(*options, out, err), options->source_options);
  });
}

}  // namespace ibatlas::cli
