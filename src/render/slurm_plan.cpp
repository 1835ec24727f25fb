// plan_slurm_topology: the tree slurmctld's topology/tree plugin accepts (docs/slurm.md).
//
// Slurm's tree is stricter than a fabric: a switch lists nodes or switches, never both;
// every switch it names must have its own line; a node sits under one leaf. Fabrics are
// not so tidy: directors and spines carry hosts (file servers, login nodes), and a
// rail-optimised host reaches eight leaves. The steps:
//   1. units and their names (slurm_names.cpp), the unit graph;
//   2. hosts: the units each named host reaches; unnamed HCAs and hosts Slurm does not
//      know are set aside, to be reported;
//   3. leaves and levels, from the hosts' units (not from infer_tiers, which ranks a
//      director carrying hundreds of hosts below the edge leaves cabled to it);
//   4. every host under one leaf; rail groups split in blocks over their leaves;
//   5. upper switches, bottom up: a switch with a written child is written;
//   6. a synthetic switch over the leaves of each rail group (slurm_groups.cpp);
//   7. a synthetic top where no switch reaches every host of a connected group (rail
//      planes, leaves cabled to each other): Slurm never spans a job over two trees.

#include "render/slurm_plan.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "ibatlas/render/slurm.hpp"
#include "ibatlas/render/style.hpp"

