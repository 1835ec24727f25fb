#pragma once

// The control channel's cryptography, without sockets (research/probe-spec.md §5): the
// handshake's messages and proofs, the session keys, and the authenticated frames. Pure
// functions and byte-fed state machines, so that RFC test vectors, unit tests and the fuzzer
// reach all of it.
//
//   C -> A  HELLO      "IBAT" version(2) key_id(8) Nc(32)
//   A -> C  CHALLENGE  Na(32) HMAC(K, "ibatlas-v1 agent" Nc Na agent_id)(32) id_len(1) agent_id
//   C -> A  PROOF      HMAC(K, "ibatlas-v1 ctrl" Na Nc)(32)
//   then frames both ways: len(4) seq(8) payload HMAC-SHA256(K_dir, len seq payload)(32),
//   K_c2a / K_a2c = HKDF-SHA256(K, salt = Nc Na, info = "ibatlas-v1 c2a" / "ibatlas-v1 a2c").
// The direction labels stop a proof from being reflected back, the fresh nonces stop an old
// handshake from being replayed, and the sequence numbers stop an old frame.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ibatlas/net/key_file.hpp"

namespace ibatlas {

inline constexpr std::uint16_t kProtocolVersion = 1;
inline constexpr std::size_t kNonceBytes = 32;
inline constexpr std::size_t kKeyIdBytes = 8;
inline constexpr std::size_t kHelloBytes = 4 + 2 + kKeyIdBytes + kNonceBytes;
inline constexpr std::size_t kChallengeHeadBytes = kNonceBytes + 32 + 1;  // before agent_id
inline constexpr std::size_t kProofBytes = 32;
inline constexpr std::size_t kFrameHeaderBytes = 4 + 8;
inline constexpr std::size_t kFrameMacBytes = 32;
inline constexpr std::size_t kMaxFramePayload = std::size_t{1} << 20;

struct Hello {
  std::uint16_t version = kProtocolVersion;
  std::string key_id;  // kKeyIdBytes raw bytes
  std::string nonce;   // Nc
};

struct Challenge {
  std::string nonce;     // Na
  std::string mac;       // the agent's proof
  std::string agent_id;  // at most 255 bytes: who the agent says it is (its host name)
};

// The key id as sent in HELLO: the first 8 bytes of SHA-256(key).
std::string key_id_bytes(const ProbeKey& key);

std::string encode_hello(const Hello& hello);
Hello decode_hello(std::string_view bytes);  // throws ProtocolError: magic, size

std::string encode_challenge(const Challenge& challenge);
// The fixed head (Na, mac, id length); the caller then reads agent_id of the returned length.
Challenge decode_challenge_head(std::string_view head, std::size_t& agent_id_length);

std::string agent_proof(const ProbeKey& key, std::string_view nc, std::string_view na,
                        std::string_view agent_id);
std::string controller_proof(const ProbeKey& key, std::string_view na, std::string_view nc);

// The per-direction frame keys of one session, as each side sees them.
struct SessionKeys {
  std::string send;
  std::string receive;
};

SessionKeys controller_session_keys(const ProbeKey& key, std::string_view nc, std::string_view na);
SessionKeys agent_session_keys(const ProbeKey& key, std::string_view nc, std::string_view na);

// Frames in one direction: each gets the next sequence number, starting at 0.
class FrameEncoder {
 public:
  explicit FrameEncoder(std::string key) : key_(std::move(key)) {}

  // REQUIRES: payload.size() <= kMaxFramePayload.
  std::string encode(std::string_view payload);

 private:
  std::string key_;
  std::uint64_t sequence_ = 0;
};

// Frames from the other direction, fed bytes as they arrive. The first bad frame (too long,
// wrong MAC, a sequence number other than the next) fails the decoder for good: the session
// must close, and error() says why.
class FrameDecoder {
 public:
  explicit FrameDecoder(std::string key, std::size_t max_payload = kMaxFramePayload)
      : key_(std::move(key)), max_payload_(max_payload) {}

  void feed(std::string_view bytes) { buffer_.append(bytes); }

  // The next whole frame's payload, once its MAC and sequence number check out; std::nullopt
  // when more bytes are needed, or after an error.
  std::optional<std::string> next();

  bool failed() const { return !error_.empty(); }

  const std::string& error() const { return error_; }

  // Bytes of an incomplete frame held: a peer that stops mid-frame is still idle.
  std::size_t buffered() const { return buffer_.size(); }

 private:
  std::optional<std::string> fail(std::string why);

  std::string key_;
  std::size_t max_payload_;
  std::string buffer_;
  std::uint64_t expected_ = 0;
  std::string error_;
};

}  // namespace ibatlas
