// The probe run file's strict reader (docs/probe.md, "Run files and baselines"): every key
// the writer (run_file.cpp) writes, in its order, and nothing else.

#include <algorithm>
#include <array>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/histogram.hpp"
#include "ibatlas/probe/run_file.hpp"
#include "ibatlas/probe/statistics.hpp"

#include "strict_json.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using strict_json::Json;
using strict_json::Path;

constexpr int kMaxDepth = 12;
constexpr std::array<std::string_view, 11> kRunKeys = {"schema",  "tool",     "time",    "fabric",
                                                       "options", "suspects", "probes",  "coverage",
                                                       "rounds",  "paths",    "verdicts"};
constexpr std::array<std::string_view, 1> kRunOptionalKeys = {"verdicts"};
constexpr std::array<std::string_view, 4> kFabricKeys = {"source", "format", "time", "fingerprint"};
constexpr std::array<std::string_view, 5> kOptionKeys = {"sizes", "samples", "blocks", "warmup",
                                                         "sample_timeout_ms"};
constexpr std::array<std::string_view, 3> kEndKeys = {"guid", "port", "node"};
constexpr std::array<std::string_view, 3> kSuspectKeys = {"a", "b", "reason"};
constexpr std::array<std::string_view, 6> kProbeKeys = {"from",    "to",      "dlid",
                                                        "control", "forward", "reverse"};
constexpr std::array<std::string_view, 6> kCoverageKeys = {"suspect",  "direction",    "probes",
                                                           "controls", "identifiable", "note"};
constexpr std::array<std::string_view, 11> kPathKeys = {
    "probe",         "bytes",      "sent",
    "lost",          "duplicates", "late",
    "failed_blocks", "failure",    "block_medians_ns",
    "distribution",  "histogram"};

class Reader {
 public:
  Reader(const std::string& file, const Fabric& fabric) : file_(file), fabric_(fabric) {}

  BaselineRun read(const Json& doc) {
    Path root(file_, "$");
    strict_json::expect_keys(root, doc, kRunKeys, kRunOptionalKeys);
    std::string schema = strict_json::string_value(root.key("schema"), doc.at("schema"));
    if (schema != kProbeRunSchema) {
      root.key("schema").fail("\"" + std::string(kProbeRunSchema) + "\"", doc.at("schema"));
    }
    BaselineRun run;
    run.file = file_;
    run.time = strict_json::string_value(root.key("time"), doc.at("time"));
    run.fingerprint = read_fabric(root.key("fabric"), doc.at("fabric"));
    run.options = read_options(root.key("options"), doc.at("options"));
    read_plan(root, doc, run.plan);
    read_paths(root.key("paths"), doc.at("paths"), run);
    return run;
  }

 private:
  std::uint64_t read_fabric(const Path& at, const Json& j) {
    strict_json::expect_keys(at, j, kFabricKeys);
    std::optional<Guid> fingerprint = strict_json::guid(at.key("fingerprint"), j.at("fingerprint"));
    if (!fingerprint) {
      at.key("fingerprint").fail("a fingerprint", j.at("fingerprint"));
    }
    return *fingerprint;
  }

