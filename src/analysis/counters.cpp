#include "ibatlas/analysis/counters.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "analysis/finding_factory.hpp"

namespace ibatlas {

namespace {

using PC = PortCounters;
using CT = CounterThresholds;

constexpr std::array<CounterInfo, 12> kCounters = {{
    {"counter.symbol_errors", "SymbolErrorCounter", &PC::symbol_errors, &CT::symbol_errors},
    {"counter.link_error_recovery", "LinkErrorRecoveryCounter", &PC::link_error_recovery,
     &CT::link_error_recovery},
    {"counter.link_downed", "LinkDownedCounter", &PC::link_downed, &CT::link_downed},
    {"counter.rcv_errors", "PortRcvErrors", &PC::rcv_errors, &CT::rcv_errors},
    {"counter.rcv_remote_phys_errors", "PortRcvRemotePhysicalErrors", &PC::rcv_remote_phys_errors,
     &CT::rcv_remote_phys_errors},
    {"counter.rcv_switch_relay_errors", "PortRcvSwitchRelayErrors", &PC::rcv_switch_relay_errors,
     &CT::rcv_switch_relay_errors},
    {"counter.xmit_discards", "PortXmitDiscards", &PC::xmit_discards, &CT::xmit_discards},
    {"counter.xmit_constraint_errors", "PortXmitConstraintErrors", &PC::xmit_constraint_errors,
     &CT::xmit_constraint_errors},
    {"counter.rcv_constraint_errors", "PortRcvConstraintErrors", &PC::rcv_constraint_errors,
     &CT::rcv_constraint_errors},
    {"counter.local_link_integrity_errors", "LocalLinkIntegrityErrors",
     &PC::local_link_integrity_errors, &CT::local_link_integrity_errors},
    {"counter.excessive_buffer_overruns", "ExcessiveBufferOverrunErrors",
     &PC::excessive_buffer_overruns, &CT::excessive_buffer_overruns},
    {"counter.vl15_dropped", "VL15Dropped", &PC::vl15_dropped, &CT::vl15_dropped},
}};

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
  for (std::size_t i = 0; i < kCounters.size(); ++i) {
    const CounterInfo& c = kCounters[i];
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
      f.hint = std::string(kHints[i]);
      out.push_back(std::move(f));
    }
  }
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2 ? 1 : 0;
  std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  auto yoe = static_cast<unsigned>(y - era * 400);
  unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// The number at text[at, at + width), all digits, or nullopt.
std::optional<unsigned> digits(std::string_view text, std::size_t at, std::size_t width) {
  unsigned value = 0;
  if (at + width > text.size()) {
    return std::nullopt;
  }
  auto [end, ec] = std::from_chars(text.data() + at, text.data() + at + width, value);
  if (ec != std::errc() || end != text.data() + at + width) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::span<const CounterInfo> error_counters() {
  return kCounters;
}

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

std::optional<std::int64_t> parse_utc_time(std::string_view text) {
  // YYYY-MM-DDTHH:MM:SS, then optional .fraction, then Z or +00:00.
  if (text.size() < 20 || text[4] != '-' || text[7] != '-' ||
      (text[10] != 'T' && text[10] != ' ') || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  std::optional<unsigned> y = digits(text, 0, 4);
  std::optional<unsigned> mo = digits(text, 5, 2);
  std::optional<unsigned> d = digits(text, 8, 2);
  std::optional<unsigned> h = digits(text, 11, 2);
  std::optional<unsigned> mi = digits(text, 14, 2);
  std::optional<unsigned> s = digits(text, 17, 2);
  if (!y || !mo || !d || !h || !mi || !s || *mo < 1 || *mo > 12 || *d < 1 || *d > 31 || *h > 23 ||
      *mi > 59 || *s > 60) {
    return std::nullopt;
  }
  std::string_view zone = text.substr(19);
  if (!zone.empty() && zone.front() == '.') {
    std::size_t end = zone.find_first_not_of("0123456789", 1);
    zone.remove_prefix(end == std::string_view::npos ? zone.size() : end);
  }
  if (zone != "Z" && zone != "+00:00") {
    return std::nullopt;
  }
  return days_from_civil(*y, *mo, *d) * 86400 + std::int64_t{*h} * 3600 + std::int64_t{*mi} * 60 +
         *s;
}

}  // namespace ibatlas
