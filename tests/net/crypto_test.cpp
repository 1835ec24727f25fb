// The primitives against their RFCs' published vectors: if libcrypto were called wrongly
// (wrong digest, salt and key swapped), these would fail.

#include "ibatlas/net/crypto.hpp"

#include <string>

#include <gtest/gtest.h>

#include "ibatlas/error.hpp"

namespace ibatlas {
namespace {

TEST(Crypto, HmacSha256Rfc4231TestCase1) {
  std::string key(20, '\x0b');
  EXPECT_EQ(to_hex(hmac_sha256(key, "Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
}

TEST(Crypto, HmacSha256Rfc4231TestCase2) {
  EXPECT_EQ(to_hex(hmac_sha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(Crypto, HkdfSha256Rfc5869TestCase1) {
  std::string ikm(22, '\x0b');
  std::string salt = from_hex("000102030405060708090a0b0c");
  std::string info = from_hex("f0f1f2f3f4f5f6f7f8f9");
  EXPECT_EQ(to_hex(hkdf_sha256(ikm, salt, info, 42)),
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c"
            "5db02d56ecc4c5bf34007208d5b887185865");
}

TEST(Crypto, Sha256OfAbc) {
  EXPECT_EQ(to_hex(sha256("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Crypto, ConstantTimeCompareNeedsEqualLengthAndBytes) {
  EXPECT_TRUE(equal_constant_time("abc", "abc"));
  EXPECT_FALSE(equal_constant_time("abc", "abd"));
  EXPECT_FALSE(equal_constant_time("abc", "abcd"));
}

TEST(Crypto, RandomBytesDiffer) {
  std::string a = random_bytes(32);
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, random_bytes(32));
}

TEST(Crypto, HexRoundTripAndRejects) {
  EXPECT_EQ(from_hex(to_hex(std::string("\x00\xff\x10", 3))), std::string("\x00\xff\x10", 3));
  EXPECT_EQ(from_hex("ABcd"), "\xab\xcd");
  EXPECT_THROW(from_hex("abc"), Error);
  EXPECT_THROW(from_hex("zz"), Error);
}

}  // namespace
}  // namespace ibatlas
