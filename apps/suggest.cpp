// Suggestions for mistyped names: what git and cargo do for a subcommand ("did you mean"),
// by edit distance over the names the CLI knows.

#include "suggest.hpp"

#include <algorithm>
#include <numeric>

#include <CLI/CLI.hpp>

namespace ibatlas::cli {

namespace {

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    names.push_back(sub->get_name());
  }
  return names;
}

// "--name" for every long option of `app` and of the apps above it (fallthrough: the
// global options are accepted after the subcommand).
std::vector<std::string> option_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (; app != nullptr; app = app->get_parent()) {
    for (const CLI::Option* option : app->get_options()) {
      for (const std::string& name : option->get_lnames()) {
        names.push_back("--" + name);
      }
    }
  }
  return names;
}

void write_unknown(std::string_view what, std::string_view word, std::string_view where,
                   const std::optional<std::string>& guess, std::ostream& err) {
  err << "ibatlas: unknown " << what << " '" << word << "'" << where;
  if (guess) {
    err << "; did you mean '" << *guess << "'?";
  }
  err << "\nRun with --help for the list.\n";
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // rows[i % 3][j]: the distance between a's first i and b's first j characters.
  std::vector<std::vector<std::size_t>> rows(3, std::vector<std::size_t>(b.size() + 1));
  std::iota(rows[0].begin(), rows[0].end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::vector<std::size_t>& row = rows[i % 3];
    const std::vector<std::size_t>& up = rows[(i + 2) % 3];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({up[j] + 1, row[j - 1] + 1, up[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], rows[(i + 1) % 3][j - 2] + 1);
      }
    }
  }
  return rows[a.size() % 3][b.size()];
}

std::optional<std::string> closest_name(std::string_view word,
                                        const std::vector<std::string>& names) {
  std::size_t limit = std::max<std::size_t>(word.size() <= 4 ? 1 : 2, word.size() / 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& name : names) {
    std::size_t d = edit_distance(word, name);
    if (d < best_distance) {
      best = name;
      best_distance = d;
    }
  }
  return best;
}

bool report_unknown_name(const CLI::App& app, std::ostream& err) {
  std::vector<std::string> left = app.remaining(true);
  std::vector<CLI::App*> chosen = app.get_subcommands();
  auto option = std::find_if(left.begin(), left.end(),
                             [](const std::string& s) { return s.size() > 1 && s[0] == '-'; });
  if (chosen.empty()) {
    auto word = std::find_if(left.begin(), left.end(),
                             [](const std::string& s) { return !s.empty() && s[0] != '-'; });
    if (word != left.end()) {
      write_unknown("command", *word, "", closest_name(*word, subcommand_names(app)), err);
      return true;
    }
  }
  if (option == left.end()) {
    return false;
  }
  std::string name = option->substr(0, option->find('='));
  const CLI::App* where = chosen.empty() ? &app : chosen.front();
  std::string for_command = chosen.empty() ? "" : " for '" + where->get_name() + "'";
  write_unknown("option", name, for_command, closest_name(name, option_names(where)), err);
  return true;
}

}  // namespace ibatlas::cli
