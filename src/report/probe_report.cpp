#include "ibatlas/report/probe_report.hpp"

#include <cstdio>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/probe/statistics.hpp"

#include "report/findings_text.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using OrderedJson = nlohmann::ordered_json;

// The narrowest the wrapping columns get: a node description and a verdict's reason.
constexpr std::size_t kNameMinWidth = 12;
constexpr std::size_t kReasonMinWidth = 16;

std::string port_text(const Fabric& fabric, PortId p) {
  return text::printable(fabric.node(fabric.node_of(p)).description) + " port " +
         std::to_string(fabric.port(p).number);
}

std::string direction_text(const Fabric& fabric, const ProbePlan& plan, const SuspectDirection& d) {
  const SuspectLink& link = plan.suspects[d.suspect];
  PortId from = link.sender(d.direction);
  PortId to = link.receiver(d.direction);
  return port_text(fabric, from) + " -> " + port_text(fabric, to);
}

std::string pair_text(const Fabric& fabric, const ProbePair& p) {
  return text::printable(fabric.node(fabric.node_of(p.from)).description) + " -> " +
         text::printable(fabric.node(fabric.node_of(p.to)).description) + " (LID " +
         std::to_string(p.dlid) + ")";
}

// "12.3" microseconds, or "-" when the quantile is not reported.
std::string us(const std::optional<std::uint32_t>& ns) {
  if (!ns) {
    return "-";
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", *ns / 1000.0);
  return text;
}

Tone verdict_tone(ProbeVerdict verdict) {
  switch (verdict) {
    case ProbeVerdict::Degraded:
      return Tone::Error;
    case ProbeVerdict::Inconclusive:
      return Tone::Warning;
    case ProbeVerdict::Healthy:
      return Tone::Plain;
  }
  return Tone::Plain;
}

// One row per direction; the reason wraps under itself.
void write_verdicts(const Fabric& fabric, const ProbePlan& plan, const RunResult& run,
                    const TextStyle& style, std::ostream& out) {
  out << "\nsuspect links (per direction)\n";
  Table table({{"VERDICT"},
               {"DIRECTION", true, kNameMinWidth},
               {"PROBES", false, 0, true},
               {"CONTROLS", false, 0, true},
               {"REASON", true, kReasonMinWidth}});
  for (std::size_t i = 0; i < plan.coverage.size(); ++i) {
    const SuspectDirection& d = plan.coverage[i];
    const DirectionVerdict& v = run.verdicts[i];
    table.add_row({{to_string(v.verdict), verdict_tone(v.verdict)},
                   {direction_text(fabric, plan, d)},
                   {std::to_string(d.probes.size())},
                   {std::to_string(d.controls.size())},
                   {text::printable(v.reason)}});
  }
  table.write(out, style);
}

// One row per measured path and size, round trips in microseconds; a control path's name
// ends in " c"; under a path with failed blocks, how many and why the first failed.
void write_paths(const Fabric& fabric, const ProbePlan& plan, const RunResult& run,
                 const TextStyle& style, std::ostream& out) {
  out << "\npaths (round trip, us; closed-loop)\n";
  Table table({{"PATH", true, kNameMinWidth},
               {"BYTES", false, 0, true},
               {"SAMPLES", false, 0, true},
               {"P50", false, 0, true},
               {"P99", false, 0, true},
               {"P99.9", false, 0, true},
               {"MAX", false, 0, true},
               {"LOST", false, 0, true}});
  for (const PathMeasurement& m : run.paths) {
    const ProbePair& p = plan.probes[m.probe];
    Distribution d = summarize(m.samples);
    table.add_row({{pair_text(fabric, p) + (p.control ? " c" : "")},
                   {std::to_string(m.bytes)},
                   {std::to_string(d.n)},
                   {us(d.p50)},
                   {us(d.p99)},
                   {us(d.p999)},
                   {us(d.n == 0 ? std::nullopt : std::optional(d.max))},
                   {std::to_string(m.lost), m.lost == 0 ? Tone::Plain : Tone::Warning}});
    if (m.failed_blocks != 0) {
      table.add_note(0,
                     {"blocks failed: " + std::to_string(m.failed_blocks) +
                          (m.failure.empty() ? "" : ", the first: " + text::printable(m.failure)),
                      Tone::Error});
    }
  }
  table.write(out, style);
}

OrderedJson report_json(const Fabric& fabric, const ProbePlan& plan, const RunOptions& options,
                        const RunResult& run) {
  OrderedJson j;
  j["sizes"] = options.sizes;
  j["samples"] = options.samples;
  j["blocks"] = options.blocks;
  j["rounds"] = plan.rounds.size();
  j["round_lower_bound"] = plan.round_lower_bound;
  j["seconds"] = run.seconds;
  j["cancelled"] = run.cancelled;
  j["directions"] = OrderedJson::array();
  for (std::size_t i = 0; i < plan.coverage.size(); ++i) {
    const DirectionVerdict& v = run.verdicts[i];
    j["directions"].push_back({{"link", direction_text(fabric, plan, plan.coverage[i])},
                               {"verdict", to_string(v.verdict)},
                               {"reason", v.reason},
                               {"probes", plan.coverage[i].probes.size()},
                               {"controls", plan.coverage[i].controls.size()}});
  }
  j["paths"] = OrderedJson::array();
  for (const PathMeasurement& m : run.paths) {
    Distribution d = summarize(m.samples);
    auto ns = [](const std::optional<std::uint32_t>& v) {
      return v ? OrderedJson(*v) : OrderedJson(nullptr);
    };
    j["paths"].push_back({{"path", pair_text(fabric, plan.probes[m.probe])},
                          {"control", plan.probes[m.probe].control},
                          {"bytes", m.bytes},
                          {"samples", d.n},
                          {"p50_ns", ns(d.p50)},
                          {"p99_ns", ns(d.p99)},
                          {"p999_ns", ns(d.p999)},
                          {"max_ns", d.n == 0 ? OrderedJson(nullptr) : OrderedJson(d.max)},
                          {"sent", m.sent},
                          {"lost", m.lost},
                          {"failed_blocks", m.failed_blocks}});
  }
  return j;
}

}  // namespace

void write_probe_text(const ProbeReport& r, const TextStyle& style, std::ostream& out) {
  std::ostringstream totals;
  totals << "probe: " << r.plan.probes.size() << " probes over " << r.plan.suspects.size()
         << " suspect links, " << r.options.sizes.size() << " sizes, " << r.options.blocks
         << " blocks of " << r.options.samples << " in " << r.plan.rounds.size()
         << " rounds (lower bound " << r.plan.round_lower_bound << "), " << r.run.seconds << " s"
         << (r.run.cancelled ? ", cancelled" : "");
  write_wrapped(out, totals.str(), 0, 2, Tone::Plain, style);
  write_verdicts(r.fabric, r.plan, r.run, style, out);
  write_paths(r.fabric, r.plan, r.run, style, out);
  write_findings_list(r.findings, style, out);
}

void write_probe_json(const ProbeReport& r, std::ostream& out) {
  const Provenance& p = r.fabric.provenance();
  OrderedJson report = report_json(r.fabric, r.plan, r.options, r.run);
  write_findings_json(
      FindingsDocument{"probe", p.source, p.format,
                       std::vector<Finding>(r.findings.begin(), r.findings.end()),
                       report.dump(-1, ' ', false, OrderedJson::error_handler_t::replace)},
      out);
}

}  // namespace ibatlas
