#pragma once

// Reading an input file whole, bounded: every reader takes text, and this is how the text
// is got (docs/cli.md, "Input files"). A directory, a device that never ends, or a file
// larger than the limit is bad input, never an allocation that takes the machine down.

#include <cstdint>
#include <string>

namespace ibatlas {

// 4 GiB: far above the largest real input (dump_lfts of a 10k-host fabric is 1.25 GB),
// and what a device that never ends (/dev/zero) may cost before it is refused.
constexpr std::uint64_t kDefaultMaxInputSize = std::uint64_t{4} << 30;

// The limit read_file enforces, for this process (`--max-input-size`). Not thread-safe:
// set it once, before reading.
void set_max_input_size(std::uint64_t bytes);
std::uint64_t max_input_size();

// The whole file as bytes, in one read of its size for a regular file; pipes, FIFOs and
// character devices are read until their end or the limit. Throws Error naming the path and
// the reason: it cannot be opened (errno's message), it is a directory, or it holds more
// than max_input_size() bytes.
std::string read_file(const std::string& path);

}  // namespace ibatlas
