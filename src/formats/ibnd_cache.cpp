#include "ibatlas/formats/ibnd_cache.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// libibnetdisc's IBND_FABRIC_CACHE_MAGIC 0x8FE7832B, which ibnetdisc_cache.c always writes
// little-endian as the file's first four bytes.
constexpr std::string_view kIbndCacheMagic = "\x2B\x83\xE7\x8F";

}  // namespace

bool looks_like_ibnd_cache(std::string_view bytes) {
  return text::starts_with(bytes, kIbndCacheMagic);
}

}  // namespace ibatlas
