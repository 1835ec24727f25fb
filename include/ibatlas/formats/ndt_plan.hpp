#pragma once

// Reading NVIDIA UFM's NDT cabling design files (the CSV the UFM NDT plugin compares a fabric
// with) as a cabling plan: docs/formats.md, "UFM NDT cabling plan (CSV)".
//
// An NDT names ports the way a technician reads them off the hardware, not as IB port
// numbers of nodes: `Port 21` on a switch, `Blade 16_Port 2/20` on a director (line blade
// 16, its ASIC U2, port 20 of that ASIC), and a host's port by its CA's node description
// (`SAT111092710053 ibp11s0f0`). read_ndt_plan keeps those names; ndt_cabling_plan then
// finds the nodes they denote in a fabric and makes an ordinary CablingPlan.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ibatlas/cabling_plan.hpp"
#include "ibatlas/error.hpp"
#include "ibatlas/fabric.hpp"

namespace ibatlas {

enum class NdtPortKind {
  Switch,    // "Port N": port N of the switch named by the device (or described so)
  Director,  // "Blade B_Port A/N": port N of ASIC UA on line blade LB of the director
  Host,      // "DEVICE NAME": port 1 of the CA whose node description is the whole text
};

struct NdtEnd {
  std::string device;  // StartDevice / EndDevice, as written (trimmed)
  std::string port;    // StartPort / EndPort, as written (trimmed)
  NdtPortKind kind = NdtPortKind::Switch;
  std::uint32_t blade = 0;  // Director only
  std::uint32_t asic = 0;   // Director only
  std::uint8_t number = 0;  // Switch and Director: the IB port number; Host: 1
};

struct NdtCable {
  NdtEnd start;
  NdtEnd end;
  std::size_t line = 0;  // 1-based line in the file
};

struct NdtPlan {
  std::string source;  // file name, for messages
  std::vector<NdtCable> cables;
  std::size_t skipped = 0;  // rows that plan no cable: LinkType not Data, or no EndDevice
};

// True when the first line that is neither blank nor a `#` comment holds a StartDevice
// column (`#StartDevice`, `#Fields:StartDevice` or `StartDevice`, any case), or when such a
// header is the first non-blank line.
bool looks_like_ndt_plan(std::string_view text);

// Parses an NDT: a header naming StartDevice, StartPort, EndDevice and EndPort (any order,
// other columns allowed, LinkType optional), then one row per cable. Rows whose LinkType is
// not `Data` and rows with neither EndDevice nor EndPort are counted in `skipped`. A cable
// listed twice (either way round) is one cable. Throws ParseError ("name:line: expected ...,
// found ...") on a missing column, a port in no known form (a port label like `Port 1/2`
// cannot be mapped to a port number), a port in two different cables, or no cable at all.
NdtPlan read_ndt_plan(std::string_view text, std::string_view name);

// The NDT's cables as a plan for `fabric`: each end that denotes exactly one node is named
// by that node's GUID ("0x..."), as plan_from_fabric does. Names are compared ignoring case:
//   Port N      the switch whose NDT name is the device: "MF0;NAME:MODEL/U1" is named NAME,
//               any other description is its own name; failing that, the node (switch or
//               CA) whose whole description is the device
//   Blade B_... the ASIC described "MF0;DEVICE:MODEL/LB/UA"
//   host port   the node whose description is the port text
// An end that matches no node keeps its NDT name (check_plan reports it missing); one that
// matches several nodes sharing a description is named by that description (check_plan
// reports it ambiguous). The links inside each director (line ASIC to spine ASIC), which an
// NDT never lists, are added as `fabric` has them (line 0), so check_plan does not report
// them as extra cables. Throws ParseError at the row for `Port N` of a device that is a
// director in `fabric` (the NDT does not say which line blade's ASIC is meant).
CablingPlan ndt_cabling_plan(const NdtPlan& ndt, const Fabric& fabric);

// The error for a --plan file that is no plan: neither kind of CSV nor a fabric dump. Names
// the first line that is neither blank nor a comment (or the first non-blank line).
ParseError not_a_plan_error(std::string_view text, std::string_view name);

}  // namespace ibatlas
