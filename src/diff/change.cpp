#include "ibatlas/diff/change.hpp"

#include <array>
#include <tuple>

#include "text.hpp"

namespace ibatlas {

namespace {

struct KindName {
  ChangeKind kind;
  std::string_view id;
  std::string_view heading;
};

constexpr std::array<KindName, 21> kKinds = {{
    {ChangeKind::NodeAdded, "node.added", "nodes added"},
    {ChangeKind::NodeRemoved, "node.removed", "nodes removed"},
    {ChangeKind::NodeReplaced, "node.replaced", "nodes replaced"},
    {ChangeKind::CableAdded, "cable.added", "cables added"},
    {ChangeKind::CableRemoved, "cable.removed", "cables removed"},
    {ChangeKind::CableMoved, "cable.moved", "cables moved"},
    {ChangeKind::CableSwapped, "cable.swapped", "cables swapped"},
    {ChangeKind::LinkDegraded, "link.degraded", "links degraded"},
    {ChangeKind::LinkRestored, "link.restored", "links restored"},
    {ChangeKind::PortStateChanged, "port.state", "port states changed"},
    {ChangeKind::LidChanged, "lid.changed", "LIDs changed"},
    {ChangeKind::DescriptionChanged, "description.changed", "descriptions changed"},
    {ChangeKind::CounterDelta, "counter.delta", "error counters changed"},
    {ChangeKind::ArSupportChanged, "ar.support", "adaptive-routing support changed"},
    {ChangeKind::ArDisabled, "ar.disabled", "adaptive routing turned off"},
    {ChangeKind::ArEnabled, "ar.enabled", "adaptive routing turned on"},
    {ChangeKind::ArSettingChanged, "ar.setting", "adaptive-routing settings changed"},
    {ChangeKind::ArLftChanged, "ar.lft", "AR LFTs changed"},
    {ChangeKind::ArGroupChanged, "ar.group", "AR groups changed"},
    {ChangeKind::SmMasterChanged, "sm.master", "master subnet manager moved"},
    {ChangeKind::SmChanged, "sm.changed", "subnet managers changed"},
}};

constexpr std::array<ChangeKind, kKinds.size()> kOrder = [] {
  std::array<ChangeKind, kKinds.size()> out{};
  for (std::size_t i = 0; i < kKinds.size(); ++i) {
    out[i] = kKinds[i].kind;
  }
  return out;
}();

const KindName& name_of(ChangeKind kind) {
  return kKinds.at(static_cast<std::size_t>(kind));
}

// A port number that sorts before every real port: node-level changes first.
int port_key(const PortRef& ref) {
  return ref.port ? int{*ref.port} : -1;
}

}  // namespace

std::span<const ChangeKind> change_kinds() {
  return kOrder;
}

std::string_view to_string(ChangeKind kind) {
  return name_of(kind).id;
}

std::string_view kind_heading(ChangeKind kind) {
  return name_of(kind).heading;
}

std::string end_string(const PortRef& ref) {
  std::string out = text::guid_text(ref.node_guid);
  if (ref.port) {
    out += '[';
    out += std::to_string(int{*ref.port});
    out += ']';
  }
  return out;
}

PortRef node_ref(const Fabric& fabric, NodeId node) {
  const Node& n = fabric.node(node);
  return PortRef{n.guid, std::nullopt, n.description};
}

PortRef port_ref(const Fabric& fabric, PortId port) {
  const Port& p = fabric.port(port);
  const Node& n = fabric.node(p.node);
  return PortRef{n.guid, p.number, n.description};
}

bool report_order(const Change& a, const Change& b) {
  auto key = [](const Change& c) {
    return std::make_tuple(c.kind, c.at.node_guid, port_key(c.at), std::cref(c.counter),
                           std::cref(c.item), std::cref(c.before), std::cref(c.after));
  };
  return key(a) < key(b);
}

}  // namespace ibatlas
