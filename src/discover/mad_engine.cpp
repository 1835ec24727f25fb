#include "discover/mad_engine.hpp"

#include <algorithm>
#include <cassert>
#include <type_traits>
#include <vector>

namespace ibatlas {

namespace {

// How long one poll may block. Short enough that progress and the watchdog stay timely,
// long enough that an idle wait costs no CPU to speak of.
constexpr std::chrono::milliseconds kPollSlice{50};

// Jobs are plain values (a route is a fixed array), copied as they move through the queue.
static_assert(std::is_trivially_copyable_v<MadJob>);

std::size_t window_of(std::size_t wanted, std::size_t allowed) {
  std::size_t window = (wanted == 0 || wanted > allowed) ? allowed : wanted;
  return std::max<std::size_t>(window, 1);
}

}  // namespace

MadEngine::MadEngine(SmpTransport& smp, PerfTransport* perf, EngineOptions options)
    : smp_(smp), perf_(perf), options_(std::move(options)) {
  smp_window_ = window_of(options_.max_in_flight, smp_.max_in_flight());
  if (perf_ != nullptr) {
    perf_window_ = window_of(options_.max_in_flight, perf_->max_perf_in_flight());
  }
}

void MadEngine::submit(MadJob job, bool urgent) {
  assert(!is_perf(job) || perf_ != nullptr);
  if (urgent) {
    queue_.push_front(job);
  } else {
    queue_.push_back(job);
  }
}

void MadEngine::run(const Handler& handler, const std::function<std::size_t()>& node_count) {
  handler_ = &handler;
  node_count_ = &node_count;
  start_ = Clock::now();
  last_progress_ = start_;
  last_watchdog_ = start_;
  while (!queue_.empty() || !in_flight_.empty()) {
    fill_window();
    poll_once();
    expire_stalled();
    report_progress(false);
  }
  stats_.elapsed_seconds += std::chrono::duration<double>(Clock::now() - start_).count();
  report_progress(true);
  handler_ = nullptr;
  node_count_ = nullptr;
}

void MadEngine::fill_window() {
  while (!queue_.empty()) {
    bool perf = is_perf(queue_.front());
    if (perf ? perf_in_flight_ >= perf_window_ : smp_in_flight_ >= smp_window_) {
      return;  // jobs go out in order; the next reply frees a slot
    }
    MadJob job = queue_.front();
    queue_.pop_front();
    send(job);
  }
}

void MadEngine::send(MadJob job) {
  std::uint64_t tag = next_tag_++;
  ++job.attempts;
  ++stats_.mads_sent;
  bool perf = is_perf(job);
  if (perf) {
    std::get<PerfRequest>(job.request).tag = tag;
    ++perf_in_flight_;
  } else {
    std::get<SmpRequest>(job.request).tag = tag;
    ++smp_in_flight_;
  }
  auto [it, inserted] = in_flight_.emplace(tag, InFlight{job, Clock::now()});
  assert(inserted);
  stats_.peak_in_flight = std::max(stats_.peak_in_flight, in_flight_.size());
  if (perf) {
    perf_->send_perf(std::get<PerfRequest>(it->second.job.request));
  } else {
    smp_.send(std::get<SmpRequest>(it->second.job.request));
  }
}

void MadEngine::poll_once() {
  if (smp_in_flight_ > 0) {
    // With PerfMgt MADs out as well, don't let the SMP side sit on the whole slice.
    auto slice = perf_in_flight_ > 0 ? std::chrono::milliseconds(0) : kPollSlice;
    for (const SmpReply& reply : smp_.poll(slice)) {
      accept(reply, false);
    }
  }
  if (perf_in_flight_ > 0) {
    for (const SmpReply& reply : perf_->poll_perf(kPollSlice)) {
      accept(reply, true);
    }
  }
}

void MadEngine::accept(const SmpReply& reply, bool perf) {
  auto it = in_flight_.find(reply.tag);
  if (it == in_flight_.end() || is_perf(it->second.job) != perf) {
    return;  // a late answer to an attempt the watchdog already gave up on
  }
  MadJob job = it->second.job;
  in_flight_.erase(it);
  --(perf ? perf_in_flight_ : smp_in_flight_);
  if (reply.status == SmpStatus::Timeout) {
    ++stats_.timeouts;
    int retries = job.max_retries >= 0 ? job.max_retries : options_.retries;
    if (job.attempts <= retries) {
      ++stats_.retries;
      submit(job, true);  // retried first: its node is waiting on it
      return;
    }
  } else {
    ++stats_.replies;
  }
  (*handler_)(job, reply);
}

void MadEngine::expire_stalled() {
  Clock::time_point now = Clock::now();
  if (now - last_watchdog_ < std::chrono::milliseconds(100)) {
    return;
  }
  last_watchdog_ = now;
  std::vector<std::pair<std::uint64_t, bool>> stalled;
  for (const auto& [tag, flight] : in_flight_) {
    if (now - flight.sent > options_.stall_timeout) {
      stalled.emplace_back(tag, is_perf(flight.job));
    }
  }
  for (const auto& [tag, perf] : stalled) {
    SmpReply timeout;
    timeout.tag = tag;
    timeout.status = SmpStatus::Timeout;
    accept(timeout, perf);
  }
}

void MadEngine::report_progress(bool done) {
  if (!options_.progress) {
    return;
  }
  Clock::time_point now = Clock::now();
  if (!done && now - last_progress_ < options_.progress_interval) {
    return;
  }
  last_progress_ = now;
  CrawlProgress p;
  p.nodes = node_count_ ? (*node_count_)() : 0;
  p.in_flight = in_flight_.size();
  p.mads_sent = stats_.mads_sent;
  p.mads_answered = stats_.replies;
  p.timeouts = stats_.timeouts;
  p.elapsed_seconds = std::chrono::duration<double>(now - start_).count();
  p.mads_per_second =
      p.elapsed_seconds > 0 ? static_cast<double>(p.mads_answered) / p.elapsed_seconds : 0;
  p.done = done;
  options_.progress(p);
}

}  // namespace ibatlas
