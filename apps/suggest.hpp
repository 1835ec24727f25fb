#pragma once

// "Did you mean ...?" for a mistyped subcommand or option.

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace ibatlas::cli {

// Edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of two
// neighbouring characters count one each (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The name in `names` closest to `word`, when it is close enough to be what was meant (at
// most a third of the word's length away, and at least 1 or 2 edits for short words); the
// first one listed on a tie.
std::optional<std::string> closest_name(std::string_view word,
                                        const std::vector<std::string>& names);

// After CLI11 refused the command line: when the first thing it did not take is an unknown
// subcommand (nothing was chosen) or an unknown option, writes "ibatlas: unknown command
// 'X'" or "ibatlas: unknown option '--x' for 'cmd'" with the closest name and returns true
// (exit 2 follows); otherwise returns false and CLI11's own message is used.
bool report_unknown_name(const CLI::App& app, std::ostream& err);

}  // namespace ibatlas::cli
