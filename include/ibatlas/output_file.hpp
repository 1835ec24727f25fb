#pragma once

// The one way ibatlas writes a file: snapshots, dumps, maps, exports (docs/cli.md, "Output
// files"). Nothing is truncated in place, so a kill or a full disk mid-write never leaves a
// shorter file that reads back as a valid, smaller fabric.
//
// - A regular file, or a name that does not exist yet: written to a temporary file in the
//   same directory (".NAME.ibatlas-PID-N", cut to fit NAME_MAX), flushed, fsync'ed and
//   renamed over the target; an existing file keeps its mode and owner.
// - A symbolic link: followed; its final target is replaced that way, so the link stays.
// - Anything else (a character device such as /dev/full or /dev/null, a FIFO, a socket, or
//   /dev/stdout and /proc/self/fd/N): written through, never replaced.

#include <functional>
#include <ostream>
#include <string>

namespace ibatlas {

// `write` puts the whole content on the stream it is given. Throws Error naming `path` and
// the system's reason when a write, flush, sync, close or rename fails; a replaced target is
// then as it was, and the temporary file is gone. Exceptions from `write` propagate the same
// way, after the temporary file is removed.
void write_output_file(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace ibatlas
