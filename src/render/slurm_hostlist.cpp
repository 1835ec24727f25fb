// Slurm hostlist expressions, both ways: hostlist() compresses names for topology.conf,
// expand_hostlist() reads what a --slurm-hosts file may hold.

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "ibatlas/error.hpp"
#include "ibatlas/render/slurm.hpp"
#include "ibatlas/render/style.hpp"

namespace ibatlas {

namespace {

// A name split into its prefix and trailing number; digits == 0 when it has none.
struct Numbered {
  std::string prefix;
  std::size_t digits = 0;
  bool padded = false;  // a leading zero
};

Numbered split_number(const std::string& name) {
  std::size_t start = name.size();
  while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1]))) {
    --start;
  }
  std::size_t digits = name.size() - start;
  if (digits == 0 || digits > 18) {
    return {name, 0, false};
  }
  return {name.substr(0, start), digits, digits > 1 && name[start] == '0'};
}

// "node[0001-0003,0007]", or "node0007" for one number.
std::string bracketed(const std::string& prefix, std::size_t width,
                      const std::set<unsigned long long>& numbers) {
  auto padded = [width](unsigned long long n) {
    std::string s = std::to_string(n);
    return std::string(width > s.size() ? width - s.size() : 0, '0') + s;
  };
  if (numbers.size() == 1) {
    return prefix + padded(*numbers.begin());
  }
  std::string inside;
  for (auto it = numbers.begin(); it != numbers.end();) {
    auto last = it;
    while (std::next(last) != numbers.end() && *std::next(last) == *last + 1) {
      ++last;
    }
    inside += (inside.empty() ? "" : ",") + padded(*it) + (last == it ? "" : "-" + padded(*last));
    it = std::next(last);
  }
  return prefix + "[" + inside + "]";
}

}  // namespace

std::string hostlist(const std::vector<std::string>& names) {
  // Zero-padded numbers fix their prefix's width: "c10" joins "c01"-"c09" (width 2), while
  // without padding "n9" and "n10" share one range.
  std::set<std::pair<std::string, std::size_t>> padded;
  for (const std::string& name : names) {
    Numbered n = split_number(name);
    if (n.padded) {
      padded.insert({n.prefix, n.digits});
    }
  }
  std::map<std::pair<std::string, std::size_t>, std::set<unsigned long long>> ranges;
  std::vector<std::string> parts;
  for (const std::string& name : names) {
    Numbered n = split_number(name);
    if (n.digits == 0) {
      parts.push_back(name);
      continue;
    }
    std::size_t width = padded.contains({n.prefix, n.digits}) ? n.digits : 0;
    ranges[{n.prefix, width}].insert(std::stoull(name.substr(n.prefix.size())));
  }
  for (const auto& [key, numbers] : ranges) {
    parts.push_back(bracketed(key.first, key.second, numbers));
  }
  std::sort(parts.begin(), parts.end(),
            [](const std::string& a, const std::string& b) { return natural_less(a, b); });
  std::string joined;
  for (const std::string& p : parts) {
    joined += (joined.empty() ? "" : ",") + p;
  }
  return joined;
}

namespace {

constexpr std::size_t kMaxNames = 1000000;

// "1-3,7" inside one bracket: the numbers, each as written (width of the range's first).
std::vector<std::string> bracket_numbers(std::string_view inside, std::string_view expression) {
  std::vector<std::string> numbers;
  std::size_t start = 0;
  while (start <= inside.size()) {
    std::size_t comma = std::min(inside.find(',', start), inside.size());
    std::string_view range = inside.substr(start, comma - start);
    std::size_t dash = range.find('-');
    std::string_view lo = range.substr(0, dash);
    std::string_view hi = dash == std::string_view::npos ? lo : range.substr(dash + 1);
    auto digits = [](std::string_view d) {
      return !d.empty() && d.size() <= 18 &&
             std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!digits(lo) || !digits(hi) || std::stoull(std::string(hi)) < std::stoull(std::string(lo)) ||
        std::stoull(std::string(hi)) - std::stoull(std::string(lo)) >= kMaxNames) {
      throw Error("bad range \"" + std::string(range) + "\" in hostlist \"" +
                  std::string(expression) + "\"");
    }
    for (unsigned long long n = std::stoull(std::string(lo)); n <= std::stoull(std::string(hi));
         ++n) {
      std::string s = std::to_string(n);
      numbers.push_back(std::string(lo.size() > s.size() ? lo.size() - s.size() : 0, '0') + s);
    }
    start = comma + 1;
  }
  return numbers;
}

// One comma-free word with any number of bracket groups: "r[1-2]n[01-02]".
void expand_word(std::string_view word, std::string_view expression,
                 std::vector<std::string>& names) {
  std::size_t open = word.find('[');
  if (open == std::string_view::npos) {
    if (word.find(']') != std::string_view::npos) {
      throw Error("unbalanced ']' in hostlist \"" + std::string(expression) + "\"");
    }
    names.emplace_back(word);
    return;
  }
  std::size_t close = word.find(']', open);
  if (close == std::string_view::npos) {
    throw Error("unbalanced '[' in hostlist \"" + std::string(expression) + "\"");
  }
  std::string prefix(word.substr(0, open));
  for (const std::string& n :
       bracket_numbers(word.substr(open + 1, close - open - 1), expression)) {
    expand_word(prefix + n + std::string(word.substr(close + 1)), expression, names);
    if (names.size() > kMaxNames) {
      throw Error("hostlist \"" + std::string(expression) + "\" names too many hosts");
    }
  }
}

}  // namespace

std::vector<std::string> expand_hostlist(std::string_view expression) {
  std::vector<std::string> names;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= expression.size(); ++i) {
    char c = i < expression.size() ? expression[i] : ',';
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (depth < 0 || depth > 1 || (i == expression.size() && depth != 0)) {
      throw Error("unbalanced brackets in hostlist \"" + std::string(expression) + "\"");
    }
    if (c == ',' && depth == 0) {
      if (i > start) {
        expand_word(expression.substr(start, i - start), expression, names);
      }
      start = i + 1;
    }
  }
  return names;
}

std::set<std::string> read_slurm_hosts(std::string_view text, std::string_view file_name) {
  std::set<std::string> hosts;
  std::size_t number = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    std::string line(text.substr(start, end - start));
    start = end + 1;
    ++number;
    line = line.substr(0, line.find('#'));
    std::replace_if(
        line.begin(), line.end(),
        [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }, ' ');
    std::size_t word = line.find_first_not_of(' ');
    while (word != std::string::npos) {
      std::size_t stop = std::min(line.find(' ', word), line.size());
      std::string expression = line.substr(word, stop - word);
      try {
        for (std::string& name : expand_hostlist(expression)) {
          hosts.insert(std::move(name));
        }
      } catch (const Error&) {
        throw ParseError(std::string(file_name), number, "a host name or hostlist like node[01-10]",
                         expression);
      }
      word = line.find_first_not_of(' ', stop);
    }
  }
  return hosts;
}

}  // namespace ibatlas
