#include "ibatlas/analysis/plan.hpp"

#include <set>
#include <unordered_map>

#include "ibatlas/analysis/port_state.hpp"
#include "ibatlas/plan_match.hpp"
#include "ibatlas/scan_scope.hpp"

#include "findings/finding_factory.hpp"

namespace ibatlas {

namespace {

class PlanChecker {
 public:
  PlanChecker(const Fabric& fabric, const CablingPlan& plan, const AuditOptions& options)
      : fabric_(fabric),
        make_(fabric, options.names),
        resolver_(fabric, options.names),
        scope_(fabric) {
    cables_ = match_plan(fabric, plan, resolver_);
    for (std::size_t i = 0; i < cables_.size(); ++i) {
      for (const MatchedEnd* e : {&cables_[i].a, &cables_[i].b}) {
        if (e->node) {
          planned_.emplace(port_key(*e->node, e->plan->port), i);
          named_.insert(*e->node);
          named_types_.insert(fabric.node(*e->node).type);
        }
      }
    }
  }

  std::vector<Finding> run() {
    ambiguous_names();
    for (std::size_t i = 0; i < cables_.size(); ++i) {
      const MatchedCable& c = cables_[i];
      if (c.ambiguous() || reported_.count(i) != 0) {
        continue;
      }
      if (c.in_place()) {
        wrong_speed(c);
      } else if (c.missing() ? beyond_scan(c) : unseen_end(c)) {
        ++beyond_scan_;  // a partial scan did not look there
      } else if (c.missing()) {
        missing(c);
      } else if (!swapped(i)) {
        miswired(c);
      }
    }
    extra();
    report_beyond_scan();
    return std::move(out_);
  }

 private:
  // ---- names and places ----

  std::string name_of(const MatchedEnd& e) const {
    if (e.node) {
      return make_.name(*e.node);
    }
    return e.plan->label.empty() ? e.plan->node : e.plan->label;
  }

  std::string port_text(const MatchedEnd& e) const {
    return name_of(e) + " port " + std::to_string(e.plan->port);
  }

  std::string port_text(PortId p) const {
    return make_.name(fabric_.node_of(p)) + " port " + std::to_string(fabric_.port(p).number);
  }

  Endpoint endpoint(const MatchedEnd& e) const {
    if (e.port) {
      return make_.endpoint(*e.port);
    }
    std::optional<Guid> guid = e.node ? std::optional(fabric_.node(*e.node).guid) : std::nullopt;
    return Endpoint{guid, e.plan->port, name_of(e)};
  }

  // The end a technician works from: a switch end if there is one, else the first.
  std::pair<const MatchedEnd*, const MatchedEnd*> anchor(const MatchedCable& c) const {
    auto is_switch = [this](const MatchedEnd& e) {
      return e.node && fabric_.node(*e.node).type == NodeType::Switch;
    };
    if (!is_switch(c.a) && is_switch(c.b)) {
      return {&c.b, &c.a};
    }
    return {&c.a, &c.b};
  }

  Finding at(std::string_view check, const MatchedEnd& here, const MatchedEnd& there) const {
    Finding f = make_.at_fabric(check);
    f.location.kind = LocationKind::Link;
    f.location.here = endpoint(here);
    f.location.peer = endpoint(there);
    return f;
  }

  std::string state_of(const MatchedEnd& e) const {
    if (!e.node) {
      return e.matches == 0 ? "node not in the fabric" : "name ambiguous";
    }
    if (!e.port) {
      return "not connected";
    }
    const Port& p = fabric_.port(*e.port);
    return p.state || p.phys_state ? state_text(p) : "not connected";
  }

  // ---- a partial scan (scan_scope.hpp): what it did not follow is not compared ----

  bool followed(const MatchedEnd& e) const {
    return e.node && scope_.followed(fabric_.node(*e.node).guid);
  }

  // Neither end was followed: the cable could be there unseen.
  bool beyond_scan(const MatchedCable& c) const {
    return !scope_.whole() && !followed(c.a) && !followed(c.b);
  }

