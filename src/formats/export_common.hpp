#pragma once

// What the GraphML, DOT and JSON writers share: one deterministic order for nodes and
// links, one rule for a link's width and speed, and stable node keys.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas::exports {

// Nodes sorted by GUID; nodes sharing a GUID keep their order in the fabric.
std::vector<NodeId> sorted_nodes(const Fabric& fabric);

// One entry per link (Fabric::links()); `a` is the end with the lower (GUID, port number).
struct LinkEnds {
  PortId a;
  PortId b;
};

std::vector<LinkEnds> sorted_links(const Fabric& fabric);

// A link's active width and speed: the value both ends give; if only one end gives one,
// that; if the ends disagree, the lower (the rate the link can carry). Absent when neither
// end says.
std::optional<LinkWidth> link_width(const Port& a, const Port& b);
std::optional<LinkSpeed> link_speed(const Port& a, const Port& b);

// The LID a map shows for a node: a switch's port 0 LID; for a CA or router the LID of its
// lowest-numbered port that has one.
std::optional<Lid> node_lid(const Fabric& fabric, NodeId id);

// A key per node (indexed by NodeId): guid_text, with "-2", "-3"... appended to the second
// and later nodes that share a GUID, so keys are unique and stable across snapshots.
std::vector<std::string> node_keys(const Fabric& fabric);

// Names of the members of a width or speed set; "bitN" for a bit no enumerator names.
std::vector<std::string> width_names(WidthSet set);
std::vector<std::string> speed_names(SpeedSet set);

}  // namespace ibatlas::exports
