#include "discover/mad_engine.hpp"

#include <algorithm>
#include <cassert>
#include <thread>
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
  created_ = now();
}

MadEngine::Nanos MadEngine::now() const {
  if (options_.clock.now) {
    return options_.clock.now();
  }
  return std::chrono::steady_clock::now().time_since_epoch();
}

void MadEngine::submit(MadJob job, bool urgent) {
  assert(!is_perf(job) || perf_ != nullptr);
  std::uint64_t key = lane_of(job);
  Lane& lane = lanes_[key];
  if (urgent) {
    lane.queue.push_front(job);
  } else {
    lane.queue.push_back(job);
  }
  ++queued_;
  list(key, urgent);
}

// Puts a lane that has work and room on its class's ready list (once).
void MadEngine::list(std::uint64_t key, bool front) {
  auto it = lanes_.find(key);
  if (it == lanes_.end()) {
    return;
  }
  Lane& lane = it->second;
  if (lane.listed || lane.queue.empty() || !under_cap(lane)) {
    return;
  }
  lane.listed = true;
  auto& ready = ready_[key & 1];
  if (front) {
    ready.push_front(key);
  } else {
    ready.push_back(key);
  }
}

void MadEngine::run(const Handler& handler, const std::function<std::size_t()>& node_count) {
  handler_ = &handler;
  node_count_ = &node_count;
  start_ = now();
  last_progress_ = start_;
  last_watchdog_ = start_;
  while (queued_ > 0 || !in_flight_.empty() || !delayed_.empty()) {
    if (options_.deadline.count() > 0 && now() - created_ >= options_.deadline) {
      drain_at_deadline();
      continue;
    }
    release_due();
    fill_window();
    wait_or_poll();
    expire_stalled();
    report_progress(false);
  }
  stats_.elapsed_seconds += std::chrono::duration<double>(now() - start_).count();
  report_progress(true);
  handler_ = nullptr;
  node_count_ = nullptr;
}

// Lanes take turns: a lane sends one job and goes to the back of the ready list, so the
// window is shared by every node with work and no node gets more than its cap.
void MadEngine::fill_window() {
  for (std::size_t c = 0; c < 2; ++c) {
    bool perf = c == 1;
    auto& ready = ready_[c];
    while (!ready.empty() &&
           (perf ? perf_in_flight_ < perf_window_ : smp_in_flight_ < smp_window_)) {
      std::uint64_t key = ready.front();
      ready.pop_front();
      auto it = lanes_.find(key);
      if (it == lanes_.end()) {
        continue;
      }
      Lane& lane = it->second;  // stays valid: unordered_map keeps its elements in place
      lane.listed = false;
      if (lane.queue.empty() || !under_cap(lane)) {
        continue;
      }
      std::optional<std::uint64_t> far = far_lane(lane.queue.front(), key);
      if (far) {
        Lane& there = lanes_[*far];
        if (!under_cap(there)) {
          blocked_[*far].push_back(key);  // listed again when that lane frees (finish)
          continue;
        }
        ++there.in_flight;
        ++stats_.charged_far;
        stats_.peak_per_node = std::max(stats_.peak_per_node, there.in_flight);
      }
      MadJob job = lane.queue.front();
      lane.queue.pop_front();
      --queued_;
      ++lane.in_flight;
      stats_.peak_per_node = std::max(stats_.peak_per_node, lane.in_flight);
      list(key, false);
      send(job, far);
    }
  }
}

std::optional<std::uint64_t> MadEngine::far_lane(const MadJob& job, std::uint64_t key) const {
  if (!far_end_ || is_perf(job)) {
    return std::nullopt;
  }
  std::optional<std::uint32_t> node = far_end_(job);
  if (!node) {
    return std::nullopt;
  }
  std::uint64_t far = static_cast<std::uint64_t>(*node) << 1;  // its SMP lane
  return far == key ? std::nullopt : std::optional(far);
}

void MadEngine::send(MadJob job, std::optional<std::uint64_t> far) {
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
  auto [it, inserted] = in_flight_.emplace(tag, InFlight{job, now(), far});
  assert(inserted);
  stats_.peak_in_flight = std::max(stats_.peak_in_flight, in_flight_.size());
  if (perf) {
    perf_->send_perf(std::get<PerfRequest>(it->second.job.request));
  } else {
    smp_.send(std::get<SmpRequest>(it->second.job.request));
  }
}

// Polls whatever is in flight, no longer than until the next retry is due; with nothing in
// flight, waits for that retry.
void MadEngine::wait_or_poll() {
  auto slice = std::chrono::duration_cast<std::chrono::milliseconds>(kPollSlice);
  if (!delayed_.empty()) {
    Nanos until = delayed_.begin()->first;
    if (options_.deadline.count() > 0) {
      until = std::min(until, created_ + options_.deadline);
    }
    Nanos left = until - now();
    if (in_flight_.empty()) {
      if (left.count() > 0) {
        if (options_.clock.wait_until) {
          options_.clock.wait_until(until);
        } else {
          std::this_thread::sleep_for(left);
        }
      }
      return;
    }
    // Rounded up: a poll of 0 ms with nothing ready would not move a virtual clock on.
    slice = std::clamp(std::chrono::ceil<std::chrono::milliseconds>(left),
                       std::chrono::milliseconds(0), slice);
  }
  if (smp_in_flight_ > 0) {
    // With PerfMgt MADs out as well, don't let the SMP side sit on the whole slice.
    auto smp_slice = perf_in_flight_ > 0 ? std::chrono::milliseconds(0) : slice;
    for (const SmpReply& reply : smp_.poll(smp_slice)) {
      accept(reply, false);
    }
  }
  if (perf_in_flight_ > 0) {
    for (const SmpReply& reply : perf_->poll_perf(slice)) {
      accept(reply, true);
    }
  }
}

