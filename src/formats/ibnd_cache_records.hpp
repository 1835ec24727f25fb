#pragma once

// The records of an `ibnetdiscover --cache` file as validate_ibnd_cache reads them, shared
// by its layout walk (ibnd_cache.cpp) and its chassis checks (ibnd_cache_chassis.cpp).

#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/formats/ibnd_cache.hpp"

namespace ibatlas::ibnd_cache {

constexpr std::size_t kSmpData = kIbndCacheSmpData;

// Offsets libibnetdisc's layout puts fields at: a node record's NodeDescription, a port
// record's number and remote port flag (followed by the remote port key).
constexpr std::size_t kNodeDescAt = 4 + kSmpData + 10 + kSmpData;
constexpr std::size_t kPortNumberAt = 8;
constexpr std::size_t kPortRemoteAt = 13 + kSmpData + 8;

// Node types libibnetdisc knows (IB_NODE_CA, IB_NODE_SWITCH, IB_NODE_ROUTER).
constexpr unsigned kTypeCa = 1;
constexpr unsigned kTypeSwitch = 2;
constexpr unsigned kTypeRouter = 3;

// A port as libibnetdisc looks ports up: its GUID and number (a switch's ports share a GUID).
struct PortKey {
  std::uint64_t guid = 0;
  unsigned number = 0;
  friend auto operator<=>(const PortKey&,
                          const PortKey&) = default;  // NOLINT(modernize-use-nullptr)
};

struct CacheNode {
  std::size_t at = 0;  // byte offset of the record
  std::uint64_t guid = 0;
  unsigned type = 0;
  unsigned numports = 0;
  std::uint32_t vendor_id = 0;  // from the raw NodeInfo
  std::uint32_t device_id = 0;
  std::string_view description;  // the raw 64 bytes, NUL padded or not
};

// One of the port keys that follow a node record: the node lists this port as its own.
struct CacheKey {
  PortKey key;
  std::size_t node = 0;  // index into CacheRecords::nodes
  std::size_t at = 0;
};

struct CachePort {
  std::size_t at = 0;
  PortKey key;
  std::uint64_t node_guid = 0;
  bool has_remote = false;
  PortKey remote;
};

struct CacheRecords {
  std::uint64_t from_guid = 0;
  std::vector<CacheNode> nodes;
  std::vector<CacheKey> keys;
  std::vector<CachePort> ports;  // sorted by key once the layout is walked
};

// Throws Error("<file>: byte <at>: expected <expected>, found <found>").
[[noreturn]] void fail(const std::string& file, std::size_t at, const std::string& expected,
                       const std::string& found);

// The port record of `key`, or nullptr (records.ports sorted, keys unique).
const CachePort* find_port(const CacheRecords& records, const PortKey& key);

// What libibnetdisc's chassis grouping (group_nodes) needs to hold to stay inside its tables:
// port numbers of at most 36 once a Voltaire switch is present, every port of a Voltaire
// router chip connected, and Mellanox IS4 slot numbers ("MF0;name:type/L12/U1") in range.
void check_chassis(const CacheRecords& records, const std::string& file);

}  // namespace ibatlas::ibnd_cache
