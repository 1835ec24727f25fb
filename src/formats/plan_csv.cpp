#include "ibatlas/formats/plan_csv.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <utility>

#include "ibatlas/error.hpp"

#include "formats/csv_line.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::string_view kHeader = "node,port,peer_node,peer_port";
constexpr std::string_view kHeaderWithRate = "node,port,peer_node,peer_port,width,speed";

struct Where {
  std::string_view file;
  std::size_t line;
};

[[noreturn]] void fail(const Where& at, const std::string& expected, const std::string& found) {
  throw ParseError(std::string(at.file), at.line, expected, found);
}

bool is_comment_or_blank(std::string_view line) {
  std::string_view t = text::trim(line);
  return t.empty() || t.front() == '#';
}

// Splits a CSV line into trimmed fields.
std::vector<std::string> split_fields(std::string_view line, const Where& at) {
  CsvLine csv = split_csv_line(line);
  if (!csv.ok()) {
    fail(at, csv.expected, csv.found);
  }
  return std::move(csv.fields);
}

std::string column(std::size_t index) {
  return " in column " + std::to_string(index + 1);
}

PlanEnd plan_end(const std::vector<std::string>& fields, std::size_t first, const Where& at) {
  if (fields[first].empty()) {
    fail(at, "a node name" + column(first), "an empty field");
  }
  std::optional<std::uint64_t> port = text::parse_decimal(fields[first + 1]);
  if (!port || *port < 1 || *port > 254) {
    fail(at, "a port number 1-254" + column(first + 1), quote_found(fields[first + 1]));
  }
  return PlanEnd{fields[first], static_cast<std::uint8_t>(*port), ""};
}

void read_rate(const std::vector<std::string>& fields, PlannedCable& cable, const Where& at) {
  if (!fields[4].empty()) {
    cable.width = parse_width(fields[4]);
    if (!cable.width) {
      fail(at, "a width (1x, 2x, 4x, 8x, 12x) or nothing" + column(4), quote_found(fields[4]));
    }
  }
  if (!fields[5].empty()) {
    cable.speed = parse_speed_any_case(fields[5]);
    if (!cable.speed) {
      fail(at, "a speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR) or nothing" + column(5),
           quote_found(fields[5]));
    }
  }
}

// Remembers every planned port, so that a port planned twice is an error.
class PortLedger {
 public:
  void claim(const PlanEnd& end, const Where& at) {
    auto [it, fresh] = first_line_.try_emplace(std::make_pair(end.node, end.port), at.line);
    if (!fresh) {
      fail(at, "each port planned once",
           quote_found(end.node) + " port " + std::to_string(end.port) + " again (first on line " +
               std::to_string(it->second) + ")");
    }
  }

 private:
  std::map<std::pair<std::string, std::uint8_t>, std::size_t> first_line_;
};

PlannedCable cable_line(std::string_view line, bool with_rate, const Where& at) {
  std::vector<std::string> fields = split_fields(line, at);
  std::size_t want = with_rate ? 6 : 4;
  if (fields.size() != want) {
    fail(at, std::to_string(want) + " comma-separated fields",
         std::to_string(fields.size()) + " in " + quote_found(line));
  }
  PlannedCable cable{plan_end(fields, 0, at), plan_end(fields, 2, at)};
  cable.line = at.line;
  if (cable.a.node == cable.b.node && cable.a.port == cable.b.port) {
    fail(at, "a cable between two different ports", quote_found(line));
  }
  if (with_rate) {
    read_rate(fields, cable, at);
  }
  return cable;
}

std::string header_of(std::string_view line, const Where& at) {
  std::string joined;
  for (const std::string& field : split_fields(line, at)) {
    if (!joined.empty()) {
      joined += ',';
    }
    joined += text::to_lower(field);
  }
  return joined;
}

}  // namespace

bool looks_like_plan_csv(std::string_view text) {
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    if (!is_comment_or_blank(*line)) {
      std::string_view t = text::trim(*line);
      return text::to_lower(t.substr(0, kHeader.size())) == kHeader;
    }
  }
  return false;
}

CablingPlan read_plan_csv(std::string_view text, std::string_view name) {
  CablingPlan plan{std::string(name), {}};
  text::LineReader lines(text);
  std::optional<bool> with_rate;  // set by the header
  PortLedger ledger;
  while (std::optional<std::string_view> line = lines.next()) {
    Where at{name, lines.line_number()};
    if (is_comment_or_blank(*line)) {
      continue;
    }
    if (!with_rate) {
      std::string header = header_of(*line, at);
      if (header != kHeader && header != kHeaderWithRate) {
        fail(at, "the header \"" + std::string(kHeader) + "[,width,speed]\"",
             quote_found(text::trim(*line)));
      }
      with_rate = header == kHeaderWithRate;
      continue;
    }
    PlannedCable cable = cable_line(*line, *with_rate, at);
    ledger.claim(cable.a, at);
    ledger.claim(cable.b, at);
    plan.cables.push_back(std::move(cable));
  }
  if (!with_rate) {
    fail(Where{name, lines.line_number() + 1}, "the header \"" + std::string(kHeader) + "\"",
         "end of file");
  }
  return plan;
}

}  // namespace ibatlas
