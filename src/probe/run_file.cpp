// The probe run file's writer and the fabric fingerprint (docs/probe.md, "Run files and
// baselines"); the strict reader is in run_file_reader.cpp.

#include "ibatlas/probe/run_file.hpp"

#include <algorithm>
#include <array>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/histogram.hpp"
#include "ibatlas/probe/statistics.hpp"
#include "ibatlas/utc_time.hpp"

#include "strict_json.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using OrderedJson = nlohmann::ordered_json;

// FNV-1a, 64 bits: stable across builds and machines, unlike std::hash.
class Fnv {
 public:
  void add(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ = (hash_ ^ ((value >> (8 * i)) & 0xFFU)) * 0x100000001b3ULL;
    }
  }

  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

// ---- writing ----

OrderedJson end_json(const Fabric& fabric, PortId p) {
  const Port& port = fabric.port(p);
  const Node& node = fabric.node(port.node);
  return {{"guid", text::guid_text(node.guid)}, {"port", port.number}, {"node", node.description}};
}

OrderedJson route_json(const Fabric& fabric, const std::vector<PortId>& route) {
  OrderedJson list = OrderedJson::array();
  for (PortId p : route) {
    list.push_back(end_json(fabric, p));
  }
  return list;
}

OrderedJson probe_json(const Fabric& fabric, const ProbePair& p) {
  return {{"from", end_json(fabric, p.from)},
          {"to", end_json(fabric, p.to)},
          {"dlid", p.dlid},
          {"control", p.control},
          {"forward", route_json(fabric, p.forward)},
          {"reverse", route_json(fabric, p.reverse)}};
}

OrderedJson optional_json(const std::optional<std::uint32_t>& v) {
  return v ? OrderedJson(*v) : OrderedJson(nullptr);
}

OrderedJson distribution_json(const std::vector<std::uint32_t>& samples) {
  Distribution d = summarize(samples);
  return {{"n", d.n},
          {"min_ns", d.n == 0 ? OrderedJson(nullptr) : OrderedJson(d.min)},
          {"p50_ns", optional_json(d.p50)},
          {"p90_ns", optional_json(d.p90)},
          {"p99_ns", optional_json(d.p99)},
          {"p999_ns", optional_json(d.p999)},
          {"max_ns", d.n == 0 ? OrderedJson(nullptr) : OrderedJson(d.max)},
          {"mean_ns", d.n == 0 ? OrderedJson(nullptr) : OrderedJson(d.mean)}};
}

OrderedJson histogram_json(const std::vector<std::uint32_t>& samples) {
  LatencyHistogram h;
  for (std::uint32_t ns : samples) {
    h.record(ns);
  }
  OrderedJson list = OrderedJson::array();
  for (const HistogramBucket& b : h.to_sparse()) {
    list.push_back({b.index, b.count});
  }
  return list;
}

OrderedJson path_json(const PathMeasurement& m) {
  return {{"probe", m.probe},
          {"bytes", m.bytes},
          {"sent", m.sent},
          {"lost", m.lost},
          {"duplicates", m.duplicates},
          {"late", m.late},
          {"failed_blocks", m.failed_blocks},
          {"failure", m.failure},
          {"block_medians_ns", m.block_medians},
          {"distribution", distribution_json(m.samples)},
          {"histogram", histogram_json(m.samples)}};
}

OrderedJson verdict_json(const DirectionVerdict& v) {
  OrderedJson sizes = OrderedJson::array();
  for (const SizeComparison& s : v.sizes) {
    sizes.push_back({{"bytes", s.bytes},
                     {"suspect_blocks", s.suspect_blocks},
                     {"control_blocks", s.control_blocks},
                     {"suspect_median_ns", s.suspect_median_ns},
                     {"control_median_ns", s.control_median_ns},
                     {"shift_ns", s.shift_ns},
                     {"shift_low_ns", s.shift_low_ns},
                     {"shift_high_ns", s.shift_high_ns},
                     {"threshold_ns", s.threshold_ns},
                     {"clusterkit_bad", s.clusterkit_bad},
                     {"verdict", to_string(s.verdict)}});
  }
  return {{"verdict", to_string(v.verdict)},
          {"reason", v.reason},
          {"slope_ratio", v.slope_ratio ? OrderedJson(*v.slope_ratio) : OrderedJson(nullptr)},
          {"sizes", sizes}};
}

}  // namespace

std::uint64_t fabric_fingerprint(const Fabric& fabric) {
  std::vector<Guid> nodes;
  for (const Node& n : fabric.nodes()) {
    nodes.push_back(n.guid);
  }
  std::sort(nodes.begin(), nodes.end());
  std::vector<std::array<std::uint64_t, 2>> links;
  for (PortId id : fabric.links()) {
    const Port& a = fabric.port(id);
    const Port& b = fabric.port(*a.peer);
    std::uint64_t x = (fabric.node(a.node).guid << 8U) ^ a.number;
    std::uint64_t y = (fabric.node(b.node).guid << 8U) ^ b.number;
    links.push_back({std::min(x, y), std::max(x, y)});
  }
  std::sort(links.begin(), links.end());
  Fnv fnv;
  for (Guid g : nodes) {
    fnv.add(g);
  }
  for (const auto& [x, y] : links) {
    fnv.add(x);
    fnv.add(y);
  }
  return fnv.value();
}

void write_run_file(const Fabric& fabric, const ProbePlan& plan, const RunOptions& options,
                    const RunResult& run, std::ostream& out) {
  const Provenance& from = fabric.provenance();
  OrderedJson j;
  j["schema"] = kProbeRunSchema;
  j["tool"] = "ibatlas " IBATLAS_VERSION;
  j["time"] = utc_now();
  j["fabric"] = {{"source", from.source},
                 {"format", from.format},
                 {"time", from.time ? OrderedJson(*from.time) : OrderedJson(nullptr)},
                 {"fingerprint", text::guid_text(fabric_fingerprint(fabric))}};
  j["options"] = {{"sizes", options.sizes},
                  {"samples", options.samples},
                  {"blocks", options.blocks},
                  {"warmup", options.warmup},
                  {"sample_timeout_ms", options.sample_timeout.count()}};
  j["suspects"] = OrderedJson::array();
  for (const SuspectLink& s : plan.suspects) {
    j["suspects"].push_back(
        {{"a", end_json(fabric, s.a)}, {"b", end_json(fabric, s.b)}, {"reason", s.reason}});
  }
  j["probes"] = OrderedJson::array();
  for (const ProbePair& p : plan.probes) {
    j["probes"].push_back(probe_json(fabric, p));
  }
  j["coverage"] = OrderedJson::array();
  for (const SuspectDirection& d : plan.coverage) {
    j["coverage"].push_back({{"suspect", d.suspect},
                             {"direction", d.direction},
                             {"probes", d.probes},
                             {"controls", d.controls},
                             {"identifiable", d.identifiable},
                             {"note", d.note}});
  }
  j["rounds"] = plan.rounds;
  j["paths"] = OrderedJson::array();
  for (const PathMeasurement& m : run.paths) {
    j["paths"].push_back(path_json(m));
  }
  j["verdicts"] = OrderedJson::array();
  for (const DirectionVerdict& v : run.verdicts) {
    j["verdicts"].push_back(verdict_json(v));
  }
  out << j.dump(1, ' ', false, OrderedJson::error_handler_t::replace) << '\n';
}

}  // namespace ibatlas
