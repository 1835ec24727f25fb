#pragma once

// The child processes of the ibsim harness (sim_harness.cpp): started with fork and execve,
// waited for with a timeout, stopped by PID. A child gets SIGKILL when the test process dies
// first, so no ibsim or opensm outlives its test.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace ibatlas::test {

using std::chrono::milliseconds;

constexpr milliseconds kStopGrace{5000};  // SIGTERM to SIGKILL

struct Spawn {
  std::string program;  // full path
  std::vector<std::string> argv;
  std::vector<std::string> env;
  std::string cwd;
  int stdin_fd = -1;     // -1: /dev/null
  std::string out_path;  // stdout and, when err_path is empty, stderr too
  std::string err_path;
};

// The current environment with `overrides` ("NAME=value") replacing any variable of the
// same name.
std::vector<std::string> environment_with(const std::vector<std::string>& overrides);

// open(2) with O_CLOEXEC (mode 0644 when it creates); throws when it fails.
int open_or_fail(const std::string& path, int flags);

// Starts `s`; throws when a file cannot be opened or fork fails. A program that cannot be
// executed exits 127.
pid_t spawn(Spawn s);

// A waitpid status as an exit code: the code, or 128 + the signal.
int decode_status(int status);

// The exit code once `pid` has exited (reaping it), or nullopt at the timeout.
std::optional<int> wait_exit(pid_t pid, milliseconds timeout);

// SIGTERM, then SIGKILL after kStopGrace; reaps the process and returns its exit code.
int stop_process(pid_t pid) noexcept;

}  // namespace ibatlas::test
