#include "config.hpp"

#include <array>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/config_file.hpp"
#include "ibatlas/input_file.hpp"

namespace ibatlas::cli {

namespace {

constexpr const char* kDefaultConfig = "/etc/ibatlas/ibatlas.conf";

// The long options a key is the default of. Discover and the SOURCE commands spell the CA
// options as ibnetdiscover does (-C/--Ca, -P/--Port), agent in lower case.
struct KeyOptions {
  std::string_view key;
  std::array<std::string_view, 2> options;
};

constexpr std::array<KeyOptions, 8> kKeyOptions = {{
    {"ca", {"--Ca", "--ca"}},
    {"port", {"--Port", "--port"}},
    {"node-name-map", {"--node-name-map", ""}},
    {"threshold-file", {"--threshold-file", ""}},
    {"expect-speed", {"--expect-speed", ""}},
    {"expect-width", {"--expect-width", ""}},
    {"snapshot-dir", {"--snapshot-dir", ""}},
    {"max-input-size", {"--max-input-size", ""}},
}};

// Which file to read: the path (empty: none) and, when none, why (for -v).
struct ConfigChoice {
  std::string path;
  std::string none_because;
};

ConfigChoice choose_config(const CLI::Option& option, const std::string& given) {
  if (option.count() > 0) {
    return {given, "--config is empty"};
  }
  if (const char* env = std::getenv("IBATLAS_CONFIG"); env != nullptr) {
    return {env, "IBATLAS_CONFIG is empty"};
  }
  std::error_code ec;  // an unreadable /etc/ibatlas reads as "not present"
  if (std::filesystem::is_regular_file(kDefaultConfig, ec)) {
    return {kDefaultConfig, ""};
  }
  return {"", std::string("no ") + kDefaultConfig};
}

// The option `key` sets on `cmd`, else on the top-level `app`; nullptr when neither has one.
CLI::Option* option_for(std::string_view key, CLI::App& cmd, CLI::App& app) {
  for (const KeyOptions& k : kKeyOptions) {
    if (k.key != key) {
      continue;
    }
    for (CLI::App* where : {&cmd, &app}) {
      for (std::string_view name : k.options) {
        CLI::Option* option =
            name.empty() ? nullptr : where->get_option_no_throw(std::string(name));
        if (option != nullptr) {
          return option;
        }
      }
    }
  }
  return nullptr;
}

// What the file did, for -v.
struct Applied {
  std::vector<std::string> set;
  std::vector<std::string> on_command_line;
  std::vector<std::string> not_options;
};

void apply_setting(const ConfigSetting& s, CLI::Option& option, const std::string& file) {
  try {
    option.add_result(s.value);
    option.run_callback();  // converts, checks and stores it as a given option would be
  } catch (const CLI::Error& e) {
    throw ParseError(file, s.line,
                     s.key + ": a value " + option.get_name() + " takes (" + e.what() + ")",
                     quote_found(s.value));
  }
}

Applied apply_config(const ConfigFile& config, const std::string& file, CLI::App& cmd,
                     CLI::App& app) {
  Applied applied;
  for (const ConfigSetting& s : config.settings) {
    CLI::Option* option = option_for(s.key, cmd, app);
    if (option == nullptr) {
      applied.not_options.push_back(s.key);
    } else if (option->count() > 0) {
      applied.on_command_line.push_back(s.key);
    } else {
      apply_setting(s, *option, file);
      applied.set.push_back(s.key);
    }
  }
  return applied;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) {
    text += text.empty() ? "" : ", ";
    text += name;
  }
  return text;
}

void write_note(const std::string& file, const Applied& a, const std::string& cmd,
                std::ostream& err) {
  err << "config: read " << file << ": "
      << (a.set.empty() ? std::string("nothing applied") : "set " + joined(a.set));
  if (!a.on_command_line.empty()) {
    err << "; given on the command line: " << joined(a.on_command_line);
  }
  if (!a.not_options.empty()) {
    err << "; not options of " << cmd << ": " << joined(a.not_options);
  }
  err << '\n';
}

bool verbose(CLI::App& cmd) {
  CLI::Option* option = cmd.get_option_no_throw("--verbose");
  return option != nullptr && option->count() > 0;
}

}  // namespace

void add_config_file_option(CLI::App& app, std::ostream& err) {
  auto given = std::make_shared<std::string>();
  CLI::Option* option =
      app.add_option("--config", *given,
                     "Config file of defaults (docs/cli.md); default: $IBATLAS_CONFIG, else "
                     "/etc/ibatlas/ibatlas.conf when present; empty: none")
          ->type_name("FILE");
  app.parse_complete_callback([&app, &err, option, given] {
    std::vector<CLI::App*> chosen = app.get_subcommands();
    if (chosen.empty()) {
      return;
    }
    CLI::App& cmd = *chosen.front();
    ConfigChoice choice = choose_config(*option, *given);
    if (choice.path.empty()) {
      if (verbose(cmd)) {
        err << "config: none (" << choice.none_because << ")\n";
      }
      return;
    }
    ConfigFile config = read_config_file(read_file(choice.path), choice.path);
    Applied applied = apply_config(config, choice.path, cmd, app);
    if (verbose(cmd)) {
      write_note(choice.path, applied, cmd.get_name(), err);
    }
  });
}

}  // namespace ibatlas::cli
