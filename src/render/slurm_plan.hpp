#pragma once

// The plan of a Slurm topology.conf while it is worked out (slurm_plan.cpp, steps 1-5;
// slurm_groups.cpp, steps 6-7). Private to the Slurm export.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ibatlas/render/slurm.hpp"

#include "render/slurm_names.hpp"

namespace ibatlas {

using Units = std::set<std::uint32_t>;

struct Plan {
  SlurmUnits units;                           // step 1
  std::map<std::uint32_t, Units> neighbours;  // unit graph
  Units host_units;                           // units with a host cabled, named or not
  std::map<std::string, Units> reach;         // Slurm host name -> units it is cabled to
  Units leaves;
  std::map<std::uint32_t, int> level;                       // per unit reached from a leaf
  std::map<std::string, std::set<std::string>> slot_hosts;  // leaf name -> hosts
  std::map<std::uint32_t, std::string> synthetic;           // unit -> its "_hosts" leaf
  Units wanted;                                    // units a host to be written is cabled to
  std::map<std::string, std::uint32_t> line_unit;  // each written line's unit
  // Hosts by the leaves they reach (natural order): one group per set, in step 4.
  std::map<std::vector<std::string>, std::vector<std::string>> groups;
};

// Lines by level, then natural name order.
void sort_lines(SlurmExport& out);

// Step 6: a synthetic "<first leaf>_rails" over the leaves of each rail group.
void add_rail_groups(Plan& p, SlurmExport& out);

// Step 7: a synthetic "fabric_top" where no switch reaches every host of a connected part.
void add_tops(Plan& p, SlurmExport& out);

}  // namespace ibatlas
