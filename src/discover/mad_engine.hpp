#pragma once

// The crawl's MAD pump: a queue of jobs per node, a window of jobs in flight kept full across
// nodes with at most --per-node of them at any one node, retries that back off after a
// timeout, a total budget (--deadline), a watchdog for replies that never come, and progress
// reports. It knows nothing of topology: the crawl (crawl.hpp) decides what to ask and what
// an answer means.
//
// The node a job is charged to is MadPurpose::node: the node it reads, or, for a NodeInfo
// probe, the switch it leaves from; a probe whose far end is known by the time it goes out
// (set_far_end: the far side's own probe found the cable meanwhile) is charged to that node
// too, and waits until both have room.

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <unordered_map>
#include <variant>
#include <vector>

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
  std::size_t per_node = 0;  // most jobs in flight at one node (per class); 0: no cap
  // A timed-out job is resent after backoff * 2^(attempts - 1), at most backoff_max.
  std::chrono::milliseconds backoff{0};
  std::chrono::milliseconds backoff_max{0};
  std::chrono::milliseconds deadline{0};  // from construction; 0: none
  CrawlClock clock;                       // empty: the steady clock
};

class MadEngine {
 public:
  using Handler = std::function<void(const MadJob&, const SmpReply&)>;
  using Nanos = std::chrono::nanoseconds;

  // REQUIRES: `smp` (and `perf`, if not null) outlive the engine.
  MadEngine(SmpTransport& smp, PerfTransport* perf, EngineOptions options);

  // Queues a job; it is sent when the window and its node's cap allow, before jobs of its
  // node queued earlier if `urgent`.
  void submit(MadJob job, bool urgent = false);

  // Runs until nothing is queued, waiting out a backoff or in flight. `handler` receives each
  // job's final outcome once: Ok, Rejected, or Timeout after the last retry (or when the
  // deadline passed: expired() is then true); it may submit more jobs. `node_count` is asked
  // for the progress reports.
  void run(const Handler& handler, const std::function<std::size_t()>& node_count);

  // The deadline has passed: every job still queued or in flight was (or will be, if
  // submitted now) handed back as a Timeout without being sent again.
  bool expired() const { return expired_; }

  // The crawl's re-probe pass resends a job that failed in the first pass.
  void count_reprobe() { ++stats_.reprobed; }

  // Asked when a job is next to go out: another node (MadPurpose::node numbering) it lands
  // on and is charged to as well, if known. Empty (the default): none.
  using FarEnd = std::function<std::optional<std::uint32_t>(const MadJob&)>;

  void set_far_end(FarEnd far_end) { far_end_ = std::move(far_end); }

  const CrawlStatistics& statistics() const { return stats_; }

 private:
  struct InFlight {
    MadJob job;
    Nanos sent;
    std::optional<std::uint64_t> far;  // the far end's lane, charged too
  };

  // One node's jobs of one class (SMP or PerfMgt), queued and in flight.
  struct Lane {
    std::deque<MadJob> queue;
    std::size_t in_flight = 0;
    bool listed = false;  // in ready_: has queued jobs and was under its cap when listed
  };

  static bool is_perf(const MadJob& job) { return job.request.index() == 1; }

  static std::uint64_t lane_of(const MadJob& job) {
    return (static_cast<std::uint64_t>(job.purpose.node) << 1) | (is_perf(job) ? 1 : 0);
  }

  Nanos now() const;

  bool under_cap(const Lane& lane) const {
    return options_.per_node == 0 || lane.in_flight < options_.per_node;
  }

  void list(std::uint64_t key, bool front);
  std::optional<std::uint64_t> far_lane(const MadJob& job, std::uint64_t key) const;
  void fill_window();
  void send(MadJob job, std::optional<std::uint64_t> far);
  void wait_or_poll();
  void accept(const SmpReply& reply, bool perf);
  void finish(std::uint64_t key);
  void release_due();
  void expire_stalled();
  void drain_at_deadline();
  void report_progress(bool done);

  SmpTransport& smp_;
  PerfTransport* perf_;
  EngineOptions options_;
  std::size_t smp_window_ = 1;
  std::size_t perf_window_ = 1;
  std::unordered_map<std::uint64_t, Lane> lanes_;
  // Lanes whose next job waits for room at its far end's lane: listed again when it frees.
  std::unordered_map<std::uint64_t, std::vector<std::uint64_t>> blocked_;
  FarEnd far_end_;
  std::array<std::deque<std::uint64_t>, 2> ready_;  // lanes that may send, SMP and PerfMgt
  std::size_t queued_ = 0;                          // jobs in every lane's queue
  std::multimap<Nanos, MadJob> delayed_;            // retries waiting out their backoff
  std::unordered_map<std::uint64_t, InFlight> in_flight_;
  std::size_t smp_in_flight_ = 0;
  std::size_t perf_in_flight_ = 0;
  std::uint64_t next_tag_ = 1;
  const Handler* handler_ = nullptr;
  const std::function<std::size_t()>* node_count_ = nullptr;
  Nanos created_{0};
  Nanos start_{0};
  Nanos last_progress_{0};
  Nanos last_watchdog_{0};
  bool expired_ = false;
  CrawlStatistics stats_;
};

}  // namespace ibatlas
