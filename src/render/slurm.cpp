// The topology.conf text: a comment that says where it comes from and what was left out or
// renamed, then one line per switch (slurm_plan.cpp decides which and how).

#include "ibatlas/render/slurm.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// At most `limit` items on one comment line, then "...".
template <typename T, typename Show>
void list_some(const std::vector<T>& items, std::size_t limit, Show show, std::ostream& out) {
  for (std::size_t i = 0; i < items.size() && i < limit; ++i) {
    out << ' ' << show(items[i]);
  }
  out << (items.size() > limit ? " ...\n" : "\n");
}

// Bytes from the fabric are shown escaped: a newline would end the comment.
void write_header(const Fabric& fabric, const SlurmExport& plan, std::ostream& out) {
  out << "# Slurm topology.conf (TopologyPlugin=topology/tree) written by ibatlas "
      << IBATLAS_VERSION << "\n# from " << text::printable(fabric.provenance().source)
      << ". Host names: the first word of each HCA's node description.\n";
  auto same = [](const std::string& s) { return s; };
  if (!plan.unnamed_hcas.empty()) {
    out << "# " << plan.unnamed_hcas.size()
        << " HCAs of hosts left out: their description names no host:";
    list_some(
        plan.unnamed_hcas, 8, [](Guid g) { return text::guid_text(g); }, out);
  }
  if (!plan.not_known.empty()) {
    out << "# " << plan.not_known.size() << " hosts left out: not in --slurm-hosts:";
    list_some(plan.not_known, 8, same, out);
  }
  if (!plan.hostless_leaves.empty()) {
    out << "# " << plan.hostless_leaves.size()
        << " leaves left out: each of their hosts is listed under another leaf:";
    list_some(plan.hostless_leaves, 8, same, out);
  }
  if (!plan.synthetic_leaves.empty()) {
    out << "# " << plan.synthetic_leaves.size()
        << " synthetic leaves hold the hosts of switches above the leaves:";
    list_some(plan.synthetic_leaves, 8, same, out);
  }
  if (!plan.rail_groups.empty()) {
    out << "# " << plan.rail_groups.size()
        << " synthetic switches group rail leaves that serve the same hosts:";
    list_some(plan.rail_groups, 8, same, out);
  }
  if (!plan.synthetic_tops.empty()) {
    out << "# " << plan.synthetic_tops.size()
        << " synthetic top switches over switches no one switch joins:";
    list_some(plan.synthetic_tops, 8, same, out);
  }
  if (!plan.renames.empty()) {
    out << "# " << plan.renames.size()
        << " names renamed (Slurm names here are letters, digits, '-', '_' and '.'):\n";
    for (const SlurmRename& r : plan.renames) {
      out << "#   \"" << text::printable(r.original) << "\" -> " << r.name << '\n';
    }
  }
}

}  // namespace

void write_slurm_topology(const Fabric& fabric, const SlurmExport& plan, std::ostream& out) {
  write_header(fabric, plan, out);
  for (const SlurmSwitchLine& line : plan.lines) {
    out << "SwitchName=" << line.name;
    if (!line.nodes.empty()) {
      out << " Nodes=" << hostlist(line.nodes);
    }
    if (!line.switches.empty()) {
      out << " Switches=" << hostlist(line.switches);
    }
    out << '\n';
  }
}

SlurmExport write_slurm_topology(const Fabric& fabric, std::ostream& out,
                                 const SlurmOptions& options) {
  SlurmExport plan = plan_slurm_topology(fabric, options);
  write_slurm_topology(fabric, plan, out);
  return plan;
}

}  // namespace ibatlas
