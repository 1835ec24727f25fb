#include "ibatlas/analysis/counters.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "ibatlas/findings/error_counters.hpp"
#include "ibatlas/utc_time.hpp"

#include "findings/finding_factory.hpp"

namespace ibatlas {

namespace {

// Why the counter rises, and what to do: one hint per counter.
constexpr std::array<std::string_view, 12> kHints = {
    "bit errors on the wire: reseat or replace the cable, clean the connectors",
    "the link retrained: reseat or replace the cable",
    "the link went down and up: check the cable and the far end's power",
    "bad packets received (often symbol errors): replace the cable if it keeps rising",
    "packets marked bad upstream: look for the errored link earlier on the path",
    "packets a switch could not forward: check routing tables (LFT holes, ibroute)",
    "packets dropped for lack of credits: congestion or a stuck link downstream",
    "packets dropped by partition/raw-packet filtering on send: check partition keys",
    "packets dropped by partition/raw-packet filtering on receive: check partition keys",
    "the link's error threshold was crossed: replace the cable",
    "receive buffer overruns: a flow-control problem, usually a bad cable or firmware",
    "management packets dropped: the SM or a diag tool floods this port; usually benign",
};

std::string rate_string(double per_hour) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f/h", per_hour);
  return buffer;
}

// Seconds between the two snapshots, or nullopt.
std::optional<double> interval(const Fabric& now, const Fabric& then) {
  if (!now.provenance().time || !then.provenance().time) {
    return std::nullopt;
  }
  std::optional<std::int64_t> t1 = parse_utc_time(*now.provenance().time);
  std::optional<std::int64_t> t0 = parse_utc_time(*then.provenance().time);
  if (!t1 || !t0 || *t1 <= *t0) {
    return std::nullopt;
  }
  return static_cast<double>(*t1 - *t0);
}

const PortCounters* baseline_counters(const Fabric& now, const Fabric& then, PortId port) {
  const Port& p = now.port(port);
  std::optional<NodeId> node = then.find_node(now.node(p.node).guid);
  std::optional<PortId> old = node ? then.find_port(*node, p.number) : std::nullopt;
  if (!old || !then.port(*old).counters) {
    return nullptr;
  }
  return &*then.port(*old).counters;
}

struct RateContext {
  const Fabric* baseline = nullptr;
  std::optional<double> seconds;
};

// What judging one counter found: measured, expected and message, when over its limit.
struct Excess {
  std::string measured;
  std::string expected;
  std::string message;
};

// One counter of one port against its threshold: a rate when `then` holds a value for it.
std::optional<Excess> judge_counter(const CounterInfo& c, std::uint64_t threshold,
                                    const PortCounters& now, const PortCounters* then,
                                    std::optional<double> seconds) {
  std::uint64_t value = *(now.*c.field);
  if (then != nullptr && (then->*c.field).has_value() && seconds) {
    std::uint64_t old = *(then->*c.field);
    std::uint64_t growth = value >= old ? value - old : value;  // lower: reset in between
    double per_hour = static_cast<double>(growth) * 3600.0 / *seconds;
    if (per_hour <= static_cast<double>(threshold)) {
      return std::nullopt;
    }
    std::string rate = rate_string(per_hour);
    return Excess{rate, "<= " + std::to_string(threshold) + "/h",
                  std::string(c.name) + " grew by " + std::to_string(growth) + " (" + rate +
                      ") since the earlier snapshot"};
  }
  if (value <= threshold) {
    return std::nullopt;
  }
  return Excess{std::to_string(value), "<= " + std::to_string(threshold),
                std::string(c.name) + " is " + std::to_string(value) + " (threshold " +
                    std::to_string(threshold) + ")"};
}

void check_port(const FindingFactory& make, const AuditOptions& options, const RateContext& rate,
                PortId port, std::vector<Finding>& out) {
  const PortCounters& now = *make.fabric().port(port).counters;
  const PortCounters* then =
      rate.seconds ? baseline_counters(make.fabric(), *rate.baseline, port) : nullptr;
  for (std::size_t i = 0; i < error_counters().size(); ++i) {
    const CounterInfo& c = error_counters()[i];
    if (!(now.*c.field)) {
      continue;
    }
    std::optional<Excess> excess =
        judge_counter(c, options.counter_thresholds.*c.threshold, now, then, rate.seconds);
    if (excess) {
      Finding f = make.at_port(c.check, port);
      f.measured = std::move(excess->measured);
      f.expected = std::move(excess->expected);
      f.message = std::move(excess->message);
      f.hint = std::string(kHints.at(i));
      out.push_back(std::move(f));
    }
  }
}

}  // namespace

std::vector<Finding> check_counters(const Fabric& fabric, const AuditOptions& options) {
  FindingFactory make(fabric, options.names);
  std::vector<Finding> findings;
  RateContext rate{options.baseline};
  if (options.baseline != nullptr) {
    rate.seconds = interval(fabric, *options.baseline);
  }
  bool any = false;
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    if (fabric.port(PortId{i}).counters) {
      any = true;
      check_port(make, options, rate, PortId{i}, findings);
    }
  }
  if (any && options.baseline != nullptr && !rate.seconds) {
    Finding f = make.at_fabric("counter.no_interval");
    f.measured = "no interval";
    f.expected = "both snapshots timed, the earlier one first";
    f.message =
        "counter rates need both snapshots' times (and the baseline earlier): "
        "compared counter values with absolute thresholds instead";
    f.hint = "use snapshots that record their time (ibatlas discover writes it)";
    findings.push_back(std::move(f));
  }
  return findings;
}

}  // namespace ibatlas
