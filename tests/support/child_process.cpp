#include "support/child_process.hpp"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <thread>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace ibatlas::test {
namespace {

using Clock = std::chrono::steady_clock;

constexpr milliseconds kPollInterval{10};

[[noreturn]] void fail(const std::string& message) {
  throw std::runtime_error(message);
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (std::string& s : strings) {
    out.push_back(s.data());
  }
  out.push_back(nullptr);
  return out;
}

// In the child, between fork and exec: only async-signal-safe calls. PDEATHSIG makes the
// kernel kill the child if the test process dies first (a ctest timeout, a crash), so no
// ibsim or opensm outlives its test.
[[noreturn]] void exec_child(const Spawn& s, pid_t parent, const std::array<int, 3>& fds,
                             char** argv, char** envp) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent || ::dup2(fds[0], 0) < 0 || ::dup2(fds[1], 1) < 0 ||
      ::dup2(fds[2], 2) < 0 || ::chdir(s.cwd.c_str()) != 0) {
    ::_exit(127);
  }
  ::execve(s.program.c_str(), argv, envp);
  ::_exit(127);
}

}  // namespace

int open_or_fail(const std::string& path, int flags) {
  int fd = ::open(path.c_str(), flags | O_CLOEXEC, 0644);
  if (fd < 0) {
    fail("cannot open " + path + ": " + std::strerror(errno));
  }
  return fd;
}

// The current environment with `overrides` ("NAME=value") replacing any variable of the
// same name.
std::vector<std::string> environment_with(const std::vector<std::string>& overrides) {
  auto name_of = [](std::string_view entry) { return entry.substr(0, entry.find('=')); };
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    std::string_view name = name_of(*e);
    bool drop = false;
    for (const std::string& o : overrides) {
      drop = drop || name_of(o) == name;
    }
    if (!drop) {
      env.emplace_back(*e);
    }
  }
  env.insert(env.end(), overrides.begin(), overrides.end());
  return env;
}

pid_t spawn(Spawn s) {
  std::vector<char*> argv = c_strings(s.argv);
  std::vector<char*> envp = c_strings(s.env);
  int in = s.stdin_fd >= 0 ? s.stdin_fd : open_or_fail("/dev/null", O_RDONLY);
  int out = open_or_fail(s.out_path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND);
  int err = s.err_path.empty() ? out : open_or_fail(s.err_path, O_WRONLY | O_CREAT | O_TRUNC);
  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid == 0) {
    exec_child(s, parent, {in, out, err}, argv.data(), envp.data());
  }
  int fork_errno = errno;
  if (in != s.stdin_fd) {
    ::close(in);
  }
  if (err != out) {
    ::close(err);
  }
  ::close(out);
  if (pid < 0) {
    fail(std::string("fork failed: ") + std::strerror(fork_errno));
  }
  return pid;
}

int decode_status(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The exit code once `pid` has exited (reaping it), or nullopt at the timeout.
std::optional<int> wait_exit(pid_t pid, milliseconds timeout) {
  Clock::time_point deadline = Clock::now() + timeout;
  for (;;) {
    int status = 0;
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      return decode_status(status);
    }
    if (r < 0 && errno != EINTR) {
      return -1;  // not our child any more: nothing left to wait for
    }
    if (Clock::now() >= deadline) {
      return std::nullopt;
    }
    std::this_thread::sleep_for(kPollInterval);
  }
}

// SIGTERM, then SIGKILL after a grace period; reaps the process and returns its exit code.
int stop_process(pid_t pid) noexcept {
  if (pid <= 0) {
    return -1;
  }
  ::kill(pid, SIGTERM);
  std::optional<int> code = wait_exit(pid, kStopGrace);
  if (!code) {
    ::kill(pid, SIGKILL);
    code = wait_exit(pid, kStopGrace);
  }
  return code.value_or(-1);
}

}  // namespace ibatlas::test
