// The agents' side of `ibatlas probe` (cmd_probe.cpp): who they are, and what their host
// doctors found.

#include "cmd_probe_agents.hpp"

#include <algorithm>

#include "ibatlas/error.hpp"
#include "ibatlas/input_file.hpp"
#include "ibatlas/probe/host_findings.hpp"
#include "ibatlas/probe/hosts_file.hpp"
#include "ibatlas/routing/endpoint.hpp"

namespace ibatlas::cli {

namespace {

// The hosts the plan measures from and to, each once.
std::vector<PortId> plan_hosts(const ProbePlan& plan) {
  std::vector<PortId> hosts;
  for (const ProbePair& p : plan.probes) {
    for (PortId h : {p.from, p.to}) {
      if (std::find(hosts.begin(), hosts.end(), h) == hosts.end()) {
        hosts.push_back(h);
      }
    }
  }
  return hosts;
}

}  // namespace

std::vector<AgentAddress> agents_of(const Fabric& fabric, const ProbePlan& plan,
                                    const std::string& hosts_path,
                                    std::map<PortId, std::string>& absent) {
  std::vector<HostEntry> entries = read_hosts_file(read_file(hosts_path), hosts_path);
  std::map<NodeId, const HostEntry*> by_node;
  for (const HostEntry& e : entries) {
    try {
      by_node[resolve_place(fabric, e.node).node] = &e;
    } catch (const Error& error) {
      throw Error(hosts_path + ":" + std::to_string(e.line) + ": " + error.what());
    }
  }
  std::vector<AgentAddress> agents;
  for (PortId host : plan_hosts(plan)) {
    NodeId node = fabric.node_of(host);
    auto it = by_node.find(node);
    if (it == by_node.end()) {
      absent[host] = "no line in " + hosts_path + " names it";
      continue;
    }
    agents.push_back(
        AgentAddress{host, fabric.node(node).description, it->second->control, it->second->data});
  }
  return agents;
}

void add_host_findings(const Fabric& fabric, std::span<const AgentHostFindings> hosts,
                       std::vector<Finding>& findings, std::ostream& err) {
  for (const AgentHostFindings& host : hosts) {
    if (!host.unavailable.empty()) {
      err << "ibatlas: " << host.name << ": no host checks: " << host.unavailable << '\n';
    }
    std::vector<Finding> placed = place_host_findings(fabric, host.port, host.findings);
    findings.insert(findings.end(), placed.begin(), placed.end());
  }
}

}  // namespace ibatlas::cli
