#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "ibatlas/exit_status.hpp"

#include "cli.hpp"

int main(int argc, char** argv) {
  int status = ibatlas::cli::run(argc, argv, std::cout, std::cerr);
  // Standard output is a file too: a full disk or a closed descriptor must not exit 0 with
  // a short snapshot behind it. (A reader that went away, EPIPE, ends the process quietly
  // through SIGPIPE, as with every other tool in a pipe.)
  errno = 0;
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || !std::cout) {
    int error = errno;
    std::cerr << "ibatlas: cannot write standard output: "
              << (error != 0 ? std::strerror(error) : "write error") << '\n';
    return ibatlas::kExitBadInput;
  }
  return status;
}
