#pragma once

// A program run in the background for a test (a server: `ibatlas serve`, prometheus), its
// stdout and stderr in a log file. Stopped by its PID, never by name: the destructor sends
// SIGTERM, then SIGKILL after a grace period. Nothing here waits without a timeout.

#include <chrono>
#include <string>
#include <vector>

#include <sys/types.h>

namespace ibatlas::test {

class BackgroundProcess {
 public:
  // Starts argv[0] (a path, or a name looked up in PATH) with the environment plus `env`
  // ("NAME=value"), stdin /dev/null, stdout and stderr appended to `log`. A program that
  // cannot be started exits 127 (its log says why).
  BackgroundProcess(const std::vector<std::string>& argv, const std::string& log,
                    const std::vector<std::string>& env = {});
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;

  pid_t pid() const { return pid_; }

  std::string log() const;  // the log so far

  // Waits until the log contains `text`; false when the program exits first or at the
  // timeout.
  bool wait_for_log(const std::string& text, std::chrono::milliseconds timeout);

  bool running();

  // Sends `signal` and waits up to `grace` for the exit, then SIGKILL. Returns the exit
  // status, 128 + the signal number when a signal ended it (also when it had ended before);
  // -1 when it never started.
  int stop(int signal, std::chrono::milliseconds grace = std::chrono::milliseconds(10000));

 private:
  pid_t pid_ = -1;
  int status_ = -1;  // once reaped
  std::string log_;
};

}  // namespace ibatlas::test