void MadEngine::finish(std::uint64_t key) {
  auto it = lanes_.find(key);
  assert(it != lanes_.end() && it->second.in_flight > 0);
  Lane& lane = it->second;
  --lane.in_flight;
  if (auto waiting = blocked_.find(key); waiting != blocked_.end()) {
    std::vector<std::uint64_t> keys = std::move(waiting->second);
    blocked_.erase(waiting);
    for (std::uint64_t k : keys) {
      list(k, false);
    }
  }
  if (lane.queue.empty() && lane.in_flight == 0 && !lane.listed) {
    lanes_.erase(key);  // most nodes are done for good: keep the map small
    return;
  }
  list(key, false);
}

void MadEngine::accept(const SmpReply& reply, bool perf) {
  auto it = in_flight_.find(reply.tag);
  if (it == in_flight_.end() || is_perf(it->second.job) != perf) {
    return;  // a late answer to an attempt the watchdog already gave up on
  }
  MadJob job = it->second.job;
  std::optional<std::uint64_t> far = it->second.far;
  in_flight_.erase(it);
  --(perf ? perf_in_flight_ : smp_in_flight_);
  finish(lane_of(job));
  if (far) {
    finish(*far);
  }
  if (reply.status == SmpStatus::Timeout) {
    ++stats_.timeouts;
    int retries = job.max_retries >= 0 ? job.max_retries : options_.retries;
    if (job.attempts <= retries && !expired_) {
      ++stats_.retries;
      if (job.attempts == 1) {
        ++stats_.retried_mads;
      }
      // Backs off: a node that drops MADs is usually flooded or busy, and other nodes'
      // work goes out meanwhile. Retried first among its node's jobs once due.
      int doublings = std::min(job.attempts - 1, 20);
      auto delay = std::min(options_.backoff * (std::int64_t{1} << doublings),
                            std::max(options_.backoff_max, options_.backoff));
      delayed_.emplace(now() + delay, job);
      return;
    }
  } else {
    ++stats_.replies;
  }
  (*handler_)(job, reply);
}

void MadEngine::release_due() {
  Nanos t = now();
  while (!delayed_.empty() && delayed_.begin()->first <= t) {
    MadJob job = delayed_.begin()->second;
    delayed_.erase(delayed_.begin());
    submit(job, true);
  }
}

// The budget is spent: every job not answered yet is handed back as a Timeout, including
// those the handler submits meanwhile (run() calls this until nothing is left).
void MadEngine::drain_at_deadline() {
  expired_ = true;
  stats_.deadline_reached = true;
  std::vector<MadJob> cut;
  for (const auto& [tag, flight] : in_flight_) {
    cut.push_back(flight.job);
  }
  in_flight_.clear();
  smp_in_flight_ = 0;
  perf_in_flight_ = 0;
  for (const auto& [due, job] : delayed_) {
    cut.push_back(job);
  }
  delayed_.clear();
  for (auto& [key, lane] : lanes_) {
    cut.insert(cut.end(), lane.queue.begin(), lane.queue.end());
  }
  lanes_.clear();
  blocked_.clear();
  ready_[0].clear();
  ready_[1].clear();
  queued_ = 0;
  for (const MadJob& job : cut) {
    ++stats_.deadline_cut;
    SmpReply timeout;
    timeout.status = SmpStatus::Timeout;
    (*handler_)(job, timeout);
  }
}

void MadEngine::expire_stalled() {
  Nanos t = now();
  if (t - last_watchdog_ < std::chrono::milliseconds(100)) {
    return;
  }
  last_watchdog_ = t;
  std::vector<std::pair<std::uint64_t, bool>> stalled;
  for (const auto& [tag, flight] : in_flight_) {
    if (t - flight.sent > options_.stall_timeout) {
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
  Nanos t = now();
  if (!done && t - last_progress_ < options_.progress_interval) {
    return;
  }
  last_progress_ = t;
  CrawlProgress p;
  p.nodes = node_count_ ? (*node_count_)() : 0;
  p.in_flight = in_flight_.size();
  p.mads_sent = stats_.mads_sent;
  p.mads_answered = stats_.replies;
  p.timeouts = stats_.timeouts;
  p.elapsed_seconds = std::chrono::duration<double>(t - start_).count();
  p.mads_per_second =
      p.elapsed_seconds > 0 ? static_cast<double>(p.mads_answered) / p.elapsed_seconds : 0;
  p.done = done;
  options_.progress(p);
}

}  // namespace ibatlas
