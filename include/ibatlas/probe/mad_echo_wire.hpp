#pragma once

// The MAD-echo probe on the wire, and one probe block's bookkeeping: the parts of the MAD
// transport (umad/mad_echo.hpp) that need no InfiniBand device, so they are unit-tested.
//
// The echo is ibping's: a vendor MAD of class 0x32 (vendor range 2) with the OpenIB OUI
// 0x001405, method Get, attribute 0, answered with GetResp (research/probe-spec.md §2.1). So
// `ibping -S` answers our probes and `ibping` is answered by our agent. Layout (256 bytes):
// 0-23 common MAD header, 24-35 RMPP header (zero), 36 reserved, 37-39 OUI, 40-255 data.
//
// Only the low 32 bits of the transaction id belong to the sender: the kernel (or umad2sim
// and ibsim) overwrite the high half. They carry the probe's sequence number. The data area
// carries {magic, token, sequence}, which our agent echoes; `ibping -S` writes its host name
// there instead, so a reply is matched by the TID alone and the payload only double-checks.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"
#include "ibatlas/probe/probe_transport.hpp"

namespace ibatlas::mad_echo {

inline constexpr std::size_t kMadBytes = 256;
inline constexpr std::uint8_t kEchoClass = 0x32;            // IB_VENDOR_OPENIB_PING_CLASS
inline constexpr std::uint32_t kOpenIbOui = 0x001405;       // IB_OPENIB_OUI
inline constexpr std::size_t kDataOffset = 40;              // IB_VENDOR_RANGE2_DATA_OFFS
inline constexpr std::uint32_t kPayloadMagic = 0x69624145;  // "ibAE"
inline constexpr std::uint8_t kMethodGet = 0x01;
inline constexpr std::uint8_t kMethodSet = 0x02;
inline constexpr std::uint8_t kMethodGetResp = 0x81;
inline constexpr std::uint8_t kClassSmiLid = 0x01;
inline constexpr std::uint8_t kClassSmiDirected = 0x81;
inline constexpr std::uint32_t kQp1Qkey = 0x80010000;

using Mad = std::array<std::uint8_t, kMadBytes>;

// The transaction id a probe with this sequence number carries (high half zero: not ours).
constexpr std::uint64_t tid_of(std::uint32_t sequence) {
  return sequence;
}

// The sequence number in a transaction id, whatever the way there wrote in the high half.
constexpr std::uint32_t sequence_of(std::uint64_t tid) {
  return static_cast<std::uint32_t>(tid & 0xffffffffU);
}

struct EchoPayload {
  std::uint64_t token = 0;  // the block's (ProbeRequest::tag)
  std::uint32_t sequence = 0;
};

struct MadHeader {
  std::uint8_t base_version = 0;
  std::uint8_t mgmt_class = 0;
  std::uint8_t class_version = 0;
  std::uint8_t method = 0;
  std::uint16_t status = 0;
  std::uint64_t tid = 0;
  std::uint16_t attribute = 0;
  std::uint32_t modifier = 0;
};

// The common header of a MAD; nullopt when `mad` is shorter than 24 bytes.
std::optional<MadHeader> read_header(std::span<const std::uint8_t> mad);

// The echo request of `sequence`: Get, class 0x32, class version 1, OUI 0x001405, payload.
Mad make_request(std::uint32_t sequence, const EchoPayload& payload);

// True for a 256-byte MAD of class 0x32 with the OpenIB OUI and method Get.
bool is_echo_request(std::span<const std::uint8_t> mad);

// True for a 256-byte MAD of class 0x32 with the OpenIB OUI and method GetResp.
bool is_echo_response(std::span<const std::uint8_t> mad);

// Our payload in an echo MAD's data area; nullopt when the magic is not there (an answer
// from `ibping -S`, which writes its host name).
std::optional<EchoPayload> read_payload(std::span<const std::uint8_t> mad);

// Turns an echo request into its response in place: GetResp, status 0, TID and OUI kept.
// Our payload is echoed unchanged; a request without it (from `ibping`) gets `host_name`
// (at most 215 bytes, NUL-terminated) in the data area, as `ibping -S` answers.
void make_echo_response(std::span<std::uint8_t> mad, std::string_view host_name);

// Turns a subnet-management request the simulator hands to an SM-capable client (opensm's
// SMInfo polls) into its response in place: SMInfo Get gets SMState NOTACTIVE, priority 0
// and `port_guid`, so opensm leaves the port alone; other attributes 0x000C, Set 0x0008.
// A directed-route response gets the D bit and hop pointer 0. False (mad unchanged) when
// `mad` is not an SMP request (a response, a trap repress).
bool make_smp_response(std::span<std::uint8_t> mad, Guid port_guid);

// One ProbeRequest's block of echoes, one outstanding at a time: the next goes when the
// reply arrives, the simulator returns the request undelivered (failed), or sample_timeout
// passes. Sequence numbers first_sequence, first_sequence + 1, ... (mod 2^32). RTTs in ns.
class EchoBlock {
 public:
  using Clock = std::chrono::steady_clock;

  EchoBlock(const ProbeRequest& request, std::uint32_t first_sequence);

  // The sequence number to send now, marking it outstanding since `now`; nullopt while one
  // is outstanding or when every request has been sent.
  std::optional<std::uint32_t> send_next(Clock::time_point now);

  // True if `sequence` is one of this block's.
  bool owns(std::uint32_t sequence) const;

  // A reply for `sequence` at `now`: a sample if it is the outstanding one, else late (its
  // time had passed) or a duplicate (answered already). REQUIRES: owns(sequence).
  void on_reply(std::uint32_t sequence, Clock::time_point now);

  // The request `sequence` came back undelivered: lost now, if it is the outstanding one.
  void on_undelivered(std::uint32_t sequence);

  // The outstanding request is lost if its sample_timeout has passed at `now`.
  void expire(Clock::time_point now);

  // When the outstanding request times out; Clock::time_point::max() when none is.
  Clock::time_point deadline() const;

  bool done() const;  // every request sent and none outstanding

  std::uint32_t total() const { return total_; }

  std::uint32_t first_sequence() const { return first_; }

  // The result so far (status Ok).
  const ProbeResult& result() const { return result_; }

 private:
  enum class State : std::uint8_t { Unsent, Outstanding, Answered, Lost };
  void lose(std::uint32_t index);

  ProbeRequest request_;
  std::uint32_t first_ = 0;
  std::uint32_t total_ = 0;
  std::uint32_t next_ = 0;  // index of the next request to send
  std::optional<std::uint32_t> outstanding_;
  Clock::time_point sent_at_;
  std::vector<State> states_;
  ProbeResult result_;
};

}  // namespace ibatlas::mad_echo
