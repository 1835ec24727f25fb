#pragma once

// THE hardware seam (STYLE.md 7.5): the only way discovery talks to a fabric.
//
// Real: UmadTransport (src/umad/, opened through umad/umad_transport.hpp). Tests: FabricTransport
// (answers from a Fabric), DroppingTransport (wraps another, drops MADs).
//
// Both interfaces are asynchronous and narrow, after libibnetdisc's issue_smp: send() queues a
// request and returns at once; poll() hands back whatever replies are ready, each carrying the
// tag of its request. Every request sent gets exactly one reply: an answer, a rejection (MAD
// status != 0) or a timeout. Payloads stay raw 64-byte arrays; discover/smp_decode.hpp reads
// them. Nothing here throws for a MAD that fails: a failed MAD is a value.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas {

enum class SmpStatus : std::uint8_t {
  Ok,
  Timeout,   // no answer within the transport's per-MAD timeout
  Rejected,  // answered with a non-zero MAD status (SmpReply::mad_status says which)
};

// A directed route: the port to leave by at each hop, starting at the local node. Empty: the
// local node itself. ibnetdiscover writes the route {1, 3} as "0,1,3".
class DirectedRoute {
 public:
  static constexpr std::size_t kMaxHops = 63;  // the DR SMP path field holds 64 bytes, [0] unused

  DirectedRoute() = default;
  DirectedRoute(std::initializer_list<std::uint8_t> hops);

  std::size_t size() const { return size_; }

  bool empty() const { return size_ == 0; }

  std::uint8_t operator[](std::size_t i) const { return hops_[i]; }  // REQUIRES: i < size()

  std::span<const std::uint8_t> hops() const { return {hops_.data(), size_}; }

  // This route plus one more hop out of `port`. REQUIRES: size() < kMaxHops.
  DirectedRoute extended(std::uint8_t port) const;

  friend bool operator==(const DirectedRoute& a, const DirectedRoute& b) {
    return a.size_ == b.size_ &&
           std::equal(a.hops_.begin(), a.hops_.begin() + a.size_, b.hops_.begin());
  }

 private:
  std::array<std::uint8_t, kMaxHops> hops_{};
  std::uint8_t size_ = 0;
};

// "0,1,3", as ibnetdiscover and ibroute -D print a directed route.
std::string to_string(const DirectedRoute& route);

// The route to_string prints, read back: "0" or "0,P1,...,Pn" (each port 1-255, at most 63
// of them; blanks are not allowed). Nothing for anything else: infiniband-diags' -D takes the
// first number as the unused path[0] whatever it is, ibatlas wants the 0 it prints.
std::optional<DirectedRoute> parse_directed_route(std::string_view text);

// Subnet management attributes (IBA 14.2.5; Mellanox ExtPortInfo as libibmad's mad.h; the
// adaptive-routing ones as ../shared/research/ar-spec.md §3.1).
enum class SmpAttribute : std::uint16_t {
  NodeDescription = 0x10,
  NodeInfo = 0x11,
  SwitchInfo = 0x12,
  PortInfo = 0x15,
  SlToVlTable = 0x17,
  LinearForwardingTable = 0x19,
  SmInfo = 0x20,
  // NVIDIA/Mellanox adaptive routing, vendor range of the SM class (ar_decode.hpp; GET only).
  PrivateLftInfo = 0xFF10,
  GeneralInfo = 0xFF17,
  ArInfo = 0xFF20,
  ArGroupTable = 0xFF21,
  ArLft = 0xFF22,    // ARLinearForwardingTable, the legacy one
  ArLftSx = 0xFF23,  // ARLinearForwardingTableSX
  MlnxExtPortInfo = 0xFF90,
};

std::string to_string(SmpAttribute attribute);  // "NodeInfo", "PortInfo", ...

// A directed-route SubnGet(attribute, modifier). `tag` is the caller's and comes back in the
// reply; the transport maps it to MAD transaction ids.
struct SmpRequest {
  std::uint64_t tag = 0;
  DirectedRoute route;
  SmpAttribute attribute = SmpAttribute::NodeInfo;
  std::uint32_t modifier = 0;
};

// One reply. data is the attribute payload (64 bytes at MAD offset 64); meaningful only
// when status is Ok.
struct SmpReply {
  std::uint64_t tag = 0;
  SmpStatus status = SmpStatus::Timeout;
  std::uint16_t mad_status = 0;  // the MAD header's status field, for Rejected
  std::array<std::uint8_t, 64> data{};
};

class SmpTransport {
 public:
  virtual ~SmpTransport() = default;

  // How many requests may be outstanding at once. The caller never exceeds it.
  virtual std::size_t max_in_flight() const = 0;

  // Queues a request. REQUIRES: fewer than max_in_flight() requests outstanding.
  virtual void send(const SmpRequest& request) = 0;

  // Waits up to `timeout` for at least one reply and returns every reply ready by then
  // (possibly none). Timeouts are reported as replies with SmpStatus::Timeout.
  virtual std::vector<SmpReply> poll(std::chrono::milliseconds timeout) = 0;
};

// Performance management (class 0x04) Get by LID, for `discover --counters`. Never a Set: a
// crawl reads counters and never resets them.
enum class PerfAttribute : std::uint16_t {
  ClassPortInfo = 0x01,  // the PMA's capabilities (which counters it has)
  PortCounters = 0x12,
  PortRcvErrorDetails = 0x15,
  PortXmitDiscardDetails = 0x16,
  PortCountersExtended = 0x1D,
};

std::string to_string(PerfAttribute attribute);

// PerfMgt Get(attribute) of `port_select` on the port that owns `lid` (a switch: its port 0
// LID and the switch port number). The reply's data is the first 64 bytes of the attribute
// (MAD offset 64), which hold every counter ibatlas keeps.
struct PerfRequest {
  std::uint64_t tag = 0;
  Lid lid = 0;
  PerfAttribute attribute = PerfAttribute::PortCounters;
  std::uint8_t port_select = 0;
};

class PerfTransport {
 public:
  virtual ~PerfTransport() = default;
  virtual std::size_t max_perf_in_flight() const = 0;
  virtual void send_perf(const PerfRequest& request) = 0;
  virtual std::vector<SmpReply> poll_perf(std::chrono::milliseconds timeout) = 0;
};

}  // namespace ibatlas
