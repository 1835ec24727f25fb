// libcrypto's EVP interfaces (OpenSSL 3.0): "HMAC" through EVP_MAC, "HKDF" through EVP_KDF,
// SHA-256 through EVP_Digest. The MAC and KDF algorithms are fetched once and kept for the
// life of the process: fetching costs more than a frame's MAC.

#include "ibatlas/net/crypto.hpp"

#include <memory>

#include "ibatlas/error.hpp"

#include "text.hpp"
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/rand.h>

namespace ibatlas {
namespace {

const unsigned char* bytes_of(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// OSSL_PARAM wants mutable pointers even for inputs; libcrypto does not write through them.
void* input(std::string_view s) {
  return const_cast<char*>(s.data());
}

EVP_MAC* hmac_algorithm() {
  static EVP_MAC* const mac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
  if (mac == nullptr) {
    throw Error("libcrypto has no HMAC");
  }
  return mac;
}

EVP_KDF* hkdf_algorithm() {
  static EVP_KDF* const kdf = EVP_KDF_fetch(nullptr, "HKDF", nullptr);
  if (kdf == nullptr) {
    throw Error("libcrypto has no HKDF");
  }
  return kdf;
}

}  // namespace

std::string sha256(std::string_view data) {
  std::string out(kDigestBytes, '\0');
  unsigned int length = 0;
  if (EVP_Digest(data.data(), data.size(), reinterpret_cast<unsigned char*>(out.data()), &length,
                 EVP_sha256(), nullptr) != 1 ||
      length != kDigestBytes) {
    throw Error("SHA-256 failed in libcrypto");
  }
  return out;
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
  std::unique_ptr<EVP_MAC_CTX, decltype(&EVP_MAC_CTX_free)> ctx(EVP_MAC_CTX_new(hmac_algorithm()),
                                                                &EVP_MAC_CTX_free);
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                         OSSL_PARAM_construct_end()};
  std::string out(kDigestBytes, '\0');
  std::size_t length = 0;
  if (ctx == nullptr || EVP_MAC_init(ctx.get(), bytes_of(key), key.size(), params) != 1 ||
      EVP_MAC_update(ctx.get(), bytes_of(data), data.size()) != 1 ||
      EVP_MAC_final(ctx.get(), reinterpret_cast<unsigned char*>(out.data()), &length, out.size()) !=
          1 ||
      length != kDigestBytes) {
    throw Error("HMAC-SHA256 failed in libcrypto");
  }
  return out;
}

std::string hkdf_sha256(std::string_view key, std::string_view salt, std::string_view info,
                        std::size_t length) {
  std::unique_ptr<EVP_KDF_CTX, decltype(&EVP_KDF_CTX_free)> ctx(EVP_KDF_CTX_new(hkdf_algorithm()),
                                                                &EVP_KDF_CTX_free);
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, input(key), key.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, input(salt), salt.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, input(info), info.size()),
      OSSL_PARAM_construct_end()};
  std::string out(length, '\0');
  if (ctx == nullptr || EVP_KDF_derive(ctx.get(), reinterpret_cast<unsigned char*>(out.data()),
                                       out.size(), params) != 1) {
    throw Error("HKDF-SHA256 failed in libcrypto");
  }
  return out;
}

std::string random_bytes(std::size_t count) {
  std::string out(count, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(count)) != 1) {
    throw Error("the system's random number generator failed (RAND_bytes)");
  }
  return out;
}

bool equal_constant_time(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) {
    auto byte = static_cast<unsigned char>(c);
    out += kDigits[byte >> 4];
    out += kDigits[byte & 0xf];
  }
  return out;
}

std::string from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) {
    throw Error("hex text of odd length " + std::to_string(hex.size()));
  }
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    std::optional<std::uint8_t> high = text::hex_digit_value(hex[i]);
    std::optional<std::uint8_t> low = text::hex_digit_value(hex[i + 1]);
    if (!high || !low) {
      throw Error("not a hex digit at offset " + std::to_string(!high ? i : i + 1));
    }
    out += static_cast<char>((*high << 4) | *low);
  }
  return out;
}

}  // namespace ibatlas
