// A strict reader of the subset of the text format write_prometheus writes: stricter than
// Prometheus where the writer has a rule of its own (no blank lines or free comments, HELP
// before TYPE), never laxer. It keeps no series, only the current family, so it runs in
// one pass over a file of any size.

#include <charconv>
#include <cmath>
#include <set>

#include "ibatlas/report/prometheus.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

bool name_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         (!first && c >= '0' && c <= '9');
}

class Checker {
 public:
  void line(std::string_view text, std::size_t number) {
    number_ = number;
    if (text::clean_utf8(text, text::Controls::Keep) != text) {
      problem("not UTF-8");
    } else if (text.starts_with("# HELP ")) {
      help(text.substr(7));
    } else if (text.starts_with("# TYPE ")) {
      type(text.substr(7));
    } else if (text.empty() || text.starts_with("#")) {
      problem("a blank line or a comment the writer never writes");
    } else {
      sample(text);
    }
  }

  std::vector<std::string> take() { return std::move(problems_); }

 private:
  void problem(const std::string& what) {
    problems_.push_back("line " + std::to_string(number_) + ": " + what);
  }

  void help(std::string_view rest) {
    std::string_view name = rest.substr(0, rest.find(' '));
    if (!is_prometheus_metric_name(name) || name.size() == rest.size()) {
      problem("a HELP line without a valid name and text");
    }
    if (!families_.insert(std::string(name)).second) {
      problem("a second HELP for " + std::string(name));
    }
    family_ = name;
    typed_ = false;
  }

  void type(std::string_view rest) {
    std::string expected = family_ + (family_.ends_with("_total") ? " counter" : " gauge");
    if (typed_ || rest != expected) {
      problem("expected TYPE " + expected);
    }
    typed_ = true;
  }

  void sample(std::string_view text) {
    std::size_t end = 0;
    while (end < text.size() && (name_char(text[end], end == 0) || text[end] == ':')) {
      ++end;
    }
    if (!typed_ || text.substr(0, end) != family_) {
      problem("a sample outside its family's HELP and TYPE");
      return;
    }
    std::string_view rest = text.substr(end);
    if (rest.starts_with("{") && !labels(rest)) {
      return;
    }
    double value = 0;
    if (!rest.starts_with(" ")) {
      problem("no value");
      return;
    }
    rest.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
    if (ec != std::errc() || ptr != rest.data() + rest.size() || !std::isfinite(value)) {
      problem("not a finite number: " + std::string(rest));
    }
  }

  // Consumes {name="value",...} from `rest`; false (and a problem) when malformed.
  bool labels(std::string_view& rest) {
    rest.remove_prefix(1);
    while (true) {
      std::size_t end = 0;
      while (end < rest.size() && name_char(rest[end], end == 0)) {
        ++end;
      }
      if (end == 0 || rest.substr(end, 2) != "=\"") {
        problem("a malformed label");
        return false;
      }
      rest.remove_prefix(end + 2);
      if (!label_value(rest)) {
        return false;
      }
      if (rest.starts_with("}")) {
        rest.remove_prefix(1);
        return true;
      }
      if (!rest.starts_with(",")) {
        problem("expected , or } after a label");
        return false;
      }
      rest.remove_prefix(1);
    }
  }

  // Consumes a label value and its closing quote.
  bool label_value(std::string_view& rest) {
    for (std::size_t i = 0; i < rest.size(); ++i) {
      if (rest[i] == '"') {
        rest.remove_prefix(i + 1);
        return true;
      }
      if (rest[i] == '\\') {
        if (i + 1 == rest.size() ||
            std::string_view("\\\"n").find(rest[i + 1]) == std::string_view::npos) {
          problem("an escape other than \\\\, \\\" or \\n in a label value");
          return false;
        }
        ++i;
      }
    }
    problem("a label value without its closing quote");
    return false;
  }

  std::vector<std::string> problems_;
  std::set<std::string> families_;
  std::string family_;
  bool typed_ = false;
  std::size_t number_ = 0;
};

}  // namespace

std::vector<std::string> prometheus_text_problems(std::string_view text) {
  Checker checker;
  std::size_t number = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    if (end == std::string_view::npos) {
      checker.line(text, ++number);
      std::vector<std::string> problems = checker.take();
      problems.emplace_back("the last line does not end in a line feed");
      return problems;
    }
    checker.line(text.substr(0, end), ++number);
    text.remove_prefix(end + 1);
  }
  return checker.take();
}

}  // namespace ibatlas
