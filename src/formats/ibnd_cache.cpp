// `ibnetdiscover --cache` files: recognition, and the complete check made before libibnetdisc
// sees one. libibnetdisc's ibnd_load_fabric trusts every count, port number, LMC and
// reference in the file (a LID range of LMC 16 alone makes it allocate until memory runs
// out), so everything it relies on is checked here, against the layout of rdma-core 44's
// ibnetdisc_cache.c (docs/formats.md, "ibnetdiscover cache files"):
//   header  28 bytes: magic, version, node count, port count, start node GUID, max hops
//   node    207 bytes: SMA LID, LMC, enhanced port 0, SwitchInfo, GUID, type, NumPorts,
//           NodeInfo, NodeDescription, then a count and that many 9-byte port keys
//   port    95 bytes: GUID, number, external number, base LID, LMC, PortInfo, node GUID,
//           remote flag, remote port key
// All integers little endian; the raw MAD blocks (NodeInfo) big endian.
#include "ibatlas/formats/ibnd_cache.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/error.hpp"

#include "formats/ibnd_cache_records.hpp"
#include "text.hpp"

namespace ibatlas {

namespace ibnd_cache {

void fail(const std::string& file, std::size_t at, const std::string& expected,
          const std::string& found) {
  throw Error(file + ": byte " + std::to_string(at) + ": expected " + expected + ", found " +
              found);
}

const CachePort* find_port(const CacheRecords& records, const PortKey& key) {
  auto it = std::lower_bound(records.ports.begin(), records.ports.end(), key,
                             [](const CachePort& p, const PortKey& k) { return p.key < k; });
  return it != records.ports.end() && it->key == key ? &*it : nullptr;
}

namespace {

// libibnetdisc's IBND_FABRIC_CACHE_MAGIC 0x8FE7832B, which ibnetdisc_cache.c always writes
// little-endian as the file's first four bytes, and IBND_FABRIC_CACHE_VERSION.
constexpr std::string_view kIbndCacheMagic = "\x2B\x83\xE7\x8F";
constexpr std::uint64_t kMagic = 0x8FE7832B;
constexpr std::uint64_t kVersion = 1;

constexpr std::size_t kHeaderLen = 28;
constexpr std::size_t kNodeLen = 15 + 3 * kSmpData;
constexpr std::size_t kKeyLen = 9;
constexpr std::size_t kPortLen = 31 + kSmpData;

// Offsets inside a node record, and inside its raw NodeInfo.
constexpr std::size_t kNodeGuidAt = 4 + kSmpData;
constexpr std::size_t kNodeTypeAt = kNodeGuidAt + 8;
constexpr std::size_t kNodeInfoAt = kNodeTypeAt + 2;
static_assert(kNodeDescAt == kNodeInfoAt + kSmpData);
constexpr std::size_t kKeyCountAt = kNodeDescAt + kSmpData;
constexpr std::size_t kInfoDeviceIdAt = 30;
constexpr std::size_t kInfoVendorIdAt = 37;

// Offsets inside a port record.
constexpr std::size_t kPortLmcAt = 12;
constexpr std::size_t kPortNodeGuidAt = 13 + kSmpData;
static_assert(kPortRemoteAt == kPortNodeGuidAt + 8);

// LMC is a 3-bit PortInfo field; libibnetdisc adds a port for all 2^LMC of its LIDs in a
// 16-bit loop that never ends once base LID + 2^LMC - 1 passes 0xffff.
constexpr unsigned kMaxLmc = 7;
// Far above any subnet (at most 49151 unicast LIDs): a count beyond it is corruption.
constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 20;

std::uint64_t little_endian(std::string_view bytes, std::size_t at, std::size_t width) {
  std::uint64_t value = 0;
  for (std::size_t i = width; i-- > 0;) {
    value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
  }
  return value;
}

std::uint32_t big_endian(std::string_view bytes, std::size_t at, std::size_t width) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < width; ++i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
  }
  return value;
}

unsigned byte_at(std::string_view bytes, std::size_t at) {
  return static_cast<unsigned char>(bytes[at]);
}

std::string key_text(const PortKey& key) {
  return text::guid_text(key.guid) + " port " + std::to_string(key.number);
}

std::string bytes_text(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " byte" : " bytes");
}

struct Header {
  std::uint64_t nodes = 0;
  std::uint64_t ports = 0;
};

