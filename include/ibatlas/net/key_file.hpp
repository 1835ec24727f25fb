#pragma once

// The pre-shared key of the probe control channel (docs/probe.md, "Control channel and
// agents"): 32 random bytes, stored as 64 hex digits and a newline in a file only its owner
// may read. The controller and every agent of a run hold the same file.

#include <cstddef>
#include <string>

namespace ibatlas {

struct ProbeKey {
  std::string bytes;  // the 32 key bytes
  std::string id;     // 16 hex digits: the first 8 bytes of SHA-256(bytes); safe to print
};

inline constexpr std::size_t kProbeKeyBytes = 32;

// A key from its 32 bytes, with its id. REQUIRES: bytes.size() == kProbeKeyBytes.
ProbeKey make_probe_key(std::string bytes);

// Reads a key file. Throws Error, naming the file, unless it is a regular file (a symbolic
// link is refused, not followed), gives no permission to group or others (0600 or 0400),
// and holds exactly 64 hex digits with at most one newline after them.
ProbeKey read_key_file(const std::string& path);

// Writes a fresh key from the system's random generator to a new file of mode 0600. Throws
// Error if the file exists (it never overwrites a key) or cannot be written.
void write_key_file(const std::string& path);

}  // namespace ibatlas
