#include "ibatlas/routing/route_checks.hpp"

#include <algorithm>
#include <cstdio>

#include "ibatlas/routing/route_load.hpp"
#include "ibatlas/tiers.hpp"

#include "findings/finding_factory.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using enum Severity;

bool is_route_check(const CheckInfo& c) {
  return c.id.starts_with("route.");
}

std::string fixed(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

// Builds findings of this module: the factory for names and places, the severity from the
// registry.
class RouteFindings {
 public:
  RouteFindings(const Fabric& fabric, const NodeNameMap* names)
      : fabric_(fabric), factory_(fabric, names) {}

  std::vector<Finding> take() && { return std::move(out_); }

  Finding& add(std::string_view check, LocationKind kind, const Endpoint& here,
               std::optional<Endpoint> peer = std::nullopt) {
    Finding f;
    f.check = std::string(check);
    const CheckInfo* info = find_check(check);  // every id of this file is registered
    f.severity = info != nullptr ? info->severity : Warning;
    f.location.kind = kind;
    f.location.here = here;
    f.location.peer = std::move(peer);
    out_.push_back(std::move(f));
    return out_.back();
  }

  // "LID 0x0012 (host05)".
  std::string lid_name(Lid lid) const {
    std::optional<PortId> port = fabric_.find_port_by_lid(lid);
    return "LID " + text::hex_text(lid, 4) +
           (port ? " (" + factory_.name(fabric_.node_of(*port)) + ")" : "");
  }

  void drop(const RouteDrop& d);
  void loop(const RouteDrop& d);
  void credit_loop(const CreditLoop& loop);
  void assumptions(const RouteReport& report);
  void detour(const RouteDetour& d);
  void hot_link(const LinkLoad& l, const RouteLoad& load);
  void asymmetry(const RouteSymmetry& s);

 private:
  const Fabric& fabric_;
  FindingFactory factory_;
  std::vector<Finding> out_;
};

void RouteFindings::drop(const RouteDrop& d) {
  std::optional<PortId> port = d.port ? fabric_.find_port(d.at, *d.port) : std::nullopt;
  Finding& f = port ? add("route.unreachable", LocationKind::Port, factory_.endpoint(*port))
                    : add("route.unreachable", LocationKind::Node, factory_.endpoint(d.at));
  if (port && fabric_.port(*port).peer) {
    f.location.peer = factory_.endpoint(*fabric_.port(*port).peer);
  }
  f.measured = std::to_string(d.pairs) + " routes to " + std::to_string(d.lids) + " LIDs";
  f.expected = "0";
  std::string what =
      d.port ? to_string(d.fate) + " (port " + std::to_string(*d.port) + ")" : to_string(d.fate);
  f.message = factory_.name(d.at) + " drops " + std::to_string(d.pairs) + " routes to " +
              std::to_string(d.lids) + " LIDs, e.g. " + lid_name(d.example_lid) + ": " + what;
  switch (d.fate) {
    case RouteFate::NoTable:
      f.hint = "read the switch's table (discover --routes, dump_lfts) or check the SM set it";
      break;
    case RouteFate::DownPort:
      f.hint = "the table points at a port without a working link: repair it or resweep the SM";
      break;
    case RouteFate::WrongNode:
      f.hint = "the entry leads to another node: tables are stale after a LID change; resweep";
      break;
    default:
      f.hint = "the SM did not route these LIDs: check its log, then run a heavy sweep";
      break;
  }
}

void RouteFindings::loop(const RouteDrop& d) {
  Finding& f = add("route.loop", LocationKind::Node, factory_.endpoint(d.at));
  std::string cycle;
  for (NodeId n : d.cycle) {
    cycle += factory_.name(n) + " -> ";
  }
  cycle += d.cycle.empty() ? std::string("?") : factory_.name(d.cycle.front());
  f.measured = std::to_string(d.pairs) + " routes to " + std::to_string(d.lids) + " LIDs";
  f.expected = "0";
  f.message = "routes to " + std::to_string(d.lids) + " LIDs loop through " + cycle + ", e.g. " +
              lid_name(d.example_lid);
  f.hint = "the tables disagree (mixed SM runs or hand edits): run a heavy sweep of one SM";
}

// "VL 2", or "VLs 0, 1" when a table moves the loop's routes between VLs.
std::string vl_text(const std::vector<std::uint8_t>& vls) {
  std::vector<std::uint8_t> distinct(vls);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  if (distinct.empty()) {
    distinct.push_back(0);  // a loop made by hand, without VLs: the one VL of old
  }
  std::string out = distinct.size() == 1 ? "VL " : "VLs ";
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    out += (i == 0 ? "" : ", ") + std::to_string(distinct[i]);
  }
  return out;
}

