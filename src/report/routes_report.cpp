// `ibatlas routes` output: the validation report as text (a summary, tables per tier, then
// the findings table; report/table.hpp) or as a findings JSON document. Formatting only.

#include "ibatlas/report/routes_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "ibatlas/ar/ar_checks.hpp"
#include "ibatlas/formats/findings_json.hpp"
#include "ibatlas/routing/route_load.hpp"

#include "report/findings_text.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kSummaryValueColumn = 14;  // where "tables:       " puts its value

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char buffer[16];
  std::snprintf(
      buffer, sizeof buffer, "%.2f%%",
      whole == 0 ? 100.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return buffer;
}

// `value` with `decimals` digits after the point.
std::string fixed(double value, int decimals) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string port_name(const Fabric& fabric, PortId id) {
  const Port& p = fabric.port(id);
  return fabric.node(p.node).description + "[" + std::to_string(p.number) + "]";
}

// port_name for the text report: descriptions escaped, so they cannot drive the terminal.
std::string shown_port(const Fabric& fabric, PortId id) {
  return text::printable(port_name(fabric, id));
}

std::string tier_text(const TierLoad& t) {
  if (!t.tier) {
    return "-";
  }
  constexpr const char* kNames[] = {"host", "leaf", "spine", "core"};
  return *t.tier < 4 ? kNames[*t.tier] : "tier " + std::to_string(*t.tier);
}

void print_summary(const TablesOrigin& origin, const RouteValidation& v, std::ostream& out) {
  out << "tables:       " << text::printable(origin.what) << ", " << origin.switches_with_table
      << " of " << origin.switches << " switches\n"
      << "sources:      " << v.switch_sources << " switches, " << v.ca_sources << " CA ports\n"
      << "destinations: " << v.destinations << " LIDs";
  if (v.unlinked_lids != 0) {
    out << " (" << v.unlinked_lids << " more whose port has no working link: skipped)";
  }
  out << "\npairs:        " << v.pairs << ", delivered " << v.fates[0] << " ("
      << percent(v.fates[0], v.pairs) << "); host to host " << v.host_delivered << " of "
      << v.host_pairs << "\n";
  out << "dropped:     ";
  for (std::size_t f = 1; f < kRouteFates; ++f) {
    out << ' ' << to_string(static_cast<RouteFate>(f)) << ' ' << v.fates[f]
        << (f + 1 < kRouteFates ? "," : "\n");
  }
  out << "hops:        ";
  for (std::size_t h = 0; h < v.hop_histogram.size(); ++h) {
    if (v.hop_histogram[h] != 0) {
      out << ' ' << h << ':' << v.hop_histogram[h];
    }
  }
  out << "; longer than the shortest path: " << v.nonminimal << "\n";
}

// Per tier and direction of switch-to-switch links: the most loaded link's share of its
// fair share and how many are hot (route.imbalance).
void print_link_load(const Fabric& fabric, const RouteBalance& b, const TextStyle& style,
                     std::ostream& out) {
  RouteLoad load = route_loads(fabric, b);
  if (load.groups.empty()) {
    return;
  }
  std::vector<std::size_t> hot(load.groups.size(), 0);
  for (const LinkLoad& l : load.links) {
    for (std::size_t i = 0; i < load.groups.size(); ++i) {
      hot[i] += l.hot && load.groups[i].tier == l.tier && load.groups[i].direction == l.direction;
    }
  }
  char threshold[32];
  std::snprintf(threshold, sizeof threshold, "%.1f", load.threshold);
  out << "\nroute load per switch link (hot: share >= " << threshold
      << "; 1.0 = fair for its rate)\n";
  Table table({{"TIER, DIRECTION"},
               {"LINKS", false, 0, true},
               {"MAX SHARE", false, 0, true},
               {"HOT", false, 0, true}});
  for (std::size_t i = 0; i < load.groups.size(); ++i) {
    const LoadGroup& g = load.groups[i];
    TierLoad t;
    t.tier = g.tier;
    std::string label = tier_text(t) + ", " + to_string(g.direction) + (g.rated ? "" : " (counts)");
    table.add_row({{label},
                   {std::to_string(g.links)},
                   {fixed(g.max_share, 2)},
                   {std::to_string(hot[i]), hot[i] != 0 ? Tone::Warning : Tone::Plain}});
  }
  table.write(out, style);
}

