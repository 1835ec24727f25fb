#pragma once

// The few primitives the control channel needs, each one call into libcrypto (OpenSSL 3):
// nothing here is home-made. Byte strings are std::string (any byte value). Failures of
// libcrypto itself (out of memory, no entropy) throw Error: nothing can continue without them.

#include <cstddef>
#include <string>
#include <string_view>

namespace ibatlas {

inline constexpr std::size_t kDigestBytes = 32;

// SHA-256 of `data`.
std::string sha256(std::string_view data);

// HMAC-SHA256 (RFC 2104) of `data` under `key`: 32 bytes.
std::string hmac_sha256(std::string_view key, std::string_view data);

// HKDF-SHA256 (RFC 5869), extract and expand: `length` bytes of output keying material.
std::string hkdf_sha256(std::string_view key, std::string_view salt, std::string_view info,
                        std::size_t length);

// `count` bytes from the system's CSPRNG (RAND_bytes).
std::string random_bytes(std::size_t count);

// Equal length and equal bytes, in time that depends on the length only (CRYPTO_memcmp).
bool equal_constant_time(std::string_view a, std::string_view b);

// Lower-case hex of the bytes, and back (throws Error on an odd length or a non-hex
// character).
std::string to_hex(std::string_view bytes);
std::string from_hex(std::string_view hex);

}  // namespace ibatlas
