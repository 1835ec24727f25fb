// The MAD-echo node: `ibatlas agent --transport mad --listen ... --key ...`, which answers
// echoes like the responder and sends blocks of them on a controller's command, through one
// umad attachment (under ibsim a node takes one SM-capable client: research/probe-spec.md
// §2.2). One class 0x32 agent serves Get and sends the requests; umad (and umad2sim, by
// class) hands it both the requests to answer and the responses to its own. One thread owns
// the descriptor: it answers, matches replies and sends each block's next MAD; run_block
// only queues a block and waits for it. libibumad calls: those of the responder
// (mad_echo_responder.cpp) plus umad_set_addr and umad_send as the prober (mad_echo.cpp).

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include <infiniband/umad.h>

#include "ibatlas/error.hpp"
#include "ibatlas/probe/mad_echo_wire.hpp"
#include "ibatlas/umad/mad_echo.hpp"

#include "umad/mad_echo_port.hpp"
#include <poll.h>

namespace ibatlas {

namespace {

using Clock = std::chrono::steady_clock;

// How long the thread sleeps at most: a new block's first MAD waits up to this long.
constexpr std::chrono::milliseconds kTick{2};

struct Block {
  mad_echo::EchoBlock echo;
  Lid dlid = 0;
  std::chrono::milliseconds sample_timeout;
};

}  // namespace

struct MadEchoNode::Impl {
  MadEchoResponderOptions options;
  std::string host_name;
  MadEchoPortInfo info;
  int fd = -1;
  int agent = -1;
  std::vector<std::uint8_t> send_buffer;
  std::vector<std::uint8_t> receive_buffer;

  std::mutex mutex;  // guards what follows
  std::condition_variable finished_changed;
  std::uint32_t next_sequence = 1;
  std::map<std::uint64_t, Block> active;  // by the block's tag
  std::map<std::uint64_t, ProbeResult> finished;
  bool stop = false;

  std::thread thread;

  void run();
  void step(Clock::time_point now);
  void receive();
  void on_reply(std::span<const std::uint8_t> mad, Clock::time_point at);
  void send_next(Block& block, Clock::time_point now);
  Clock::time_point wake(Clock::time_point now);
};

void MadEchoNode::Impl::send_next(Block& block, Clock::time_point now) {
  std::optional<std::uint32_t> sequence = block.echo.send_next(now);
  if (!sequence) {
    return;
  }
  mad_echo::Mad mad = mad_echo::make_request(*sequence, {block.echo.result().tag, *sequence});
  std::fill(send_buffer.begin(), send_buffer.end(), std::uint8_t{0});
  std::memcpy(umad_get_mad(send_buffer.data()), mad.data(), mad.size());
  umad_set_addr(send_buffer.data(), block.dlid, 1, 0, static_cast<int>(mad_echo::kQp1Qkey));
  if (umad_send(fd, agent, send_buffer.data(), static_cast<int>(mad_echo::kMadBytes),
                static_cast<int>(block.sample_timeout.count()), 0) < 0) {
    block.echo.on_undelivered(*sequence);
  }
}

// Under the lock: expires, sends what is due, and moves finished blocks to `finished`.
void MadEchoNode::Impl::step(Clock::time_point now) {
  bool any = false;
  for (auto it = active.begin(); it != active.end();) {
    it->second.echo.expire(now);
    send_next(it->second, now);
    if (it->second.echo.done()) {
      finished[it->first] = it->second.echo.result();
      it = active.erase(it);
      any = true;
    } else {
      ++it;
    }
  }
  if (any) {
    finished_changed.notify_all();
  }
}

Clock::time_point MadEchoNode::Impl::wake(Clock::time_point now) {
  Clock::time_point at = now + kTick;
  for (const auto& [tag, block] : active) {
    at = std::min(at, block.echo.deadline());
  }
  return at;
}

// Under the lock: a response, or our own request returned undelivered, for its block.
void MadEchoNode::Impl::on_reply(std::span<const std::uint8_t> mad, Clock::time_point at) {
  std::uint32_t sequence = mad_echo::sequence_of(mad_echo::read_header(mad)->tid);
  for (auto& [tag, block] : active) {
    if (!block.echo.owns(sequence)) {
      continue;
    }
    if (umad_status(receive_buffer.data()) != 0) {
      block.echo.on_undelivered(sequence);
      return;
    }
    std::optional<mad_echo::EchoPayload> payload = mad_echo::read_payload(mad);
    if (mad_echo::is_echo_response(mad) &&
        (!payload || (payload->token == tag && payload->sequence == sequence))) {
      block.echo.on_reply(sequence, at);
    }
    return;
  }
}

void MadEchoNode::Impl::receive() {
  int length = static_cast<int>(mad_echo::kMadBytes);
  int from = umad_recv(fd, receive_buffer.data(), &length, 0);
  if (from < 0) {
    return;
  }
  Clock::time_point at = Clock::now();
  std::span<std::uint8_t> mad(static_cast<std::uint8_t*>(umad_get_mad(receive_buffer.data())),
                              mad_echo::kMadBytes);
  // A request of another prober (status 0) is answered; our own returned (status != 0) or a
  // response goes to its block.
  if (umad_status(receive_buffer.data()) == 0 &&
      umad::answer_request(fd, from, receive_buffer, host_name, info.port_guid) !=
          umad::Answer::NotARequest) {
    return;
  }
  std::lock_guard<std::mutex> lock(mutex);
  on_reply(mad, at);
}

void MadEchoNode::Impl::run() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!stop) {
    Clock::time_point now = Clock::now();
    step(now);
    auto wait = std::chrono::ceil<std::chrono::milliseconds>(wake(now) - now);
    lock.unlock();
    pollfd p{umad_get_fd(fd), POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(std::max<std::int64_t>(0, wait.count()))) > 0) {
      receive();
    }
    lock.lock();
  }
}

