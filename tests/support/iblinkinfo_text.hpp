#pragma once

// iblinkinfo output written the way rdma-core's infiniband-diags/iblinkinfo.c writes it
// (print_node_header and print_port, with their printf formats), for reader tests: the same
// ports in the default layout and in `-l`, filtered as --switches-only / --cas-only would.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ibatlas/fabric.hpp"

namespace ibatlas::test {

struct LinkinfoPeer {
  Guid guid = 0;  // the peer port's GUID (printed by -l only)
  Lid lid = 0;
  int port = 0;
  std::string desc;
};

// One port row. Consecutive rows of one `node` are one node's ports.
struct LinkinfoRow {
  int node = 0;
  bool is_switch = false;
  Guid guid = 0;  // the port's GUID; a switch's is its port 0's
  std::string desc;
  Lid lid = 0;  // a switch's LID (its port 0's), a CA port's own
  int port = 0;
  std::string width;  // "4X"; empty for a Down port (no width or speed printed)
  std::string speed;  // "25.78125 Gbps"
  std::string state = "Active";
  std::string phys = "LinkUp";
  std::optional<LinkinfoPeer> peer;  // absent: "[  ] """ (Down) or "Port not available"
};

enum class LinkinfoFilter { All, SwitchesOnly, CasOnly };

std::string linkinfo_default(const std::vector<LinkinfoRow>& rows,
                             LinkinfoFilter filter = LinkinfoFilter::All);
std::string linkinfo_lines(const std::vector<LinkinfoRow>& rows,
                           LinkinfoFilter filter = LinkinfoFilter::All);

// A small fabric as iblinkinfo would see it: switch "sw-a" (GUID 0x2c90200000001, LID 1)
// and "sw-b" (0x2c90200000002, LID 2) joined by a:10 <-> b:10 (4X QDR); h1 (port GUID
// 0x2c90300000011, LID 11) on a:1; dual-port h2 (0x2c90300000021 LID 21 on a:2, and
// 0x2c90300000022 LID 22 on b:1, 1X 2.5 Gbps); h3 (0x2c90300000031, LID 31) on b:2; ports
// a:3 and b:3 Down. 5 cables.
std::vector<LinkinfoRow> linkinfo_sample();

}  // namespace ibatlas::test
