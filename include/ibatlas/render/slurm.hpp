#pragma once

// `ibatlas export SOURCE --to slurm`: a Slurm topology.conf (topology/tree plugin) from the
// fat-tree tiers. docs/render.md states the naming rules.
//
// - Leaves (tier 1) list their hosts: `SwitchName=leaf01 Nodes=node[0001-0018]`; each upper
//   switch lists the switches one tier below it that it is cabled to:
//   `SwitchName=spine01 Switches=leaf[01-12]`.
// - Host names are host_name() of the node description ("node0001 HCA-1" -> node0001). A
//   host with several HCAs or ports is listed once, under the switch its lowest cabled port
//   reaches. Hosts without a name in their description are left out, in a comment.
// - Slurm names are letters, digits, '-', '_' and '.': every other byte of a host or switch
//   name becomes "_" (Slurm reads ',' and '[' ']' as hostlists, and blanks, '#', '=' and
//   newlines end a word or a line). Switch names are switch_name() of the description (a
//   director chassis is one switch, named by chassis_name()); a switch name used twice gets
//   "_<GUID>" added. A host name changed that way that is used already, or a name of either
//   kind left with no letter or digit, gets "_<GUID>" too ("host_<GUID>", "switch_<GUID>"),
//   so two hosts never become one. Every name changed is listed in a comment at the top,
//   the original escaped as in the text reports ("\x1b"). Switches no host reaches are
//   left out.

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// A name the export changed: `original` as the description gave it, `name` as written.
struct SlurmRename {
  std::string original;
  std::string name;
};

struct SlurmExport {
  std::vector<SlurmRename> renames;  // switches, then hosts, as the comment lists them
  std::size_t unnamed_hosts = 0;     // left out: their description names no host
};

SlurmExport write_slurm_topology(const Fabric& fabric, std::ostream& out);

// Slurm hostlist notation: {"node1", "node2", "node3", "login"} -> "login,node[1-3]".
// Zero-padded numbers keep their padding and share brackets only with numbers of the same
// width ("n01", "n02" -> "n[01-02]"); numbers without a leading zero share theirs
// ("n9", "n10" -> "n[9-10]").
std::string hostlist(const std::vector<std::string>& names);

}  // namespace ibatlas
