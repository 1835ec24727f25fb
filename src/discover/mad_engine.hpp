#pragma once

// The crawl's MAD pump: a queue of jobs, a window of jobs in flight, retries after a
// timeout, a watchdog for replies that never come, and progress reports. It knows nothing of
// topology: the crawl (crawl.hpp) decides what to ask and what an answer means.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <unordered_map>
#include <variant>

#include "ibatlas/discover/crawler.hpp"
#include "ibatlas/discover/smp_transport.hpp"

namespace ibatlas {

// What a MAD is for: the crawl's bookkeeping, carried through the engine untouched.
struct MadPurpose {
  enum class Kind : std::uint8_t {
    Probe,        // NodeInfo one hop past `node`'s `port` (node kNoNode: the local node)
    Description,  // NodeDescription of `node`
    SwitchInfo,
    PortInfo,     // of `node`'s `port`
    MlnxExt,      // ExtPortInfo of `node`'s `port`
    Lft,          // LFT `block` of `node`
    SlToVl,       // SLtoVLMappingTable of `node`: in port `block`, out port `port` (CA: both)
    Counters,     // PerfMgt PortCounters of `node`'s `port`
    CountersExt,  // PerfMgt PortCountersExtended
    // PerfMgt ClassPortInfo of `node`'s PMA (addressed through `port`), then the error
    // details (PortRcvErrorDetails, PortXmitDiscardDetails) of `node`'s `port`:
    PerfClass,
    RcvErrorDetails,
    XmitDiscardDetails,
    // Adaptive routing (crawl_ar.cpp), all of `node`:
    ArGeneralInfo,  // GeneralInfo capability mask
    ArInfo,         // AdaptiveRoutingInfo
    ArPlftInfo,     // PrivateLFTInfo
    ArLft,          // AR LFT `block` of pLFT `port`
    ArGroups,       // ARGroupTable `block` of the record's group table number `port`
  };
  static constexpr std::uint32_t kNoNode = 0xFFFFFFFF;
  Kind kind = Kind::Probe;
  std::uint32_t node = kNoNode;
  std::uint8_t port = 0;
  std::uint32_t block = 0;
};

// The PerfMgt kinds (the counters phase, crawl_counters.cpp).
inline bool is_counters(MadPurpose::Kind kind) {
  return kind >= MadPurpose::Kind::Counters && kind <= MadPurpose::Kind::XmitDiscardDetails;
}

// The adaptive-routing kinds are the last ones.
inline bool is_ar(MadPurpose::Kind kind) {
  return kind >= MadPurpose::Kind::ArGeneralInfo;
}

struct MadJob {
  std::variant<SmpRequest, PerfRequest> request;  // the tag is the engine's
  MadPurpose purpose;
  int attempts = 0;      // sends so far
  int max_retries = -1;  // resends after a timeout; -1: the engine's EngineOptions::retries
};

struct EngineOptions {
  std::size_t max_in_flight = 0;
  int retries = 3;
  std::chrono::milliseconds stall_timeout{10000};
  std::function<void(const CrawlProgress&)> progress;
  std::chrono::milliseconds progress_interval{200};
};

class MadEngine {
 public:
  using Handler = std::function<void(const MadJob&, const SmpReply&)>;
  using Clock = std::chrono::steady_clock;

  // REQUIRES: `smp` (and `perf`, if not null) outlive the engine.
  MadEngine(SmpTransport& smp, PerfTransport* perf, EngineOptions options);

  // Queues a job; it is sent when the window allows, before jobs queued earlier if `urgent`.
  void submit(MadJob job, bool urgent = false);

  // Runs until nothing is queued or in flight. `handler` receives each job's final outcome
  // once: Ok, Rejected, or Timeout after the last retry; it may submit more jobs.
  // `node_count` is asked for the progress reports.
  void run(const Handler& handler, const std::function<std::size_t()>& node_count);

  const CrawlStatistics& statistics() const { return stats_; }

 private:
  struct InFlight {
    MadJob job;
    Clock::time_point sent;
  };

  bool is_perf(const MadJob& job) const { return job.request.index() == 1; }

  void fill_window();
  void send(MadJob job);
  void poll_once();
  void accept(const SmpReply& reply, bool perf);
  void expire_stalled();
  void report_progress(bool done);

  SmpTransport& smp_;
  PerfTransport* perf_;
  EngineOptions options_;
  std::size_t smp_window_ = 1;
  std::size_t perf_window_ = 1;
  std::deque<MadJob> queue_;
  std::unordered_map<std::uint64_t, InFlight> in_flight_;
  std::size_t smp_in_flight_ = 0;
  std::size_t perf_in_flight_ = 0;
  std::uint64_t next_tag_ = 1;
  const Handler* handler_ = nullptr;
  const std::function<std::size_t()>* node_count_ = nullptr;
  Clock::time_point start_;
  Clock::time_point last_progress_;
  Clock::time_point last_watchdog_;
  CrawlStatistics stats_;
};

}  // namespace ibatlas
