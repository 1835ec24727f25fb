#pragma once

// The probe command's agents (--transport udp): HOSTS lines resolved to the plan's hosts,
// and what each agent's host doctor sent, placed at its host (docs/probe.md, "Host checks").

#include <map>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"
#include "ibatlas/net/controller.hpp"
#include "ibatlas/probe/plan.hpp"

namespace ibatlas::cli {

// Each line of the HOSTS file at `hosts_path` resolved to the plan's host ports; plan hosts
// without a line go to `absent` (only sources when `targets_need_agents` is false: a MAD
// echo's target answers without one), never guessed. Throws Error naming the line of a node
// the fabric lacks.
std::vector<AgentAddress> agents_of(const Fabric& fabric, const ProbePlan& plan,
                                    const std::string& hosts_path, bool targets_need_agents,
                                    std::map<PortId, std::string>& absent);

// The CA ports with a LID of every node the HOSTS file names: where agents can send from.
std::vector<PortId> host_ports(const Fabric& fabric, const std::string& hosts_path);

// Each agent's host findings at its host (place_host_findings), appended to `findings`; a
// host whose agent ran no checks is said on `err`, one line.
void add_host_findings(const Fabric& fabric, std::span<const AgentHostFindings> hosts,
                       std::vector<Finding>& findings, std::ostream& err);

}  // namespace ibatlas::cli
