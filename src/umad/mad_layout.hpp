#pragma once

// Private to src/umad: the MAD header layout the transport writes and reads (IBA vol. 1
// 13.4.2 common MAD header, 14.2.1.2 directed-route SMP), and the transport's state. Byte
// offsets are from the start of the 256-byte MAD.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "ibatlas/umad/umad_transport.hpp"

namespace ibatlas::umad {

constexpr std::size_t kMadSize = 256;
constexpr std::size_t kMKeyOffset = 24;     // SMP M_Key, 8 bytes (libibmad's IB_MAD_MKEY_F)
constexpr std::size_t kDataOffset = 64;     // SMP data and PerfMgt data both start here
constexpr std::size_t kDrPathOffset = 128;  // initial path; [0] unused
constexpr std::uint8_t kClassDirectedRoute = 0x81;
constexpr std::uint8_t kClassPerformance = 0x04;
constexpr std::uint8_t kMethodGet = 0x01;
constexpr std::uint32_t kQp1Qkey = 0x80010000;

// Fills `mad` (kMadSize bytes, zeroed by the caller) with a SubnGet(attribute, modifier)
// along `route`, transaction id `tid`, carrying `m_key` (0: none).
void build_dr_get(std::span<std::uint8_t> mad, std::uint64_t tid, const SmpRequest& request,
                  std::uint64_t m_key);

// Fills `mad` with a PerfMgt Get of request.attribute for PortSelect request.port_select.
void build_perf_get(std::span<std::uint8_t> mad, std::uint64_t tid, const PerfRequest& request);

// The low 32 bits of a MAD's transaction id: the kernel (and umad2sim) own the high half.
std::uint32_t tid_low(std::span<const std::uint8_t> mad);

// The MAD status a reply carries (a directed-route SMP's D bit masked off).
std::uint16_t reply_status(std::span<const std::uint8_t> mad);

}  // namespace ibatlas::umad