void RouteFindings::credit_loop(const CreditLoop& loop) {
  PortId first = loop.channels.front();
  Finding& f = add("route.credit_loop", LocationKind::Link, factory_.endpoint(first),
                   factory_.endpoint(*fabric_.port(first).peer));
  std::string path;
  for (PortId c : loop.channels) {
    path +=
        factory_.name(fabric_.node_of(c)) + "[" + std::to_string(fabric_.port(c).number) + "] -> ";
  }
  path += factory_.name(fabric_.node_of(first));
  f.measured = std::to_string(loop.channels.size()) + " links in a cycle on " + vl_text(loop.vls) +
               " (" + std::to_string(loop.component) + " channels involved)";
  f.expected = "no cycle";
  f.message = "credit loop on " + vl_text(loop.vls) + ": " + path +
              "; routes can deadlock when these buffers fill";
  f.hint = "use a deadlock-free engine (updn, ftree; lash or dfsssp with VLs) for this topology";
}

// What the credit-loop analysis did not know: one info finding each.
void RouteFindings::assumptions(const RouteReport& report) {
  const CreditLoopInputs& in = report.credit_loop_inputs;
  // Without path SLs (and without tables) every hop is on one VL: that graph holds every
  // dependency the real VLs could, so a verdict of no loop stands and needs no note.
  bool looped = !report.credit_loops.empty();
  if (report.channels != 0 && (in.path_sls ? in.paths_without_sl != 0 : looped)) {
    Finding& f = add("route.sl_assumed", LocationKind::Fabric, Endpoint{});
    f.measured = in.path_sls ? std::to_string(in.paths_without_sl) + " of " +
                                   std::to_string(in.paths) + " paths without an SL"
                             : std::string("no path SLs");
    f.expected = "the SL of every path";
    f.message = in.path_sls ? "credit loops were judged with SL 0 for " + f.measured
                            : "credit loops were judged with SL 0 for every path: the snapshot "
                              "holds no path SLs";
    f.hint =
        "give the SLs the SA hands out (discover --path-sls, or routes --path-sls FILE with "
        "saquery -p output), or VL-aware tables (dfsssp, lash) may show false loops";
  }
  bool vl_unknown = in.sl_to_vl ? in.hops_without_table != 0 : in.path_sls && looped;
  if (report.channels != 0 && vl_unknown) {
    Finding& f = add("route.vl_assumed", LocationKind::Fabric, Endpoint{});
    f.measured = in.sl_to_vl ? std::to_string(in.hops_without_table) +
                                   " (switch, in, out) port pairs without a table"
                             : std::string("no SL-to-VL tables");
    f.expected = "an SL-to-VL table for every hop";
    f.message = in.sl_to_vl ? "credit loops were judged with VL 0 on " + f.measured
                            : "credit loops were judged with VL 0 on every hop: the snapshot "
                              "holds path SLs but no SL-to-VL tables";
    f.hint = "read the tables (discover --sl2vl; a partial crawl leaves some out)";
  }
}

void RouteFindings::detour(const RouteDetour& d) {
  Finding& f = add("route.nonminimal", LocationKind::Node, factory_.endpoint(d.at));
  f.measured = std::to_string(d.lids) + " LIDs";
  f.expected = "0";
  f.message = factory_.name(d.at) + " forwards " + std::to_string(d.lids) +
              " LIDs to a neighbour no closer to them, e.g. " + lid_name(d.example_lid);
  f.hint = "routes are longer than needed: check for a failed link the SM routed around";
}

