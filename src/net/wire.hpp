#pragma once

// Fixed-width big-endian fields for the control channel's messages and the UDP probe
// packets. The reader checks every length before it reads and throws ProtocolError, so a
// decoder built from it rejects truncated or padded input with a message saying where.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ibatlas/net/messages.hpp"

namespace ibatlas::wire {

inline void put_u8(std::string& out, std::uint8_t v) {
  out += static_cast<char>(v);
}

inline void put_uint(std::string& out, std::uint64_t v, int bytes) {
  for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
    out += static_cast<char>((v >> shift) & 0xff);
  }
}

inline void put_u16(std::string& out, std::uint16_t v) {
  put_uint(out, v, 2);
}

inline void put_u32(std::string& out, std::uint32_t v) {
  put_uint(out, v, 4);
}

inline void put_u64(std::string& out, std::uint64_t v) {
  put_uint(out, v, 8);
}

// A string of at most 65535 bytes, length first. REQUIRES: s.size() <= 65535.
inline void put_string(std::string& out, std::string_view s) {
  put_u16(out, static_cast<std::uint16_t>(s.size()));
  out += s;
}

inline std::uint64_t get_uint(std::string_view bytes, int count) {
  std::uint64_t v = 0;
  for (int i = 0; i < count; ++i) {
    v = (v << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
  }
  return v;
}

class Reader {
 public:
  Reader(std::string_view bytes, std::string_view what) : bytes_(bytes), what_(what) {}

  std::uint8_t u8() { return static_cast<std::uint8_t>(take_uint(1, "u8")); }

  std::uint16_t u16() { return static_cast<std::uint16_t>(take_uint(2, "u16")); }

  std::uint32_t u32() { return static_cast<std::uint32_t>(take_uint(4, "u32")); }

  std::uint64_t u64() { return take_uint(8, "u64"); }

  // A length-prefixed string of at most `limit` bytes.
  std::string string(std::size_t limit) {
    std::size_t length = u16();
    if (length > limit) {
      fail("a string of " + std::to_string(length) + " bytes, more than " + std::to_string(limit));
    }
    return std::string(take(length, "string"));
  }

  std::string_view take(std::size_t count, std::string_view field) {
    if (bytes_.size() - offset_ < count) {
      fail("truncated " + std::string(field) + " at offset " + std::to_string(offset_));
    }
    std::string_view piece = bytes_.substr(offset_, count);
    offset_ += count;
    return piece;
  }

  std::size_t remaining() const { return bytes_.size() - offset_; }

  // Every message ends exactly where its last field does.
  void expect_end() const {
    if (remaining() != 0) {
      fail(std::to_string(remaining()) + " bytes after the last field");
    }
  }

  [[noreturn]] void fail(const std::string& why) const {
    throw ProtocolError(std::string(what_) + ": " + why);
  }

 private:
  std::uint64_t take_uint(int count, std::string_view field) {
    return get_uint(take(static_cast<std::size_t>(count), field), count);
  }

  std::string_view bytes_;
  std::string_view what_;
  std::size_t offset_ = 0;
};

}  // namespace ibatlas::wire
