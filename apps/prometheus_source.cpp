#include "prometheus_source.hpp"

#include <chrono>
#include <ctime>
#include <sstream>
#include <vector>

#include "ibatlas/audit/audit.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/report/prometheus.hpp"

namespace ibatlas::cli {

PrometheusText prometheus_text(const std::string& source, const SourceOptions& options,
                               const CounterThresholds& thresholds, std::ostream& err) {
  auto start = std::chrono::steady_clock::now();
  int partial_before = options.outcome.partial;  // `serve` crawls many times
  Fabric fabric = load_main_source(source, options, err).fabric;
  PrometheusRun run;
  if (is_live_source(source)) {  // a crawl's duration; reading a file is no scrape
    run.duration_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  run.now = static_cast<std::int64_t>(std::time(nullptr));
  run.complete = options.outcome.partial == partial_before;
  AuditOptions audit;
  audit.counter_thresholds = thresholds;
  std::vector<Finding> findings = run_checks(fabric, audit);
  const std::vector<Finding>& attach = options.ar_findings;
  findings.insert(findings.end(), attach.begin(), attach.end());
  std::ostringstream text;
  write_prometheus(fabric, findings, run, text);
  std::vector<std::string> problems = prometheus_text_problems(text.view());
  if (!problems.empty()) {
    throw Error("the metrics would not parse, nothing written: " + problems.front() + " (" +
                std::to_string(problems.size()) + " problems)");
  }
  return {std::move(text).str(), run.complete};
}

}  // namespace ibatlas::cli
