// ibatlas serve SOURCE --listen ADDR:PORT [--interval S] [--threshold-file FILE]
// The metrics of `export --to prometheus`, served over HTTP for Prometheus to scrape: a
// live SOURCE is crawled every interval, a file SOURCE re-read (so a snapshot a cron job
// rewrites is picked up). One crawl at a time, on a thread of its own; the HTTP server
// (include/ibatlas/net/http_server.hpp) hands out the last good text meanwhile, with
// families saying whether the last crawl failed. docs/prometheus.md, "serve".

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/exit_status.hpp"
#include "ibatlas/net/http_server.hpp"

#include "cli.hpp"
#include "prometheus_source.hpp"
#include "source.hpp"
#include "thresholds.hpp"

namespace ibatlas::cli {

namespace {

constexpr const char* kMetricsType = "text/plain; version=0.0.4; charset=utf-8";

struct ServeOptions {
  std::string source;
  std::string listen;
  double interval = 60;          // seconds from the start of one crawl to the start of the next
  std::string threshold_file;    // empty: the default file when present
  CounterThresholds thresholds;  // read once, before serving
  SourceOptions source_options;
};

std::atomic<bool> g_stop{false};

extern "C" void on_serve_stop(int /*signal*/) {
  g_stop.store(true);
}

// What the crawls have found so far. The crawler writes, the server reads; the body is
// rebuilt once per crawl and shared by every reply.
class MetricsBoard {
 public:
  void crawl_ended(std::optional<std::string> metrics) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++crawls_;
    if (metrics) {
      good_ = std::move(*metrics);
      last_success_ = static_cast<std::int64_t>(std::time(nullptr));
    } else {
      ++failures_;
    }
    body_ = std::make_shared<const std::string>(good_ + status_families(metrics.has_value()));
  }

  // Null until the first crawl has ended.
  std::shared_ptr<const std::string> body() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return body_;
  }

 private:
  // After the export's families: did the last crawl succeed, when did one last succeed,
  // how many crawls and failures since the start.
  std::string status_families(bool success) const {
    std::ostringstream out;
    out << "# HELP ibatlas_scrape_success 1: the last crawl (or read) of SOURCE succeeded; 0: "
           "it failed, and the metrics above are from the last one that succeeded\n"
           "# TYPE ibatlas_scrape_success gauge\n"
        << "ibatlas_scrape_success " << (success ? 1 : 0) << '\n';
    if (last_success_) {
      out << "# HELP ibatlas_scrape_last_success_timestamp_seconds When the last successful "
             "crawl (or read) of SOURCE ended, seconds since the epoch\n"
             "# TYPE ibatlas_scrape_last_success_timestamp_seconds gauge\n"
          << "ibatlas_scrape_last_success_timestamp_seconds " << *last_success_ << '\n';
    }
    out << "# HELP ibatlas_scrapes_total Crawls (or reads) of SOURCE since serve started\n"
           "# TYPE ibatlas_scrapes_total counter\n"
        << "ibatlas_scrapes_total " << crawls_ << '\n'
        << "# HELP ibatlas_scrape_failures_total Crawls (or reads) of SOURCE that failed since "
           "serve started\n"
           "# TYPE ibatlas_scrape_failures_total counter\n"
        << "ibatlas_scrape_failures_total " << failures_ << '\n';
    return out.str();
  }

  mutable std::mutex mutex_;
  std::string good_;  // the export's text of the last good crawl
  std::optional<std::int64_t> last_success_;
  std::uint64_t crawls_ = 0;
  std::uint64_t failures_ = 0;
  std::shared_ptr<const std::string> body_;
};

// Lines from both threads, whole, one at a time.
class LineLog {
 public:
  explicit LineLog(std::ostream& err) : err_(err) {}