namespace ibatlas {

namespace {

void link_units(const Fabric& fabric, Plan& p) {
  for (PortId cable : fabric.links()) {
    NodeId a = fabric.node_of(cable);
    NodeId b = fabric.node_of(*fabric.port(cable).peer);
    if (fabric.node(a).type != NodeType::Switch || fabric.node(b).type != NodeType::Switch) {
      continue;
    }
    std::uint32_t ua = p.units.unit_of(a), ub = p.units.unit_of(b);
    if (ua != ub) {
      p.neighbours[ua].insert(ub);
      p.neighbours[ub].insert(ua);
    }
  }
}

// The named hosts (by their Slurm names) kept in p.reach: all, or those Slurm knows.
void keep_known(const std::map<std::string, Units>& by_own_name,
                const std::map<std::string, std::string>& names, const SlurmOptions& options,
                Plan& p, SlurmExport& out) {
  std::set<std::string> in_fabric;
  for (const auto& [own, units] : by_own_name) {
    const std::string& name = names.at(own);
    in_fabric.insert(name);
    if (options.known_hosts && !options.known_hosts->contains(name)) {
      out.not_known.push_back(name);
    } else {
      p.reach[name] = units;
    }
  }
  if (options.known_hosts) {
    for (const std::string& known : *options.known_hosts) {
      if (!in_fabric.contains(known)) {
        out.not_in_fabric.push_back(known);
      }
    }
  }
}

// Step 2. Host names are made Slurm names first, so --slurm-hosts compares what is written.
void find_hosts(const Fabric& fabric, const SlurmOptions& options, Plan& p, SlurmExport& out) {
  std::map<std::string, Units> by_own_name;
  std::map<std::string, Guid> first_guid;
  for (const Node& node : fabric.nodes()) {
    if (!is_host(node)) {
      continue;
    }
    std::optional<std::string> name = host_name(node.description);
    bool cabled = false;
    for (const Port& port : fabric.ports_of(fabric.id_of(node))) {
      NodeId peer = port.peer ? fabric.node_of(*port.peer) : NodeId{};
      if (!port.peer || fabric.node(peer).type != NodeType::Switch) {
        continue;
      }
      cabled = true;
      p.host_units.insert(p.units.unit_of(peer));
      if (name) {
        by_own_name[*name].insert(p.units.unit_of(peer));
        first_guid.try_emplace(*name, node.guid);
      }
    }
    if (cabled && !name) {
      out.unnamed_hcas.push_back(node.guid);
    }
  }
  keep_known(by_own_name, slurm_host_names(first_guid, out.renames), options, p, out);
}

// Step 3. hn(U): how many host units U is cabled to. A host unit is a leaf unless a host
// unit it is cabled to reaches fewer host units: that one hangs below it.
void find_leaves(Plan& p) {
  std::map<std::uint32_t, std::size_t> hn;
  for (std::uint32_t u : p.host_units) {
    hn[u] = static_cast<std::size_t>(
        std::count_if(p.neighbours[u].begin(), p.neighbours[u].end(),
                      [&p](std::uint32_t v) { return p.host_units.contains(v); }));
  }
  for (std::uint32_t u : p.host_units) {
    const Units& around = p.neighbours[u];
    if (std::none_of(around.begin(), around.end(),
                     [&](std::uint32_t v) { return p.host_units.contains(v) && hn[v] < hn[u]; })) {
      p.leaves.insert(u);
    }
  }
  std::deque<std::uint32_t> queue(p.leaves.begin(), p.leaves.end());
  for (std::uint32_t u : p.leaves) {
    p.level[u] = 1;
  }
  while (!queue.empty()) {
    std::uint32_t u = queue.front();
    queue.pop_front();
    for (std::uint32_t v : p.neighbours[u]) {
      if (!p.host_units.contains(v) && p.units.inferred_leaf(v)) {
        continue;  // a leaf with no host yet: nothing to write, and no core either
      }
      if (p.level.try_emplace(v, p.level[u] + 1).second) {
        queue.push_back(v);
      }
    }
  }
}

// The leaf a host on unit u goes under: u itself, or u's synthetic leaf.
std::string slot_of(std::uint32_t u, Plan& p) {
  if (p.leaves.contains(u)) {
    return p.units.name(u);
  }
  auto [it, added] = p.synthetic.try_emplace(u);
  if (added) {
    it->second = p.units.unique_name(p.units.name(u) + "_hosts", u);
  }
  return it->second;
}

// Step 4. Hosts that reach the same leaves form a group; group j of n hosts goes to leaf
// j * k / n of the group's k leaves: contiguous blocks in natural name order.
void place_hosts(Plan& p) {
  for (const auto& [host, units] : p.reach) {
    Units reached;
    p.wanted.insert(units.begin(), units.end());
    for (std::uint32_t u : units) {
      if (p.leaves.contains(u)) {
        reached.insert(u);
      }
    }
    if (reached.empty()) {
      reached = units;  // on switches above the leaves only: their synthetic leaves
    }
    std::vector<std::string> slots;
    for (std::uint32_t u : reached) {
      slots.push_back(slot_of(u, p));
    }
    std::sort(slots.begin(), slots.end(), natural_less);
    p.groups[slots].push_back(host);
  }
  for (auto& [slots, hosts] : p.groups) {
    std::sort(hosts.begin(), hosts.end(), natural_less);
    for (std::size_t j = 0; j < hosts.size(); ++j) {
      p.slot_hosts[slots[j * slots.size() / hosts.size()]].insert(hosts[j]);
    }
  }
}

SlurmSwitchLine leaf_line(const std::string& name, const std::set<std::string>& hosts) {
  return SlurmSwitchLine{name, 1, {hosts.begin(), hosts.end()}, {}};
}

// A switch above the leaves: the written units one level down, and its synthetic leaf
// (written here, before it) when hosts went into it.
SlurmSwitchLine upper_line(std::uint32_t u, const Units& written, Plan& p, SlurmExport& out) {
  SlurmSwitchLine line{p.units.name(u), p.level[u], {}, {}};
  for (std::uint32_t v : p.neighbours[u]) {
    if (written.contains(v) && p.level[v] == p.level[u] - 1) {
      line.switches.push_back(p.units.name(v));
    }
  }
  auto synthetic = p.synthetic.find(u);
  if (synthetic != p.synthetic.end() && p.slot_hosts.contains(synthetic->second)) {
    out.lines.push_back(leaf_line(synthetic->second, p.slot_hosts[synthetic->second]));
    out.synthetic_leaves.push_back(synthetic->second);
    p.line_unit[synthetic->second] = u;
    line.switches.push_back(synthetic->second);
  }
  std::sort(line.switches.begin(), line.switches.end(), natural_less);
  return line;
}

// Step 5, and the leaves that got no host.
void write_lines(Plan& p, SlurmExport& out) {
  std::vector<std::uint32_t> order;
  for (const auto& [u, level] : p.level) {
    order.push_back(u);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&p](std::uint32_t a, std::uint32_t b) { return p.level[a] < p.level[b]; });
  Units written;
  for (std::uint32_t u : order) {
    const std::string& name = p.units.name(u);
    if (!p.leaves.contains(u)) {
      SlurmSwitchLine line = upper_line(u, written, p, out);
      if (!line.switches.empty()) {
        out.lines.push_back(std::move(line));
        written.insert(u);
        p.line_unit[name] = u;
      }
    } else if (p.slot_hosts.contains(name)) {
      out.lines.push_back(leaf_line(name, p.slot_hosts[name]));
      written.insert(u);
      p.line_unit[name] = u;
    } else if (p.wanted.contains(u)) {
      out.hostless_leaves.push_back(name);
    }
  }
  sort_lines(out);
}

}  // namespace

void sort_lines(SlurmExport& out) {
  std::stable_sort(out.lines.begin(), out.lines.end(),
                   [](const SlurmSwitchLine& a, const SlurmSwitchLine& b) {
                     return a.level != b.level ? a.level < b.level : natural_less(a.name, b.name);
                   });
}

SlurmExport plan_slurm_topology(const Fabric& fabric, const SlurmOptions& options) {
  SlurmExport out;
  Plan p{SlurmUnits(fabric, out.renames), {}, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  link_units(fabric, p);
  find_hosts(fabric, options, p, out);
  find_leaves(p);
  place_hosts(p);
  write_lines(p, out);
  add_rail_groups(p, out);
  add_tops(p, out);
  for (const auto& [slot, hosts] : p.slot_hosts) {
    out.hosts += hosts.size();
  }
  return out;
}

}  // namespace ibatlas
