// Strict on purpose: the file sets defaults for every run on a host, so a typo in a key or a
// value must stop the run (exit 3) rather than silently leave the built-in default.

#include "ibatlas/formats/config_file.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::array<ConfigKey, 8> kKeys = {{
    {"ca", ConfigValue::Name},
    {"port", ConfigValue::Port},
    {"node-name-map", ConfigValue::Path},
    {"threshold-file", ConfigValue::Path},
    {"expect-speed", ConfigValue::Speed},
    {"expect-width", ConfigValue::Width},
    {"snapshot-dir", ConfigValue::Path},
    {"max-input-size", ConfigValue::Size},
}};

constexpr std::string_view kBlanks = " \t";

const ConfigKey* find_key(std::string_view name) {
  for (const ConfigKey& key : kKeys) {
    if (key.name == name) {
      return &key;
    }
  }
  return nullptr;
}

std::string key_names() {
  std::string names;
  for (const ConfigKey& key : kKeys) {
    if (!names.empty()) {
      names += key.name == kKeys.back().name ? " or " : ", ";
    }
    names += key.name;
  }
  return names;
}

std::string_view expected_value(ConfigValue kind) {
  switch (kind) {
    case ConfigValue::Name:
      return "a CA name without blanks (mlx5_0)";
    case ConfigValue::Port:
      return "a port number from 0 to 255";
    case ConfigValue::Path:
      return "an absolute path (starting with /)";
    case ConfigValue::Speed:
      return "SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR or XDR";
    case ConfigValue::Width:
      return "1x, 2x, 4x, 8x or 12x";
    case ConfigValue::Size:
      return "a size in bytes (a whole number, or with KiB, MiB or GiB: 4GiB)";
  }
  return "a value";
}

// "4GiB" as 4294967296; nullopt when not a size or too large.
std::optional<std::uint64_t> parse_size(std::string_view text) {
  constexpr std::array<std::pair<std::string_view, unsigned>, 3> kUnits = {
      {{"KiB", 10}, {"MiB", 20}, {"GiB", 30}}};
  unsigned shift = 0;
  for (const auto& [unit, bits] : kUnits) {
    if (text.size() > unit.size() && text.ends_with(unit)) {
      text.remove_suffix(unit.size());
      shift = bits;
      break;
    }
  }
  std::optional<std::uint64_t> number = text::parse_decimal(text);
  if (!number || *number > (std::numeric_limits<std::uint64_t>::max() >> shift)) {
    return std::nullopt;
  }
  return *number << shift;
}

// The value as the setting keeps it, or nullopt when `kind` does not take it.
std::optional<std::string> checked_value(ConfigValue kind, std::string_view value) {
  bool good = false;
  switch (kind) {
    case ConfigValue::Name:
      good =
          value.find_first_of(kBlanks) == std::string_view::npos && text::printable(value) == value;
      break;
    case ConfigValue::Port: {
      std::optional<std::uint64_t> port = text::parse_decimal(value);
      good = port && *port <= 255;
      break;
    }
    case ConfigValue::Path:
      good = value.starts_with('/');
      break;
    case ConfigValue::Speed:
      good = parse_speed_any_case(value).has_value();
      break;
    case ConfigValue::Width:
      good = parse_width(value).has_value();
      break;
    case ConfigValue::Size: {
      std::optional<std::uint64_t> bytes = parse_size(value);
      return bytes ? std::optional<std::string>(std::to_string(*bytes)) : std::nullopt;
    }
  }
  return good && !value.empty() ? std::optional<std::string>(value) : std::nullopt;
}

}  // namespace

std::span<const ConfigKey> config_keys() {
  return kKeys;
}

ConfigFile read_config_file(std::string_view text, std::string_view name) {
  ConfigFile file;
  text::LineReader lines(text);
  const std::string file_name(name);
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view rest = text::trim(*line);
    if (rest.empty() || rest.front() == '#') {
      continue;
    }
    std::size_t equals = rest.find('=');
    if (equals == std::string_view::npos) {
      throw ParseError(file_name, lines.line_number(), "key = value (node-name-map = /etc/...)",
                       quote_found(rest));
    }
    std::string_view key_text = text::trim(rest.substr(0, equals));
    std::string_view value = text::trim(rest.substr(equals + 1));
    const ConfigKey* key = find_key(key_text);
    if (key == nullptr) {
      throw ParseError(file_name, lines.line_number(), "a key: " + key_names(),
                       quote_found(key_text));
    }
    for (const ConfigSetting& earlier : file.settings) {
      if (earlier.key == key->name) {
        throw ParseError(
            file_name, lines.line_number(),
            "each key once (line " + std::to_string(earlier.line) + " set " + earlier.key + ")",
            quote_found(key_text) + " again");
      }
    }
    std::optional<std::string> checked = checked_value(key->value, value);
    if (!checked) {
      throw ParseError(file_name, lines.line_number(),
                       std::string(key->name) + ": " + std::string(expected_value(key->value)),
                       quote_found(value));
    }
    file.settings.push_back({std::string(key->name), std::move(*checked), lines.line_number()});
  }
  return file;
}

}  // namespace ibatlas
