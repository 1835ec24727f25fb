// The part of validate_ibnd_cache that follows libibnetdisc's chassis grouping (chassis.c,
// group_nodes, run by ibnd_load_fabric on every load): the fields it indexes fixed-size
// tables with, and the pointers it follows without a check.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ibatlas/error.hpp"

#include "formats/ibnd_cache_records.hpp"
#include "text.hpp"

namespace ibatlas::ibnd_cache {

namespace {

constexpr std::uint32_t kVoltaireVendor = 0x8f1;
constexpr std::uint32_t kMellanoxVendor = 0x2c9;
// Voltaire IB-FC and IB-IP router chips: libibnetdisc follows each of their ports to its
// remote port without checking there is one.
constexpr std::uint32_t kVoltaireFcRouter = 0x5a00;
constexpr std::uint32_t kVoltaireIpRouter = 0x5a01;
constexpr std::uint32_t kMellanoxIs4 = 0xbd36;
// Voltaire chassis tables have 37 entries, indexed by port numbers of Voltaire chips and of
// their peers; Mellanox slots index linenode[37] and spinenode[19].
constexpr unsigned kVoltaireMaxPort = 36;
constexpr unsigned kMaxLineSlot = 36;
constexpr unsigned kMaxSpineSlot = 18;

bool is_vendor_switch(const CacheNode& node, std::uint32_t vendor) {
  return node.type == kTypeSwitch && node.vendor_id == vendor;
}

void check_voltaire_ports(const CacheRecords& records, const std::string& file) {
  auto voltaire = std::find_if(records.nodes.begin(), records.nodes.end(),
                               [](const auto& n) { return is_vendor_switch(n, kVoltaireVendor); });
  if (voltaire == records.nodes.end()) {
    return;
  }
  for (const CachePort& port : records.ports) {
    if (port.key.number > kVoltaireMaxPort) {
      fail(file, port.at + kPortNumberAt,
           "a port number of at most 36 in a fabric with Voltaire switches (such as " +
               text::guid_text(voltaire->guid) + ")",
           std::to_string(port.key.number));
    }
  }
}

void check_voltaire_routers(const CacheRecords& records, const std::string& file) {
  for (const CacheKey& key : records.keys) {
    const CacheNode& node = records.nodes[key.node];
    bool router = node.device_id == kVoltaireFcRouter || node.device_id == kVoltaireIpRouter;
    if (!is_vendor_switch(node, kVoltaireVendor) || !router || key.key.number == 0) {
      continue;
    }
    const CachePort* port = find_port(records, key.key);
    if (port != nullptr && !port->has_remote) {
      fail(file, port->at + kPortRemoteAt, "a remote port on every port of a Voltaire router",
           text::guid_text(key.key.guid) + " port " + std::to_string(key.key.number) +
               " without one");
    }
  }
}

// The number atoi would take from `digits`, or -1 when it is negative or has more than three
// digits. libibnetdisc casts it to unsigned char, so 293 would pass its own check as 37;
// refusing every value outside the tables is stricter than the cast needs.
long slot_value(std::string_view digits) {
  std::size_t i = 0;
  while (i < digits.size() && (digits[i] == ' ' || (digits[i] >= '\t' && digits[i] <= '\r'))) {
    ++i;
  }
  bool negative = i < digits.size() && digits[i] == '-';
  i += i < digits.size() && (digits[i] == '-' || digits[i] == '+') ? 1 : 0;
  long value = 0;
  for (std::size_t n = 0; i < digits.size() && digits[i] >= '0' && digits[i] <= '9'; ++i, ++n) {
    if (n == 3) {
      return -1;
    }
    value = value * 10 + (digits[i] - '0');
  }
  return negative && value != 0 ? -1 : value;
}

// libibnetdisc's reading of "MF0;<system>:<type>/<slot>[:<board>]/U<index>": the slot name,
// or empty when the description is not in that form (then libibnetdisc ignores it too).
std::string_view mellanox_slot(std::string_view desc) {
  if (!text::starts_with(desc, "MF0;")) {
    return {};
  }
  std::size_t type = desc.find(':', 4);
  std::size_t slot = type == std::string_view::npos ? type : desc.find('/', type + 1);
  if (slot == std::string_view::npos) {
    return {};
  }
  std::size_t end = desc.find_first_of("/:", slot + 1);
  std::size_t index = end;
  if (end != std::string_view::npos && desc[end] == ':') {
    index = desc.find('/', end + 1);
  }
  if (index == std::string_view::npos || index + 1 >= desc.size() || desc[index + 1] != 'U') {
    return {};
  }
  return desc.substr(slot + 1, end - slot - 1);
}

void check_mellanox_slot(const CacheNode& node, const std::string& file) {
  if (!is_vendor_switch(node, kMellanoxVendor) || node.device_id != kMellanoxIs4 ||
      !text::starts_with(node.description, "MF0;")) {
    return;
  }
  std::size_t end = node.description.find('\0');
  if (end == std::string_view::npos) {
    // libibnetdisc copies the 64 bytes to a 64-byte buffer and scans it for a NUL.
    fail(file, node.at + kNodeDescAt, "a NUL-terminated \"MF0;\" description on an IS4 switch",
         "64 bytes without a NUL");
  }
  std::string_view slot = mellanox_slot(node.description.substr(0, end));
  if (slot.empty() || (slot[0] != 'L' && slot[0] != 'S')) {
    return;
  }
  long value = slot_value(slot.substr(1));
  if (value < 0 || value > static_cast<long>(slot[0] == 'L' ? kMaxLineSlot : kMaxSpineSlot)) {
    fail(file, node.at + kNodeDescAt,
         "a chassis slot L0 to L36 or S0 to S18 in a Mellanox IS4 description",
         quote_found(slot) + " in " + quote_found(node.description.substr(0, end)));
  }
}

}  // namespace

void check_chassis(const CacheRecords& records, const std::string& file) {
  check_voltaire_ports(records, file);
  check_voltaire_routers(records, file);
  for (const CacheNode& node : records.nodes) {
    check_mellanox_slot(node, file);
  }
}

}  // namespace ibatlas::ibnd_cache
