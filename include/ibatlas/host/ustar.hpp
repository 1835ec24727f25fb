#pragma once

// Writing a POSIX ustar archive (POSIX.1-1988, pax's "ustar" interchange format): what
// `ibatlas host --capture FILE.tar` produces, so that a user can send the files the doctor
// read. Regular files and symbolic links only; GNU tar and bsdtar extract it.

#include <cstdint>
#include <span>
#include <string>

namespace ibatlas {

struct TarEntry {
  std::string path;      // relative, '/'-separated, no ".." (checked)
  std::string contents;  // regular files
  std::string link;      // a symbolic link's target; not empty makes the entry a link
};

// The archive: a 512-byte header and the contents padded to 512 bytes per entry, then two
// zero blocks. Paths longer than 100 bytes are split into the prefix field at a '/'.
// Throws Error for a path that is empty, absolute, holds "..", or fits no split (over 255
// bytes), and for a link target over 100 bytes.
std::string write_ustar(std::span<const TarEntry> entries, std::int64_t mtime);

}  // namespace ibatlas