void print_balance(const Fabric& fabric, const RouteBalance& b, const TextStyle& style,
                   std::ostream& out) {
  out << "\nroutes per port (CA to CA)\n";
  Table table({{"TIER, DIRECTION"},
               {"PORTS", false, 0, true},
               {"MAX ROUTES", false, 0, true},
               {"MEAN", false, 0, true},
               {"MAX/GBPS", false, 0, true},
               {"MEAN/GBPS", false, 0, true}});
  for (const TierLoad& t : b.tiers) {
    table.add_row({{tier_text(t) + ", " + to_string(t.direction)},
                   {std::to_string(t.ports)},
                   {std::to_string(t.max_routes)},
                   {fixed(t.mean_routes, 1)},
                   {fixed(t.max_per_gbps, 3)},
                   {fixed(t.mean_per_gbps, 3)}});
  }
  table.write(out, style);
  print_link_load(fabric, b, style, out);
  for (const DegradedLoad& d : b.degraded) {
    out << "degraded link " << shown_port(fabric, d.a) << " <-> " << shown_port(fabric, d.b)
        << " carries " << d.routes_ab << " and " << d.routes_ba << " CA routes\n";
  }
}

void print_loops_and_symmetry(const Fabric& fabric, const RouteReport& r, std::ostream& out) {
  out << "\ncredit loops: "
      << (r.credit_loops.empty() ? "none" : std::to_string(r.credit_loops.size())) << " ("
      << r.channels << " channels, " << r.virtual_lanes << " VL)\n";
  for (const CreditLoop& loop : r.credit_loops) {
    out << "  VL " << int{loop.vls.empty() ? 0 : loop.vls.front()} << ": ";
    for (PortId c : loop.channels) {
      out << shown_port(fabric, c) << " -> ";
    }
    out << shown_port(fabric, loop.channels.front()) << '\n';
  }
  const RouteSymmetry& s = r.symmetry;
  out << "symmetry:     ";
  if (s.checked) {
    out << s.asymmetric << " of " << s.pairs << " CA pairs route over different links each way\n";
  } else {
    out << s.note << '\n';
  }
}

nlohmann::ordered_json validation_json(const RouteValidation& v) {
  nlohmann::ordered_json j;
  j["pairs"] = v.pairs;
  for (std::size_t f = 0; f < kRouteFates; ++f) {
    std::string key = to_string(static_cast<RouteFate>(f));
    std::replace(key.begin(), key.end(), ' ', '_');
    j[key] = v.fates[f];
  }
  j["host_pairs"] = v.host_pairs;
  j["host_delivered"] = v.host_delivered;
  j["nonminimal"] = v.nonminimal;
  j["hop_histogram"] = v.hop_histogram;
  j["min_hop_histogram"] = v.min_hop_histogram;
  j["ca_sources"] = v.ca_sources;
  j["switch_sources"] = v.switch_sources;
  j["destinations"] = v.destinations;
  j["unlinked_lids"] = v.unlinked_lids;
  return j;
}

nlohmann::ordered_json tier_json(std::optional<int> tier) {
  return tier ? nlohmann::ordered_json(*tier) : nlohmann::ordered_json(nullptr);
}

// route.imbalance's figures (routing/route_load.hpp): per group the fair share, per
// switch-to-switch link direction its routes and share, so a map can colour links by load.
void load_json(const Fabric& fabric, const RouteBalance& b, nlohmann::ordered_json& j) {
  RouteLoad load = route_loads(fabric, b);
  j["hot_share"] = load.threshold;
  j["load_groups"] = nlohmann::ordered_json::array();
  for (const LoadGroup& g : load.groups) {
    j["load_groups"].push_back({{"tier", tier_json(g.tier)},
                                {"direction", to_string(g.direction)},
                                {"links", g.links},
                                {"routes", g.routes},
                                {"gbps", g.gbps},
                                {"rated", g.rated},
                                {"fair", g.fair},
                                {"max_share", g.max_share}});
  }
  j["links"] = nlohmann::ordered_json::array();
  for (const LinkLoad& l : load.links) {
    const Port& from = fabric.port(l.from);
    const Port& to = fabric.port(l.to);
    j["links"].push_back(
        {{"from", port_name(fabric, l.from)},
         {"to", port_name(fabric, l.to)},
         {"from_guid", text::guid_text(fabric.node(from.node).guid)},
         {"from_port", from.number},
         {"to_guid", text::guid_text(fabric.node(to.node).guid)},
         {"to_port", to.number},
         {"tier", tier_json(l.tier)},
         {"direction", to_string(l.direction)},
         {"routes", l.routes},
         {"gbps", l.gbps ? nlohmann::ordered_json(*l.gbps) : nlohmann::ordered_json(nullptr)},
         {"share", l.share},
         {"hot", l.hot}});
  }
}

