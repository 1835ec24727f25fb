#include "ibatlas/analysis/link_speed.hpp"

#include <array>
#include <bit>
#include <string>

#include "ibatlas/link_capability.hpp"

#include "findings/finding_factory.hpp"

namespace ibatlas {

namespace {

std::string enabled_text(std::uint16_t bits, bool is_width) {
  std::optional<int> top = highest(bits);
  if (!top) {
    return "nothing";
  }
  return is_width ? to_string(static_cast<LinkWidth>(*top))
                  : to_string(static_cast<LinkSpeed>(*top));
}

Finding degraded_finding(const FindingFactory& make, PortId a, PortId b, const LinkVerdict& v) {
  auto [here, there] = make.link_ends(a, b);
  Finding f = make.at_link("link.degraded", here, there);
  const Port& p = make.fabric().port(a);
  f.measured = finding_rate_text(p.width_active, p.speed_active);
  f.expected = finding_rate_text(
      v.width.kind == VerdictKind::Degraded ? std::optional(static_cast<LinkWidth>(v.width.best))
                                            : p.width_active,
      v.speed.kind == VerdictKind::Degraded ? std::optional(static_cast<LinkSpeed>(v.speed.best))
                                            : p.speed_active);
  f.message = "runs " + f.measured + " although both ends enable and support " + f.expected +
              ": a bad cable, lane or connector";
  f.hint = "reseat the cable at both ends; if it stays at " + f.measured + ", replace it";
  return f;
}

// Which end to name as the one whose enabled set caps the link (both: the usual order).
PortId capping_end(const FindingFactory& make, PortId a, PortId b, const LinkVerdict& v) {
  bool a_limits = v.width.limited_by_a || v.speed.limited_by_a;
  bool b_limits = v.width.limited_by_b || v.speed.limited_by_b;
  if (a_limits != b_limits) {
    return a_limits ? a : b;
  }
  return make.link_ends(a, b).first;
}

std::string capped_reason(const FindingFactory& make, PortId end, const DimensionVerdict& d,
                          bool is_width) {
  const Port& p = make.fabric().port(end);
  std::uint16_t enabled = is_width ? p.width_enabled->bits : p.speed_enabled->bits;
  return make.name(p.node) + " port " + std::to_string(p.number) + " enables at most " +
         enabled_text(enabled, is_width) + ", both ends support " +
         enabled_text(static_cast<std::uint16_t>(1U << d.best), is_width);
}

Finding capped_finding(const FindingFactory& make, PortId a, PortId b, const LinkVerdict& v) {
  PortId here = capping_end(make, a, b, v);
  PortId there = here == a ? b : a;
  Finding f = make.at_link("link.capped", here, there);
  const Port& p = make.fabric().port(a);
  bool w = v.width.kind == VerdictKind::Capped;
  bool s = v.speed.kind == VerdictKind::Capped;
  f.measured = finding_rate_text(p.width_active, p.speed_active);
  f.expected =
      finding_rate_text(w ? std::optional(static_cast<LinkWidth>(v.width.best)) : p.width_active,
                        s ? std::optional(static_cast<LinkSpeed>(v.speed.best)) : p.speed_active);
  std::string reasons;
  for (auto [capped, verdict, is_width] : {std::tuple{w, v.width, true}, {s, v.speed, false}}) {
    if (!capped) {
      continue;
    }
    PortId end = verdict.limited_by_a && !verdict.limited_by_b   ? a
                 : verdict.limited_by_b && !verdict.limited_by_a ? b
                                                                 : here;
    if (!reasons.empty()) {
      reasons += "; ";
    }
    reasons += capped_reason(make, end, verdict, is_width);
  }
  f.message = "runs " + f.measured + ", could run " + f.expected + ": " + reasons;
  f.hint = "enable " + f.expected +
           " on the capping port (opensm force_link_width/force_link_speed, or ibportstate)";
  return f;
}

struct Unknowns {
  std::size_t links = 0;            // links with an active rate
  std::size_t unknown = 0;          // of which degraded/capped cannot be concluded
  std::size_t below_supported = 0;  // of those, running below what both ends support
};

Finding unknown_finding(const FindingFactory& make, const Unknowns& u) {
  Finding f = make.at_fabric("link.unknown_capability");
  f.measured = std::to_string(u.unknown) + " of " + std::to_string(u.links) + " links";
  f.expected = "enabled and supported widths and speeds on both ends";
  const std::string& format = make.fabric().provenance().format;
  f.message = f.measured + " lack enabled or supported widths/speeds at an end" +
              (format.empty() ? std::string() : " (source format: " + format + ")") +
              ": link.degraded and link.capped cannot be concluded for them; "
              "link.unexpected still compares them with the tier policy";
  if (u.below_supported != 0) {
    f.message += "; " + std::to_string(u.below_supported) +
                 " of them run below what both ends support (bad cable or configuration: "
                 "the enabled sets would tell which)";
  }
  f.hint = "discover live (ibatlas discover) to read PortInfo enabled/supported sets";
  return f;
}

// link.unexpected for one link, unless degraded/capped already explain each low dimension.
std::optional<Finding> unexpected_finding(const FindingFactory& make, PortId a, PortId b,
                                          const LinkVerdict& v, const RatePolicy& want) {
  const Port& p = make.fabric().port(a);
  bool low_width = want.width && p.width_active && *p.width_active < *want.width &&
                   v.width.kind != VerdictKind::Degraded && v.width.kind != VerdictKind::Capped;
  bool low_speed = want.speed && p.speed_active && *p.speed_active < *want.speed &&
                   v.speed.kind != VerdictKind::Degraded && v.speed.kind != VerdictKind::Capped;
  if (!low_width && !low_speed) {
    return std::nullopt;
  }
  auto [here, there] = make.link_ends(a, b);
  Finding f = make.at_link("link.unexpected", here, there);
  f.measured = finding_rate_text(p.width_active, p.speed_active);
  f.expected = finding_rate_text(low_width ? want.width : p.width_active,
                                 low_speed ? want.speed : p.speed_active);
  f.message = "runs " + f.measured + ", expected at least " + f.expected;
  f.hint = "check the HCA/cable model at both ends, then reseat or replace the cable";
  return f;
}

RatePolicy wanted_rate(const AuditOptions& options, const RatePolicy& tier) {
  return RatePolicy{options.expect_width ? options.expect_width : tier.width,
                    options.expect_speed ? options.expect_speed : tier.speed};
}

}  // namespace

std::vector<Finding> check_link_speed(const Fabric& fabric, const Tiers& tiers,
                                      const AuditOptions& options) {
  FindingFactory make(fabric, options.names);
  TierPolicy policy(fabric, tiers);
  EnabledUnion everywhere = enabled_union(fabric);
  std::vector<Finding> findings;
  Unknowns unknowns;
  for (PortId a : fabric.links()) {
    PortId b = *fabric.port(a).peer;
    const Port& pa = fabric.port(a);
    const Port& pb = fabric.port(b);
    LinkVerdict v = judge_link(pa, pb, everywhere);
    if (pa.width_active || pa.speed_active) {
      ++unknowns.links;
      bool unknown = v.width.kind == VerdictKind::Unknown || v.speed.kind == VerdictKind::Unknown;
      unknowns.unknown += unknown ? 1 : 0;
      unknowns.below_supported += unknown && (v.width.below_supported || v.speed.below_supported);
    }
    if (v.degraded()) {
      findings.push_back(degraded_finding(make, a, b, v));
    }
    if (v.capped()) {
      findings.push_back(capped_finding(make, a, b, v));
    }
    if (std::optional<Finding> f =
            unexpected_finding(make, a, b, v, wanted_rate(options, policy.for_link(a)))) {
      findings.push_back(std::move(*f));
    }
  }
  if (unknowns.unknown != 0) {
    findings.push_back(unknown_finding(make, unknowns));
  }
  return findings;
}

// ---- the per-tier policy ----

namespace {

constexpr std::size_t kMinPolicyLinks = 4;  // fewer: borrow the fabric-wide policy

template <std::size_t N>
struct Tally {
  std::array<std::size_t, N> count{};
  std::size_t total = 0;

