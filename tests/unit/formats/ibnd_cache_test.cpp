// validate_ibnd_cache: a small cache built by hand per libibnetdisc's layout passes, and each
// corruption is refused with "file: byte N: expected ..., found ..." before anything trusts it.

#include "ibatlas/formats/ibnd_cache.hpp"

#include <chrono>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

constexpr std::size_t kHeader = 28;
constexpr std::size_t kNode = 207;
constexpr std::size_t kKey = 9;
constexpr std::size_t kPort = 95;

void put(std::string& out, std::uint64_t value, int width) {
  for (int i = 0; i < width; ++i) {
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
  }
}

void put_at(std::string& bytes, std::size_t at, std::uint64_t value, std::size_t width) {
  for (std::size_t i = 0; i < width; ++i) {
    bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xff);
  }
}

struct Key {
  std::uint64_t guid;
  unsigned port;
};

// A raw NodeInfo (big endian, as on the wire) with only the device and vendor IDs set.
std::string node_info(std::uint32_t vendor, std::uint32_t device) {
  std::string info(64, '\0');
  info[30] = static_cast<char>(device >> 8);
  info[31] = static_cast<char>(device & 0xff);
  info[37] = static_cast<char>(vendor >> 16);
  info[38] = static_cast<char>((vendor >> 8) & 0xff);
  info[39] = static_cast<char>(vendor & 0xff);
  return info;
}

// A node record: NodeInfo with the vendor and device IDs (big endian), the description.
struct Chip {
  std::uint32_t vendor = 0x2c9;
  std::uint32_t device = 0x1003;
  std::string desc = "node";
};

std::string node(std::uint64_t guid, unsigned type, unsigned numports,
                 std::initializer_list<Key> keys, const Chip& chip = {}) {
  std::string out;
  put(out, 1, 2);        // SMA LID
  put(out, 0, 2);        // LMC, enhanced port 0
  out.append(64, '\0');  // SwitchInfo
  put(out, guid, 8);
  put(out, type, 1);
  put(out, numports, 1);
  out += node_info(chip.vendor, chip.device);
  std::string description = chip.desc.substr(0, 64);
  description.resize(64, '\0');
  out += description;
  put(out, keys.size(), 1);
  for (const Key& k : keys) {
    put(out, k.guid, 8);
    put(out, k.port, 1);
  }
  return out;
}

std::string port(Key key, std::uint64_t node_guid, std::optional<Key> remote, unsigned lid = 0,
                 unsigned lmc = 0) {
  std::string out;
  put(out, key.guid, 8);
  put(out, key.port, 1);
  put(out, 0, 1);  // external port number
  put(out, lid, 2);
  put(out, lmc, 1);
  out.append(64, '\0');  // PortInfo
  put(out, node_guid, 8);
  put(out, remote ? 1 : 0, 1);
  put(out, remote ? remote->guid : 0, 8);
  put(out, remote ? remote->port : 0, 1);
  return out;
}

std::string header(std::uint32_t nodes, std::uint32_t ports, std::uint64_t from) {
  std::string out;
  put(out, 0x8FE7832B, 4);
  put(out, 1, 4);
  put(out, nodes, 4);
  put(out, ports, 4);
  put(out, from, 8);
  put(out, 2, 4);  // max hops
  return out;
}

// A switch 0x20 (ports 0 to 2, port 2 unused) cabled to CA 0x10 (its port GUID 0x11), from
// the CA. Layout: header, switch node + 2 keys, CA node + 1 key, then 3 port records.
constexpr std::uint64_t kSwitch = 0x20;
constexpr std::uint64_t kCa = 0x10;
constexpr std::size_t kCaNodeAt = kHeader + kNode + 2 * kKey;
constexpr std::size_t kPortsAt = kCaNodeAt + kNode + kKey;

std::string good_cache() {
  return header(2, 3, kCa) + node(kSwitch, 2, 2, {{kSwitch, 0}, {kSwitch, 1}}) +
         node(kCa, 1, 1, {{0x11, 1}}) + port({kSwitch, 0}, kSwitch, std::nullopt, 1) +
         port({kSwitch, 1}, kSwitch, Key{0x11, 1}) + port({0x11, 1}, kCa, Key{kSwitch, 1}, 2);
}

