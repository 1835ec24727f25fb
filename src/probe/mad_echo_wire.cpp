// The echo MAD's bytes (IBA vol. 1 13.4.2 common header, 13.4.4 vendor range 2 layout) and
// the block bookkeeping. All fields big-endian, offsets from the MAD's first byte.

#include "ibatlas/probe/mad_echo_wire.hpp"

#include <algorithm>
#include <cstring>

namespace ibatlas::mad_echo {
namespace {

constexpr std::size_t kHeaderBytes = 24;
constexpr std::size_t kBaseVersionOffset = 0;
constexpr std::size_t kClassOffset = 1;
constexpr std::size_t kClassVersionOffset = 2;
constexpr std::size_t kMethodOffset = 3;
constexpr std::size_t kStatusOffset = 4;
constexpr std::size_t kHopPointerOffset = 6;
constexpr std::size_t kTidOffset = 8;
constexpr std::size_t kAttributeOffset = 16;
constexpr std::size_t kModifierOffset = 20;
constexpr std::size_t kOuiOffset = 37;
constexpr std::size_t kSmpDataOffset = 64;
constexpr std::size_t kDataBytes = kMadBytes - kDataOffset;
constexpr std::uint8_t kResponseBit = 0x80;
constexpr std::uint16_t kAttrSmInfo = 0x0020;
constexpr std::uint16_t kStatusMethodUnsupported = 0x0008;
constexpr std::uint16_t kStatusAttributeUnsupported = 0x000C;
constexpr std::uint16_t kDirectionBit = 0x8000;

std::uint64_t get_be(std::span<const std::uint8_t> bytes, std::size_t offset, std::size_t n) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < n; ++i) {
    value = (value << 8) | bytes[offset + i];
  }
  return value;
}

void put_be(std::span<std::uint8_t> bytes, std::size_t offset, std::size_t n, std::uint64_t value) {
  for (std::size_t i = 0; i < n; ++i) {
    bytes[offset + n - 1 - i] = static_cast<std::uint8_t>(value >> (8 * i));
  }
}

bool is_echo(std::span<const std::uint8_t> mad, std::uint8_t method) {
  return mad.size() >= kMadBytes && mad[kClassOffset] == kEchoClass &&
         mad[kMethodOffset] == method && get_be(mad, kOuiOffset, 3) == kOpenIbOui;
}

}  // namespace

std::optional<MadHeader> read_header(std::span<const std::uint8_t> mad) {
  if (mad.size() < kHeaderBytes) {
    return std::nullopt;
  }
  MadHeader h;
  h.base_version = mad[kBaseVersionOffset];
  h.mgmt_class = mad[kClassOffset];
  h.class_version = mad[kClassVersionOffset];
  h.method = mad[kMethodOffset];
  h.status = static_cast<std::uint16_t>(get_be(mad, kStatusOffset, 2));
  h.tid = get_be(mad, kTidOffset, 8);
  h.attribute = static_cast<std::uint16_t>(get_be(mad, kAttributeOffset, 2));
  h.modifier = static_cast<std::uint32_t>(get_be(mad, kModifierOffset, 4));
  return h;
}

Mad make_request(std::uint32_t sequence, const EchoPayload& payload) {
  Mad mad{};
  mad[kBaseVersionOffset] = 1;
  mad[kClassOffset] = kEchoClass;
  mad[kClassVersionOffset] = 1;
  mad[kMethodOffset] = kMethodGet;
  put_be(mad, kTidOffset, 8, tid_of(sequence));
  put_be(mad, kOuiOffset, 3, kOpenIbOui);
  put_be(mad, kDataOffset, 4, kPayloadMagic);
  put_be(mad, kDataOffset + 4, 8, payload.token);
  put_be(mad, kDataOffset + 12, 4, payload.sequence);
  return mad;
}

bool is_echo_request(std::span<const std::uint8_t> mad) {
  return is_echo(mad, kMethodGet);
}

bool is_echo_response(std::span<const std::uint8_t> mad) {
  return is_echo(mad, kMethodGetResp);
}

std::optional<EchoPayload> read_payload(std::span<const std::uint8_t> mad) {
  if (mad.size() < kMadBytes || get_be(mad, kDataOffset, 4) != kPayloadMagic) {
    return std::nullopt;
  }
  return EchoPayload{get_be(mad, kDataOffset + 4, 8),
                     static_cast<std::uint32_t>(get_be(mad, kDataOffset + 12, 4))};
}

