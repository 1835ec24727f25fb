#pragma once

// Slurm names for switch units and hosts (docs/slurm.md "Names"). Private to the Slurm
// export: slurm_plan.cpp builds the tree on these.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/render/slurm.hpp"
#include "ibatlas/tiers.hpp"

namespace ibatlas {

// Letters, digits, '-', '_' and '.' are kept; every other byte becomes '_'.
std::string slurm_word(const std::string& text);

// Every switch unit of the fabric (a chassis is one unit, Tiers::unit) with a unique,
// valid Slurm name. Units are named by their lowest NodeId, as in Tiers.
class SlurmUnits {
 public:
  // Appends to `renames` every switch name that is not the unit's own.
  SlurmUnits(const Fabric& fabric, std::vector<SlurmRename>& renames);

  std::uint32_t unit_of(NodeId id) const { return tiers_.unit_of(id).value; }

  const std::string& name(std::uint32_t unit) const { return names_.at(unit); }

  // infer_tiers calls the unit a leaf (it shares most of its neighbours with a leaf): with
  // no host cabled, a leaf not yet populated, not a core above the spines.
  bool inferred_leaf(std::uint32_t unit) const { return tiers_.of(NodeId{unit}) == kLeafTier; }

  // `wanted` if no unit or earlier unique_name has it, else wanted + "_<GUID of unit>".
  std::string unique_name(const std::string& wanted, std::uint32_t unit);

 private:
  const Fabric& fabric_;
  Tiers tiers_;
  std::map<std::uint32_t, std::string> names_;
  std::set<std::string> taken_;
};

// Host names (host_name() of the description, mapped to the first HCA's GUID) to Slurm
// names: a safe name is kept; any other is made safe and, when that leaves no letter or
// digit or takes a name already used, gets "_<GUID>". Appends each change to `renames`.
std::map<std::string, std::string> slurm_host_names(const std::map<std::string, Guid>& hosts,
                                                    std::vector<SlurmRename>& renames);

}  // namespace ibatlas
