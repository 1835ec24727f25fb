#include "ibatlas/analysis/link_mismatch.hpp"

#include <algorithm>
#include <functional>
#include <string>

#include "findings/finding_factory.hpp"

namespace ibatlas {

namespace {

struct Field {
  const char* name;
  Severity severity;
  // Both ends' values as text, or nullopt when either end lacks the field.
  std::function<std::optional<std::pair<std::string, std::string>>(const Port&, const Port&)>
      values;
};

template <typename T, typename Show>
std::optional<std::pair<std::string, std::string>> both(const std::optional<T>& a,
                                                        const std::optional<T>& b, Show show) {
  if (!a || !b) {
    return std::nullopt;
  }
  return std::make_pair(show(*a), show(*b));
}

// Init or Armed: the check port.not_active covers these ports.
bool stuck(const Port& p) {
  return p.state == PortState::Init || p.state == PortState::Armed;
}

const std::vector<Field>& fields() {
  static const std::vector<Field> all = {
      {"width", Severity::Error,
       [](const Port& a, const Port& b) {
         return both(a.width_active, b.width_active, [](LinkWidth w) { return to_string(w); });
       }},
      {"speed", Severity::Error,
       [](const Port& a, const Port& b) {
         return both(a.speed_active, b.speed_active, [](LinkSpeed s) { return to_string(s); });
       }},
      {"state", Severity::Error,
       [](const Port& a, const Port& b) -> std::optional<std::pair<std::string, std::string>> {
         if (stuck(a) || stuck(b)) {
           return std::nullopt;  // port.not_active reports it, more precisely
         }
         return both(a.state, b.state, [](PortState s) { return to_string(s); });
       }},
      {"physical state", Severity::Error,
       [](const Port& a, const Port& b) {
         return both(a.phys_state, b.phys_state, [](PhysState s) { return to_string(s); });
       }},
      {"MTU", Severity::Warning,
       [](const Port& a, const Port& b) {
         return both(a.mtu_active, b.mtu_active,
                     [](Mtu m) { return std::to_string(mtu_bytes(m)); });
       }},
      {"VL cap", Severity::Info,
       [](const Port& a, const Port& b) {
         return both(a.vl_cap, b.vl_cap, [](std::uint8_t v) { return std::to_string(v); });
       }},
  };
  return all;
}

std::optional<Finding> disagreement(const FindingFactory& make, PortId a, PortId b) {
  auto [here, there] = make.link_ends(a, b);
  const Port& ph = make.fabric().port(here);
  const Port& pt = make.fabric().port(there);
  std::string measured;
  std::string names;
  std::optional<Severity> worst;
  for (const Field& field : fields()) {
    auto values = field.values(ph, pt);
    if (!values || values->first == values->second) {
      continue;
    }
    std::string sep = measured.empty() ? "" : "; ";
    measured += sep + field.name + " " + values->first + " vs " + values->second;
    if (!names.empty()) {
      names += ", ";
    }
    names += field.name;
    worst = worst ? std::min(*worst, field.severity) : field.severity;
  }
  if (!worst) {
    return std::nullopt;
  }
  Finding f = make.at_link("link.mismatch", here, there);
  f.severity = *worst;
  f.measured = measured;
  f.expected = "both ends equal";
  f.message = "the ends disagree on " + names + " (" + measured + ")";
  f.hint = "reseat the cable; if the ends still disagree, bounce the link (ibportstate reset)";
  return f;
}

Finding one_sided(const FindingFactory& make, PortId port) {
  const Fabric& fabric = make.fabric();
  PortId peer = *fabric.port(port).peer;
  Finding f = make.at_port("link.mismatch", port);
  std::optional<PortId> back = fabric.port(peer).peer;
  std::string peer_text =
      make.name(fabric.node_of(peer)) + " port " + std::to_string(fabric.port(peer).number);
  std::string back_text =
      back ? make.name(fabric.node_of(*back)) + " port " + std::to_string(fabric.port(*back).number)
           : std::string("nothing");
  f.measured = "peer names " + back_text;
  f.expected = "peer names this port";
  f.message = "names " + peer_text + " as its peer, but that port names " + back_text;
  f.hint = "rediscover; if it persists, check the cable's labels and the SM's view (smpquery)";
  return f;
}

}  // namespace

std::vector<Finding> check_link_mismatch(const Fabric& fabric, const AuditOptions& options) {
  FindingFactory make(fabric, options.names);
  std::vector<Finding> findings;
  for (std::uint32_t i = 0; i < fabric.ports().size(); ++i) {
    PortId id{i};
    const Port& p = fabric.port(id);
    if (!p.peer) {
      continue;
    }
    if (!fabric.is_link(id)) {
      findings.push_back(one_sided(make, id));
    } else if (id < *p.peer) {
      if (std::optional<Finding> f = disagreement(make, id, *p.peer)) {
        findings.push_back(std::move(*f));
      }
    }
  }
  return findings;
}

}  // namespace ibatlas