  // An end without a cable that the scan did not follow: its cable, if any, was not looked
  // for, so "has no cable, while ..." would be a guess.
  bool unseen_end(const MatchedCable& c) const {
    return !scope_.whole() && ((!c.a.peer && !followed(c.a)) || (!c.b.peer && !followed(c.b)));
  }

  void report_beyond_scan() {
    if (beyond_scan_ == 0) {
      return;
    }
    const PartialScan& scan = *fabric_.provenance().partial;
    Finding f = make_.at_fabric("plan.beyond_scan");
    f.measured = std::to_string(beyond_scan_) + (beyond_scan_ == 1 ? " cable" : " cables");
    f.expected = "0 cables";
    f.message = f.measured + " of the plan lie beyond the partial scan (" + extent_text(scan) +
                ") and were not compared";
    f.hint =
        "check them against a scan that reaches them (a larger --max-hops, another -D/-G, "
        "or the whole subnet)";
    out_.push_back(std::move(f));
  }

  // ---- the checks ----

  void ambiguous_names() {
    std::set<std::string> seen;
    for (const MatchedCable& c : cables_) {
      for (const MatchedEnd* e : {&c.a, &c.b}) {
        if (e->matches > 1 && seen.insert(e->plan->node).second) {
          Finding f = make_.at_fabric("plan.ambiguous_name");
          f.measured = std::to_string(e->matches) + " nodes";
          f.expected = "1 node";
          f.message = "the plan's name \"" + e->plan->node + "\" (line " +
                      std::to_string(c.plan->line) + ") is the description of " + f.measured +
                      "; its cables are not checked";
          f.hint = "name these nodes by GUID in the plan, or give a --node-name-map";
          out_.push_back(std::move(f));
        }
      }
    }
  }

  void wrong_speed(const MatchedCable& c) {
    const Port& p = fabric_.port(*c.a.port);
    bool width_off = c.plan->width && p.width_active && *p.width_active != *c.plan->width;
    bool speed_off = c.plan->speed && p.speed_active && *p.speed_active != *c.plan->speed;
    if (!width_off && !speed_off) {
      return;
    }
    auto [here, there] = anchor(c);
    Finding f = at("plan.wrong_speed", *here, *there);
    f.measured = finding_rate_text(p.width_active, p.speed_active);
    f.expected = finding_rate_text(c.plan->width ? c.plan->width : p.width_active,
                                   c.plan->speed ? c.plan->speed : p.speed_active);
    f.message = "runs " + f.measured + ", the plan says " + f.expected;
    f.hint = "check the cable model and both ports' settings; replace the cable if it should run " +
             f.expected;
    out_.push_back(std::move(f));
  }

  void missing(const MatchedCable& c) {
    auto [here, there] = anchor(c);
    Finding f = at("plan.missing", *here, *there);
    f.measured = state_of(*here) + " / " + state_of(*there);
    f.expected = "cabled";
    f.message = "the planned cable to " + port_text(*there) + " is not there (" + port_text(*here) +
                ": " + state_of(*here) + "; " + port_text(*there) + ": " + state_of(*there) + ")";
    f.hint = "connect to " + port_text(*there);
    out_.push_back(std::move(f));
  }

  void miswired(const MatchedCable& c) {
    auto [here, there] = anchor(c);
    Finding f = at("plan.miswired", *here, *there);
    f.expected = "reaches " + port_text(*there);
    if (here->peer) {
      f.measured = "reaches " + port_text(*here->peer);
      f.hint = "move cable to " + port_text(*there) + " (now at " + port_text(*here->peer) + ")";
    } else {
      f.measured = "no cable; " + port_text(*there) + " reaches " + port_text(*there->peer);
      f.hint = "connect to " + port_text(*there) + " (its cable now reaches " +
               port_text(*there->peer) + ")";
    }
    f.message = port_text(*here) + " should reach " + port_text(*there) + " but " +
                (here->peer ? "reaches " + port_text(*here->peer)
                            : "has no cable, while " + port_text(*there) + " reaches " +
                                  port_text(*there->peer));
    out_.push_back(std::move(f));
  }

  bool swapped(std::size_t i);
  void report_swap(PortId e, PortId x, PortId y, PortId f);
  bool planned(PortId p) const;
  bool in_scope(PortId p) const;
  void extra();

