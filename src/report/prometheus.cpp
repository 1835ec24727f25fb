// The Prometheus text format, written by hand: one family at a time (HELP, TYPE, samples).
// Label sets are built once per port; a port whose labels repeat another's (duplicate
// GUIDs and descriptions in a live crawl) is left out, since Prometheus refuses two
// samples of one series in a scrape.

#include "ibatlas/report/prometheus.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "ibatlas/tiers.hpp"
#include "ibatlas/utc_time.hpp"

#include "report/prometheus_counters.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

using prometheus_families::CounterFamily;
using prometheus_families::Family;
using prometheus_families::kCounters;

void write_header(const Family& family, std::ostream& out) {
  out << "# HELP " << family.name << ' ' << family.help << "\n# TYPE " << family.name << ' '
      << family.type << '\n';
}

std::string number_text(double value) {
  std::array<char, 32> buffer{};
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  (void)ec;  // 32 characters hold any double
  return {buffer.data(), end};
}

// A counter times `scale` (4 for the data counters, counted in 4-octet words), exact while
// it fits 64 bits.
std::string scaled_text(std::uint64_t value, std::uint64_t scale) {
  if (value <= std::numeric_limits<std::uint64_t>::max() / scale) {
    return std::to_string(value * scale);
  }
  return number_text(static_cast<double>(value) * static_cast<double>(scale));
}

std::string label(const char* name, std::string_view value) {
  return std::string(name) + "=\"" + prometheus_label_value(value) + '"';
}

std::string node_name(const Node& node) {
  return node.description.empty() ? text::guid_text(node.guid) : node.description;
}

// One cabled port and the labels that name it: node, guid, port, peer, peer_port, tier.
struct PortSeries {
  const Port* port;
  std::string labels;
};

std::vector<PortSeries> cabled_ports(const Fabric& fabric) {
  Tiers tiers = infer_tiers(fabric);
  std::vector<PortSeries> series;
  std::set<std::string> seen;
  for (const Port& port : fabric.ports()) {
    if (!port.peer) {
      continue;
    }
    const Node& node = fabric.node(port.node);
    const Port& peer = fabric.port(*port.peer);
    std::optional<int> tier = tiers.of(port.node);
    std::string labels = label("node", node_name(node)) + ',' +
                         label("guid", text::guid_text(node.guid)) + ',' +
                         label("port", std::to_string(port.number)) + ',' +
                         label("peer", node_name(fabric.node(peer.node))) + ',' +
                         label("peer_port", std::to_string(peer.number)) + ',' +
                         label("tier", tier ? tier_name(*tier) : "");
    if (seen.insert(labels).second) {
      series.push_back({&port, std::move(labels)});
    }
  }
  return series;
}

// One port's sample: its value, and labels beyond the port's own (",speed=\"HDR\"").
struct Sample {
  std::string value;
  std::string extra_labels;
};

// A family whose samples `value` gives per port (nullopt: no sample for that port); nothing
// at all, not even HELP, when no port has one.
template <typename ValueOf>
void write_port_family(const Family& family, const std::vector<PortSeries>& ports,
                       const ValueOf& value, std::ostream& out) {
  bool header = false;
  for (const PortSeries& series : ports) {
    std::optional<Sample> sample = value(*series.port);
    if (!sample) {
      continue;
    }
    if (!header) {
      write_header(family, out);
      header = true;
    }
    out << family.name << '{' << series.labels << sample->extra_labels << "} " << sample->value
        << '\n';
  }
}

void write_counters(const std::vector<PortSeries>& ports, std::ostream& out) {
  for (const CounterFamily& counter : kCounters) {
    write_port_family(
        counter.family, ports,
        [&counter](const Port& port) -> std::optional<Sample> {
          if (!port.counters || !((*port.counters).*counter.member)) {
            return std::nullopt;
          }
          return Sample{scaled_text(*((*port.counters).*counter.member), counter.scale), ""};
        },
        out);
  }
}

void write_link_gauges(const std::vector<PortSeries>& ports, std::ostream& out) {
  write_port_family(
      {"ibatlas_port_state", "gauge",
       "Logical port state as PortInfo encodes it: 1 Down, 2 Init, 3 Armed, 4 Active."},
      ports,
      [](const Port& port) -> std::optional<Sample> {
        if (!port.state) {
          return std::nullopt;
        }
        return Sample{std::to_string(static_cast<int>(*port.state)), ""};
      },
      out);
  write_port_family(
      {"ibatlas_port_physical_state", "gauge",
       "Physical port state as PortInfo encodes it: 1 Sleep, 2 Polling, 3 Disabled, "
       "4 Training, 5 LinkUp, 6 LinkErrorRecovery, 7 PhyTest."},
      ports,
      [](const Port& port) -> std::optional<Sample> {
        if (!port.phys_state) {
          return std::nullopt;
        }
        return Sample{std::to_string(static_cast<int>(*port.phys_state)), ""};
      },
      out);
  write_port_family(
      {"ibatlas_port_width_lanes", "gauge", "Active link width in lanes (4 for 4x)."}, ports,
      [](const Port& port) -> std::optional<Sample> {
        if (!port.width_active) {
          return std::nullopt;
        }
        return Sample{std::to_string(lanes(*port.width_active)), ""};
      },
      out);
  write_port_family(
      {"ibatlas_port_speed_info", "gauge",
       "Active link speed per lane, in the speed label (SDR ... XDR); always 1."},
      ports,
      [](const Port& port) -> std::optional<Sample> {
        if (!port.speed_active) {
          return std::nullopt;
        }
        return Sample{"1", "," + label("speed", to_string(*port.speed_active))};
      },
      out);
  write_port_family(
      {"ibatlas_port_rate_bytes_per_second", "gauge",
       "Active data rate of the link after encoding: lanes times lane rate, in bytes per "
       "second."},
      ports,
      [](const Port& port) -> std::optional<Sample> {
        if (!port.width_active || !port.speed_active) {
          return std::nullopt;
        }
        return Sample{
            number_text(lanes(*port.width_active) * lane_rate_gbps(*port.speed_active) * 1e9 / 8),
            ""};
      },
      out);
}

