#pragma once

// `ibatlas export SOURCE --to slurm`: a Slurm topology.conf (topology/tree plugin) that
// slurmctld accepts. docs/slurm.md states every rule; in short:
//
// - One Slurm switch per switch unit (a director chassis, chips sharing a system image GUID,
//   is one). Leaves are the units with hosts, except a unit cabled to another host unit
//   that reaches fewer host units than it does (a director or spine that also carries a few
//   hosts sits above the leaves it aggregates). Levels: leaves 1, then 1 + the hop distance
//   to the nearest leaf. A switch lists the switches one level below it it is cabled to
//   (`Switches=`), a leaf its hosts (`Nodes=`); never both: the hosts of a switch above the
//   leaves go into a synthetic leaf "<switch>_hosts" listed under it.
// - A host is listed once (Slurm wants a node under one leaf): under a leaf it is cabled
//   to (a synthetic leaf only when it reaches no leaf). Hosts reaching the same set of
//   leaves (a rail-optimised unit: one HCA per rail leaf) are split in natural name order
//   into contiguous blocks, one per leaf in natural name order, so every rail leaf is
//   written and connected; when they are the only hosts on those leaves, a synthetic
//   "<first leaf>_rails" lists the leaves, so Slurm keeps such a group's jobs together.
//   A leaf left with no host is not written (reported).
// - Every name in `Switches=` has its own `SwitchName=` line; a switch with nothing below
//   it is not written. When no switch has every host of a connected part of the fabric
//   below it (rail planes, leaves cabled to leaves), a synthetic "fabric_top" lists the
//   part's top switches: Slurm never spans a job over switches without a common one.
// - Names: host names are host_name() of the node description (after --node-name-map);
//   every byte other than letters, digits, '-', '_' and '.' becomes '_'; a name that then
//   collides or has no letter or digit gets "_<GUID>". Every change is listed in a comment.

#include <cstddef>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// A name the export changed: `original` as the description gave it, `name` as written.
struct SlurmRename {
  std::string original;
  std::string name;
};

struct SlurmOptions {
  // --slurm-hosts: write only these hosts (Slurm names, as written); absent: every host.
  std::optional<std::set<std::string>> known_hosts;
};

// One line of topology.conf: a leaf has nodes, any other switch has switches.
struct SlurmSwitchLine {
  std::string name;
  int level = 1;  // 1: a leaf
  std::vector<std::string> nodes;
  std::vector<std::string> switches;
};

struct SlurmExport {
  std::vector<SlurmSwitchLine> lines;  // by level, then natural name order
  std::vector<SlurmRename> renames;    // switches, then hosts, as the comment lists them
  std::vector<Guid> unnamed_hcas;      // HCAs of hosts left out: their description names no host
  std::vector<std::string> not_known;  // hosts left out: not in known_hosts
  std::vector<std::string> not_in_fabric;     // known_hosts the fabric has no host for
  std::vector<std::string> hostless_leaves;   // leaves left out: their hosts are under others
  std::vector<std::string> synthetic_leaves;  // "<switch>_hosts" leaves written
  std::vector<std::string> rail_groups;       // "<leaf>_rails" switches written
  std::vector<std::string> synthetic_tops;    // "fabric_top" switches written
  std::size_t hosts = 0;                      // hosts written
};

// Works out topology.conf without writing it. Never throws.
SlurmExport plan_slurm_topology(const Fabric& fabric, const SlurmOptions& options = {});

// The comment header (source, hosts left out, renames), then `plan.lines`.
void write_slurm_topology(const Fabric& fabric, const SlurmExport& plan, std::ostream& out);

// plan_slurm_topology, then write_slurm_topology.
SlurmExport write_slurm_topology(const Fabric& fabric, std::ostream& out,
                                 const SlurmOptions& options = {});

// Slurm hostlist notation: {"node1", "node2", "node3", "login"} -> "login,node[1-3]".
// Zero-padded numbers keep their padding and share brackets only with numbers of the same
// width ("n01", "n02" -> "n[01-02]"); numbers without a leading zero share theirs
// ("n9", "n10" -> "n[9-10]").
std::string hostlist(const std::vector<std::string>& names);

// The reverse: "login,node[1-3]" -> {"login", "node1", "node2", "node3"}; brackets hold
// comma-separated numbers and ranges (a range keeps the width of its first number), and a
// name may have several bracket groups ("r[1-2]n[01-02]"). Throws Error on an unbalanced
// bracket, an empty or descending range, or more than 1,000,000 names.
std::vector<std::string> expand_hostlist(std::string_view expression);

// A --slurm-hosts file: one host name or hostlist expression per line (several on a line
// separated by blanks); '#' starts a comment. Throws ParseError "file:line: ..." for a
// malformed expression.
std::set<std::string> read_slurm_hosts(std::string_view text, std::string_view file_name);

}  // namespace ibatlas
