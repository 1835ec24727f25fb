// The format is what ibqueryerrors' set_thresholds() reads (rdma-core
// infiniband-diags/ibqueryerrors.c): `Name=value` per line, the names libibmad gives the
// PortCounters(Extended) fields, values as strtoul(.., 0). ibqueryerrors ignores an unknown
// name and reads a bad value as 0; here both are errors, so a typo cannot silence a check.

#include "ibatlas/formats/error_thresholds.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "ibatlas/error.hpp"
#include "ibatlas/findings/error_counters.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// Fields ibqueryerrors accepts in the file that no ibatlas check reads.
constexpr std::array<std::string_view, 2> kUnchecked = {"PortXmitWait", "QP1Dropped"};

constexpr std::string_view kExpectedLine = "Name=value (SymbolErrorCounter=10)";

const CounterInfo* find_counter(std::string_view name) {
  for (const CounterInfo& c : error_counters()) {
    if (c.name == name) {
      return &c;
    }
  }
  return nullptr;
}

std::string known_names() {
  std::string names;
  for (const CounterInfo& c : error_counters()) {
    names += c.name;
    names += ", ";
  }
  names += "PortXmitWait or QP1Dropped";
  return names;
}

}  // namespace

ThresholdFile read_error_thresholds(std::string_view text, std::string_view name,
                                    const CounterThresholds& base) {
  ThresholdFile file{.thresholds = base};
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view rest = text::trim(*line);
    if (rest.empty() || rest.front() == '#') {
      continue;
    }
    std::size_t equals = rest.find('=');
    if (equals == std::string_view::npos) {
      throw ParseError(std::string(name), lines.line_number(), std::string(kExpectedLine),
                       quote_found(rest));
    }
    std::string_view counter = text::trim(rest.substr(0, equals));
    std::string_view value = rest.substr(equals + 1);
    value = text::trim(value.substr(0, value.find('#')));  // `=10 # note`: strtoul stops too
    const CounterInfo* info = find_counter(counter);
    bool unchecked = std::find(kUnchecked.begin(), kUnchecked.end(), counter) != kUnchecked.end();
    if (info == nullptr && !unchecked) {
      throw ParseError(std::string(name), lines.line_number(), "a counter name: " + known_names(),
                       quote_found(counter));
    }
    std::optional<std::uint64_t> number = text::parse_c_number(value);
    if (!number) {
      throw ParseError(std::string(name), lines.line_number(),
                       "a count (decimal, 0x hex or 0-led octal)", quote_found(value));
    }
    if (info == nullptr) {
      file.unchecked.emplace_back(counter);
      continue;
    }
    file.thresholds.*info->threshold = *number;
    file.set.emplace_back(counter);
  }
  return file;
}

}  // namespace ibatlas
