#pragma once

// Reading ibatlas' config file (/etc/ibatlas/ibatlas.conf, `--config FILE`, docs/cli.md
// "Config file"): the defaults a site sets once. One `key = value` per line, blanks around
// the `=` allowed, `#` starting a comment line (only at the start of a line: a value may
// hold a `#`), blank lines ignored. The keys are a fixed list (config_keys()); each names the
// long option it is the default of. Which commands have that option, and that the command
// line wins, is the CLI's business (apps/config.cpp): this reader only checks the file.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ibatlas {

// What a key's value must be.
enum class ConfigValue {
  Name,   // a word without blanks (a CA name: mlx5_0)
  Port,   // a port number, 0 to 255
  Path,   // an absolute path
  Speed,  // SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR or XDR (any case)
  Width,  // 1x, 2x, 4x, 8x or 12x
  Size,   // bytes: a whole number, or with KiB, MiB or GiB after it
};

struct ConfigKey {
  std::string_view name;  // `node-name-map`
  ConfigValue value;
};

// Every key the file may set, in the order docs/cli.md lists them.
std::span<const ConfigKey> config_keys();

struct ConfigSetting {
  std::string key;
  // The value as written, blanks around it removed; a Size in bytes ("4GiB": "4294967296").
  std::string value;
  std::size_t line = 0;
};

struct ConfigFile {
  std::vector<ConfigSetting> settings;  // in file order, each key at most once
};

// Throws ParseError ("name:line: expected ..., found ...") on a line that is not
// `key = value`, a key not in config_keys(), a key set twice, or a value its key does not
// take (an empty one included).
ConfigFile read_config_file(std::string_view text, std::string_view name);

}  // namespace ibatlas
