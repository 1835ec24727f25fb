#include "ibatlas/output_file.hpp"

#include <array>
#include <cerrno>
#include <climits>
#include <cstring>
#include <optional>
#include <streambuf>

#include "ibatlas/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ibatlas {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
  throw Error("cannot write " + path + ": " + what + std::strerror(error));
}

// A stream buffer over a file descriptor that remembers the first failed write, so that
// a full disk is an error the caller sees, not a short file.
class DescriptorBuffer final : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }

  // 0, or the errno of the first write that failed.
  int error() const { return error_; }

  // Writes out what is buffered; false (and error() set) when that fails.
  bool drain() {
    const char* at = pbase();
    while (at < pptr() && error_ == 0) {
      ssize_t n = ::write(fd_, at, static_cast<std::size_t>(pptr() - at));
      if (n < 0 && errno == EINTR) {
        continue;
      }
      if (n < 0) {
        error_ = errno;
        break;
      }
      at += n;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) {
      return traits_type::eof();
    }
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }

  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  int error_ = 0;
  std::array<char, 1 << 16> buffer_{};
};

// Runs `write` into `fd`; returns 0 or the errno of the first failed write or flush.
int write_through(int fd, const std::function<void(std::ostream&)>& write) {
  DescriptorBuffer buffer(fd);
  std::ostream stream(&buffer);
  write(stream);
  stream.flush();
  return buffer.error() != 0 ? buffer.error() : (stream ? 0 : EIO);
}

std::string directory_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

std::string name_of(const std::string& path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The file a chain of symbolic links ends at (the path itself when it is none), or nullopt
// for a loop. A dangling link's target is a name to create.
std::optional<std::string> final_target(std::string path) {
  for (int hop = 0; hop < 40; ++hop) {
    struct stat st {};

    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      return path;
    }
    std::array<char, PATH_MAX> target{};
    ssize_t n = ::readlink(path.c_str(), target.data(), target.size() - 1);
    if (n <= 0) {
      return path;
    }
    std::string next(target.data(), static_cast<std::size_t>(n));
    path = next.front() == '/' ? next : directory_of(path).append("/").append(next);
  }
  return std::nullopt;
}

// /dev/stdout, /dev/fd/N and /proc/self/fd/N name a descriptor this process already has
// open: write to it, whatever it is, rather than replace the file behind it.
bool names_an_open_descriptor(const std::string& path) {
  return path.starts_with("/dev/std") || path.starts_with("/dev/fd/") || path.starts_with("/proc/");
}

// ".NAME.ibatlas-PID-N" in the target's directory, created exclusively. Not mkstemp: its
// mode is 0600, and a new file should get the usual 0666 & ~umask.
int create_temporary(const std::string& target, std::string& temp) {
  std::string suffix = ".ibatlas-" + std::to_string(::getpid()) + "-";
  std::string name = name_of(target);
  constexpr std::size_t kNameMax = NAME_MAX;
  std::size_t room = kNameMax - 1 - suffix.size() - 3;  // "." + suffix + up to 3 digits
  std::string stem = "." + name.substr(0, std::min(name.size(), room));
  std::string prefix = directory_of(target).append("/").append(stem).append(suffix);
  for (int attempt = 0; attempt < 100; ++attempt) {
    temp = prefix + std::to_string(attempt);
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) {
      return fd;
    }
  }
  return -1;
}

// Makes the rename itself durable; a directory that cannot be synced (some file systems
// refuse) does not undo a write that already succeeded.
void sync_directory(const std::string& target) {
  int fd = ::open(directory_of(target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    static_cast<void>(::fsync(fd));
    ::close(fd);
  }
}

// Opens `path` itself (the kernel follows its links, /proc's magic ones included).
void write_in_place(const std::string& path, const std::function<void(std::ostream&)>& write) {
  // O_APPEND: a regular file behind /dev/stdout was opened by the shell, truncated for `>`
  // and not for `>>`; appending is right for both.
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) {
    fail(path, "", errno);
  }
  int error = write_through(fd, write);
  if (::close(fd) != 0 && error == 0) {
    error = errno;
  }
  if (error != 0) {
    fail(path, "", error);
  }
}

// The mode and owner of the file being replaced go to its replacement. Changing the owner
// needs root; without it the new file is the writer's, as any file it creates.
void keep_mode_and_owner(int fd, const struct stat& old) {
  static_cast<void>(::fchown(fd, old.st_uid, old.st_gid));
  static_cast<void>(::fchmod(fd, old.st_mode & 07777));
}

void replace(const std::string& path, const std::string& target, const struct stat* old,
             const std::function<void(std::ostream&)>& write) {
  std::string temp;
  int fd = create_temporary(target, temp);
  if (fd < 0) {
    fail(path, "cannot create a temporary file beside it: ", errno);
  }
  int error = 0;
  try {
    if (old != nullptr) {
      keep_mode_and_owner(fd, *old);
    }
    error = write_through(fd, write);
  } catch (...) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  if (error == 0 && ::fsync(fd) != 0) {
    error = errno;
  }
  if (::close(fd) != 0 && error == 0) {
    error = errno;
  }
  if (error == 0 && ::rename(temp.c_str(), target.c_str()) != 0) {
    error = errno;
  }
  if (error != 0) {
    ::unlink(temp.c_str());
    fail(path, "", error);
  }
  sync_directory(target);
}

}  // namespace

void write_output_file(const std::string& path, const std::function<void(std::ostream&)>& write) {
  // 1. An open descriptor is written through; 2. follow symbolic links to the file that is
  // really written; 3. a device, FIFO or socket is written through; 4. anything else is
  // replaced atomically.
  if (names_an_open_descriptor(path)) {
    write_in_place(path, write);
    return;
  }
  std::optional<std::string> target = final_target(path);
  if (!target) {
    fail(path, "", ELOOP);
  }

  struct stat st {};

  bool exists = ::stat(target->c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    fail(path, "", EISDIR);
  }
  if ((exists && !S_ISREG(st.st_mode)) || names_an_open_descriptor(*target)) {
    write_in_place(path, write);
    return;
  }
  replace(path, *target, exists ? &st : nullptr, write);
}

}  // namespace ibatlas
