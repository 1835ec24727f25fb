// Format detection by content, not by file name: captures arrive as `out.txt`, `topo`,
// `ib-subnet-fe80:...`. Each rule looks for a line that only one format writes; see
// docs/formats.md, "Format detection".

#include "ibatlas/formats/detect.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/ibdiagnet_csv.hpp"
#include "ibatlas/formats/ibdiagnet_net_dump.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/ibnetdiscover_ports.hpp"
#include "ibatlas/formats/subnet_lst.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// The formats one line of their own gives away (before any netfile line was seen), each
// recognized next to its reader.
std::optional<InputFormat> one_line_format(std::string_view t) {
  if (looks_like_subnet_lst_line(t)) {
    return InputFormat::SubnetLst;
  }
  if (looks_like_ibnetdiscover_ports_line(t)) {
    return InputFormat::IbnetdiscoverPorts;
  }
  if (looks_like_iblinkinfo_line(t)) {
    return InputFormat::Iblinkinfo;
  }
  if (looks_like_ibdiagnet_csv_line(t)) {
    return InputFormat::IbdiagnetCsv;
  }
  if (looks_like_ibdiagnet_net_dump_line(t)) {
    return InputFormat::IbdiagnetNetDump;
  }
  return std::nullopt;
}

}  // namespace

std::string to_string(InputFormat format) {
  switch (format) {
    case InputFormat::Ibnetdiscover:
      return "ibnetdiscover";
    case InputFormat::IbnetdiscoverPorts:
      return "ibnetdiscover-ports";
    case InputFormat::IbsimNetfile:
      return "ibsim";
    case InputFormat::SubnetLst:
      return "lst";
    case InputFormat::Iblinkinfo:
      return "iblinkinfo";
    case InputFormat::XmlSnapshot:
      return "xml";
    case InputFormat::IbndCache:
      return "ibnd-cache";
    case InputFormat::IbdiagnetCsv:
      return "ibdiagnet-csv";
    case InputFormat::IbdiagnetNetDump:
      return "ibdiagnet-net-dump";
    case InputFormat::Unknown:
      break;
  }
  return "unknown";
}

InputFormat detect_format(std::string_view text) {
  if (looks_like_ibnd_cache(text)) {
    return InputFormat::IbndCache;
  }
  text::LineReader lines(text);
  bool first = true;
  bool netfile_syntax = false;  // ibnetdiscover or ibsim; which one needs every node header
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view t = text::trim(*line);
    if (t.empty()) {
      continue;
    }
    if (first && looks_like_xml_snapshot_line(t)) {
      return InputFormat::XmlSnapshot;
    }
    first = false;
    if (std::optional<InputFormat> row = netfile_syntax ? std::nullopt : one_line_format(t)) {
      return *row;
    }
    if (looks_like_ibsim_line(t)) {
      return InputFormat::IbsimNetfile;
    }
    netfile_syntax = netfile_syntax || looks_like_ibnetdiscover_line(t);
  }
  return netfile_syntax ? InputFormat::Ibnetdiscover : InputFormat::Unknown;
}

ReadResult read_fabric(std::string_view text, std::string_view name) {
  switch (detect_format(text)) {
    case InputFormat::Ibnetdiscover:
    case InputFormat::IbsimNetfile:
      return read_ibnetdiscover(text, name);
    case InputFormat::IbnetdiscoverPorts:
      return read_ibnetdiscover_ports(text, name);
    case InputFormat::SubnetLst:
      return read_subnet_lst(text, name);
    case InputFormat::Iblinkinfo:
      return read_iblinkinfo(text, name);
    case InputFormat::XmlSnapshot:
      return read_xml_snapshot(text, name);
    case InputFormat::IbdiagnetCsv:
      return read_ibdiagnet_csv(text, name);
    case InputFormat::IbdiagnetNetDump:
      return read_ibdiagnet_net_dump(text, name);
    case InputFormat::IbndCache:
      throw ParseError(std::string(name), 1,
                       "a text format (cache files are read through libibnetdisc)",
                       "an ibnetdiscover --cache file");
    case InputFormat::Unknown:
      break;
  }
  text::LineReader lines(text);
  std::optional<std::string_view> line = lines.next();
  while (line && text::trim(*line).empty()) {
    line = lines.next();
  }
  throw ParseError(std::string(name), line ? lines.line_number() : 1,
                   "ibnetdiscover, ibnetdiscover -p, ibsim netfile, opensm-subnet.lst, "
                   "iblinkinfo or ibatlas XML",
                   line ? quote_found(*line) : std::string("an empty file"));
}

}  // namespace ibatlas
