#pragma once

// Reading JSON documents of one schema strictly (the findings schema, probe run files): a
// document of another shape must be refused with the place that is wrong. Every error names
// the file and a JSON path ("runs.json: $.paths[3].bytes: expected ..., found ...").
// Private to src/; the one copy of these helpers.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ibatlas/fabric.hpp"

namespace ibatlas::strict_json {

using Json = nlohmann::json;

// One place in the document, for messages: "$.findings[2].location".
class Path {
 public:
  Path(const std::string& file, std::string path) : file_(file), path_(std::move(path)) {}

  Path key(std::string_view name) const { return Path(file_, path_ + "." + std::string(name)); }

  Path index(std::size_t i) const { return Path(file_, path_ + "[" + std::to_string(i) + "]"); }

  [[noreturn]] void fail(const std::string& expected, const std::string& found) const;
  // A string as quote_found shows input ("fatal"); anything else as JSON (300, null), cut.
  [[noreturn]] void fail(const std::string& expected, const Json& found) const;

 private:
  const std::string& file_;
  std::string path_;
};

// `j` must be an object with exactly these keys (optional ones may be left out).
void expect_keys(const Path& at, const Json& j, std::span<const std::string_view> keys,
                 std::span<const std::string_view> optional = {});

std::string string_value(const Path& at, const Json& j);
std::size_t count(const Path& at, const Json& j);                 // an integer >= 0
double number(const Path& at, const Json& j);                     // any finite JSON number
std::optional<Guid> guid(const Path& at, const Json& j);          // "0x..." or null
std::optional<std::uint8_t> port(const Path& at, const Json& j);  // 0..255 or null
const Json& array(const Path& at, const Json& j);  // REQUIRES nothing; fails unless an array

// Parses `text`, refusing nesting deeper than `max_depth` and numbers no double or 64-bit
// integer holds. `what` names the schema in messages ("JSON (ibatlas findings)"). Throws
// ParseError for text that is not JSON, Error for the rest.
Json parse(std::string_view text, const std::string& file, const std::string& what, int max_depth);

}  // namespace ibatlas::strict_json
