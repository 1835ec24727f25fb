#pragma once

// One log shared by the agent's threads (or the controller's): each call writes one whole
// line under a lock, so lines from two sessions never interleave. A null stream logs nothing.

#include <mutex>
#include <ostream>
#include <string>

namespace ibatlas::net {

class LineLog {
 public:
  LineLog(std::ostream* out, std::string prefix) : out_(out), prefix_(std::move(prefix)) {}

  void line(const std::string& text) const {
    if (out_ == nullptr) {
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    *out_ << prefix_ << text << '\n' << std::flush;
  }

 private:
  std::ostream* out_;
  std::string prefix_;
  mutable std::mutex mutex_;
};

}  // namespace ibatlas::net
