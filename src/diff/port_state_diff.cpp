#include "ibatlas/diff/port_state_diff.hpp"

#include "diff/end_space.hpp"

namespace ibatlas {

namespace {

template <typename T>
bool known_and_different(const std::optional<T>& a, const std::optional<T>& b) {
  return a && b && *a != *b;
}

}  // namespace

std::string state_string(const Port& port) {
  if (!port.state && !port.phys_state) {
    return "unknown";
  }
  if (!port.phys_state) {
    return to_string(*port.state);
  }
  if (!port.state) {
    return to_string(*port.phys_state);
  }
  return to_string(*port.state) + "/" + to_string(*port.phys_state);
}

std::vector<Change> diff_port_states(const Fabric& before, const Fabric& after,
                                     const NodeMatch& match) {
  diff::EndSpace space(before, after, match);
  std::vector<Change> out;
  std::span<const Port> ports = after.ports();
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    PortId id{i};
    std::optional<PortId> old = space.before_port(id);
    if (!old || !space.same_cable(*old, id)) {
      continue;
    }
    const Port& was = before.port(*old);
    const Port& now = ports[i];
    if (known_and_different(was.state, now.state) ||
        known_and_different(was.phys_state, now.phys_state)) {
      Change& c = out.emplace_back();
      c.kind = ChangeKind::PortStateChanged;
      c.at = port_ref(after, id);
      c.before = state_string(was);
      c.after = state_string(now);
    }
  }
  return out;
}

}  // namespace ibatlas
