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
#include <vector>

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

// What in `text` Prometheus' text parser (and promtool's lint) would refuse, one message
// per problem with its line number ("line 3: ..."); empty: none. Checks what
// write_prometheus relies on: each family's HELP then TYPE (counter or gauge; counters end
// in _total) before its samples, metric and label names, label values in valid UTF-8 with
// only \\, \" and \n escapes, and a number for each value. The export runs it before
// writing, so a bug in the writer is an error, not a file the collector refuses.
std::vector<std::string> prometheus_text_problems(std::string_view text);

}  // namespace ibatlas
