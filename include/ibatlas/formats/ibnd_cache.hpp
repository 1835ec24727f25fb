#pragma once

// Recognising `ibnetdiscover --cache` files. Reading one goes through libibnetdisc and so
// lives behind the umad gate: umad/ibnd_cache.hpp.

#include <string_view>

namespace ibatlas {

// True when `bytes` start like a libibnetdisc cache file (its magic number).
bool looks_like_ibnd_cache(std::string_view bytes);

}  // namespace ibatlas
