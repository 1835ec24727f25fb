#pragma once

// Big-endian bit fields as the IBA tables number them: bit 0 is the most significant bit of
// byte 0. Private to src/discover.

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

namespace ibatlas::bits {

// The `width`-bit field at bit `offset`. REQUIRES: width <= 57, or width == 64 at a byte
// boundary; the field lies inside `data`.
inline std::uint64_t get(std::span<const std::uint8_t> data, std::size_t offset,
                         std::size_t width) {
  std::size_t first = offset / 8;
  std::size_t last = (offset + width - 1) / 8;
  assert(last < data.size());
  assert(width == 64 ? offset % 8 == 0 : width <= 57);
  std::uint64_t acc = 0;
  for (std::size_t i = first; i <= last; ++i) {
    acc = (acc << 8) | data[i];
  }
  std::size_t tail = 7 - (offset + width - 1) % 8;  // bits right of the field in its last byte
  acc >>= tail;
  return width == 64 ? acc : acc & ((std::uint64_t{1} << width) - 1);
}

// Writes `value` (cut to `width` bits) into the field; other bits are kept.
inline void set(std::span<std::uint8_t> data, std::size_t offset, std::size_t width,
                std::uint64_t value) {
  assert((offset + width - 1) / 8 < data.size());
  for (std::size_t i = 0; i < width; ++i) {
    std::size_t bit = offset + i;  // MSB-first position
    bool on = (value >> (width - 1 - i)) & 1U;
    auto mask = static_cast<std::uint8_t>(0x80U >> (bit % 8));
    data[bit / 8] =
        static_cast<std::uint8_t>(on ? (data[bit / 8] | mask) : (data[bit / 8] & ~mask));
  }
}

}  // namespace ibatlas::bits