  void add(int value) {
    ++count.at(static_cast<std::size_t>(value));
    ++total;
  }

  // The value at least three quarters of the tally share, if any.
  template <typename Value>
  std::optional<Value> policy() const {
    for (std::size_t i = 0; i < N; ++i) {
      if (total != 0 && count[i] * 4 >= total * 3) {
        return static_cast<Value>(i);
      }
    }
    return std::nullopt;
  }
};

struct GroupTally {
  Tally<5> widths;
  Tally<9> speeds;

  void add(const Port& p) {
    if (p.width_active) {
      widths.add(static_cast<int>(*p.width_active));
    }
    if (p.speed_active) {
      speeds.add(static_cast<int>(*p.speed_active));
    }
  }

  RatePolicy policy(const RatePolicy& fallback) const {
    return RatePolicy{widths.total < kMinPolicyLinks ? fallback.width : widths.policy<LinkWidth>(),
                      speeds.total < kMinPolicyLinks ? fallback.speed : speeds.policy<LinkSpeed>()};
  }
};

constexpr int kAggregationCode = -1;  // links to aggregation nodes: no policy
constexpr int kOtherCode = -2;        // routers, switches without a tier

int tier_code(const Fabric& fabric, const Tiers& tiers, NodeId node) {
  if (std::optional<int> t = tiers.of(node)) {
    return *t;
  }
  return is_aggregation_node(fabric.node(node)) ? kAggregationCode : kOtherCode;
}

}  // namespace

int TierPolicy::group_of(PortId port) const {
  int a = tier_code(fabric_, tiers_, fabric_.node_of(port));
  int b = tier_code(fabric_, tiers_, fabric_.node_of(*fabric_.port(port).peer));
  if (a == kAggregationCode || b == kAggregationCode) {
    return -1;
  }
  int k = tiers_.top + 3;
  return (std::min(a, b) + 2) * k + (std::max(a, b) + 2);
}

TierPolicy::TierPolicy(const Fabric& fabric, const Tiers& tiers) : fabric_(fabric), tiers_(tiers) {
  int k = tiers.top + 3;
  std::vector<GroupTally> groups(static_cast<std::size_t>(k * k));
  GroupTally everything;
  for (PortId link : fabric.links()) {
    int g = group_of(link);
    if (g >= 0) {
      groups[static_cast<std::size_t>(g)].add(fabric.port(link));
      everything.add(fabric.port(link));
    }
  }
  fabric_wide_ =
      RatePolicy{everything.widths.policy<LinkWidth>(), everything.speeds.policy<LinkSpeed>()};
  by_group_.reserve(groups.size());
  for (const GroupTally& g : groups) {
    by_group_.push_back(g.policy(fabric_wide_));
  }
}

RatePolicy TierPolicy::for_link(PortId port) const {
  int g = group_of(port);
  return g < 0 ? RatePolicy{} : by_group_.at(static_cast<std::size_t>(g));
}

}  // namespace ibatlas