  void write(const std::string& text) {
    if (text.empty()) {
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    err_ << text << (text.back() == '\n' ? "" : "\n") << std::flush;
  }

 private:
  std::mutex mutex_;
  std::ostream& err_;
};

HttpResponse route(const HttpRequest& request, const MetricsBoard& board,
                   const std::string& index) {
  HttpResponse response;
  if (request.path == "/metrics") {
    response.body = board.body();
    response.content_type = kMetricsType;
    if (!response.body) {
      response.status = 503;
      response.body = std::make_shared<const std::string>(
          "503 Service Unavailable: the first crawl has not ended yet\n");
      response.content_type = "text/plain; charset=utf-8";
    }
  } else if (request.path == "/") {
    response.body = std::make_shared<const std::string>(index);
  } else {
    response.status = 404;
    response.body = std::make_shared<const std::string>("404 Not Found: try /metrics\n");
  }
  return response;
}

// Crawls (or reads) until g_stop, one crawl at a time, `interval` from start to start.
void crawl_loop(const ServeOptions& options, MetricsBoard& board, LineLog& log,
                std::mutex& wake_mutex, std::condition_variable& wake) {
  auto interval = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(options.interval));
  bool failing = false;
  while (!g_stop.load()) {
    auto start = std::chrono::steady_clock::now();
    std::ostringstream notes;  // what loading says (what did not answer), logged whole
    std::optional<std::string> metrics;
    try {
      metrics =
          prometheus_text(options.source, options.source_options, options.thresholds, notes).text;
    } catch (const std::exception& e) {  // Error, ParseError; anything else is still no crawl
      notes << "ibatlas: " << options.source << ": " << e.what()
            << " (serving the last good metrics, ibatlas_scrape_success 0)\n";
    }
    if (metrics && failing) {
      notes << "ibatlas: " << options.source << ": read again, serving new metrics\n";
    }
    failing = !metrics;
    board.crawl_ended(std::move(metrics));
    log.write(notes.str());
    std::unique_lock<std::mutex> lock(wake_mutex);
    wake.wait_until(lock, start + interval, [] { return g_stop.load(); });
  }
}

int run_serve(const ServeOptions& options, std::ostream& err) {
  LineLog log(err);
  HttpServerOptions http;
  http.listen = options.listen;
  http.log = [&log](const std::string& line) { log.write("ibatlas: " + line); };
  HttpServer server(http);  // throws before anything runs when the address is bad or taken
  std::ostringstream interval;
  interval << options.interval;
  std::string index = "ibatlas serve: the metrics of " + options.source + " (every " +
                      interval.str() + " s) are at /metrics\n";
  log.write("ibatlas: serving " + options.source + " on http://" + server.address() +
            "/metrics, every " + interval.str() + " s");

  g_stop.store(false);
  auto old_int = std::signal(SIGINT, on_serve_stop);
  auto old_term = std::signal(SIGTERM, on_serve_stop);
  MetricsBoard board;
  std::mutex wake_mutex;
  std::condition_variable wake;
  std::thread crawler([&] { crawl_loop(options, board, log, wake_mutex, wake); });
  std::exception_ptr failure;  // rethrown once the crawler has stopped
  try {
    server.serve([&](const HttpRequest& r) { return route(r, board, index); }, g_stop);
  } catch (...) {
    failure = std::current_exception();
  }
  g_stop.store(true);
  {
    std::lock_guard<std::mutex> lock(wake_mutex);  // no wake-up lost between check and wait
  }
  wake.notify_all();
  crawler.join();  // a crawl under way ends first (its timeouts bound it)
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  if (failure) {
    std::rethrow_exception(failure);
  }
  log.write("ibatlas: stopped");
  return kExitOk;
}

}  // namespace

void add_serve_command(CLI::App& app, std::ostream& /*out*/, std::ostream& err, int& status) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "Serve the metrics of export --to prometheus over HTTP (GET /metrics), crawling a live "
      "SOURCE or re-reading a file SOURCE every interval");
  add_source_argument(*cmd, options->source, options->source_options);
  cmd->add_option("--listen", options->listen,
                  "ADDR:PORT to serve HTTP on (e.g. 127.0.0.1:9464; port 0 picks a free one)")
      ->required();
  cmd->add_option("--interval", options->interval,
                  "Seconds from the start of one crawl (or read of a file SOURCE) to the next; "
                  "a failed one keeps the last good metrics, with ibatlas_scrape_success 0")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  add_threshold_file_option(*cmd, options->threshold_file);
  add_reading_options(*cmd, options->source_options);
  cmd->footer(
      "Stops on SIGINT or SIGTERM (exit 0). GET /metrics: the text of export --to prometheus "
      "plus ibatlas_scrape_success, ibatlas_scrape_last_success_timestamp_seconds, "
      "ibatlas_scrapes_total and ibatlas_scrape_failures_total (docs/prometheus.md).");
  cmd->callback([options, &err, &status] {
    options->source_options.live.counters = true;  // what the metrics are for, as in export
    // Read once, before listening: a bad file is exit 3 at once, not a failing scrape.
    options->thresholds =
        load_counter_thresholds(options->threshold_file, options->source_options.verbose, err);
    status = run_serve(*options, err);
  });
}

}  // namespace ibatlas::cli