void write_gauge(const Family& family, const std::string& labels, const std::string& value,
                 std::ostream& out) {
  write_header(family, out);
  out << family.name << (labels.empty() ? "" : "{" + labels + "}") << ' ' << value << '\n';
}

void write_scrape(const Fabric& fabric, const PrometheusRun& run, std::ostream& out) {
  const Provenance& from = fabric.provenance();
  std::optional<std::int64_t> time = from.time ? parse_utc_time(*from.time) : std::nullopt;
  write_gauge({"ibatlas_scrape_timestamp_seconds", "gauge",
               "When the snapshot was taken (its provenance time), else when it was exported, "
               "in seconds since the epoch."},
              "", std::to_string(time.value_or(run.now)), out);
  if (run.duration_seconds) {
    write_gauge({"ibatlas_scrape_duration_seconds", "gauge",
                 "How long reading the source (a live crawl) took, in seconds."},
                "", number_text(*run.duration_seconds), out);
  }
  write_gauge({"ibatlas_complete", "gauge",
               "1 when the snapshot is the whole fabric, 0 when a live crawl was partial."},
              "", run.complete ? "1" : "0", out);
  write_gauge(
      {"ibatlas_snapshot_info", "gauge", "Where the snapshot came from, in the labels; always 1."},
      label("source", from.source) + ',' + label("format", from.format) + ',' +
          label("tool", from.tool),
      "1", out);
  std::array<std::size_t, 3> counts{};  // CA, switch, router: NodeType 1..3
  for (const Node& node : fabric.nodes()) {
    ++counts.at(static_cast<std::size_t>(node.type) - 1);
  }
  Family nodes{"ibatlas_nodes", "gauge", "Nodes in the snapshot, by type (ca, switch, router)."};
  write_header(nodes, out);
  const std::array<const char*, 3> types = {"ca", "switch", "router"};
  for (std::size_t i = 0; i < types.size(); ++i) {
    out << nodes.name << "{type=\"" << types.at(i) << "\"} " << counts.at(i) << '\n';
  }
  write_gauge({"ibatlas_cables", "gauge", "Cables (links between two ports) in the snapshot."}, "",
              std::to_string(fabric.links().size()), out);
}

// One series per (check, severity, node, port); its value is how many findings share those
// labels (1 but for a check that reports one port more than once, with other messages).
void write_findings(std::span<const Finding> findings, std::ostream& out) {
  std::map<std::tuple<std::string, Severity, std::string, std::string>, std::size_t> series;
  for (const Finding& finding : findings) {
    bool located = finding.location.kind != LocationKind::Fabric;
    const Endpoint& here = finding.location.here;
    std::string port = located && here.port ? std::to_string(*here.port) : "";
    ++series[{finding.check, finding.severity, located ? here.name : "", port}];
  }
  Family one{"ibatlas_finding", "gauge",
             "A finding of ibatlas check (docs/checks.md) at a node and port; the value counts "
             "findings with these labels."};
  if (!series.empty()) {
    write_header(one, out);
  }
  for (const auto& entry : series) {
    const auto& key = entry.first;
    out << one.name << '{' << label("check", std::get<0>(key)) << ','
        << label("severity", to_string(std::get<1>(key))) << ',' << label("node", std::get<2>(key))
        << ',' << label("port", std::get<3>(key)) << "} " << entry.second << '\n';
  }
  SeverityCounts counts = count_by_severity(findings);
  Family total{"ibatlas_findings", "gauge", "Findings of ibatlas check, by severity."};
  write_header(total, out);
  out << total.name << "{severity=\"error\"} " << counts.errors << '\n'
      << total.name << "{severity=\"warning\"} " << counts.warnings << '\n'
      << total.name << "{severity=\"info\"} " << counts.infos << '\n';
}

}  // namespace

std::string prometheus_label_value(std::string_view text) {
  std::string clean = text::clean_utf8(text, text::Controls::Keep);
  std::string escaped;
  escaped.reserve(clean.size());
  for (char c : clean) {
    if (c == '\\') {
      escaped += "\\\\";
    } else if (c == '"') {
      escaped += "\\\"";
    } else if (c == '\n') {
      escaped += "\\n";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

bool is_prometheus_metric_name(std::string_view name) {
  auto first = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
  };
  if (name.empty() || !first(name.front())) {
    return false;
  }
  for (char c : name.substr(1)) {
    if (!first(c) && !(c >= '0' && c <= '9')) {
      return false;
    }
  }
  return true;
}

void write_prometheus(const Fabric& fabric, std::span<const Finding> findings,
                      const PrometheusRun& run, std::ostream& out) {
  write_scrape(fabric, run, out);
  std::vector<PortSeries> ports = cabled_ports(fabric);
  write_link_gauges(ports, out);
  write_counters(ports, out);
  write_findings(findings, out);
}

}  // namespace ibatlas
