#include "ibatlas/routing/compare.hpp"

#include "routing/analysis_context.hpp"
#include "routing/destination_pass.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kMaxExamples = 20;

void note(std::vector<TableDifference>& list, const TableDifference& d) {
  if (list.size() < kMaxExamples) {
    list.push_back(d);
  }
}

// One entry both tables deliver: the same hop count? the same port?
void tally_both(TableComparison& c, const TableDifference& diff) {
  ++c.both;
  if (diff.hops_a == diff.hops_b) {
    ++c.same_hops;
  } else {
    note(c.hop_differences, diff);
  }
  if (diff.port_a == diff.port_b) {
    ++c.same_port;
  } else {
    note(c.port_differences, diff);
  }
}

}  // namespace

TableComparison compare_tables(const Fabric& a, const Fabric& b) {
  AnalysisContext context(a);
  RouteView view_b(b, LinkRule::Forwarding);
  DestinationPass pass_a(context.view);
  DestinationPass pass_b(view_b);
  TableComparison c;
  for (const Destination& d : context.dests) {
    pass_a.run(d);
    pass_b.run(d);
    for (std::uint32_t s = 0; s < context.view.switch_count(); ++s) {
      if (!context.sends[s] || (d.to_switch && s == d.target)) {
        continue;
      }
      ++c.entries;
      bool in_a = pass_a.fate(s) == RouteFate::Delivered;
      bool in_b = pass_b.fate(s) == RouteFate::Delivered;
      c.only_a += in_a && !in_b ? 1U : 0U;
      c.only_b += in_b && !in_a ? 1U : 0U;
      if (!in_a || !in_b) {
        continue;
      }
      tally_both(c, TableDifference{context.view.switch_node(s), d.lid, pass_a.out(s),
                                    pass_b.out(s), pass_a.hops(s), pass_b.hops(s)});
    }
  }
  return c;
}

}  // namespace ibatlas
