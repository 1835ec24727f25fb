#pragma once

// `ibatlas show --switches-only` / `--cas-only`: the switches, or the CAs, one row each (as
// ibnetdiscover -S / -H and ibswitches / ibhosts list them, and iblinkinfo --switches-only /
// --cas-only's node headers), with a count line, instead of the whole fabric's summary.

#include <ostream>

#include "ibatlas/fabric.hpp"
#include "ibatlas/report/table.hpp"

namespace ibatlas {

// A table of the nodes of `type` (Switch or Ca) in the fabric's order: node GUID, LID (a
// switch's port 0; a CA's ports', comma-separated; "-" when unknown), NumPorts, cabled ports
// (a peer is known), ports known to be Down, description (escaped). Then the count line:
// "switches: N" or "CAs: N (H hosts, A aggregation nodes)".
void write_show_nodes_text(const Fabric& fabric, NodeType type, const TextStyle& style,
                           std::ostream& out);

// One JSON object (docs/cli.md, "show --switches-only"): "schema": "ibatlas.show-nodes/1",
// source, format, node_type ("switch" or "ca"), count (== the length of nodes) and nodes,
// each with guid, lids, ports, cabled_ports, down_ports, description.
void write_show_nodes_json(const Fabric& fabric, NodeType type, std::ostream& out);

}  // namespace ibatlas
