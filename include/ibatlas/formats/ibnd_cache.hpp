#pragma once

// `ibnetdiscover --cache` files: recognising them, and checking one completely before
// libibnetdisc loads it. Loading goes through libibnetdisc and so lives behind the umad
// gate (umad/ibnd_cache.hpp); the checks here need no rdma-core (docs/formats.md,
// "ibnetdiscover cache files").

#include <cstddef>
#include <string>
#include <string_view>

namespace ibatlas {

// libibnetdisc's IB_SMP_DATA_SIZE: the raw SwitchInfo, NodeInfo, NodeDescription and
// PortInfo a cache keeps are this long (the umad side checks it against rdma-core's).
inline constexpr std::size_t kIbndCacheSmpData = 64;

// True when `bytes` start like a libibnetdisc cache file (its magic number).
bool looks_like_ibnd_cache(std::string_view bytes);

// Walks the whole cache format of libibnetdisc (rdma-core 44: magic 0x8FE7832B, version 1)
// and returns when ibnd_load_fabric can load `bytes` without trusting anything in them:
// every count within the file's size, every record complete, no bytes after the last,
// every port key and remote port naming a port record, every port record listed by the
// node it names, no duplicate node or port, LMCs of at most 7, and the Voltaire and
// Mellanox chassis fields libibnetdisc indexes tables with in range. Otherwise throws
// Error("<file>: byte <offset>: expected <what>, found <what>"). Time and memory are linear
// in the file's size.
void validate_ibnd_cache(std::string_view bytes, const std::string& file);

}  // namespace ibatlas