MadEchoNode::MadEchoNode(const MadEchoResponderOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
  impl_->host_name = umad::host_name_or(options.host_name);
  impl_->fd = umad::open_echo_port(options.port, impl_->info);
  try {
    impl_->agent = umad::register_echo_agent(impl_->fd, impl_->info, true);
  } catch (...) {
    umad::close_echo_port(impl_->fd);
    throw;
  }
  umad::register_smi_agents(impl_->fd, options.log);
  impl_->send_buffer.assign(umad_size() + mad_echo::kMadBytes, 0);
  impl_->receive_buffer.assign(umad_size() + mad_echo::kMadBytes, 0);
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

MadEchoNode::~MadEchoNode() {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->stop = true;
  }
  impl_->thread.join();
  umad::close_echo_port(impl_->fd);
}

const MadEchoPortInfo& MadEchoNode::port_info() const {
  return impl_->info;
}

ProbeResult MadEchoNode::run_block(const ProbeRequest& request, const std::atomic<bool>& cancel) {
  std::unique_lock<std::mutex> lock(impl_->mutex);
  if (impl_->active.contains(request.tag) || impl_->finished.contains(request.tag)) {
    ProbeResult r;
    r.tag = request.tag;
    r.status = ProbeStatus::Failed;
    r.detail = "a block with this tag runs already";
    return r;
  }
  std::uint32_t first = impl_->next_sequence;
  impl_->next_sequence += request.warmup + request.samples;
  impl_->active.emplace(request.tag, Block{mad_echo::EchoBlock(request, first), request.dlid,
                                           request.sample_timeout});
  constexpr std::chrono::milliseconds kCancelTick{20};
  while (!impl_->finished.contains(request.tag)) {
    if (cancel.load()) {
      ProbeResult r = impl_->active.at(request.tag).echo.result();
      impl_->active.erase(request.tag);
      r.status = ProbeStatus::Failed;
      r.detail = "cancelled";
      return r;
    }
    impl_->finished_changed.wait_for(lock, kCancelTick);
  }
  ProbeResult r = std::move(impl_->finished.at(request.tag));
  impl_->finished.erase(request.tag);
  return r;
}

}  // namespace ibatlas