void make_echo_response(std::span<std::uint8_t> mad, std::string_view host_name) {
  mad[kMethodOffset] = kMethodGetResp;
  put_be(mad, kStatusOffset, 2, 0);
  if (!read_payload(mad)) {
    std::fill(mad.begin() + kDataOffset, mad.begin() + kMadBytes, 0);
    std::size_t n = std::min(host_name.size(), kDataBytes - 1);
    std::memcpy(mad.data() + kDataOffset, host_name.data(), n);
  }
}

bool make_smp_response(std::span<std::uint8_t> mad, Guid port_guid) {
  if (mad.size() < kMadBytes) {
    return false;
  }
  std::uint8_t mgmt_class = mad[kClassOffset];
  std::uint8_t method = mad[kMethodOffset];
  if ((mgmt_class != kClassSmiLid && mgmt_class != kClassSmiDirected) ||
      (method & kResponseBit) != 0 || (method != kMethodGet && method != kMethodSet)) {
    return false;
  }
  auto attribute = static_cast<std::uint16_t>(get_be(mad, kAttributeOffset, 2));
  std::uint16_t status = 0;
  if (method == kMethodSet) {
    status = kStatusMethodUnsupported;
  } else if (attribute != kAttrSmInfo) {
    status = kStatusAttributeUnsupported;
  } else {
    // SMInfo: GUID, SM_Key 0, ActCount 0, then priority 0 and SMState 0 (NOTACTIVE).
    std::fill(mad.begin() + kSmpDataOffset, mad.begin() + kMadBytes, 0);
    put_be(mad, kSmpDataOffset, 8, port_guid);
  }
  bool directed = mgmt_class == kClassSmiDirected;
  mad[kMethodOffset] = kMethodGetResp;
  put_be(mad, kStatusOffset, 2, status | (directed ? kDirectionBit : 0));
  if (directed) {
    mad[kHopPointerOffset] = 0;
  }
  return true;
}

EchoBlock::EchoBlock(const ProbeRequest& request, std::uint32_t first_sequence)
    : request_(request),
      first_(first_sequence),
      total_(request.warmup + request.samples),
      states_(total_, State::Unsent) {
  result_.tag = request.tag;
  result_.status = ProbeStatus::Ok;
}

std::optional<std::uint32_t> EchoBlock::send_next(Clock::time_point now) {
  if (outstanding_ || next_ >= total_) {
    return std::nullopt;
  }
  std::uint32_t index = next_++;
  states_[index] = State::Outstanding;
  outstanding_ = index;
  sent_at_ = now;
  if (index >= request_.warmup) {
    ++result_.sent;
  }
  return first_ + index;
}

bool EchoBlock::owns(std::uint32_t sequence) const {
  return sequence - first_ < total_;  // unsigned: wraps like the sequence numbers
}

void EchoBlock::on_reply(std::uint32_t sequence, Clock::time_point now) {
  std::uint32_t index = sequence - first_;
  switch (states_[index]) {
    case State::Outstanding: {
      states_[index] = State::Answered;
      outstanding_.reset();
      if (index >= request_.warmup) {
        auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now - sent_at_).count();
        result_.rtt_ns.push_back(
            static_cast<std::uint32_t>(std::clamp<std::int64_t>(ns, 0, std::int64_t{0xffffffff})));
      }
      break;
    }
    case State::Answered:
      ++result_.duplicates;
      break;
    case State::Lost:    // its time had passed
    case State::Unsent:  // nothing sent yet: a stray from an earlier run
      ++result_.late;
      break;
  }
}

void EchoBlock::lose(std::uint32_t index) {
  states_[index] = State::Lost;
  outstanding_.reset();
  if (index >= request_.warmup) {
    ++result_.lost;
  }
}

void EchoBlock::on_undelivered(std::uint32_t sequence) {
  std::uint32_t index = sequence - first_;
  if (outstanding_ == index) {
    lose(index);
  }
}

void EchoBlock::expire(Clock::time_point now) {
  if (outstanding_ && now >= deadline()) {
    lose(*outstanding_);
  }
}

EchoBlock::Clock::time_point EchoBlock::deadline() const {
  return outstanding_ ? sent_at_ + request_.sample_timeout : Clock::time_point::max();
}

bool EchoBlock::done() const {
  return !outstanding_ && next_ >= total_;
}

}  // namespace ibatlas::mad_echo
