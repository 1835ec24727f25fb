// The key file is opened once with O_NOFOLLOW and checked through that descriptor (fstat),
// so a symbolic link swapped in between a check and the open cannot pass.

#include "ibatlas/net/key_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ibatlas/error.hpp"
#include "ibatlas/net/crypto.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ibatlas {
namespace {

constexpr std::size_t kHexDigits = kProbeKeyBytes * 2;

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw Error("key file " + path + ": " + why);
}

std::string mode_text(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

class FileCloser {
 public:
  explicit FileCloser(int fd) : fd_(fd) {}

  ~FileCloser() { ::close(fd_); }

  FileCloser(const FileCloser&) = delete;
  FileCloser& operator=(const FileCloser&) = delete;

 private:
  int fd_;
};

void check_file(const std::string& path, int fd) {
  struct stat st {};

  if (::fstat(fd, &st) != 0) {
    refuse(path, std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) {
    refuse(path, "not a regular file");
  }
  if ((st.st_mode & 077) != 0) {
    refuse(path, "mode " + mode_text(st.st_mode) +
                     " lets group or others read it; it must be 0600 or 0400 (chmod 600 " + path +
                     ")");
  }
}

// Up to `limit` bytes: a key file is tiny, and a huge one is wrong anyway.
std::string read_up_to(const std::string& path, int fd, std::size_t limit) {
  std::string text(limit, '\0');
  std::size_t have = 0;
  while (have < limit) {
    ssize_t n = ::read(fd, text.data() + have, limit - have);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      refuse(path, std::strerror(errno));
    }
    if (n == 0) {
      break;
    }
    have += static_cast<std::size_t>(n);
  }
  text.resize(have);
  return text;
}

std::string parse_key_text(const std::string& path, std::string text) {
  if (!text.empty() && text.back() == '\n') {
    text.pop_back();
  }
  if (text.size() != kHexDigits) {
    refuse(path, "expected 64 hex digits and a newline, found " + std::to_string(text.size()) +
                     " characters (write a new key with ibatlas keygen)");
  }
  try {
    return from_hex(text);
  } catch (const Error& e) {
    refuse(path, std::string("expected 64 hex digits: ") + e.what());
  }
}

}  // namespace

ProbeKey make_probe_key(std::string bytes) {
  ProbeKey key;
  key.id = to_hex(sha256(bytes).substr(0, 8));
  key.bytes = std::move(bytes);
  return key;
}

ProbeKey read_key_file(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0 && errno == ELOOP) {
    refuse(path, "is a symbolic link; give the key file itself");
  }
  if (fd < 0) {
    refuse(path, std::strerror(errno));
  }
  FileCloser closer(fd);
  check_file(path, fd);
  return make_probe_key(parse_key_text(path, read_up_to(path, fd, kHexDigits + 2)));
}

void write_key_file(const std::string& path) {
  std::string text = to_hex(random_bytes(kProbeKeyBytes)) + "\n";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0 && errno == EEXIST) {
    refuse(path, "already exists; a key file is never overwritten");
  }
  if (fd < 0) {
    refuse(path, std::strerror(errno));
  }
  FileCloser closer(fd);
  // The umask may have taken bits away, never added any; fchmod makes the mode exact.
  if (::fchmod(fd, 0600) != 0 ||
      ::write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()) ||
      ::fsync(fd) != 0) {
    int saved = errno;
    ::unlink(path.c_str());
    refuse(path, std::string("cannot write: ") + std::strerror(saved));
  }
}

}  // namespace ibatlas
