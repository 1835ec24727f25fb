#include "support/background_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "support/temp_dir.hpp"
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ibatlas::test {
namespace {

int decode(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

BackgroundProcess::BackgroundProcess(const std::vector<std::string>& argv, const std::string& log,
                                     const std::vector<std::string>& env)
    : log_(log) {
  std::vector<std::string> storage = argv;  // copies that outlive the fork
  std::vector<char*> args;
  for (std::string& a : storage) {
    args.push_back(a.data());
  }
  args.push_back(nullptr);
  std::vector<std::string> env_storage = env;
  pid_ = ::fork();
  if (pid_ == 0) {
    int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    int in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (out < 0 || in < 0) {
      ::_exit(127);
    }
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(out, 2);
    for (std::string& e : env_storage) {
      ::putenv(e.data());
    }
    ::setpgid(0, 0);  // its own group: a Ctrl-C on the test run reaches it only through us
    ::execvp(args[0], args.data());
    std::fprintf(stderr, "exec %s: %s\n", args[0], std::strerror(errno));
    ::_exit(127);
  }
}

BackgroundProcess::~BackgroundProcess() {
  stop(SIGTERM);
}

std::string BackgroundProcess::log() const {
  return slurp(log_);
}

bool BackgroundProcess::running() {
  if (pid_ <= 0 || status_ >= 0) {
    return false;
  }
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    status_ = decode(status);
    return false;
  }
  return true;
}

bool BackgroundProcess::wait_for_log(const std::string& text, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (log().find(text) != std::string::npos) {
      return true;
    }
    if (!running()) {
      return log().find(text) != std::string::npos;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

int BackgroundProcess::stop(int signal, std::chrono::milliseconds grace) {
  if (!running()) {
    return status_;
  }
  ::kill(pid_, signal);
  auto deadline = std::chrono::steady_clock::now() + grace;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running()) {
      return status_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  status_ = decode(status);
  return status_;
}

}  // namespace ibatlas::test
