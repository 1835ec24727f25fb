// Format detection by content, not by file name: captures arrive as `out.txt`, `topo`,
// `ib-subnet-fe80:...`. Each rule looks for a line that only one format writes; see
// docs/formats.md, "Format detection".

#include "ibatlas/formats/detect.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/iblinkinfo.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/formats/ibnetdiscover.hpp"
#include "ibatlas/formats/ibnetdiscover_ports.hpp"
#include "ibatlas/formats/subnet_lst.hpp"
#include "ibatlas/formats/xml_snapshot.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using text::next_token;

// True when `s` is not empty and every character passes `pred` (a <cctype> classifier).
template <typename Pred>
bool all_of(std::string_view s, Pred pred) {
  for (char c : s) {
    if (pred(static_cast<unsigned char>(c)) == 0) {
      return false;
    }
  }
  return !s.empty();
}

int is_digit(unsigned char c) {
  return std::isdigit(c);
}

int is_xdigit(unsigned char c) {
  return std::isxdigit(c);
}

int is_alnum(unsigned char c) {
  return std::isalnum(c);
}

// `SW  1719 10 0x7cfe9003009ce5b0 ...`: a type, two decimals and a 0x GUID.
bool is_ports_row(std::string_view line) {
  std::string_view type = next_token(line);
  if (type != "SW" && type != "CA" && type != "RT") {
    return false;
  }
  std::string_view lid = next_token(line);
  std::string_view port = next_token(line);
  std::string_view guid = next_token(line);
  return all_of(lid, is_digit) && all_of(port, is_digit) && text::starts_with(guid, "0x") &&
         all_of(guid.substr(2), is_xdigit);
}

// `{ SW Ports:25 ...` or `{ CA-SM Ports:01 ...`.
bool is_lst_row(std::string_view line) {
  if (!text::starts_with(line, "{ ")) {
    return false;
  }
  line.remove_prefix(2);
  std::string_view type = next_token(line);
  type = type.substr(0, type.find('-'));
  return (type == "SW" || type == "CA" || type == "Rt") &&
         text::starts_with(text::trim(line), "Ports:");
}

// `Switch: 0x<guid> <desc>:`, `CA: <desc>:`, `Router: <desc>:`.
bool is_linkinfo_header(std::string_view line) {
  if (line.empty() || line.back() != ':') {
    return false;
  }
  return text::starts_with(line, "Switch: 0x") || text::starts_with(line, "CA: ") ||
         text::starts_with(line, "Router: ");
}

// A node header in ibnetdiscover syntax, `Switch 36 "S-<guid>"` (tabs may be missing). Returns
// nullopt for other lines, true when it is ibsim's dialect (`Hca`, or a name that is not
// S-/H-/R- followed by letters and digits), false otherwise. Letters, not only hex digits,
// so that a hand-mangled GUID (`H-b8cef60300xxxxxx`) still reaches the ibnetdiscover checks.
std::optional<bool> netfile_header(std::string_view line) {
  std::size_t word_end = 0;
  while (word_end < line.size() && std::isalpha(static_cast<unsigned char>(line[word_end]))) {
    ++word_end;
  }
  std::string_view word = line.substr(0, word_end);
  if (word != "Switch" && word != "Ca" && word != "Hca" && word != "Rt") {
    return std::nullopt;
  }
  std::string_view rest = line.substr(word_end);
  rest = rest.substr(std::min(rest.size(), rest.find_first_not_of(" \t")));
  std::size_t digits_end = rest.find_first_not_of("0123456789");
  if (digits_end == 0 || digits_end == std::string_view::npos) {
    return std::nullopt;
  }
  rest = text::trim(rest.substr(digits_end));
  std::size_t close = rest.find('"', 1);
  if (rest.empty() || rest.front() != '"' || close == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view name = rest.substr(1, close - 1);
  bool guid_name = name.size() > 2 && name[1] == '-' &&
                   (name[0] == 'S' || name[0] == 'H' || name[0] == 'R') &&
                   all_of(name.substr(2), is_alnum);
  return word == "Hca" || !guid_name;
}

bool is_ibnetdiscover_keyword(std::string_view line) {
  for (std::string_view key :
       {"vendid=", "devid=", "sysimgguid=", "switchguid=", "caguid=", "rtguid="}) {
    if (text::starts_with(line, key)) {
      return true;
    }
  }
  return false;
}

// The formats one line of their own gives away (before any netfile keyword was seen).
std::optional<InputFormat> one_line_format(std::string_view t) {
  if (is_lst_row(t)) {
    return InputFormat::SubnetLst;
  }
  if (is_ports_row(t)) {
    return InputFormat::IbnetdiscoverPorts;
  }
  if (is_linkinfo_header(t)) {
    return InputFormat::Iblinkinfo;
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
    if (first && (text::starts_with(t, "<?xml") || text::starts_with(t, "<ibatlas-snapshot"))) {
      return InputFormat::XmlSnapshot;
    }
    first = false;
    if (std::optional<InputFormat> row = netfile_syntax ? std::nullopt : one_line_format(t)) {
      return *row;
    }
    if (std::optional<bool> ibsim = netfile_header(t)) {
      if (*ibsim) {
        return InputFormat::IbsimNetfile;
      }
      netfile_syntax = true;
    } else if (is_ibnetdiscover_keyword(t)) {
      netfile_syntax = true;
    }
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

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error("cannot open " + path + ": " + std::strerror(errno));
  }
  // One allocation of the file's size and one read: a stringstream would grow by doubling and
  // copy the whole text again at the end (a third of `show`'s time on a 6 MB snapshot).
  std::string bytes;
  if (in.seekg(0, std::ios::end)) {
    std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size > 0) {
      bytes.resize(static_cast<std::size_t>(size));
      in.read(bytes.data(), size);
      bytes.resize(static_cast<std::size_t>(in.gcount()));
    }
  }
  // Pipes and /proc files have no size: read what is left, whatever it is.
  in.clear();
  std::ostringstream rest;
  rest << in.rdbuf();
  if (in.bad()) {
    throw Error("cannot read " + path + ": " + std::strerror(errno));
  }
  bytes += std::move(rest).str();
  return bytes;
}

}  // namespace ibatlas
