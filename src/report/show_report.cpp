// `ibatlas show` output, as text and as JSON.

#include "ibatlas/report/show_report.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "text.hpp"

namespace ibatlas {

namespace {

// Only when the fabric holds AR state: a snapshot that never read it prints nothing here.
void write_ar(const ArSummary& ar, std::ostream& out) {
  out << "adaptive routing: " << ar.switches << " switches read\n";
  out << "  enabled: " << ar.enabled << '\n';
  out << "  disabled: " << ar.disabled << '\n';
  if (ar.settings_unknown != 0) {
    out << "  supported, settings not read: " << ar.settings_unknown << '\n';
  }
  out << "  unsupported: " << ar.unsupported << '\n';
  out << "  no answer: " << ar.no_answer << '\n';
  out << "  decode uncertain: " << ar.decode_uncertain << '\n';
  out << "  tables incomplete: " << ar.tables_incomplete << '\n';
}

// Only when the snapshot read SMInfo: one line per SM, the master first.
void write_sms(const std::vector<SubnetManager>& sms, std::ostream& out) {
  out << "subnet managers: " << sms.size() << '\n';
  std::vector<const SubnetManager*> order;
  order.reserve(sms.size());
  for (const SubnetManager& sm : sms) {
    order.push_back(&sm);
  }
  std::stable_sort(order.begin(), order.end(), [](const SubnetManager* a, const SubnetManager* b) {
    return static_cast<int>(a->state) > static_cast<int>(b->state);
  });
  for (const SubnetManager* sm : order) {
    out << "  " << to_string(sm->state) << ": " << text::guid_text(sm->guid);
    if (sm->lid) {
      out << " lid " << *sm->lid;
    }
    out << " priority " << static_cast<unsigned>(sm->priority) << " ActCount " << sm->act_count;
    if (sm->act_count_again) {
      out << " -> " << *sm->act_count_again;
      if (sm->interval_ms) {
        out << " in " << *sm->interval_ms << " ms";
      }
    }
    out << '\n';
  }
}

nlohmann::ordered_json summary_json(const FabricSummary& s, const Provenance& provenance) {
  nlohmann::ordered_json j;
  j["schema"] = "ibatlas.show/1";
  j["source"] = provenance.source;
  j["format"] = provenance.format;
  if (const std::optional<PartialScan>& scan = provenance.partial) {
    j["partial_scan"] = {{"from", scan->start}, {"max_hops", scan->max_hops}};
    if (scan->start_guid) {
      j["partial_scan"]["from_guid"] = text::guid_text(*scan->start_guid);
    }
  }
  j["switches"] = s.switches;
  j["cas"] = s.cas;
  j["hosts"] = s.hosts;
  j["aggregation_nodes"] = s.aggregation_nodes;
  j["routers"] = s.routers;
  j["links"] = s.links;
  j["one_sided_links"] = s.one_sided_links;
  j["links_by_rate"] = s.links_by_rate;
  nlohmann::ordered_json radix = nlohmann::ordered_json::object();
  for (const auto& [ports, count] : s.switches_by_radix) {
    radix[ports == 0 ? "unknown" : std::to_string(ports)] = count;
  }
  j["switches_by_radix"] = radix;
  j["down_ports"] = s.down_ports;
  j["lacks"] = s.lacks;
  if (const std::optional<ArSummary>& ar = s.adaptive_routing) {  // absent: AR never read
    j["adaptive_routing"] = {{"switches", ar->switches},
                             {"enabled", ar->enabled},
                             {"disabled", ar->disabled},
                             {"settings_unknown", ar->settings_unknown},
                             {"unsupported", ar->unsupported},
                             {"no_answer", ar->no_answer},
                             {"decode_uncertain", ar->decode_uncertain},
                             {"tables_incomplete", ar->tables_incomplete}};
  }
  if (s.subnet_managers) {  // absent: SMInfo never read; empty: read, and no SM answered
    nlohmann::ordered_json sms = nlohmann::ordered_json::array();
    for (const SubnetManager& sm : *s.subnet_managers) {
      nlohmann::ordered_json one;
      one["guid"] = text::guid_text(sm.guid);
      one["port_guid"] = text::guid_text(sm.port_guid);
      one["lid"] = sm.lid ? nlohmann::ordered_json(*sm.lid) : nlohmann::ordered_json();
      one["state"] = to_string(sm.state);
      one["priority"] = sm.priority;
      one["act_count"] = sm.act_count;
      if (sm.act_count_again) {
        one["act_count_again"] = *sm.act_count_again;
        one["interval_ms"] =
            sm.interval_ms ? nlohmann::ordered_json(*sm.interval_ms) : nlohmann::ordered_json();
      }
      sms.push_back(std::move(one));
    }
    j["subnet_managers"] = std::move(sms);
  }
  return j;
}

}  // namespace

void write_show_text(const FabricSummary& s, const Provenance& provenance, std::ostream& out) {
  // The source is a path or a live port's name: its bytes are shown escaped.
  out << "source:    " << text::printable(provenance.source) << " ("
      << text::printable(provenance.format) << ")\n";
  if (const std::optional<PartialScan>& scan = provenance.partial) {
    out << "partial:   scanned from " << scan->start
        << (scan->start_guid ? " (" + text::guid_text(*scan->start_guid) + ")" : "") << " to "
        << scan->max_hops << (scan->max_hops == 1 ? " hop" : " hops")
        << "; what lies beyond was not scanned\n";
  }
  out << "switches:  " << s.switches << '\n';
  out << "CAs:       " << s.cas << " (" << s.hosts << " hosts, " << s.aggregation_nodes
      << " aggregation nodes)\n";
  out << "routers:   " << s.routers << '\n';
  out << "links:     " << s.links << '\n';
  for (const auto& [rate, count] : s.links_by_rate) {
    out << "  " << rate << ": " << count << '\n';
  }
  if (s.one_sided_links != 0) {
    out << "one-sided: " << s.one_sided_links << " port(s) name a peer that does not name them\n";
  }
  out << "switches by radix:\n";
  for (const auto& [ports, count] : s.switches_by_radix) {
    out << "  " << (ports == 0 ? "unknown" : std::to_string(ports)) << " ports: " << count << '\n';
  }
  out << "down ports: " << s.down_ports << '\n';
  if (!s.lacks.empty()) {
    out << "source lacks:";
    for (const std::string& fact : s.lacks) {
      out << ' ' << fact << (&fact == &s.lacks.back() ? "" : ",");
    }
    out << '\n';
  }
  if (s.adaptive_routing) {
    write_ar(*s.adaptive_routing, out);
  }
  if (s.subnet_managers) {
    write_sms(*s.subnet_managers, out);
  }
}

void write_show_json(const FabricSummary& s, const Provenance& provenance, std::ostream& out) {
  out << summary_json(s, provenance)
             .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
      << '\n';
}

}  // namespace ibatlas
