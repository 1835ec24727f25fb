#pragma once

// The subnet managers' health, from the SMInfo records of a snapshot (docs/checks.md):
//   sm.none                    SMInfo was read and no SM is master. Never fires for a snapshot
//                              that did not read SMInfo (Fabric::subnet_managers_read()).
//   sm.multiple_masters        more than one SM says it is master.
//   sm.standby_outranks_master a standby that would win the election against the master
//                              (IBA 14.4.1.1: higher priority; equal priority, lower GUID).
//   sm.master_stuck            the master's ActCount did not move between the two reads.
//   sm.no_standby              (info) one master and no standby to take over.

#include <optional>
#include <span>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/audit_options.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/sm_election.hpp"  // outranks, master_of

namespace ibatlas {

std::vector<Finding> check_subnet_managers(const Fabric& fabric, const AuditOptions& options);

// "0x0002c90300000001 (priority 15, master, ActCount 1234 -> 1240 in 500 ms)".
std::string describe(const SubnetManager& sm);

}  // namespace ibatlas