// The header, and counts that fit in the file: no record is read before its bytes are known
// to be there.
Header check_header(std::string_view bytes, const std::string& file, CacheRecords& records) {
  if (bytes.size() < kHeaderLen) {
    fail(file, 0, "a cache header of " + bytes_text(kHeaderLen), bytes_text(bytes.size()));
  }
  if (little_endian(bytes, 0, 4) != kMagic) {
    fail(file, 0, "the cache magic number 0x8fe7832b",
         text::hex_text(little_endian(bytes, 0, 4), 8));
  }
  if (std::uint64_t version = little_endian(bytes, 4, 4); version != kVersion) {
    fail(file, 4, "cache version 1 (rdma-core's libibnetdisc)", std::to_string(version));
  }
  Header header{little_endian(bytes, 8, 4), little_endian(bytes, 12, 4)};
  std::uint64_t room = bytes.size() - kHeaderLen;
  std::uint64_t most = std::min(room / kNodeLen, kMaxNodes);
  if (header.nodes == 0 || header.nodes > most) {
    fail(file, 8,
         "a node count from 1 to " + std::to_string(most) + " (the file holds " +
             bytes_text(bytes.size()) + ")",
         std::to_string(header.nodes));
  }
  most = (room - header.nodes * kNodeLen) / kPortLen;
  if (header.ports > most) {
    fail(file, 12,
         "a port count of at most " + std::to_string(most) + " (the file holds " +
             bytes_text(bytes.size()) + ")",
         std::to_string(header.ports));
  }
  records.from_guid = little_endian(bytes, 16, 8);
  return header;
}

// The node record at `at` and its port keys; advances `at` past them.
void read_node(std::string_view bytes, std::size_t& at, const std::string& file,
               CacheRecords& records) {
  if (bytes.size() - at < kNodeLen) {
    fail(file, at, "a node record of " + bytes_text(kNodeLen),
         bytes_text(bytes.size() - at) + " before the end of the file");
  }
  std::string_view record = bytes.substr(at, kNodeLen);
  CacheNode node{at,
                 little_endian(record, kNodeGuidAt, 8),
                 byte_at(record, kNodeTypeAt),
                 byte_at(record, kNodeTypeAt + 1),
                 big_endian(record, kNodeInfoAt + kInfoVendorIdAt, 3),
                 big_endian(record, kNodeInfoAt + kInfoDeviceIdAt, 2),
                 record.substr(kNodeDescAt, kSmpData)};
  if (node.type < kTypeCa || node.type > kTypeRouter) {
    fail(file, at + kNodeTypeAt, "a node type of 1 (CA), 2 (switch) or 3 (router)",
         std::to_string(node.type));
  }
  unsigned count = byte_at(record, kKeyCountAt);
  at += kNodeLen;
  if (bytes.size() - at < count * kKeyLen) {
    fail(file, at, std::to_string(count) + " port keys of " + bytes_text(kKeyLen),
         bytes_text(bytes.size() - at) + " before the end of the file");
  }
  std::vector<bool> seen(node.numports + 1, false);
  for (unsigned k = 0; k < count; ++k, at += kKeyLen) {
    PortKey key{little_endian(bytes, at, 8), byte_at(bytes, at + 8)};
    if (key.number > node.numports || seen[key.number]) {
      fail(file, at + 8,
           "a port number from 0 to " + std::to_string(node.numports) + " not listed before (" +
               text::guid_text(node.guid) + " has " + std::to_string(node.numports) + " ports)",
           std::to_string(key.number));
    }
    seen[key.number] = true;
    records.keys.push_back({key, records.nodes.size(), at});
  }
  records.nodes.push_back(node);
}

CachePort read_port(std::string_view bytes, std::size_t at, const std::string& file) {
  std::string_view record = bytes.substr(at, kPortLen);
  CachePort port{at,
                 {little_endian(record, 0, 8), byte_at(record, kPortNumberAt)},
                 little_endian(record, kPortNodeGuidAt, 8),
                 byte_at(record, kPortRemoteAt) != 0,
                 {little_endian(record, kPortRemoteAt + 1, 8), byte_at(record, kPortRemoteAt + 9)}};
  if (unsigned lmc = byte_at(record, kPortLmcAt); lmc > kMaxLmc) {
    fail(file, at + kPortLmcAt, "an LMC of at most 7", std::to_string(lmc));
  }
  if (unsigned flag = byte_at(record, kPortRemoteAt); flag > 1) {
    fail(file, at + kPortRemoteAt, "a remote port flag of 0 or 1", std::to_string(flag));
  }
  return port;
}

