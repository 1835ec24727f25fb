#include "ibatlas/formats/findings_json.hpp"

#include <algorithm>
#include <charconv>

#include <nlohmann/json.hpp>

#include "ibatlas/error.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::json;

struct Reader {
  const std::string& file;
  std::size_t index = 0;

  [[noreturn]] void fail(const std::string& expected, const Json& found) const {
    throw Error(file + ": finding " + std::to_string(index + 1) + ": expected " + expected +
                ", found " + quote_found(found.dump()));
  }

  std::string text(const Json& j, const char* key) const {
    const Json& v = j.contains(key) ? j.at(key) : Json();
    if (v.is_null()) {
      return "";
    }
    if (!v.is_string()) {
      fail(std::string("a string for \"") + key + "\"", v);
    }
    return v.get<std::string>();
  }

  std::optional<Guid> guid(const Json& j, const char* key) const {
    std::string s = text(j, key);
    if (s.empty()) {
      return std::nullopt;
    }
    Guid value = 0;
    std::size_t skip = s.starts_with("0x") ? 2 : 0;
    auto [end, ec] = std::from_chars(s.data() + skip, s.data() + s.size(), value, 16);
    if (ec != std::errc() || end != s.data() + s.size()) {
      fail("a GUID like 0x0002c903000e0b72", j.at(key));
    }
    return value;
  }

  std::optional<std::uint8_t> port(const Json& j, const char* key) const {
    const Json& v = j.contains(key) ? j.at(key) : Json();
    if (v.is_null()) {
      return std::nullopt;
    }
    if (!v.is_number_unsigned() || v.get<unsigned>() > 255) {
      fail("a port number 0..255", v);
    }
    return static_cast<std::uint8_t>(v.get<unsigned>());
  }
};

LocationKind location_kind(const Reader& r, const Json& j) {
  constexpr const char* kKinds[] = {"fabric", "node", "port", "link"};
  std::string kind = r.text(j, "location");
  for (int i = 0; i < 4; ++i) {
    if (kind == kKinds[i]) {
      return static_cast<LocationKind>(i);
    }
  }
  r.fail("a location (fabric, node, port or link)", j.value("location", Json()));
}

Finding read_finding(const Reader& r, const Json& j) {
  if (!j.is_object()) {
    r.fail("an object", j);
  }
  Finding f;
  f.check = r.text(j, "check");
  std::optional<Severity> severity = parse_severity(r.text(j, "severity"));
  if (!severity) {
    r.fail("a severity (error, warning or info)", j.value("severity", Json()));
  }
  f.severity = *severity;
  f.location.kind = location_kind(r, j);
  f.location.here = Endpoint{r.guid(j, "node_guid"), r.port(j, "port"), r.text(j, "node")};
  if (j.contains("peer_guid") && !j.at("peer_guid").is_null()) {
    f.location.peer = Endpoint{r.guid(j, "peer_guid"), r.port(j, "peer_port"), r.text(j, "peer")};
  }
  f.measured = r.text(j, "measured");
  f.expected = r.text(j, "expected");
  f.hint = r.text(j, "hint");
  f.message = r.text(j, "message");
  return f;
}

std::size_t line_of(const std::string& text, std::size_t byte) {
  byte = std::min(byte, text.size());
  return 1 + static_cast<std::size_t>(
                 std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(byte), '\n'));
}

}  // namespace

std::vector<Finding> read_findings_json(const std::string& text, const std::string& file) {
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw ParseError(
        file, line_of(text, e.byte == 0 ? 0 : e.byte - 1), "JSON from `ibatlas check --json`",
        quote_found(text.substr(e.byte == 0 ? 0 : std::min(e.byte - 1, text.size()), 20)));
  }
  if (!doc.is_object() || !doc.contains("findings") || !doc.at("findings").is_array()) {
    throw Error(file +
                ": expected the JSON of `ibatlas check --json` (an object with \"findings\")");
  }
  std::vector<Finding> findings;
  Reader reader{file};
  for (const Json& j : doc.at("findings")) {
    findings.push_back(read_finding(reader, j));
    ++reader.index;
  }
  return findings;
}

}  // namespace ibatlas
