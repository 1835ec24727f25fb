#include "ibatlas/report/probe_report.hpp"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/probe/statistics.hpp"

#include "report/findings_text.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using OrderedJson = nlohmann::ordered_json;

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

void write_verdicts(const Fabric& fabric, const ProbePlan& plan, const RunResult& run,
                    std::ostream& out) {
  out << "\nsuspect links (per direction)\n";
  for (std::size_t i = 0; i < plan.coverage.size(); ++i) {
    const SuspectDirection& d = plan.coverage[i];
    const DirectionVerdict& v = run.verdicts[i];
    out << "  " << to_string(v.verdict) << "  " << direction_text(fabric, plan, d) << "  ("
        << d.probes.size() << " probes, " << d.controls.size() << " controls)\n    "
        << text::printable(v.reason) << '\n';
  }
}

void write_paths(const Fabric& fabric, const ProbePlan& plan, const RunResult& run,
                 std::ostream& out) {
  out << "\npaths (round trip, us; closed-loop)   bytes  samples    p50     p99   p99.9     max  "
         "lost\n";
  for (const PathMeasurement& m : run.paths) {
    const ProbePair& p = plan.probes[m.probe];
    Distribution d = summarize(m.samples);
    char line[200];
    std::snprintf(line, sizeof line, "  %-36s %6u %8zu %6s %7s %7s %7s %5llu%s\n",
                  (pair_text(fabric, p) + (p.control ? " c" : "")).c_str(), m.bytes,
                  static_cast<std::size_t>(d.n), us(d.p50).c_str(), us(d.p99).c_str(),
                  us(d.p999).c_str(), us(d.n == 0 ? std::nullopt : std::optional(d.max)).c_str(),
                  static_cast<unsigned long long>(m.lost),
                  m.failed_blocks == 0 ? "" : "  (blocks failed)");
    out << line;
  }
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

void write_probe_text(const Fabric& fabric, const ProbePlan& plan, const RunOptions& options,
                      const RunResult& run, std::span<const Finding> findings, std::ostream& out) {
  out << "probe: " << plan.probes.size() << " probes over " << plan.suspects.size()
      << " suspect links, " << options.sizes.size() << " sizes, " << options.blocks << " blocks of "
      << options.samples << " in " << plan.rounds.size() << " rounds (lower bound "
      << plan.round_lower_bound << "), " << run.seconds << " s"
      << (run.cancelled ? ", cancelled" : "") << '\n';
  write_verdicts(fabric, plan, run, out);
  write_paths(fabric, plan, run, out);
  write_findings_list(findings, out);
}

void write_probe_json(const Fabric& fabric, const ProbePlan& plan, const RunOptions& options,
                      const RunResult& run, std::span<const Finding> findings, std::ostream& out) {
  const Provenance& p = fabric.provenance();
  OrderedJson report = report_json(fabric, plan, options, run);
  write_findings_json(
      FindingsDocument{"probe", p.source, p.format,
                       std::vector<Finding>(findings.begin(), findings.end()),
                       report.dump(-1, ' ', false, OrderedJson::error_handler_t::replace)},
      out);
}

}  // namespace ibatlas