// "leaf, up"; "tier ?, lateral" when the sending switch has no tier.
std::string group_text(const LinkLoad& l) {
  return (l.tier ? tier_name(*l.tier) : std::string("tier ?")) + ", " + to_string(l.direction);
}

void RouteFindings::hot_link(const LinkLoad& l, const RouteLoad& load) {
  const LoadGroup* g = nullptr;
  for (const LoadGroup& x : load.groups) {
    g = x.tier == l.tier && x.direction == l.direction ? &x : g;
  }
  Finding& f = add("route.imbalance", LocationKind::Link, factory_.endpoint(l.from),
                   factory_.endpoint(l.to));
  // The routes a fair share gives this link: the group's routes per Gb/s times its rate.
  double fair = g == nullptr ? 0 : (g->rated ? g->fair * *l.gbps : g->fair);
  f.measured = std::to_string(l.routes) + " routes (" + fixed(l.share) + "x its share)";
  f.expected = "below " + fixed(load.threshold) + "x its share (" + fixed(fair) + " routes" +
               (g != nullptr && g->rated ? " at its rate" : "") + ")";
  f.message = factory_.name(fabric_.node_of(l.from)) + "[" +
              std::to_string(fabric_.port(l.from).number) + "] -> " +
              factory_.name(fabric_.node_of(l.to)) + "[" +
              std::to_string(fabric_.port(l.to).number) + "] (" + group_text(l) + ") carries " +
              std::to_string(l.routes) + " CA-to-CA routes, " + fixed(l.share) +
              "x the fair share of its tier (" + fixed(fair) + ")";
  f.hint =
      "a hot link: check its group for down or degraded links and resweep; if the SM "
      "computed these tables as they are, its engine concentrates routes here";
}

void RouteFindings::asymmetry(const RouteSymmetry& s) {
  if (!s.checked || s.asymmetric == 0) {
    return;
  }
  Finding& f = add("route.asymmetric", LocationKind::Fabric, Endpoint{});
  f.measured = std::to_string(s.asymmetric) + " of " + std::to_string(s.pairs) + " CA pairs";
  f.expected = "0";
  f.message = std::to_string(s.asymmetric) + " of " + std::to_string(s.pairs) +
              " CA pairs route over different links each way";
  if (s.example) {
    f.message += ", e.g. " + factory_.name(fabric_.node_of(s.example->first)) + " <-> " +
                 factory_.name(fabric_.node_of(s.example->second));
  }
  f.hint = "usual for minhop; matters only where traffic must share a path both ways";
}

}  // namespace

std::span<const CheckInfo> routing_checks() {
  std::span<const CheckInfo> all = all_checks();
  auto first = std::find_if(all.begin(), all.end(), is_route_check);
  auto last = std::find_if_not(first, all.end(), is_route_check);
  return {first, last};
}

std::vector<Finding> route_findings(const Fabric& fabric, const RouteReport& report,
                                    const NodeNameMap* names) {
  RouteFindings out(fabric, names);
  for (const RouteDrop& d : report.validation.drops) {
    if (d.fate == RouteFate::Loop) {
      out.loop(d);
    } else {
      out.drop(d);
    }
  }
  for (const CreditLoop& loop : report.credit_loops) {
    out.credit_loop(loop);
  }
  out.assumptions(report);
  for (const RouteDetour& d : report.validation.detours) {
    out.detour(d);
  }
  RouteLoad load = route_loads(fabric, report.balance);
  for (const LinkLoad& l : load.links) {
    if (l.hot) {
      out.hot_link(l, load);
    }
  }
  out.asymmetry(report.symmetry);
  return std::move(out).take();
}

std::vector<Finding> check_routes(const Fabric& fabric, const AuditOptions& options) {
  if (fabric.forwarding_tables().empty()) {
    return {};
  }
  return route_findings(fabric, analyze_routes(fabric, RouteAnalysisOptions{}), options.names);
}

}  // namespace ibatlas
