#pragma once

// The HOSTS file of `ibatlas probe` (docs/probe.md, "Hosts"): where each host's agent
// listens. One host per line:
//
//   NODE  CONTROL_ADDRESS:PORT  [DATA_ADDRESS]   [# comment]
//
// NODE is what names a node on every command line (a description, a node or port GUID, a
// LID; "..." when it holds blanks); CONTROL is the agent's `--listen` address (IPv6 in
// brackets: [fe80::1]:7000); DATA is the address probes are sent to (its IPoIB address;
// default: CONTROL's address). Blank lines and lines starting with '#' are skipped.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ibatlas {

struct HostEntry {
  std::string node;
  std::string control;  // "10.0.0.5:7000", "[fe80::1]:7000"
  std::string data;     // "10.0.0.5", "fe80::1"
  std::size_t line = 0;
};

// Throws ParseError ("file:line: expected ..., found ...") for a malformed line, and for a
// NODE given twice.
std::vector<HostEntry> read_hosts_file(std::string_view text, const std::string& file);

}  // namespace ibatlas
