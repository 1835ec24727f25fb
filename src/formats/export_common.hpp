#pragma once

// What the GraphML, DOT and JSON writers share: one deterministic order for nodes and
// links, one rule for a link's width and speed, stable node keys, and text cleaning for
// formats that must be valid UTF-8.

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

// "0x0002c90300000100": the GUID, 16 hex digits.
std::string guid_text(Guid guid);

// A key per node (indexed by NodeId): guid_text, with "-2", "-3"... appended to the second
// and later nodes that share a GUID, so keys are unique and stable across snapshots.
std::vector<std::string> node_keys(const Fabric& fabric);

// Names of the members of a width or speed set; "bitN" for a bit no enumerator names.
std::vector<std::string> width_names(WidthSet set);
std::vector<std::string> speed_names(SpeedSet set);

// Length of the well-formed UTF-8 sequence at the start of `s` (not empty), or 0 when
// none starts there: overlong forms, surrogates and anything above U+10FFFF are not.
std::size_t utf8_sequence_length(std::string_view s);

// `text` as valid UTF-8: each byte that does not start a well-formed sequence becomes
// U+FFFD. With xml_safe, control characters XML 1.0 forbids (all below 0x20 but tab,
// newline, carriage return) become U+FFFD too.
std::string clean_utf8(std::string_view text, bool xml_safe);

}  // namespace ibatlas::exports
