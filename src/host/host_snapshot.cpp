// Parsers of the sysfs values `ibatlas host` reads, and the bandwidth arithmetic. Formats:
// the kernel's drivers/infiniband/core/sysfs.c ("%d: %s" states, "0x%x" LIDs, "%d Gb/sec
// (%dX%s)" rates) and drivers/pci/pci-sysfs.c ("8.0 GT/s PCIe", "%u" widths), as described in
// Documentation/ABI/stable/sysfs-class-infiniband and testing/sysfs-bus-pci.

#include "ibatlas/host/host_snapshot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "text.hpp"

namespace ibatlas {

namespace {

// A decimal number with an optional fraction ("2.5", "8.0", "16") at the start of `s`;
// `s` moves past it.
std::optional<double> leading_decimal(std::string_view& s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    ++i;
  }
  if (i == 0 || i > 9) {
    return std::nullopt;
  }
  double value = static_cast<double>(*text::parse_decimal(s.substr(0, i)));
  if (i < s.size() && s[i] == '.') {
    std::size_t j = i + 1;
    double scale = 0.1;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9' && j - i <= 6) {
      value += scale * (s[j] - '0');
      scale /= 10;
      ++j;
    }
    if (j == i + 1) {
      return std::nullopt;
    }
    i = j;
  }
  s.remove_prefix(i);
  return value;
}

struct SpeedData {
  std::string_view name;
  double lane_gbps;
};

// Per-lane data rates (IBTA Vol 2: 8b/10b up to QDR, 64b/66b from FDR10; HDR and later as
// marketed data rates).
constexpr std::array<SpeedData, 9> kSpeedData = {{
    {"SDR", 2.0},
    {"DDR", 4.0},
    {"QDR", 8.0},
    {"FDR10", 10.0},
    {"FDR", 14.0625 * 64 / 66},
    {"EDR", 25.0},
    {"HDR", 50.0},
    {"NDR", 100.0},
    {"XDR", 200.0},
}};

}  // namespace

std::optional<NumberedName> parse_numbered_name(std::string_view text) {
  text = text::trim(text);
  std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> number = text::parse_decimal(text.substr(0, colon));
  if (!number || *number > 255) {
    return std::nullopt;
  }
  return NumberedName{static_cast<unsigned>(*number),
                      std::string(text::trim(text.substr(colon + 1)))};
}

std::optional<double> parse_pcie_speed(std::string_view text) {
  text = text::trim(text);
  std::optional<double> gts = leading_decimal(text);
  if (!gts || *gts <= 0 || !text::starts_with(text::trim(text), "GT/s")) {
    return std::nullopt;
  }
  return gts;
}

std::optional<unsigned> parse_pcie_width(std::string_view text) {
  text = text::trim(text);
  if (text::starts_with(text, "x")) {
    text.remove_prefix(1);
  }
  std::optional<std::uint64_t> width = text::parse_decimal(text);
  if (!width || *width == 0 || *width > 32) {
    return std::nullopt;
  }
  return static_cast<unsigned>(*width);
}

std::optional<std::vector<unsigned>> parse_cpulist(std::string_view text) {
  constexpr std::uint64_t kMaxCpu = 1 << 16;
  std::vector<unsigned> cpus;
  text = text::trim(text);
  while (!text.empty()) {
    std::size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    std::size_t dash = item.find('-');
    std::optional<std::uint64_t> first = text::parse_decimal(item.substr(0, dash));
    std::optional<std::uint64_t> last =
        dash == std::string_view::npos ? first : text::parse_decimal(item.substr(dash + 1));
    if (!first || !last || *first > *last || *last >= kMaxCpu) {
      return std::nullopt;
    }
    for (std::uint64_t cpu = *first; cpu <= *last; ++cpu) {
      cpus.push_back(static_cast<unsigned>(cpu));
    }
    if (cpus.size() > kMaxCpu) {
      return std::nullopt;
    }
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::optional<std::uint32_t> parse_sysfs_hex(std::string_view text) {
  text = text::trim(text);
  if (!text::starts_with(text, "0x") && !text::starts_with(text, "0X")) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> value = text::parse_hex(text);
  if (!value || *value > UINT32_MAX) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(*value);
}

std::optional<PortRate> parse_port_rate(std::string_view text) {
  text = text::trim(text);
  PortRate rate;
  std::optional<double> gbps = leading_decimal(text);
  text = text::trim(text);
  if (!gbps || !text::starts_with(text, "Gb/sec")) {
    return std::nullopt;
  }
  rate.gbps = *gbps;
  text = text::trim(text.substr(6));
  if (!text::starts_with(text, "(") || text.back() != ')') {
    return std::nullopt;
  }
  text = text.substr(1, text.size() - 2);  // "4X EDR"
  std::size_t x = text.find_first_of("Xx");
  std::optional<std::uint64_t> lanes = text::parse_decimal(text.substr(0, x));
  if (x == std::string_view::npos || !lanes || *lanes == 0 || *lanes > 32) {
    return std::nullopt;
  }
  rate.lanes = static_cast<unsigned>(*lanes);
  rate.speed = std::string(text::trim(text.substr(x + 1)));
  return rate;
}

double port_data_gbps(const PortRate& rate) {
  for (const SpeedData& s : kSpeedData) {
    if (s.name == rate.speed) {
      return s.lane_gbps * rate.lanes;
    }
  }
  return rate.gbps;
}

double pcie_usable_gbps(double gts, unsigned lanes) {
  double encoding = 1.0;  // 64 GT/s and later: FLIT mode, the kernel counts 1/1
  if (gts < 8.0) {
    encoding = 8.0 / 10.0;
  } else if (gts < 64.0) {
    encoding = 128.0 / 130.0;
  }
  return gts * lanes * encoding;
}

std::string pcie_generation(double gts) {
  constexpr std::array<double, 6> kSpeeds = {2.5, 5.0, 8.0, 16.0, 32.0, 64.0};
  for (std::size_t i = 0; i < kSpeeds.size(); ++i) {
    if (std::fabs(gts - kSpeeds[i]) < 0.01) {
      return "Gen" + std::to_string(i + 1);
    }
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g GT/s", gts);
  return buffer;
}

std::string cpulist_text(const std::vector<unsigned>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) {
      ++j;
    }
    if (!out.empty()) {
      out += ',';
    }
    out += std::to_string(cpus[i]);
    if (j > i) {
      out += '-' + std::to_string(cpus[j]);
    }
    i = j + 1;
  }
  return out;
}

}  // namespace ibatlas
