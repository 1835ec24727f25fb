// --width, --color, COLUMNS, NO_COLOR and the terminal: the style of every text report.

#include <cstdlib>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include <sys/ioctl.h>
#include <unistd.h>

namespace ibatlas::cli {

namespace {

struct Settings {
  std::string colour = "auto";
  std::size_t width = 0;
  bool width_given = false;
};

Settings& settings() {
  static Settings s;
  return s;
}

constexpr std::size_t kUnknownTerminalWidth = 80;

bool on_terminal(const std::ostream& out) {
  return &out == &std::cout && isatty(STDOUT_FILENO) == 1;
}

// COLUMNS as a positive number, or 0.
std::size_t columns_variable() {
  const char* value = std::getenv("COLUMNS");
  if (value == nullptr || *value == '\0') {
    return 0;
  }
  char* end = nullptr;
  unsigned long columns = std::strtoul(value, &end, 10);
  return *end == '\0' && *value != '-' ? columns : 0;
}

std::size_t terminal_width() {
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  return kUnknownTerminalWidth;
}

}  // namespace

void add_text_style_options(CLI::App& app) {
  settings() = Settings{};
  app.add_option("--color", settings().colour,
                 "Colour in text output: auto (on a terminal, unless NO_COLOR is set), "
                 "always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->default_str("auto");
  app.add_option("--width", settings().width,
                 "Fit text tables into this many columns (0: no limit). Default: COLUMNS, "
                 "else the terminal's width, else no limit when piped")
      ->each([](const std::string&) { settings().width_given = true; });
}

TextStyle text_style(const std::ostream& out) {
  const Settings& s = settings();
  TextStyle style;
  if (s.width_given) {
    style.width = s.width;
  } else if (std::size_t columns = columns_variable(); columns != 0) {
    style.width = columns;
  } else if (on_terminal(out)) {
    style.width = terminal_width();
  }
  if (s.colour == "always") {
    style.colour = true;
  } else if (s.colour == "auto") {
    const char* no_colour = std::getenv("NO_COLOR");
    style.colour = on_terminal(out) && (no_colour == nullptr || *no_colour == '\0');
  }
  return style;
}

}  // namespace ibatlas::cli
