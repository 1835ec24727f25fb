// The handshake's fixed-size messages and the three keyed computations of §5. Every label
// ends in its direction, so an agent's proof never verifies as a controller's and a session
// key for one direction never checks frames of the other.

#include "ibatlas/net/channel.hpp"
#include "ibatlas/net/crypto.hpp"
#include "ibatlas/net/messages.hpp"

#include "net/wire.hpp"

namespace ibatlas {
namespace {

constexpr std::string_view kMagic = "IBAT";
constexpr std::string_view kAgentLabel = "ibatlas-v1 agent";
constexpr std::string_view kControllerLabel = "ibatlas-v1 ctrl";
constexpr std::string_view kC2aInfo = "ibatlas-v1 c2a";
constexpr std::string_view kA2cInfo = "ibatlas-v1 a2c";

std::string concat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view part : parts) {
    out += part;
  }
  return out;
}

std::string session_key(const ProbeKey& key, std::string_view nc, std::string_view na,
                        std::string_view info) {
  return hkdf_sha256(key.bytes, concat({nc, na}), info, kDigestBytes);
}

}  // namespace

std::string key_id_bytes(const ProbeKey& key) {
  return sha256(key.bytes).substr(0, kKeyIdBytes);
}

std::string encode_hello(const Hello& hello) {
  std::string out(kMagic);
  wire::put_u16(out, hello.version);
  out += hello.key_id;
  out += hello.nonce;
  return out;
}

Hello decode_hello(std::string_view bytes) {
  wire::Reader in(bytes, "hello");
  if (in.take(kMagic.size(), "magic") != kMagic) {
    in.fail("not an ibatlas controller (no \"IBAT\" magic)");
  }
  Hello hello;
  hello.version = in.u16();
  hello.key_id = std::string(in.take(kKeyIdBytes, "key id"));
  hello.nonce = std::string(in.take(kNonceBytes, "nonce"));
  in.expect_end();
  return hello;
}

std::string encode_challenge(const Challenge& challenge) {
  std::string out = challenge.nonce + challenge.mac;
  wire::put_u8(out, static_cast<std::uint8_t>(challenge.agent_id.size()));
  out += challenge.agent_id;
  return out;
}

Challenge decode_challenge_head(std::string_view head, std::size_t& agent_id_length) {
  wire::Reader in(head, "challenge");
  Challenge challenge;
  challenge.nonce = std::string(in.take(kNonceBytes, "nonce"));
  challenge.mac = std::string(in.take(kProofBytes, "proof"));
  agent_id_length = in.u8();
  in.expect_end();
  return challenge;
}

std::string agent_proof(const ProbeKey& key, std::string_view nc, std::string_view na,
                        std::string_view agent_id) {
  return hmac_sha256(key.bytes, concat({kAgentLabel, nc, na, agent_id}));
}

std::string controller_proof(const ProbeKey& key, std::string_view na, std::string_view nc) {
  return hmac_sha256(key.bytes, concat({kControllerLabel, na, nc}));
}

SessionKeys controller_session_keys(const ProbeKey& key, std::string_view nc, std::string_view na) {
  return SessionKeys{session_key(key, nc, na, kC2aInfo), session_key(key, nc, na, kA2cInfo)};
}

SessionKeys agent_session_keys(const ProbeKey& key, std::string_view nc, std::string_view na) {
  return SessionKeys{session_key(key, nc, na, kA2cInfo), session_key(key, nc, na, kC2aInfo)};
}

}  // namespace ibatlas
