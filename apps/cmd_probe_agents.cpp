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

// The hosts the plan measures from (and, with `targets`, to), each once.
std::vector<PortId> plan_hosts(const ProbePlan& plan, bool targets) {
  std::vector<PortId> hosts;
  for (const ProbePair& p : plan.probes) {
    for (PortId h : {p.from, p.to}) {
      if ((targets || h == p.from) && std::find(hosts.begin(), hosts.end(), h) == hosts.end()) {
        hosts.push_back(h);
      }
    }
  }
  return hosts;
}

// The HOSTS file's entries by the node each names. The entries live in `entries`.
std::map<NodeId, const HostEntry*> entries_by_node(const Fabric& fabric,
                                                   const std::vector<HostEntry>& entries,
                                                   const std::string& hosts_path) {
  std::map<NodeId, const HostEntry*> by_node;
  for (const HostEntry& e : entries) {
    try {
      by_node[resolve_place(fabric, e.node).node] = &e;
    } catch (const Error& error) {
      throw Error(hosts_path + ":" + std::to_string(e.line) + ": " + error.what());
    }
  }
  return by_node;
}

}  // namespace

std::vector<PortId> host_ports(const Fabric& fabric, const std::string& hosts_path) {
  std::vector<HostEntry> entries = read_hosts_file(read_file(hosts_path), hosts_path);
  std::vector<PortId> ports;
  for (const auto& [node, entry] : entries_by_node(fabric, entries, hosts_path)) {
    for (const Port& port : fabric.ports_of(node)) {
      if (port.base_lid) {
        ports.push_back(*fabric.find_port(node, port.number));
      }
    }
  }
  return ports;
}

std::vector<AgentAddress> agents_of(const Fabric& fabric, const ProbePlan& plan,
                                    const std::string& hosts_path, bool targets_need_agents,
                                    std::map<PortId, std::string>& absent) {
  std::vector<HostEntry> entries = read_hosts_file(read_file(hosts_path), hosts_path);
  std::map<NodeId, const HostEntry*> by_node = entries_by_node(fabric, entries, hosts_path);
  std::vector<AgentAddress> agents;
  for (PortId host : plan_hosts(plan, targets_need_agents)) {
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