  RunOptions read_options(const Path& at, const Json& j) {
    strict_json::expect_keys(at, j, kOptionKeys);
    RunOptions o;
    o.sizes.clear();
    const Json& sizes = strict_json::array(at.key("sizes"), j.at("sizes"));
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      o.sizes.push_back(bounded32(at.key("sizes").index(i), sizes[i]));
    }
    if (o.sizes.empty()) {
      at.key("sizes").fail("at least one size", j.at("sizes"));
    }
    o.samples = bounded32(at.key("samples"), j.at("samples"));
    o.blocks = strict_json::count(at.key("blocks"), j.at("blocks"));
    o.warmup = bounded32(at.key("warmup"), j.at("warmup"));
    o.sample_timeout = std::chrono::milliseconds(
        bounded32(at.key("sample_timeout_ms"), j.at("sample_timeout_ms")));
    return o;
  }

  static std::uint32_t bounded32(const Path& at, const Json& j) {
    std::size_t v = strict_json::count(at, j);
    if (v > 0xFFFFFFFFU) {
      at.fail("a count below 2^32", j);
    }
    return static_cast<std::uint32_t>(v);
  }

  PortId port_of(const Path& at, const Json& j) {
    strict_json::expect_keys(at, j, kEndKeys);
    std::optional<Guid> guid = strict_json::guid(at.key("guid"), j.at("guid"));
    std::optional<std::uint8_t> number = strict_json::port(at.key("port"), j.at("port"));
    std::string name = strict_json::string_value(at.key("node"), j.at("node"));
    if (!guid || !number) {
      at.fail("a node GUID and a port number", j);
    }
    std::optional<NodeId> node = fabric_.find_node(*guid);
    std::optional<PortId> port = node ? fabric_.find_port(*node, *number) : std::nullopt;
    if (!port) {
      at.fail("a port of SOURCE (the baseline names " + printable_input(name) + " " +
                  text::guid_text(*guid) + " port " + std::to_string(*number) + ")",
              std::string("none such"));
    }
    return *port;
  }

  std::vector<PortId> route(const Path& at, const Json& j) {
    std::vector<PortId> ports;
    const Json& list = strict_json::array(at, j);
    for (std::size_t i = 0; i < list.size(); ++i) {
      ports.push_back(port_of(at.index(i), list[i]));
    }
    return ports;
  }

  std::vector<std::size_t> indices(const Path& at, const Json& j, std::size_t limit) {
    std::vector<std::size_t> out;
    const Json& list = strict_json::array(at, j);
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::size_t v = strict_json::count(at.index(i), list[i]);
      if (v >= limit) {
        at.index(i).fail("an index below " + std::to_string(limit), list[i]);
      }
      out.push_back(v);
    }
    return out;
  }

  void read_plan(const Path& root, const Json& doc, ProbePlan& plan) {
    Path sp = root.key("suspects");
    const Json& suspects = strict_json::array(sp, doc.at("suspects"));
    for (std::size_t i = 0; i < suspects.size(); ++i) {
      strict_json::expect_keys(sp.index(i), suspects[i], kSuspectKeys);
      plan.suspects.push_back(SuspectLink{
          port_of(sp.index(i).key("a"), suspects[i].at("a")),
          port_of(sp.index(i).key("b"), suspects[i].at("b")),
          strict_json::string_value(sp.index(i).key("reason"), suspects[i].at("reason"))});
    }
    Path pp = root.key("probes");
    const Json& probes = strict_json::array(pp, doc.at("probes"));
    for (std::size_t i = 0; i < probes.size(); ++i) {
      plan.probes.push_back(probe(pp.index(i), probes[i]));
    }
    Path cp = root.key("coverage");
    const Json& coverage = strict_json::array(cp, doc.at("coverage"));
    for (std::size_t i = 0; i < coverage.size(); ++i) {
      plan.coverage.push_back(direction(cp.index(i), coverage[i], plan));
    }
    Path rp = root.key("rounds");
    const Json& rounds = strict_json::array(rp, doc.at("rounds"));
    for (std::size_t i = 0; i < rounds.size(); ++i) {
      plan.rounds.push_back(indices(rp.index(i), rounds[i], plan.probes.size()));
    }
  }

  ProbePair probe(const Path& at, const Json& j) {
    strict_json::expect_keys(at, j, kProbeKeys);
    ProbePair p;
    p.from = port_of(at.key("from"), j.at("from"));
    p.to = port_of(at.key("to"), j.at("to"));
    std::size_t dlid = strict_json::count(at.key("dlid"), j.at("dlid"));
    if (dlid == 0 || dlid > 0xBFFF) {
      at.key("dlid").fail("a unicast LID 1..0xbfff", j.at("dlid"));
    }
    p.dlid = static_cast<Lid>(dlid);
    if (!j.at("control").is_boolean()) {
      at.key("control").fail("true or false", j.at("control"));
    }
    p.control = j.at("control").get<bool>();
    p.forward = route(at.key("forward"), j.at("forward"));
    p.reverse = route(at.key("reverse"), j.at("reverse"));
    return p;
  }

  SuspectDirection direction(const Path& at, const Json& j, const ProbePlan& plan) {
    strict_json::expect_keys(at, j, kCoverageKeys);
    SuspectDirection d;
    d.suspect = strict_json::count(at.key("suspect"), j.at("suspect"));
    if (d.suspect >= plan.suspects.size()) {
      at.key("suspect").fail("an index into $.suspects", j.at("suspect"));
    }
    std::size_t direction = strict_json::count(at.key("direction"), j.at("direction"));
    if (direction > 1) {
      at.key("direction").fail("0 (a -> b) or 1 (b -> a)", j.at("direction"));
    }
    d.direction = static_cast<int>(direction);
    d.probes = indices(at.key("probes"), j.at("probes"), plan.probes.size());
    d.controls = indices(at.key("controls"), j.at("controls"), plan.probes.size());
    if (!j.at("identifiable").is_boolean()) {
      at.key("identifiable").fail("true or false", j.at("identifiable"));
    }
    d.identifiable = j.at("identifiable").get<bool>();
    d.note = strict_json::string_value(at.key("note"), j.at("note"));
    return d;
  }

  void read_paths(const Path& at, const Json& j, BaselineRun& run) {
    const Json& list = strict_json::array(at, j);
    std::size_t sizes = run.options.sizes.size();
    if (list.size() != run.plan.probes.size() * sizes) {
      at.fail(std::to_string(run.plan.probes.size() * sizes) + " paths (probes x sizes)",
              std::to_string(list.size()));
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
      Path p = at.index(i);
      const Json& e = list[i];
      strict_json::expect_keys(p, e, kPathKeys);
      PathMeasurement m;
      m.probe = strict_json::count(p.key("probe"), e.at("probe"));
      m.bytes = bounded32(p.key("bytes"), e.at("bytes"));
      if (m.probe != i / sizes || m.bytes != run.options.sizes[i % sizes]) {
        p.fail("probe " + std::to_string(i / sizes) + " at " +
                   std::to_string(run.options.sizes[i % sizes]) + " bytes (probe-major order)",
               std::string("probe ") + std::to_string(m.probe) + " at " + std::to_string(m.bytes));
      }
      m.sent = strict_json::count(p.key("sent"), e.at("sent"));
      m.lost = strict_json::count(p.key("lost"), e.at("lost"));
      m.duplicates = strict_json::count(p.key("duplicates"), e.at("duplicates"));
      m.late = strict_json::count(p.key("late"), e.at("late"));
      m.failed_blocks = strict_json::count(p.key("failed_blocks"), e.at("failed_blocks"));
      m.failure = strict_json::string_value(p.key("failure"), e.at("failure"));
      const Json& medians = strict_json::array(p.key("block_medians_ns"), e.at("block_medians_ns"));
      for (std::size_t b = 0; b < medians.size(); ++b) {
        double v = strict_json::number(p.key("block_medians_ns").index(b), medians[b]);
        if (v < 0) {
          p.key("block_medians_ns").index(b).fail("a time >= 0", medians[b]);
        }
        m.block_medians.push_back(v);
      }
      run.paths.push_back(std::move(m));
    }
  }

  const std::string& file_;
  const Fabric& fabric_;
};

}  // namespace

BaselineRun read_run_file(std::string_view text, const std::string& file, const Fabric& fabric) {
  Json doc = strict_json::parse(text, file, "JSON (an ibatlas probe run)", kMaxDepth);
  return Reader(file, fabric).read(doc);
}

}  // namespace ibatlas
