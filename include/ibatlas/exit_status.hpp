#pragma once

// The process exit statuses of every ibatlas command (docs/cli.md, `ibatlas --help`).

namespace ibatlas {

constexpr int kExitOk = 0;        // done, nothing to report at or above --fail-on
constexpr int kExitFindings = 1;  // findings at or above --fail-on (check), or differences (diff)
constexpr int kExitUsage = 2;     // bad command line
constexpr int kExitBadInput = 3;  // unreadable or malformed input, or an I/O failure
constexpr int kExitPartial = 4;   // a partial result: some nodes or ports did not answer
constexpr int kExitInternal = 5;  // a bug: an exception no layer expected ("internal error")
constexpr int kExitInterrupted = 130;  // Ctrl-C (128 + SIGINT): what was done is reported

}  // namespace ibatlas
