#include "ibatlas/input_file.hpp"

#include <cerrno>
#include <cstring>

#include "ibatlas/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ibatlas {

namespace {

std::uint64_t limit = kDefaultMaxInputSize;

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw Error(path + ": " + why);
}

std::string too_large(std::uint64_t limit_bytes) {
  return "larger than the input limit of " + std::to_string(limit_bytes) +
         " bytes (--max-input-size)";
}

// Closes the descriptor on every path out, exceptions included.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}

  ~Descriptor() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }

  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;

  int get() const { return fd_; }

 private:
  int fd_;
};

// Reads into bytes[from, size()) until it is full or the file ends; returns the count read.
std::size_t read_into(const std::string& path, int fd, std::string& bytes, std::size_t from) {
  std::size_t done = from;
  while (done < bytes.size()) {
    ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      throw Error("cannot read " + path + ": " + std::strerror(errno));
    }
    if (n == 0) {
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  return done - from;
}

// Appends what `fd` holds from here to its end, a chunk at a time, within the limit.
void read_to_end(const std::string& path, int fd, std::string& bytes) {
  constexpr std::size_t kChunk = std::size_t{1} << 16;
  for (;;) {
    std::size_t done = bytes.size();
    bytes.resize(done + kChunk);  // std::string grows its capacity geometrically
    std::size_t n = read_into(path, fd, bytes, done);
    bytes.resize(done + n);
    if (bytes.size() > limit) {
      fail(path, too_large(limit));
    }
    if (n < kChunk) {
      return;
    }
  }
}

}  // namespace

void set_max_input_size(std::uint64_t bytes) {
  limit = bytes;
}

std::uint64_t max_input_size() {
  return limit;
}

std::string read_file(const std::string& path) {
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    throw Error("cannot open " + path + ": " + std::strerror(errno));
  }

  struct stat st {};

  if (::fstat(fd.get(), &st) != 0) {
    throw Error("cannot read " + path + ": " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    fail(path, "expected a file, found a directory");
  }
  std::string bytes;
  if (S_ISREG(st.st_mode)) {
    auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > limit) {
      fail(path, too_large(limit));
    }
    // One allocation of the file's size and one read: growing would copy the text again.
    bytes.resize(static_cast<std::size_t>(size));
    bytes.resize(read_into(path, fd.get(), bytes, 0));
    std::string probe(1, '\0');
    if (bytes.size() < size || read_into(path, fd.get(), probe, 0) == 0) {
      return bytes;  // the usual case: all of it, in one read
    }
    bytes += probe;  // it grew, or it is a /proc file that says size 0: read on
  }
  read_to_end(path, fd.get(), bytes);
  return bytes;
}

}  // namespace ibatlas
