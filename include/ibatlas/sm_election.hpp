#pragma once

// The subnet-manager election rule (IBA 14.4.1.1), shared by the SM checks
// (analysis/subnet_manager) and the SM diff (diff/sm_diff).

#include <optional>
#include <span>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

// True when `a` wins the election against `b`: higher priority, or the same priority and a
// lower GUID.
bool outranks(const SubnetManager& a, const SubnetManager& b);

// The master: the SM that says master (several: the one that outranks the others).
std::optional<SubnetManager> master_of(std::span<const SubnetManager> sms);

}  // namespace ibatlas
