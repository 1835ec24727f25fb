// history's findings: the ones only a series of snapshots can show.

#include <string>

#include "ibatlas/diff/history.hpp"
#include "ibatlas/utc_time.hpp"

#include "findings/finding_factory.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

std::optional<PortId> port_with_guid(const Fabric& fabric, Guid guid) {
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    if (fabric.ports()[i].guid == guid) {
      return PortId{i};
    }
  }
  return std::nullopt;
}

std::string master_text(std::optional<Guid> guid) {
  return guid ? text::guid_text(*guid) : std::string("no master");
}

// "#3 (2026-11-01T12:00:00Z)", or "#3" when the snapshot has no time.
std::string snapshot_text(const History& h, std::size_t i) {
  std::string out = "#";
  out += std::to_string(i);
  if (h.snapshots[i].time) {
    out += " (";
    out += utc_string(*h.snapshots[i].time);
    out += ')';
  }
  return out;
}

// Located at the last master's port when the snapshot that first showed it holds the port;
// SMInfo's GUID is the SM's port GUID as opensm sets it (sm_diff.cpp locates sm.master so).
Finding flapping(const History& h) {
  const MasterChange& last = h.sm_masters.back();
  const Fabric& fabric = *h.snapshots[last.to].fabric;
  FindingFactory make(fabric, nullptr);
  std::optional<PortId> port;
  for (const SubnetManager& sm : fabric.subnet_managers()) {
    if (!port && last.now && sm.guid == *last.now) {
      port = port_with_guid(fabric, sm.port_guid);
    }
  }
  Finding f = port ? make.at_port("sm.flapping", *port) : make.at_fabric("sm.flapping");
  f.measured = "master changed " + std::to_string(h.sm_masters.size()) + " times";
  f.expected = "at most one change";
  f.message = "the master SM moved " + std::to_string(h.sm_masters.size()) + " times:";
  for (const MasterChange& m : h.sm_masters) {
    f.message += ' ';
    f.message += master_text(m.was);
    f.message += " -> ";
    f.message += master_text(m.now);
    f.message += " at ";
    f.message += snapshot_text(h, m.to);
    f.message += m.to == last.to ? "" : ";";
  }
  f.hint =
      "read both SMs' logs around those times; check their priorities and the links between "
      "the SM nodes";
  return f;
}

}  // namespace

std::vector<Finding> history_findings(const History& history) {
  std::vector<Finding> out;
  if (sm_flapping(history.sm_masters)) {
    out.push_back(flapping(history));
  }
  sort_findings(out);
  return out;
}

}  // namespace ibatlas
