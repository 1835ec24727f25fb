#pragma once

// Input format detection from content, and the one entry point that reads any text source.

#include <string>
#include <string_view>

#include "ibatlas/formats/read_result.hpp"
#include "ibatlas/input_file.hpp"  // read_file, which every caller of read_fabric needs

namespace ibatlas {

enum class InputFormat {
  Ibnetdiscover,       // default output, -g, ibdiagnet export
  IbnetdiscoverPorts,  // ibnetdiscover -p
  IbsimNetfile,        // ibsim's dialect of the above
  SubnetLst,           // opensm-subnet.lst / ibdiagnet .lst
  Iblinkinfo,          // iblinkinfo, default layout or -l, filtered or not
  XmlSnapshot,         // ours
  IbndCache,           // ibnetdiscover --cache (binary; read through libibnetdisc)
  IbdiagnetCsv,        // ibdiagnet2.db_csv
  IbdiagnetNetDump,    // ibdiagnet2.net_dump
  Unknown,
};

// The names Provenance::format uses: "ibnetdiscover", "ibnetdiscover-ports", "ibsim", "lst",
// "iblinkinfo", "xml", "ibnd-cache", "ibdiagnet-csv", "ibdiagnet-net-dump",
// "unknown".
std::string to_string(InputFormat format);

// Looks at the first records of `text` (noise lines are allowed before them). Text in the
// ibnetdiscover syntax is IbsimNetfile when any node header is `Hca` or names a node other
// than S-/H-/R- followed by letters and digits; docs/formats.md lists every rule.
InputFormat detect_format(std::string_view text);

// Detects the format and reads. Throws ParseError for Unknown (naming the first line that
// is not noise) and for IbndCache (binary: use read_ibnd_cache from ibatlas_umad).
ReadResult read_fabric(std::string_view text, std::string_view name);

}  // namespace ibatlas