nlohmann::ordered_json balance_json(const Fabric& fabric, const RouteBalance& b) {
  nlohmann::ordered_json j;
  j["tiers"] = nlohmann::ordered_json::array();
  for (const TierLoad& t : b.tiers) {
    j["tiers"].push_back({{"tier", t.tier ? nlohmann::ordered_json(*t.tier) : nullptr},
                          {"direction", to_string(t.direction)},
                          {"ports", t.ports},
                          {"max_routes", t.max_routes},
                          {"mean_routes", t.mean_routes},
                          {"max_per_gbps", t.max_per_gbps},
                          {"mean_per_gbps", t.mean_per_gbps}});
  }
  load_json(fabric, b, j);
  j["degraded"] = nlohmann::ordered_json::array();
  for (const DegradedLoad& d : b.degraded) {
    j["degraded"].push_back({{"a", port_name(fabric, d.a)},
                             {"b", port_name(fabric, d.b)},
                             {"routes_ab", d.routes_ab},
                             {"routes_ba", d.routes_ba}});
  }
  return j;
}

// The one line saying that the tables checked are not what adaptive switches use.
std::string adaptive_note(std::size_t switches) {
  return std::to_string(switches) + (switches == 1 ? " switch routes" : " switches route") +
         " adaptively: their static LFT is only the AR default path";
}

}  // namespace

void write_routes_text(const Fabric& fabric, const TablesOrigin& origin, const RouteReport& report,
                       const std::vector<Finding>& findings, const TextStyle& style,
                       std::ostream& out) {
  std::ostringstream summary;  // "key:" and a value, wrapped under the value
  print_summary(origin, report.validation, summary);
  if (std::size_t adaptive = count_adaptive_switches(fabric); adaptive != 0) {
    summary << "adaptive:     " << adaptive_note(adaptive) << "\n";
  }
  std::istringstream lines(summary.str());
  for (std::string line; std::getline(lines, line);) {
    write_wrapped(out, line, 0, kSummaryValueColumn, Tone::Plain, style);
  }
  print_balance(fabric, report.balance, style, out);
  print_loops_and_symmetry(fabric, report, out);
  write_findings_list(findings, style, out);
}

void write_routes_json(const Fabric& fabric, const TablesOrigin& origin, const RouteReport& report,
                       const std::vector<Finding>& findings, std::ostream& out) {
  nlohmann::ordered_json j;
  j["tables"] = {{"origin", origin.what},
                 {"switches", origin.switches},
                 {"with_table", origin.switches_with_table}};
  if (!fabric.adaptive_routing().empty()) {  // AR state read: say how much of it is in use
    std::size_t adaptive = count_adaptive_switches(fabric);
    j["adaptive_routing"] = {{"adaptive_switches", adaptive},
                             {"note", adaptive == 0 ? "" : adaptive_note(adaptive)}};
  }
  j["validation"] = validation_json(report.validation);
  j["balance"] = balance_json(fabric, report.balance);
  j["credit_loops"] = nlohmann::ordered_json::array();
  for (const CreditLoop& loop : report.credit_loops) {
    nlohmann::ordered_json channels = nlohmann::ordered_json::array();
    for (PortId c : loop.channels) {
      channels.push_back(port_name(fabric, c));
    }
    j["credit_loops"].push_back(
        {{"channels", channels}, {"vls", loop.vls}, {"component", loop.component}});
  }
  const RouteSymmetry& s = report.symmetry;
  j["symmetry"] = {
      {"checked", s.checked}, {"pairs", s.pairs}, {"asymmetric", s.asymmetric}, {"note", s.note}};
  // Port names hold node descriptions, bytes from the fabric: replace what is not UTF-8.
  FindingsDocument document{
      "routes", fabric.provenance().source, fabric.provenance().format, findings,
      j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)};
  write_findings_json(document, out);
}

}  // namespace ibatlas