// The port records, exactly filling the rest of the file; sorted by key, each key once.
void read_ports(std::string_view bytes, std::size_t at, const Header& header,
                const std::string& file, CacheRecords& records) {
  std::size_t need = header.ports * kPortLen;
  if (bytes.size() - at != need) {
    bool short_file = bytes.size() - at < need;
    fail(file, short_file ? at : at + need,
         short_file ? std::to_string(header.ports) + " port records (" + bytes_text(need) + ")"
                    : "the end of the file after " + std::to_string(header.ports) + " port records",
         short_file ? bytes_text(bytes.size() - at)
                    : bytes_text(bytes.size() - at - need) + " more");
  }
  records.ports.reserve(header.ports);
  for (; at < bytes.size(); at += kPortLen) {
    records.ports.push_back(read_port(bytes, at, file));
  }
  std::sort(records.ports.begin(), records.ports.end(), [](const CachePort& a, const CachePort& b) {
    return a.key < b.key || (a.key == b.key && a.at < b.at);
  });
  auto twin =
      std::adjacent_find(records.ports.begin(), records.ports.end(),
                         [](const CachePort& a, const CachePort& b) { return a.key == b.key; });
  if (twin != records.ports.end()) {
    fail(file, (twin + 1)->at, "a port not recorded before",
         key_text(twin->key) + " again (first at byte " + std::to_string(twin->at) + ")");
  }
}

// Node GUIDs are unique, and the start node is one of them.
void check_nodes(const CacheRecords& records, const std::string& file) {
  std::vector<const CacheNode*> sorted;
  sorted.reserve(records.nodes.size());
  for (const CacheNode& node : records.nodes) {
    sorted.push_back(&node);
  }
  std::sort(sorted.begin(), sorted.end(), [](const CacheNode* a, const CacheNode* b) {
    return a->guid < b->guid || (a->guid == b->guid && a->at < b->at);
  });
  auto twin = std::adjacent_find(sorted.begin(), sorted.end(),
                                 [](const auto* a, const auto* b) { return a->guid == b->guid; });
  if (twin != sorted.end()) {
    fail(file, (*(twin + 1))->at + kNodeGuidAt, "a node GUID not recorded before",
         text::guid_text((*twin)->guid) + " again (first at byte " +
             std::to_string((*twin)->at + kNodeGuidAt) + ")");
  }
  auto from =
      std::lower_bound(sorted.begin(), sorted.end(), records.from_guid,
                       [](const CacheNode* node, std::uint64_t guid) { return node->guid < guid; });
  bool found = from != sorted.end() && (*from)->guid == records.from_guid;
  if (!found) {
    fail(file, 16, "the start node's GUID to name a node record",
         text::guid_text(records.from_guid) + ", which none has");
  }
}

// Every port key names a port record that names the node back; every port record is listed
// by exactly one node (libibnetdisc frees an unlisted one while still pointing at it).
void check_claims(const CacheRecords& records, const std::string& file) {
  std::vector<std::size_t> listed_by(records.ports.size(), records.keys.size());
  for (std::size_t k = 0; k < records.keys.size(); ++k) {
    const CacheKey& key = records.keys[k];
    const CachePort* port = find_port(records, key.key);
    if (port == nullptr) {
      fail(file, key.at, "a port key naming a port record", key_text(key.key) + ", which none has");
    }
    std::size_t p = static_cast<std::size_t>(port - records.ports.data());
    if (listed_by[p] != records.keys.size()) {
      fail(file, key.at, "a port no other node lists",
           key_text(key.key) + ", listed before at byte " +
               std::to_string(records.keys[listed_by[p]].at));
    }
    listed_by[p] = k;
    std::uint64_t owner = records.nodes[key.node].guid;
    if (port->node_guid != owner) {
      fail(file, port->at + kPortNodeGuidAt,
           "the GUID of the node listing the port, " + text::guid_text(owner),
           text::guid_text(port->node_guid));
    }
  }
  for (std::size_t p = 0; p < records.ports.size(); ++p) {
    if (listed_by[p] == records.keys.size()) {
      fail(file, records.ports[p].at, "a port record its node lists",
           key_text(records.ports[p].key) + ", which no node lists");
    }
  }
}

void check_remotes(const CacheRecords& records, const std::string& file) {
  for (const CachePort& port : records.ports) {
    if (port.has_remote && find_port(records, port.remote) == nullptr) {
      fail(file, port.at + kPortRemoteAt + 1, "a remote port naming a port record",
           key_text(port.remote) + ", which none has");
    }
  }
}

void validate(std::string_view bytes, const std::string& file) {
  CacheRecords records;
  Header header = check_header(bytes, file, records);
  records.nodes.reserve(header.nodes);
  std::size_t at = kHeaderLen;
  for (std::uint64_t n = 0; n < header.nodes; ++n) {
    read_node(bytes, at, file, records);
  }
  read_ports(bytes, at, header, file, records);
  check_nodes(records, file);
  check_claims(records, file);
  check_remotes(records, file);
  check_chassis(records, file);
}

}  // namespace
}  // namespace ibnd_cache

bool looks_like_ibnd_cache(std::string_view bytes) {
  return text::starts_with(bytes, ibnd_cache::kIbndCacheMagic);
}

void validate_ibnd_cache(std::string_view bytes, const std::string& file) {
  ibnd_cache::validate(bytes, file);
}

}  // namespace ibatlas
