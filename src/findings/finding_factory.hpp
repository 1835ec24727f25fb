#pragma once

// Private to src/analysis: builds Findings located at a fabric's nodes, ports and links, with
// the names a reader expects (node-name-map name, else description, else GUID) and the
// registry's default severity.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

struct NodeNameMap;

class FindingFactory {
 public:
  // `names` may be nullptr. Both must outlive the factory.
  FindingFactory(const Fabric& fabric, const NodeNameMap* names);

  // The node's name; when several nodes share it, followed by the GUID: "spine (0x...)".
  std::string name(NodeId node) const;
  Endpoint endpoint(NodeId node) const;
  Endpoint endpoint(PortId port) const;

  // A finding of `check` (a registry id) with its default severity, located as named.
  Finding at_fabric(std::string_view check) const;
  Finding at_node(std::string_view check, NodeId node) const;
  Finding at_port(std::string_view check, PortId port) const;  // peer filled in if it has one
  // A link; `here` is the end listed first (see link_ends for the usual choice).
  Finding at_link(std::string_view check, PortId here, PortId there) const;

  // The two ends of a link in reading order: a switch end before a CA end, then by name,
  // GUID and port number. Reports and worklists are read from the switch side.
  std::pair<PortId, PortId> link_ends(PortId a, PortId b) const;

  const Fabric& fabric() const { return fabric_; }

 private:
  std::string plain_name(NodeId node) const;

  const Fabric& fabric_;
  const NodeNameMap* names_;
  std::unordered_set<std::string> shared_names_;  // names more than one node has
};

// "4xHDR"; "?" stands in for an absent half ("4x?").
std::string finding_rate_text(std::optional<LinkWidth> width, std::optional<LinkSpeed> speed);

}  // namespace ibatlas
