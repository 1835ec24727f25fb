#pragma once

// A SOURCE as Prometheus metrics: the one step `export --to prometheus` and `serve` share
// (docs/prometheus.md). Loading, checking and writing happen here, so the two commands
// give the same bytes for the same snapshot.

#include <ostream>
#include <string>

#include "ibatlas/findings/audit_options.hpp"

#include "source.hpp"

namespace ibatlas::cli {

struct PrometheusText {
  std::string text;      // the exposition, checked by prometheus_text_problems
  bool complete = true;  // false: a live crawl where something did not answer
};

// Loads `source` (load_main_source: a live SOURCE crawls the subnet, reading counters when
// options.live.counters is set), runs the checks `check` runs with its default options but
// `thresholds` (plus what attaching --ar FILE found) and writes the metrics. A live source's crawl
// time is ibatlas_scrape_duration_seconds. Throws what load_main_source throws, and Error when the
// metrics would not parse (a writer bug: better no metrics than ones Prometheus refuses). Counts
// the crawl in options.outcome, as load_source does.
PrometheusText prometheus_text(const std::string& source, const SourceOptions& options,
                               const CounterThresholds& thresholds, std::ostream& err);

}  // namespace ibatlas::cli
