#pragma once

// The fabric as Prometheus metrics: the text exposition format 0.0.4 that node_exporter's
// textfile collector reads (`ibatlas export SOURCE --to prometheus`). docs/prometheus.md
// lists every metric, its labels and the treydock/infiniband_exporter metric it matches.
//
// Per cabled port: the PerfMgt counters the snapshot holds (none when the source read none;
// never zeros in their place), link state, width, speed and rate. Per finding one series,
// and counts per severity. Scrape metadata: time, duration, nodes, cables, completeness.
// Families and series come in a fixed order, so the same input gives the same bytes.

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "ibatlas/fabric.hpp"
#include "ibatlas/findings/finding.hpp"

namespace ibatlas {

// What the caller knows about the run that is not in the snapshot.
struct PrometheusRun {
  std::int64_t now = 0;  // seconds since the epoch: the scrape time when the provenance has none
  std::optional<double> duration_seconds;  // how long reading the source took, when measured
  bool complete = true;                    // false: a live crawl where something did not answer
};

// Writes every metric family (HELP, TYPE, samples). `findings` in any order (typically
// run_checks' result).
void write_prometheus(const Fabric& fabric, std::span<const Finding> findings,
                      const PrometheusRun& run, std::ostream& out);

// A label value as the text format needs it: backslash, double quote and line feed
// escaped (\\, \", \n); bytes that are not well-formed UTF-8 (Prometheus rejects them)
// become U+FFFD.
std::string prometheus_label_value(std::string_view text);

// True for a valid metric name: [a-zA-Z_:][a-zA-Z0-9_:]*.
bool is_prometheus_metric_name(std::string_view name);

}  // namespace ibatlas
