#include "ibatlas/probe/hosts_file.hpp"

#include <optional>
#include <set>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

constexpr std::string_view kShape = "NODE ADDRESS:PORT [DATA_ADDRESS]";

struct Where {
  const std::string& file;
  std::size_t line;
};

[[noreturn]] void fail(const Where& at, const std::string& expected, std::string_view found) {
  throw ParseError(at.file, at.line, expected, quote_found(found));
}

// The next field: a "..." string (no escapes: a description holding '"' is named by its
// GUID) or a token.
std::string next_field(std::string_view& rest, const Where& at) {
  rest = text::trim(rest);
  if (!text::starts_with(rest, "\"")) {
    return std::string(text::next_token(rest));
  }
  std::size_t end = rest.find('"', 1);
  if (end == std::string_view::npos) {
    fail(at, "a closing '\"'", rest);
  }
  std::string field(rest.substr(1, end - 1));
  rest.remove_prefix(end + 1);
  return field;
}

// A host name, an IPv4 or an IPv6 address (with a %zone): the socket layer decides whether
// it resolves; this keeps junk out of messages and connections.
bool plain_address(std::string_view s) {
  if (s.empty()) {
    return false;
  }
  for (char c : s) {
    bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              c == '.' || c == '-' || c == '_' || c == ':' || c == '%';
    if (!ok) {
      return false;
    }
  }
  return true;
}

// The address part of "10.0.0.5:7000" or "[fe80::1]:7000", or nullopt.
std::optional<std::string> control_address(std::string_view s) {
  std::size_t colon = s.rfind(':');
  if (colon == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view host = s.substr(0, colon);
  std::optional<std::uint64_t> port = text::parse_decimal(s.substr(colon + 1));
  if (!port || *port == 0 || *port > 65535) {
    return std::nullopt;
  }
  if (text::starts_with(host, "[") && host.size() > 2 && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  } else if (host.find(':') != std::string_view::npos) {
    return std::nullopt;  // IPv6 without brackets: which colon ends the address?
  }
  if (!plain_address(host)) {
    return std::nullopt;
  }
  return std::string(host);
}

// A '#' starts a comment outside "...".
std::string_view strip_comment(std::string_view line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') {
      quoted = !quoted;
    } else if (line[i] == '#' && !quoted) {
      return line.substr(0, i);
    }
  }
  return line;
}

HostEntry parse_line(std::string_view line, const Where& at) {
  std::string_view rest = line;
  std::string node = next_field(rest, at);
  if (node.empty()) {
    fail(at, std::string(kShape), line);
  }
  std::string_view control = text::next_trimmed_token(rest);
  std::optional<std::string> address = control_address(control);
  if (!address) {
    fail(at, "ADDRESS:PORT after the node (port 1-65535)", control);
  }
  HostEntry entry{node, std::string(control), *address, at.line};
  std::string_view data = text::next_trimmed_token(rest);
  if (!data.empty()) {
    if (!plain_address(data)) {
      fail(at, "a data address", data);
    }
    entry.data = std::string(data);
  }
  std::string_view extra = text::trim(rest);
  if (!extra.empty()) {
    fail(at, "the end of the line after " + std::string(kShape), extra);
  }
  return entry;
}

}  // namespace

std::vector<HostEntry> read_hosts_file(std::string_view text, const std::string& file) {
  std::vector<HostEntry> hosts;
  std::set<std::string> seen;
  text::LineReader lines(text);
  while (std::optional<std::string_view> line = lines.next()) {
    std::string_view content = text::trim(strip_comment(*line));
    if (content.empty()) {
      continue;
    }
    Where at{file, lines.line_number()};
    HostEntry entry = parse_line(content, at);
    if (!seen.insert(entry.node).second) {
      fail(at, "each node once", entry.node);
    }
    hosts.push_back(std::move(entry));
  }
  return hosts;
}

}  // namespace ibatlas
