#pragma once

// How a map names and colours things. Pure functions, shared by the render model, the DOT
// writer and the Slurm export.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/render/render_model.hpp"

namespace ibatlas {

// The host name in a CA's node description, as Slurm and a person use it: the first word,
// cut at the first dot ("node0001 HCA-1" and "node0001.cluster mlx5_0" give "node0001").
// nullopt when the description names no host: empty, "localhost", or the firmware default
// that starts with the chip's part number ("MT4123 ConnectX6   Mellanox Technologies").
std::optional<std::string> host_name(std::string_view description);

// The name in a switch description: Mellanox/NVIDIA switches describe themselves as
// "MF0;<hostname>:<model>/U1" ("MF0;leaf01:MQM8700/U1" gives "leaf01"); any other
// description is its own name.
std::string switch_name(std::string_view description);

// A node's name on a map: host_name for CAs, switch_name for switches, else the
// description, else the GUID in hex.
std::string display_name(const Node& node);

// A folded group's label, the count after "×". Names without gaps: "node0001–node0018 ×18"
// (first and last in natural order); with gaps, the Slurm hostlist when it is short
// ("node[0001-0004,0009] ×5"), else "node0001…node0290 ×16" ("…": not every name between).
// Hosts without a name (host_name() absent) count, on a second line: "...\n(2 unnamed)";
// with no names at all: "×3 unnamed hosts".
std::string fold_label(std::vector<std::string> names, std::size_t unnamed = 0);

// Natural order: "node2" before "node10".
bool natural_less(std::string_view a, std::string_view b);

// The line colour for a speed (absent: unknown, grey). Red and orange are never used: they
// mean findings.
std::string speed_colour(std::optional<LinkSpeed> speed);

// Pen width by lanes: 1x 1, 2x 1.5, 4x 2.5, 8x 3.5, 12x 4.5; unknown 1.
double pen_width(std::optional<LinkWidth> width);

// "4xHDR", "4x", "HDR" or "" as far as known.
std::string rate_text(std::optional<LinkWidth> width, std::optional<LinkSpeed> speed);

// A line's label: "×4 4xHDR" for more than one cable, empty for one.
std::string edge_label(const RenderEdge& edge);

// The colour of a highlight ("" for None).
std::string highlight_colour(Highlight h);

// A director chassis's name: the longest common prefix of its chips' descriptions, cut
// back to a separator ("lassen-ibcore1" of "lassen-ibcore1/L01/U1"; then switch_name, so
// "MF0;ib-core1:IS5600/L01/U1" gives "ib-core1"), else "chassis <GUID>".
std::string chassis_name(const Fabric& fabric, const std::vector<NodeId>& chips);

}  // namespace ibatlas
