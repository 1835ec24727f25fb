// Steps 6 and 7 of plan_slurm_topology: synthetic switches that tell Slurm what a tree
// of cabled switches does not (docs/slurm.md, "Rail groups" and "A common top").

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "ibatlas/render/style.hpp"

#include "render/slurm_plan.hpp"

namespace ibatlas {

namespace {

// Step 7. The written units joined by cables or by a host cabled to both (a host's rails
// are one job's network even when the rail planes share no switch), as line indexes.
std::vector<std::vector<std::size_t>> written_groups(Plan& p, const SlurmExport& out) {
  std::map<std::uint32_t, Units> joined = p.neighbours;
  for (const auto& [host, units] : p.reach) {
    for (std::uint32_t u : units) {
      joined[u].insert(units.begin(), units.end());
    }
  }
  std::map<std::uint32_t, std::vector<std::size_t>> lines_of;
  for (std::size_t i = 0; i < out.lines.size(); ++i) {
    lines_of[p.line_unit.at(out.lines[i].name)].push_back(i);
  }
  std::vector<std::vector<std::size_t>> groups;
  Units seen;
  for (const auto& [start, lines] : lines_of) {
    if (!seen.insert(start).second) {
      continue;
    }
    groups.emplace_back();
    std::deque<std::uint32_t> queue{start};
    while (!queue.empty()) {
      std::uint32_t u = queue.front();
      queue.pop_front();
      groups.back().insert(groups.back().end(), lines_of[u].begin(), lines_of[u].end());
      for (std::uint32_t v : joined[u]) {
        if (lines_of.contains(v) && seen.insert(v).second) {
          queue.push_back(v);
        }
      }
    }
  }
  return groups;
}

using Bits = std::vector<std::uint64_t>;

// Per line, the leaves below it (a leaf: itself). Every host sits under exactly one leaf,
// so a switch has every host of a group below it when it has every leaf of the group.
std::vector<Bits> leaves_below(const SlurmExport& out) {
  std::size_t leaves = 0;
  for (const SlurmSwitchLine& line : out.lines) {
    leaves += line.nodes.empty() ? 0 : 1;
  }
  std::vector<Bits> below(out.lines.size(), Bits((leaves + 63) / 64, 0));
  std::map<std::string, std::size_t> line_index;
  std::size_t leaf = 0;
  for (std::size_t i = 0; i < out.lines.size(); ++i) {  // children come first: lower level
    line_index[out.lines[i].name] = i;
    if (!out.lines[i].nodes.empty()) {
      below[i][leaf / 64] |= std::uint64_t{1} << (leaf % 64);
      ++leaf;
    }
    for (const std::string& child : out.lines[i].switches) {
      const Bits& under = below[line_index.at(child)];
      for (std::size_t w = 0; w < under.size(); ++w) {
        below[i][w] |= under[w];
      }
    }
  }
  return below;
}

// The hosts that may go under each leaf: every host whose group has it.
std::map<std::string, std::size_t> reachers(const Plan& p) {
  std::map<std::string, std::size_t> count;
  for (const auto& [slots, hosts] : p.groups) {
    for (const std::string& slot : slots) {
      count[slot] += hosts.size();
    }
  }
  return count;
}

}  // namespace

// A rail group: at least two hosts that reach the same k >= 2 leaves, and are the only
// hosts that reach them (a DGX scalable unit and its rail leaves). The blocks of step 4
// spread it over its leaves; "<first leaf>_rails" lists them again, so that Slurm sees
// the group as one switch: on every rail its hosts are one leaf apart.
void add_rail_groups(Plan& p, SlurmExport& out) {
  std::map<std::string, std::size_t> reaching = reachers(p);
  std::set<std::string> synthetic;
  for (const auto& [unit, name] : p.synthetic) {
    synthetic.insert(name);
  }
  std::vector<SlurmSwitchLine> groups;
  for (const auto& [slots, hosts] : p.groups) {
    std::size_t n = hosts.size();  // clang 14 cannot capture a structured binding
    bool rails =
        slots.size() > 1 && n > 1 &&
        std::all_of(slots.begin(), slots.end(), [&](const std::string& slot) {
          return !synthetic.contains(slot) && p.slot_hosts.contains(slot) && reaching[slot] == n;
        });
    if (rails) {
      std::uint32_t unit = p.line_unit.at(slots.front());
      groups.push_back({p.units.unique_name(slots.front() + "_rails", unit), 2, {}, slots});
      p.line_unit[groups.back().name] = unit;
    }
  }
  for (SlurmSwitchLine& group : groups) {
    out.rail_groups.push_back(group.name);
    out.lines.push_back(std::move(group));
  }
  sort_lines(out);
}

// Slurm keeps a job under one switch: when no switch of a connected group has every host
// of the group below it, a synthetic "fabric_top" over the group's top switches does.
void add_tops(Plan& p, SlurmExport& out) {
  std::vector<Bits> below = leaves_below(out);
  std::set<std::string> children;
  for (const SlurmSwitchLine& line : out.lines) {
    children.insert(line.switches.begin(), line.switches.end());
  }
  std::vector<SlurmSwitchLine> tops;
  for (const std::vector<std::size_t>& group : written_groups(p, out)) {
    Bits all(below.empty() ? 0 : below[0].size(), 0);
    for (std::size_t i : group) {
      for (std::size_t w = 0; w < all.size(); ++w) {
        all[w] |= below[i][w];
      }
    }
    SlurmSwitchLine top{"", 0, {}, {}};
    for (std::size_t i : group) {
      if (below[i] == all) {
        top.switches.clear();
        break;
      }
      if (!children.contains(out.lines[i].name)) {
        top.switches.push_back(out.lines[i].name);
        top.level = std::max(top.level, out.lines[i].level + 1);
      }
    }
    if (top.switches.size() > 1) {
      std::sort(top.switches.begin(), top.switches.end(), natural_less);
      top.name = p.units.unique_name("fabric_top", p.line_unit.at(top.switches.front()));
      tops.push_back(std::move(top));
    }
  }
  for (SlurmSwitchLine& top : tops) {
    out.synthetic_tops.push_back(top.name);
    out.lines.push_back(std::move(top));
  }
  sort_lines(out);
}

}  // namespace ibatlas
