#include "ibatlas/probe/run.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/statistics.hpp"

#include "findings/finding_factory.hpp"

namespace ibatlas {

namespace {

using Clock = std::chrono::steady_clock;

struct Pending {
  std::size_t path = 0;  // index into RunResult::paths
};

// The engine's state over one run: what is measured so far, which hosts are gone.
class Runner {
 public:
  Runner(const ProbePlan& plan, ProbeTransport& transport, const RunOptions& options)
      : plan_(plan), transport_(transport), options_(options) {
    for (std::size_t p = 0; p < plan.probes.size(); ++p) {
      for (std::uint32_t bytes : options.sizes) {
        PathMeasurement m;
        m.probe = p;
        m.bytes = bytes;
        result_.paths.push_back(std::move(m));
      }
    }
    total_ = result_.paths.size() * options.blocks;
    for (const auto& [host, why] : options.absent_hosts) {
      dead_.insert(host);
      why_dead_[host] = why;
    }
  }

  RunResult run() && {
    Clock::time_point start = Clock::now();
    for (std::size_t block = 0; block < options_.blocks && !stopped(); ++block) {
      for (std::size_t size = 0; size < options_.sizes.size() && !stopped(); ++size) {
        for (const std::vector<std::size_t>& round : plan_.rounds) {
          if (stopped()) {
            break;
          }
          run_round(round, size);
        }
      }
    }
    result_.cancelled = stopped();
    result_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    result_.unreachable.assign(dead_.begin(), dead_.end());
    result_.unreachable_why = why_dead_;
    return std::move(result_);
  }

 private:
  std::size_t in_flight_limit() const {
    std::size_t limit = transport_.max_in_flight();
    return options_.concurrency == 0 ? limit : std::min(limit, options_.concurrency);
  }

  bool stopped() const { return options_.stop != nullptr && options_.stop->load(); }

  bool alive(const ProbePair& probe) const {
    return dead_.count(probe.from) == 0 && dead_.count(probe.to) == 0;
  }

  // One round at one size: its probes (no two share a cable or host) at once, as many as
  // the transport takes, until every one has its result.
  void run_round(const std::vector<std::size_t>& round, std::size_t size) {
    std::size_t next = 0;
    while (next < round.size() || !pending_.empty()) {
      while (next < round.size() && pending_.size() < in_flight_limit()) {
        send(round[next++], size);
      }
      if (pending_.empty()) {
        continue;
      }
      if (stopped()) {
        transport_.cancel();
      }
      for (ProbeResult& r : transport_.poll(std::chrono::milliseconds(100))) {
        receive(std::move(r));
      }
    }
  }

  void send(std::size_t probe_index, std::size_t size) {
    const ProbePair& probe = plan_.probes[probe_index];
    std::size_t path = path_index(probe_index, size, options_.sizes.size());
    if (!alive(probe)) {
      PortId gone = dead_.count(probe.from) != 0 ? probe.from : probe.to;
      auto why = why_dead_.find(gone);
      fail(result_.paths[path],
           why != why_dead_.end() ? why->second : "the host's agent did not answer earlier");
      return;
    }
    ProbeRequest request;
    request.tag = next_tag_++;
    request.from = probe.from;
    request.to = probe.to;
    request.dlid = probe.dlid;
    request.request_bytes = options_.sizes[size];
    request.reply_bytes = 64;
    request.samples = options_.samples;
    request.warmup = options_.warmup;
    request.sample_timeout = options_.sample_timeout;
    pending_.emplace(request.tag, Pending{path});
    transport_.send(request);
  }

  void receive(ProbeResult r) {
    auto it = pending_.find(r.tag);
    if (it == pending_.end()) {
      throw Error("probe transport: a result for tag " + std::to_string(r.tag) +
                  ", which no request has");
    }
    PathMeasurement& m = result_.paths[it->second.path];
    pending_.erase(it);
    ++done_;
    if (options_.progress) {
      options_.progress(done_, total_);
    }
    if (r.status != ProbeStatus::Ok) {
      if (!r.problem.empty() && r.culprit) {
        result_.transport_problems.emplace(std::pair{*r.culprit, r.problem}, r.detail);
      }
      if (r.status == ProbeStatus::Unreachable && r.culprit) {
        dead_.insert(*r.culprit);
        why_dead_.emplace(*r.culprit, r.detail);
      }
      fail(m, r.detail.empty() ? to_string(r.status) : r.detail);
      return;
    }
    m.sent += r.sent;
    m.lost += r.lost;
    m.duplicates += r.duplicates;
    m.late += r.late;
    if (!r.rtt_ns.empty()) {
      std::vector<double> block(r.rtt_ns.begin(), r.rtt_ns.end());
      m.block_medians.push_back(median(block));
      m.samples.insert(m.samples.end(), r.rtt_ns.begin(), r.rtt_ns.end());
    }
  }