std::string error_of(const std::string& bytes) {
  try {
    validate_ibnd_cache(bytes, "f.cache");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

std::string patched(std::size_t at, std::uint64_t value, std::size_t width = 1) {
  std::string bytes = good_cache();
  put_at(bytes, at, value, width);
  return bytes;
}

TEST(IbndCacheValidateTest, AcceptsAWellFormedCache) {
  EXPECT_EQ(error_of(good_cache()), "no error");
  EXPECT_TRUE(looks_like_ibnd_cache(good_cache()));
}

TEST(IbndCacheValidateTest, RefusesABadHeader) {
  EXPECT_EQ(error_of(""), "f.cache: byte 0: expected a cache header of 28 bytes, found 0 bytes");
  EXPECT_EQ(error_of(good_cache().substr(0, 27)),
            "f.cache: byte 0: expected a cache header of 28 bytes, found 27 bytes");
  EXPECT_EQ(error_of(patched(0, 0x12345678, 4)),
            "f.cache: byte 0: expected the cache magic number 0x8fe7832b, found 0x12345678");
  EXPECT_EQ(error_of(patched(4, 2, 4)),
            "f.cache: byte 4: expected cache version 1 (rdma-core's libibnetdisc), found 2");
  EXPECT_EQ(error_of(patched(8, 0, 4)),
            "f.cache: byte 8: expected a node count from 1 to 3 (the file holds 754 bytes), "
            "found 0");
}

TEST(IbndCacheValidateTest, RefusesCountsTheFileCannotHold) {
  EXPECT_EQ(error_of(patched(8, 4, 4)),
            "f.cache: byte 8: expected a node count from 1 to 3 (the file holds 754 bytes), "
            "found 4");
  // Three nodes would leave room for one port record.
  EXPECT_EQ(error_of(patched(8, 3, 4)),
            "f.cache: byte 12: expected a port count of at most 1 (the file holds 754 bytes), "
            "found 3");
  EXPECT_EQ(error_of(patched(8, 0xffffffff, 4)),
            "f.cache: byte 8: expected a node count from 1 to 3 (the file holds 754 bytes), "
            "found 4294967295");
  EXPECT_EQ(error_of(patched(12, 4, 4)),
            "f.cache: byte 12: expected a port count of at most 3 (the file holds 754 bytes), "
            "found 4");
}

TEST(IbndCacheValidateTest, RefusesRecordsCutShortAndTrailingBytes) {
  std::string good = good_cache();
  EXPECT_EQ(error_of(good.substr(0, good.size() - 1)),
            "f.cache: byte 469: expected 3 port records (285 bytes), found 284 bytes");
  EXPECT_EQ(error_of(good + "x"),
            "f.cache: byte 754: expected the end of the file after 3 port records, found 1 byte "
            "more");
  // The switch's key count claims more keys than the file has bytes for.
  std::string keys = header(1, 0, kSwitch) + node(kSwitch, 2, 2, {});
  keys[kHeader + kNode - 1] = 3;
  EXPECT_EQ(error_of(keys),
            "f.cache: byte 235: expected 3 port keys of 9 bytes, found 0 bytes before the end of "
            "the file");
}

TEST(IbndCacheValidateTest, RefusesPortNumbersPastTheNode) {
  EXPECT_EQ(
      error_of(patched(kHeader + kNode + kKey + 8, 3)),
      "f.cache: byte 252: expected a port number from 0 to 2 not listed before (0x0000000000000020 "
      "has 2 ports), found 3");
  EXPECT_NE(error_of(patched(kHeader + kNode + kKey + 8, 0)).find("not listed before"),
            std::string::npos);
  EXPECT_NE(error_of(patched(kHeader + 77, 0)).find("found 1"), std::string::npos);
}

TEST(IbndCacheValidateTest, RefusesBadNodeAndPortFields) {
  EXPECT_EQ(error_of(patched(kHeader + 76, 7)),
            "f.cache: byte 104: expected a node type of 1 (CA), 2 (switch) or 3 (router), found 7");
  EXPECT_EQ(error_of(patched(kPortsAt + 12, 16)),
            "f.cache: byte 481: expected an LMC of at most 7, found 16");
  EXPECT_EQ(error_of(patched(kPortsAt + 85, 2)),
            "f.cache: byte 554: expected a remote port flag of 0 or 1, found 2");
}

TEST(IbndCacheValidateTest, RefusesReferencesToMissingRecords) {
  EXPECT_EQ(error_of(patched(16, 0x99, 8)),
            "f.cache: byte 16: expected the start node's GUID to name a node record, found "
            "0x0000000000000099, which none has");
  // The CA's key names a port no record has.
  EXPECT_EQ(error_of(patched(kCaNodeAt + kNode, 0x12, 8)),
            "f.cache: byte 460: expected a port key naming a port record, found "
            "0x0000000000000012 port 1, which none has");
  // The CA port's peer is not in the file.
  EXPECT_EQ(error_of(patched(kPortsAt + 2 * kPort + 86, 0x21, 8)),
            "f.cache: byte 745: expected a remote port naming a port record, found "
            "0x0000000000000021 port 1, which none has");
  // The CA's port record names the switch as its node.
  EXPECT_EQ(error_of(patched(kPortsAt + 2 * kPort + 77, kSwitch, 8)),
            "f.cache: byte 736: expected the GUID of the node listing the port, "
            "0x0000000000000010, found 0x0000000000000020");
}

TEST(IbndCacheValidateTest, RefusesDuplicatesAndUnlistedPorts) {
  // The CA takes the switch's GUID.
  std::string twin_node = patched(kCaNodeAt + 68, kSwitch, 8);
  EXPECT_EQ(error_of(twin_node),
            "f.cache: byte 321: expected a node GUID not recorded before, found "
            "0x0000000000000020 again (first at byte 96)");
  // Switch port 0's record becomes a second record of port 1.
  EXPECT_NE(error_of(patched(kPortsAt + 8, 1)).find("expected a port not recorded before"),
            std::string::npos);
  // The CA lists the switch's port 1 instead of its own: listed twice, and 0x11 by none.
  std::string stolen = patched(kCaNodeAt + kNode, kSwitch, 8);
  EXPECT_EQ(error_of(stolen),
            "f.cache: byte 460: expected a port no other node lists, found 0x0000000000000020 "
            "port 1, listed before at byte 244");
  std::string unlisted = header(1, 1, kCa) + node(kCa, 1, 1, {}) + port({0x11, 1}, kCa, {});
  EXPECT_EQ(error_of(unlisted),
            "f.cache: byte 235: expected a port record its node lists, found 0x0000000000000011 "
            "port 1, which no node lists");
}

TEST(IbndCacheValidateTest, RefusesVoltairePortNumbersPastTheTables) {
  // A Voltaire switch makes port numbers above 36 unsafe anywhere in the fabric.
  std::string voltaire = header(1, 1, kSwitch) +
                         node(kSwitch, 2, 40, {{kSwitch, 40}}, Chip{0x8f1, 0x5a06}) +
                         port({kSwitch, 40}, kSwitch, std::nullopt);
  EXPECT_NE(error_of(voltaire).find("a port number of at most 36 in a fabric with Voltaire"),
            std::string::npos);
}

TEST(IbndCacheValidateTest, RefusesAnUnconnectedPortOnAVoltaireRouter) {
  std::string router = header(1, 1, kSwitch) +
                       node(kSwitch, 2, 1, {{kSwitch, 1}}, Chip{0x8f1, 0x5a00}) +
                       port({kSwitch, 1}, kSwitch, std::nullopt);
  EXPECT_NE(error_of(router).find("a remote port on every port of a Voltaire router"),
            std::string::npos);
}

TEST(IbndCacheValidateTest, RefusesMellanoxChassisSlotsPastTheTables) {
  auto is4 = [](const std::string& desc) {
    return header(1, 0, kSwitch) + node(kSwitch, 2, 36, {}, Chip{0x2c9, 0xbd36, desc});
  };
  EXPECT_EQ(error_of(is4("MF0;sw1:IS5035/L12/U1")), "no error");
  EXPECT_EQ(error_of(is4("MF0;sw1:IS5035/S18:board/U1")), "no error");
  EXPECT_EQ(error_of(is4("MF0;sw1:IS5035/L37/U1")),
            "f.cache: byte 170: expected a chassis slot L0 to L36 or S0 to S18 in a Mellanox IS4 "
            "description, found \"L37\" in \"MF0;sw1:IS5035/L37/U1\"");
}

std::string is4_cache(const std::string& desc) {
  return header(1, 0, kSwitch) + node(kSwitch, 2, 36, {}, Chip{0x2c9, 0xbd36, desc});
}

TEST(IbndCacheValidateTest, ReadsMellanoxSlotNumbersAsAtoiWould) {
  auto is4 = is4_cache;
  EXPECT_NE(error_of(is4("MF0;sw1:IS5035/S19/U1")), "no error");
  EXPECT_NE(error_of(is4("MF0;sw1:IS5035/L 293/U1")), "no error");  // atoi's 293 casts to 37
  EXPECT_EQ(error_of(is4("MF0;sw1:IS5035/L99")), "no error");       // no /U: libibnetdisc skips it
  EXPECT_NE(error_of(is4(std::string("MF0;") + std::string(60, 'x'))).find("without a NUL"),
            std::string::npos);
}

TEST(IbndCacheValidateTest, RefusesACraftedFileWithHugeCountsAtOnce) {
  // Like issue 12's 2,936 bytes: a header of huge counts, then records that stop short.
  std::string crafted = header(0x7fffffff, 0x7fffffff, kCa) + node(kCa, 1, 255, {});
  crafted.resize(2936, '\xff');
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(error_of(crafted),
            "f.cache: byte 8: expected a node count from 1 to 14 (the file holds 2936 bytes), "
            "found 2147483647");
  // A huge LMC, libibnetdisc's endless LID loop, in an otherwise consistent file.
  EXPECT_NE(error_of(patched(kPortsAt + 2 * kPort + 12, 255)).find("LMC"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
}

}  // namespace
}  // namespace ibatlas