  const Fabric& fabric_;
  FindingFactory make_;
  NameResolver resolver_;
  std::vector<MatchedCable> cables_;
  std::unordered_map<PortKey, std::size_t> planned_;  // planned port -> cable index
  std::set<NodeId> named_;
  std::set<NodeType> named_types_;
  std::set<std::size_t> reported_;
  ScanScope scope_;
  std::size_t beyond_scan_ = 0;  // planned cables not compared: beyond a partial scan
  std::vector<Finding> out_;
};

// Cable i plans e-f, but e reaches x, x is planned with y (another cable) and y reaches f:
// the two cables are crossed, and swapping two plugs fixes both. One finding for the pair.
bool PlanChecker::swapped(std::size_t i) {
  const MatchedCable& c = cables_[i];
  for (auto [e, f] : {std::pair{&c.a, &c.b}, std::pair{&c.b, &c.a}}) {
    if (!e->peer || !f->port) {
      continue;
    }
    PortId x = *e->peer;
    auto it = planned_.find(port_key(fabric_.node_of(x), fabric_.port(x).number));
    if (it == planned_.end() || it->second == i || cables_[it->second].ambiguous()) {
      continue;
    }
    const MatchedCable& d = cables_[it->second];
    const MatchedEnd& y = d.a.port == x ? d.b : d.a;
    if (!y.peer || y.peer != f->port) {
      continue;
    }
    report_swap(*e->port, x, *y.port, *f->port);
    reported_.insert(it->second);
    return true;
  }
  return false;
}

// Cables e-x and y-f should be e-f and y-x: swap the plugs in x and f, or in e and y;
// whichever two ports sit on one switch (else on switches) are easier to reach.
void PlanChecker::report_swap(PortId e, PortId x, PortId y, PortId f) {
  auto same_node = [this](PortId p, PortId q) { return fabric_.node_of(p) == fabric_.node_of(q); };
  auto on_switches = [this](PortId p, PortId q) {
    return fabric_.node(fabric_.node_of(p)).type == NodeType::Switch &&
           fabric_.node(fabric_.node_of(q)).type == NodeType::Switch;
  };
  bool use_xf = same_node(x, f) && !same_node(e, y);
  use_xf = use_xf || (!same_node(e, y) && on_switches(x, f) && !on_switches(e, y));
  auto [one, two] = use_xf ? make_.link_ends(x, f) : make_.link_ends(e, y);
  Finding finding = make_.at_link("plan.miswired", one, two);
  finding.measured =
      port_text(e) + " reaches " + port_text(x) + ", " + port_text(y) + " reaches " + port_text(f);
  finding.expected =
      port_text(e) + " reaches " + port_text(f) + ", " + port_text(y) + " reaches " + port_text(x);
  finding.message =
      "two cables are crossed: " + finding.measured + "; the plan says " + finding.expected;
  finding.hint = "swap the cables in " + port_text(one) + " and " + port_text(two);
  out_.push_back(std::move(finding));
}

bool PlanChecker::planned(PortId p) const {
  return planned_.count(port_key(fabric_.node_of(p), fabric_.port(p).number)) != 0;
}

bool PlanChecker::in_scope(PortId p) const {
  NodeId n = fabric_.node_of(p);
  return named_.count(n) != 0 || named_types_.count(fabric_.node(n).type) != 0;
}

void PlanChecker::extra() {
  for (PortId link : fabric_.links()) {
    PortId other = *fabric_.port(link).peer;
    if (link == other || planned(link) || planned(other) || !in_scope(link) || !in_scope(other)) {
      continue;
    }
    auto [here, there] = make_.link_ends(link, other);
    Finding f = make_.at_link("plan.extra", here, there);
    f.measured = "cabled to " + port_text(there);
    f.expected = "no cable";
    f.message = "is cabled to " + port_text(there) + ", which the plan does not list";
    f.hint = "unplug the cable to " + port_text(there) + ", or add it to the plan";
    out_.push_back(std::move(f));
  }
}

}  // namespace

std::vector<Finding> check_plan(const Fabric& fabric, const CablingPlan& plan,
                                const AuditOptions& options) {
  return PlanChecker(fabric, plan, options).run();
}

}  // namespace ibatlas
