#include "ibatlas/diff/counter_diff.hpp"

#include "ibatlas/findings/error_counters.hpp"
#include "ibatlas/utc_time.hpp"

#include "diff/end_space.hpp"

namespace ibatlas {

namespace {

void diff_port_counters(const PortCounters& was, const PortCounters& now,
                        std::optional<double> seconds, const PortRef& at,
                        std::vector<Change>& out) {
  for (const CounterInfo& info : error_counters()) {
    const std::optional<std::uint64_t>& a = was.*info.field;
    const std::optional<std::uint64_t>& b = now.*info.field;
    if (!a || !b || *a == *b) {
      continue;
    }
    Change& c = out.emplace_back();
    c.kind = ChangeKind::CounterDelta;
    c.at = at;
    c.counter = info.name;
    c.before = std::to_string(*a);
    c.after = std::to_string(*b);
    c.reset = *b < *a;
    c.delta = c.reset ? *b : *b - *a;
    if (seconds) {
      c.per_hour = static_cast<double>(*c.delta) * 3600.0 / *seconds;
    }
  }
}

}  // namespace

std::vector<Change> diff_counters(const Fabric& before, const Fabric& after, const NodeMatch& match,
                                  std::optional<double> seconds) {
  diff::EndSpace space(before, after, match);
  std::vector<Change> out;
  std::span<const Port> ports = after.ports();
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    if (!ports[i].counters) {
      continue;
    }
    std::optional<PortId> old = space.before_port(PortId{i});
    if (old && before.port(*old).counters) {
      diff_port_counters(*before.port(*old).counters, *ports[i].counters, seconds,
                         port_ref(after, PortId{i}), out);
    }
  }
  return out;
}

}  // namespace ibatlas
