#include "ibatlas/formats/ndt_plan.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <utility>

#include "formats/csv_line.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

struct Where {
  std::string_view file;
  std::size_t line;
};

[[noreturn]] void fail(const Where& at, const std::string& expected, const std::string& found) {
  throw ParseError(std::string(at.file), at.line, expected, found);
}

bool is_blank(std::string_view line) {
  return text::trim(line).empty();
}

bool is_comment(std::string_view line) {
  std::string_view t = text::trim(line);
  return !t.empty() && t.front() == '#';
}

// A CSV line's fields, trimmed (inside quotes too).
std::vector<std::string> split_fields(std::string_view line, const Where& at) {
  CsvLine csv = split_csv_line(line);
  if (!csv.ok()) {
    fail(at, csv.expected, csv.found);
  }
  for (std::string& field : csv.fields) {
    field = std::string(text::trim(field));
  }
  return std::move(csv.fields);
}

// A header field as a column name: "#Fields:StartDevice", "#StartDevice" and
// "Start Device" are all "STARTDEVICE".
std::string column_name(std::string_view field) {
  std::string name = text::to_upper(text::trim(field));
  for (std::string_view prefix : {"#FIELDS:", "#"}) {
    if (text::starts_with(name, prefix)) {
      name.erase(0, prefix.size());
      break;
    }
  }
  std::erase_if(name, [](char c) { return c == ' ' || c == '\t'; });
  return name;
}

bool has_start_device_column(std::string_view line) {
  std::size_t at = 0;
  while (at <= line.size()) {
    std::size_t end = std::min(line.find(',', at), line.size());
    std::string_view field = line.substr(at, end - at);
    if (!field.empty() && field.front() == '"') {
      field.remove_prefix(1);
    }
    if (!field.empty() && field.back() == '"') {
      field.remove_suffix(1);
    }
    if (column_name(field) == "STARTDEVICE") {
      return true;
    }
    at = end + 1;
  }
  return false;
}

// Where the columns ibatlas reads are; kNone: absent.
struct Columns {
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t start_device = kNone;
  std::size_t start_port = kNone;
  std::size_t end_device = kNone;
  std::size_t end_port = kNone;
  std::size_t link_type = kNone;

  std::size_t needed() const {
    return std::max({start_device, start_port, end_device, end_port}) + 1;
  }
};

Columns header_columns(std::string_view line, const Where& at) {
  Columns c;
  std::vector<std::string> fields = split_fields(line, at);
  std::array<std::pair<const char*, std::size_t*>, 5> names{{
      {"StartDevice", &c.start_device},
      {"StartPort", &c.start_port},
      {"EndDevice", &c.end_device},
      {"EndPort", &c.end_port},
      {"LinkType", &c.link_type},
  }};
  for (std::size_t i = 0; i < fields.size(); ++i) {
    std::string name = column_name(fields[i]);
    for (auto& [want, slot] : names) {
      if (name == text::to_upper(want) && *slot == Columns::kNone) {
        *slot = i;
      }
    }
  }
  for (std::size_t i = 0; i + 1 < names.size(); ++i) {  // LinkType may be absent
    if (*names[i].second == Columns::kNone) {
      std::string want = names[i].first;
      fail(at,
           "an NDT header with the columns StartDevice, StartPort, EndDevice and EndPort "
           "(column " +
               want + " is missing)",
           quote_found(text::trim(line)));
    }
  }
  return c;
}

std::optional<std::uint64_t> number_in(std::string_view s, std::uint64_t low, std::uint64_t high) {
  std::optional<std::uint64_t> n = text::parse_decimal(text::trim(s));
  if (!n || *n < low || *n > high) {
    return std::nullopt;
  }
  return n;
}

constexpr const char* kPortForms =
    "a port `Port N` (N 1-254), a director port `Blade B_Port A/N` or a host port "
    "`DEVICE NAME`";

// "16_Port 2/20" after "Blade": line blade 16, ASIC 2, port 20.
bool read_blade(std::string_view rest, NdtEnd& end) {
  std::string upper = text::to_upper(rest);
  std::size_t under = upper.find("_PORT");
  std::size_t slash = upper.find('/');
  if (under == std::string::npos || slash == std::string::npos || slash < under) {
    return false;
  }
  std::optional<std::uint64_t> blade = number_in(rest.substr(0, under), 0, 9999);
  std::optional<std::uint64_t> asic = number_in(rest.substr(under + 5, slash - under - 5), 0, 9999);
  std::optional<std::uint64_t> port = number_in(rest.substr(slash + 1), 1, 254);
  if (!blade || !asic || !port) {
    return false;
  }
  end.kind = NdtPortKind::Director;
  end.blade = static_cast<std::uint32_t>(*blade);
  end.asic = static_cast<std::uint32_t>(*asic);
  end.number = static_cast<std::uint8_t>(*port);
  return true;
}

