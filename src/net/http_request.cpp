// Strict where being lenient could confuse a proxy (folded lines, whitespace before a
// colon, two Host fields: RFC 9112 sections 3.2, 5.1 and 5.2 say reject), lenient where
// RFC 9112 allows it (bare LF line ends).

#include "net/http_request.hpp"

#include <cctype>

namespace ibatlas::net {
namespace {

// tchar of RFC 9110 5.6.2: what a method and a field name are made of.
bool is_token_char(char c) {
  static constexpr std::string_view kExtra = "!#$%&'*+-.^_`|~";
  auto u = static_cast<unsigned char>(c);
  return std::isalnum(u) != 0 || kExtra.find(c) != std::string_view::npos;
}

bool is_token(std::string_view text) {
  if (text.empty()) {
    return false;
  }
  for (char c : text) {
    if (!is_token_char(c)) {
      return false;
    }
  }
  return true;
}

// Visible ASCII and bytes >= 0x80 (obs-text); no space, no control character.
bool is_target(std::string_view text) {
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f) {
      return false;
    }
  }
  return !text.empty();
}

bool is_field_value(std::string_view text) {
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t') || u == 0x7f) {
      return false;
    }
  }
  return true;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// The next line of `rest` without its CR LF (or LF), and `rest` moved past it.
std::string_view next_line(std::string_view& rest) {
  std::size_t lf = rest.find('\n');
  std::string_view line = rest.substr(0, lf);
  rest.remove_prefix(lf == std::string_view::npos ? rest.size() : lf + 1);
  if (!line.empty() && line.back() == '\r') {
    line.remove_suffix(1);
  }
  return line;
}

HttpRequestHead bad(HttpRequestHead head, int status, std::string why) {
  head.status = status;
  head.why = std::move(why);
  return head;
}

// "METHOD SP TARGET SP HTTP/x.y", exactly one space each.
HttpRequestHead parse_request_line(std::string_view line, std::string& version) {
  HttpRequestHead head;
  std::size_t first = line.find(' ');
  std::size_t second = first == std::string_view::npos ? first : line.find(' ', first + 1);
  if (second == std::string_view::npos || line.find(' ', second + 1) != std::string_view::npos) {
    return bad(head, 400, "the request line is not METHOD TARGET VERSION");
  }
  std::string_view method = line.substr(0, first);
  std::string_view target = line.substr(first + 1, second - first - 1);
  version = std::string(line.substr(second + 1));
  if (!is_token(method) || !is_target(target)) {
    return bad(head, 400, "malformed method or target");
  }
  head.method = std::string(method);
  head.target = std::string(target);
  bool digits = version.size() == 8 && std::isdigit(static_cast<unsigned char>(version[5])) &&
                version[6] == '.' && std::isdigit(static_cast<unsigned char>(version[7]));
  if (version.rfind("HTTP/", 0) != 0 || !digits) {
    return bad(head, 400, "malformed HTTP version");
  }
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    return bad(head, 505, "HTTP version " + version.substr(5) + " is not served");
  }
  return head;
}

}  // namespace

std::size_t http_head_end(std::string_view bytes) {
  for (std::size_t lf = bytes.find('\n'); lf != std::string_view::npos;
       lf = bytes.find('\n', lf + 1)) {
    if (lf + 1 < bytes.size() && bytes[lf + 1] == '\n') {
      return lf + 2;
    }
    if (lf + 2 < bytes.size() && bytes[lf + 1] == '\r' && bytes[lf + 2] == '\n') {
      return lf + 3;
    }
  }
  return std::string_view::npos;
}

HttpRequestHead parse_http_request(std::string_view bytes) {
  std::string_view rest = bytes;
  std::string version;
  HttpRequestHead head = parse_request_line(next_line(rest), version);
  if (head.status != 0) {
    return head;
  }
  int hosts = 0;
  for (std::string_view line = next_line(rest); !line.empty(); line = next_line(rest)) {
    if (line.front() == ' ' || line.front() == '\t') {
      return bad(head, 400, "a folded header line");
    }
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || !is_token(line.substr(0, colon))) {
      return bad(head, 400, "a malformed header line");
    }
    if (!is_field_value(line.substr(colon + 1))) {
      return bad(head, 400, "a control character in a header value");
    }
    hosts += iequals(line.substr(0, colon), "host") ? 1 : 0;
  }
  if (version == "HTTP/1.1" && hosts != 1) {
    return bad(head, 400, hosts == 0 ? "no Host header" : "more than one Host header");
  }
  if (head.method != "GET" && head.method != "HEAD") {
    return bad(head, 405, "method " + head.method);
  }
  if (head.target.front() != '/') {
    return bad(head, 400, "the target is not a path");
  }
  head.path = head.target.substr(0, head.target.find_first_of("?#"));
  return head;
}

}  // namespace ibatlas::net
