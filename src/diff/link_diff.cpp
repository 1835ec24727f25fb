#include "ibatlas/diff/link_diff.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include "diff/end_space.hpp"

namespace ibatlas {

namespace {

template <typename T>
std::optional<T> lower(const std::optional<T>& a, const std::optional<T>& b) {
  if (a && b) {
    return std::min(*a, *b);
  }
  return a ? a : b;
}

template <typename T>
int compare(const std::optional<T>& a, const std::optional<T>& b) {
  if (!a || !b || *a == *b) {
    return 0;
  }
  return *b < *a ? -1 : 1;
}

}  // namespace

LinkRate link_rate(const Fabric& fabric, PortId port) {
  const Port& a = fabric.port(port);
  const Port& b = fabric.port(*a.peer);
  return LinkRate{lower(a.width_active, b.width_active), lower(a.speed_active, b.speed_active)};
}

std::string to_string(const LinkRate& rate) {
  if (!rate.width && !rate.speed) {
    return "unknown";
  }
  if (!rate.speed) {
    return to_string(*rate.width);
  }
  if (!rate.width) {
    return to_string(*rate.speed);
  }
  return to_string(*rate.width) + " " + to_string(*rate.speed);
}

int compare_rates(const LinkRate& before, const LinkRate& after) {
  int width = compare(before.width, after.width);
  int speed = compare(before.speed, after.speed);
  if (width * speed >= 0) {  // the same direction, or only one moved
    return width != 0 ? width : speed;
  }
  double was = lanes(*before.width) * lane_rate_gbps(*before.speed);
  double now = lanes(*after.width) * lane_rate_gbps(*after.speed);
  if (was == now) {
    return width;
  }
  return now < was ? -1 : 1;
}

std::vector<Change> diff_link_rates(const Fabric& before, const Fabric& after,
                                    const NodeMatch& match) {
  diff::EndSpace space(before, after, match);
  std::vector<Change> out;
  for (PortId id : after.links()) {
    std::optional<PortId> old = space.before_port(id);
    if (!old || !before.is_link(*old) || !space.same_cable(*old, id)) {
      continue;
    }
    LinkRate was = link_rate(before, *old);
    LinkRate now = link_rate(after, id);
    int direction = compare_rates(was, now);
    if (direction == 0) {
      continue;
    }
    PortRef here = port_ref(after, id);
    PortRef there = port_ref(after, *after.port(id).peer);
    if (std::tie(there.node_guid, there.port) < std::tie(here.node_guid, here.port)) {
      std::swap(here, there);
    }
    Change& c = out.emplace_back();
    c.kind = direction < 0 ? ChangeKind::LinkDegraded : ChangeKind::LinkRestored;
    c.at = std::move(here);
    c.peer_before = c.peer_after = std::move(there);
    c.before = to_string(was);
    c.after = to_string(now);
  }
  return out;
}

}  // namespace ibatlas