NdtEnd read_end(const std::string& device, const std::string& port, const Where& at,
                const char* side) {
  NdtEnd end{device, port};
  std::string upper = text::to_upper(port);
  std::string device_prefix = text::to_upper(device) + " ";
  if (upper.size() > device_prefix.size() && text::starts_with(upper, device_prefix)) {
    end.kind = NdtPortKind::Host;
    end.number = 1;
    return end;
  }
  if (text::starts_with(upper, "PORT ")) {
    std::string_view number = text::trim(std::string_view(port).substr(5));
    if (std::optional<std::uint64_t> n = number_in(number, 1, 254)) {
      end.number = static_cast<std::uint8_t>(*n);
      return end;
    }
    if (number.find('/') != std::string_view::npos) {
      fail(at, std::string(kPortForms) + " in " + side,
           quote_found(port) + " (a port label: ibatlas cannot map labels to port numbers)");
    }
  } else if (text::starts_with(upper, "BLADE") &&
             read_blade(std::string_view(port).substr(5), end)) {
    return end;
  }
  fail(at, std::string(kPortForms) + " in " + side, quote_found(port));
}

// Remembers each port's cable, so that a cable listed both ways round is one cable and a
// port in two cables is an error.
class PortLedger {
 public:
  // False when the cable was seen before (either way round).
  bool claim(const NdtCable& cable, const Where& at) {
    std::string a = key(cable.start);
    std::string b = key(cable.end);
    if (a == b) {
      fail(at, "a cable between two different ports",
           quote_found(cable.start.device + " " + cable.start.port) + " at both ends");
    }
    auto seen_a = cable_of_.find(a);
    if (seen_a != cable_of_.end() && seen_a->second.first == b) {
      return false;
    }
    check_free(seen_a, cable.start, at);
    check_free(cable_of_.find(b), cable.end, at);
    cable_of_.emplace(a, std::make_pair(b, at.line));
    cable_of_.emplace(b, std::make_pair(a, at.line));
    return true;
  }

 private:
  using Map = std::map<std::string, std::pair<std::string, std::size_t>>;

  static std::string key(const NdtEnd& end) {
    std::string port = end.kind == NdtPortKind::Host ? "H" + text::to_upper(end.port)
                       : end.kind == NdtPortKind::Director
                           ? "B" + std::to_string(end.blade) + "/" + std::to_string(end.asic) +
                                 "/" + std::to_string(end.number)
                           : "P" + std::to_string(end.number);
    return text::to_upper(end.device) + '\n' + port;
  }

  void check_free(Map::const_iterator seen, const NdtEnd& end, const Where& at) const {
    if (seen != cable_of_.end()) {
      fail(at, "each port in one cable",
           quote_found(end.device + " " + end.port) + " again (first on line " +
               std::to_string(seen->second.second) + ")");
    }
  }

  Map cable_of_;
};

const std::string& field_at(const std::vector<std::string>& fields, std::size_t i) {
  static const std::string empty;
  return i < fields.size() ? fields[i] : empty;
}

// One row: a cable, or nullopt for a row that plans none.
std::optional<NdtCable> read_row(std::string_view line, const Columns& c, const Where& at) {
  std::vector<std::string> fields = split_fields(line, at);
  if (fields.size() < c.needed()) {
    fail(at, "at least " + std::to_string(c.needed()) + " comma-separated fields",
         std::to_string(fields.size()) + " in " + quote_found(line));
  }
  const std::string& link_type = field_at(fields, c.link_type);
  if (!link_type.empty() && text::to_upper(link_type) != "DATA") {
    return std::nullopt;
  }
  const std::string& end_device = fields[c.end_device];
  const std::string& end_port = fields[c.end_port];
  if (end_device.empty() && end_port.empty()) {
    return std::nullopt;  // a port with no cable (a boundary or disabled port)
  }
  for (std::size_t i : {c.start_device, c.end_device}) {
    if (fields[i].empty()) {
      fail(at, "a device name in column " + std::to_string(i + 1), "an empty field");
    }
  }
  return NdtCable{read_end(fields[c.start_device], fields[c.start_port], at, "StartPort"),
                  read_end(end_device, end_port, at, "EndPort"), at.line};
}

}  // namespace

bool looks_like_ndt_plan(std::string_view text) {
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    if (is_blank(*line)) {
      continue;
    }
    if (has_start_device_column(*line)) {
      return true;
    }
    if (!is_comment(*line)) {
      return false;
    }
  }
  return false;
}

NdtPlan read_ndt_plan(std::string_view text, std::string_view name) {
  NdtPlan plan{std::string(name), {}, 0};
  text::LineReader lines(text);
  std::optional<Columns> columns;  // set by the header
  PortLedger ledger;
  while (std::optional<std::string_view> line = lines.next()) {
    Where at{name, lines.line_number()};
    if (is_blank(*line)) {
      continue;
    }
    if (!columns) {
      if (has_start_device_column(*line)) {
        columns = header_columns(*line, at);
      } else if (!is_comment(*line)) {
        fail(at, "an NDT header `#StartDevice,StartPort,EndDevice,EndPort,LinkType`",
             quote_found(text::trim(*line)));
      }
      continue;
    }
    if (is_comment(*line)) {
      continue;
    }
    std::optional<NdtCable> cable = read_row(*line, *columns, at);
    if (!cable) {
      ++plan.skipped;
    } else if (ledger.claim(*cable, at)) {
      plan.cables.push_back(std::move(*cable));
    }
  }
  if (plan.cables.empty()) {
    Where end{name, lines.line_number() + 1};
    if (!columns) {
      fail(end, "an NDT header `#StartDevice,StartPort,EndDevice,EndPort,LinkType`", "end of file");
    }
    fail(end, "at least one cable (a row of LinkType Data)",
         "none (" + std::to_string(plan.skipped) + " rows skipped)");
  }
  return plan;
}

}  // namespace ibatlas
