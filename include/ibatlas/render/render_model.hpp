#pragma once

// The render model: what a map shows, before any layout. Built from a snapshot (and its
// tiers, findings or diff changes), it decides which boxes and lines there are, their
// labels, colours, widths and tooltips. Graphviz only places them (render/graphviz.hpp).
//
// Readability rules (docs/render.md):
// - Hosts cabled to the same switches fold into one counted node ("node0001–node0018 ×18")
//   unless expand_hosts; a host named by a finding or a change is never folded.
// - The switch chips of a director chassis (one system image GUID) are one box; cables
//   inside it are not drawn (the tooltip counts them).
// - Parallel cables between two boxes with the same width and speed are one line
//   ("×4 4xHDR"); cables at another rate are another line, so a slow cable stands out.
// - SHARP aggregation nodes are not drawn: they sit inside their switch and its tooltip
//   names them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

// Tiers: ranks per fat-tree tier (Graphviz dot). Spring: a force layout for irregular
// fabrics (neato, or sfdp when large). Auto: tiers when every drawn switch has a tier.
enum class RenderLayout : std::uint8_t { Auto, Tiers, Spring };

// How an element is singled out. Findings give Warning/Error, a diff Added/Changed/Removed.
// When two apply, the later enumerator wins (an error beats a warning).
enum class Highlight : std::uint8_t { None, Added, Changed, Warning, Removed, Error };

// Group: a MapGroup of the overview (render/map_groups.hpp, render/overview.hpp) folded into
// one box.
enum class BoxKind : std::uint8_t { Host, HostGroup, Switch, Chassis, Router, Gone, Group };

// A cable's route load against its tier's fair share (render/load_map.hpp), busiest last.
enum class LoadLevel : std::uint8_t { Idle, Light, Fair, Heavy, Hot };

struct RenderOptions {
  bool expand_hosts = false;
  RenderLayout layout = RenderLayout::Auto;
  std::optional<NodeId> focus;      // draw only this node and its neighbourhood
  int focus_depth = 1;              // cable hops from the focus node
  std::unordered_set<Guid> unfold;  // hosts drawn on their own even when folding
};

struct RenderNode {
  std::string id;  // stable DOT and SVG id: "n" + GUID hex (groups and chassis: "g"/"c")
  BoxKind kind = BoxKind::Host;
  std::string label;
  std::vector<std::string> tooltip;  // lines; the first names the box
  std::optional<int> tier;
  std::vector<NodeId> members;  // the fabric nodes it stands for (none for Gone)
  Highlight highlight = Highlight::None;
  std::size_t findings = 0;  // findings marked on this box (mark_findings)
  bool focus = false;
  std::string group;  // the MapGroup::id this box belongs to or stands for; empty: none
};

struct RenderEdge {
  std::size_t upper = 0;  // node indexes; upper has the higher tier (tail in dot)
  std::size_t lower = 0;
  std::vector<PortId> cables;  // each cable by its lower PortId (empty for Removed extras)
  std::vector<std::string> cable_lines;  // per cable: "leaf01 port 3 — spine02 port 7"
  std::size_t count = 0;                 // cables drawn as this line
  std::optional<LinkWidth> width;
  std::optional<LinkSpeed> speed;
  std::vector<std::string> tooltip;  // findings and changes
  Highlight highlight = Highlight::None;
  std::size_t findings = 0;       // findings marked on this line (mark_findings)
  std::string label_note;         // added to the label: "+2 slower" (overview bundles)
  std::optional<LoadLevel> load;  // mark_loads: colours the line instead of its speed
};

struct RenderModel {
  std::string title;
  RenderLayout layout = RenderLayout::Tiers;  // never Auto once built
  std::vector<RenderNode> nodes;
  std::vector<RenderEdge> edges;
  std::vector<std::string> notes;  // fabric-wide findings
  // Per NodeId: the box that shows it (aggregation nodes: their switch's box); absent when
  // the node is outside the focus.
  std::vector<std::optional<std::size_t>> box_of;
  std::unordered_map<std::uint32_t, std::size_t> edge_of;  // lower PortId of a cable -> edge
  // The overview wraps a tier wider than this many boxes into several rows (map_dot), so the
  // drawing keeps a screen's aspect ratio. 0: never wrap (the detailed map).
  std::size_t row_limit = 0;
  int group_font = 20;  // pt of a Group box's label (fold_into_groups sizes it)
};

// Builds the model. `tiers` must be infer_tiers(fabric). Throws nothing.
RenderModel build_render_model(const Fabric& fabric, const Tiers& tiers,
                               const RenderOptions& options);

// Above this many boxes a layout takes a minute or so rather than seconds (measured, Debug
// build: a 2000-host tree drawn whole, 2576 boxes, 4 s; 10k hosts, 11440 boxes, 33 s of CPU
// and 78 s on the loaded 2-core machine).
constexpr std::size_t kSlowLayoutBoxes = 5000;

// A warning to print before laying out a model that large ("laying out 11440 boxes and
// 30088 lines may take a minute or more; ..."), or nullopt for a model that lays out in
// seconds.
std::optional<std::string> slow_layout_warning(const RenderModel& model);

// Gives one cable a line of its own (splitting it out of a bundle) and returns its index.
// REQUIRES: model.edge_of holds the cable.
std::size_t isolate_cable(RenderModel& model, PortId cable);

// Raises an element's highlight to `h` (never lowers it) and adds a tooltip line.
void highlight_node(RenderModel& model, std::size_t node, Highlight h, std::string line);
void highlight_edge(RenderModel& model, std::size_t edge, Highlight h, std::string line);

// Marks every finding on the map: a link or a port with a cable marks that cable's line, a
// port without one and a node finding mark the box, fabric findings become notes. Errors
// red, warnings orange; info only adds the text.
void mark_findings(RenderModel& model, const Fabric& fabric, std::span<const Finding> findings);

// The GUIDs of hosts that findings name (for RenderOptions::unfold).
std::unordered_set<Guid> guids_named(std::span<const Finding> findings);

// The NodeId for a --focus argument: a GUID ("0x..." hex), a LID (decimal), a node
// description or its host name. Throws Error when nothing or more than one node matches.
NodeId find_focus_node(const Fabric& fabric, const std::string& what);

}  // namespace ibatlas