  static void fail(PathMeasurement& m, const std::string& detail) {
    ++m.failed_blocks;
    if (m.failure.empty()) {
      m.failure = detail;
    }
  }

  const ProbePlan& plan_;
  ProbeTransport& transport_;
  const RunOptions& options_;
  RunResult result_;
  std::map<std::uint64_t, Pending> pending_;
  std::set<PortId> dead_;
  std::map<PortId, std::string> why_dead_;
  std::uint64_t next_tag_ = 1;
  std::size_t done_ = 0;
  std::size_t total_ = 0;
};

// Suspect and control block medians of one direction at one size.
SizeArms arms_of(const SuspectDirection& d, const RunResult& run, std::size_t size,
                 const RunOptions& options) {
  SizeArms arms;
  arms.bytes = options.sizes[size];
  auto gather = [&](const std::vector<std::size_t>& probes, std::vector<double>& out) {
    for (std::size_t p : probes) {
      const PathMeasurement& m = run.paths[path_index(p, size, options.sizes.size())];
      out.insert(out.end(), m.block_medians.begin(), m.block_medians.end());
    }
  };
  gather(d.probes, arms.suspect);
  gather(d.controls, arms.control);
  return arms;
}

DirectionVerdict judge(const SuspectDirection& d, const RunResult& run, const RunOptions& options) {
  if (d.probes.empty() || d.controls.empty()) {
    DirectionVerdict v;
    v.reason = d.note.empty() ? "no probe or no control was planned" : d.note;
    return v;
  }
  std::vector<SizeArms> sizes;
  for (std::size_t s = 0; s < options.sizes.size(); ++s) {
    sizes.push_back(arms_of(d, run, s, options));
  }
  DirectionVerdict v = judge_direction(sizes, options.verdict);
  if (!d.identifiable && v.verdict == ProbeVerdict::Degraded) {
    // The same probes cross another suspect: they cannot say which of the two is slow.
    v.verdict = ProbeVerdict::Inconclusive;
    v.reason = "slower, but its probes cross another suspect as well: " + v.reason;
  }
  return v;
}

// "leaf1 port 4 -> spine2 port 1"
std::string direction_text(const FindingFactory& names, const Fabric& fabric,
                           const SuspectLink& link, int direction) {
  PortId from = link.sender(direction);
  PortId to = link.receiver(direction);
  auto end = [&](PortId p) {
    return names.name(fabric.node_of(p)) + " port " + std::to_string(fabric.port(p).number);
  };
  return end(from) + " -> " + end(to);
}

// The size a finding quotes: the first that decided a degraded verdict, else the one with
// the largest shift. nullptr when nothing was compared.
const SizeComparison* telling_size(const DirectionVerdict& v) {
  const SizeComparison* best = nullptr;
  for (const SizeComparison& s : v.sizes) {
    if (v.verdict == ProbeVerdict::Degraded && s.verdict == ProbeVerdict::Degraded) {
      return &s;
    }
    if (best == nullptr || s.shift_ns > best->shift_ns) {
      best = &s;
    }
  }
  return best;
}

// "+4.8 us" for a shift, "4.8 us" for a threshold.
std::string micros(double ns, bool sign) {
  char text[32];
  std::snprintf(text, sizeof text, sign ? "%+.1f us" : "%.1f us", ns / 1000);
  return text;
}

void add_verdict_findings(const Fabric& fabric, const ProbePlan& plan, RunResult& run,
                          const FindingFactory& names) {
  for (std::size_t i = 0; i < plan.coverage.size(); ++i) {
    const SuspectDirection& d = plan.coverage[i];
    const DirectionVerdict& v = run.verdicts[i];
    if (v.verdict == ProbeVerdict::Healthy) {
      continue;
    }
    const SuspectLink& link = plan.suspects[d.suspect];
    PortId from = link.sender(d.direction);
    PortId to = link.receiver(d.direction);
    bool degraded = v.verdict == ProbeVerdict::Degraded;
    Finding f = names.at_link(degraded ? "probe.degraded_link" : "probe.inconclusive", from, to);
    f.message = direction_text(names, fabric, link, d.direction) + ": " + v.reason;
    if (const SizeComparison* s = telling_size(v)) {
      f.measured = micros(s->shift_ns, true) + " at " + std::to_string(s->bytes) + " B";
      f.expected = "< " + micros(s->threshold_ns, false);
    }
    f.hint = degraded ? "check the cable's width, speed and errors (ibatlas check); reseat or "
                        "replace it"
                      : "probe again with more --samples or larger --sizes, on a quiet fabric";
    run.findings.push_back(std::move(f));
  }
}

void add_host_findings(const Fabric& fabric, RunResult& run, const FindingFactory& names) {
  for (PortId host : run.unreachable) {
    Finding f = names.at_node("probe.unreachable_host", fabric.node_of(host));
    auto why = run.unreachable_why.find(host);
    std::string detail = why == run.unreachable_why.end() ? "" : why->second;
    f.message = names.name(fabric.node_of(host)) + "'s agent did not answer" +
                (detail.empty() ? "" : ": " + detail) + "; its probes were skipped";
    f.hint = "start `ibatlas agent` there with the same key file; check its HOSTS line";
    run.findings.push_back(std::move(f));
  }
}

// Once per host and check: the agent said its transport cannot run there.
void add_transport_findings(const Fabric& fabric, RunResult& run, const FindingFactory& names) {
  for (const auto& [where, detail] : run.transport_problems) {
    Finding f = names.at_node(where.second, fabric.node_of(where.first));
    f.message = detail + "; its probes did not run";
    f.hint = where.second == "host.memlock_low"
                 ? "raise RLIMIT_MEMLOCK for the agent (LimitMEMLOCK=infinity, limits.d)"
                 : "start `ibatlas agent --transport verbs` there (an Active InfiniBand port), "
                   "or probe with --transport udp";
    run.findings.push_back(std::move(f));
  }
}

void add_loss_findings(const Fabric& fabric, const ProbePlan& plan, std::size_t sizes,
                       RunResult& run, const FindingFactory& names) {
  for (std::size_t p = 0; p < plan.probes.size(); ++p) {
    std::uint64_t sent = 0;
    std::uint64_t lost = 0;
    for (std::size_t s = 0; s < sizes; ++s) {
      const PathMeasurement& m = run.paths[path_index(p, s, sizes)];
      sent += m.sent;
      lost += m.lost;
    }
    if (lost == 0) {
      continue;
    }
    const ProbePair& probe = plan.probes[p];
    Finding f = names.at_node("probe.loss", fabric.node_of(probe.from));
    f.measured = std::to_string(lost) + " of " + std::to_string(sent) + " lost";
    f.expected = "0 lost";
    f.message = names.name(fabric.node_of(probe.from)) + " -> " +
                names.name(fabric.node_of(probe.to)) + " (LID " + std::to_string(probe.dlid) +
                "): " + f.measured + " replies";
    f.hint = "loss on every path across one link and none on its controls points at that link";
    run.findings.push_back(std::move(f));
  }
}

}  // namespace

RunResult run_probes(const Fabric& fabric, const ProbePlan& plan, ProbeTransport& transport,
                     const RunOptions& options) {
  RunResult run = Runner(plan, transport, options).run();
  for (const SuspectDirection& d : plan.coverage) {
    run.verdicts.push_back(judge(d, run, options));
  }
  FindingFactory names(fabric, nullptr);
  add_verdict_findings(fabric, plan, run, names);
  add_host_findings(fabric, run, names);
  add_transport_findings(fabric, run, names);
  add_loss_findings(fabric, plan, options.sizes.size(), run, names);
  sort_findings(run.findings);
  return run;
}

}  // namespace ibatlas
