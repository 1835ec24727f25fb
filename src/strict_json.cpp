#include "strict_json.hpp"

#include <algorithm>
#include <cmath>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas::strict_json {

namespace {

// How much of a JSON value an error message shows.
constexpr std::size_t kShownBytes = 40;

std::size_t line_of(std::string_view text, std::size_t byte) {
  byte = std::min(byte, text.size());
  return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + byte, '\n'));
}

}  // namespace

void Path::fail(const std::string& expected, const std::string& found) const {
  throw Error(file_ + ": " + path_ + ": expected " + expected + ", found " + found);
}

void Path::fail(const std::string& expected, const Json& found) const {
  if (found.is_string()) {
    fail(expected, quote_found(found.get<std::string>()));
  }
  std::string json = found.dump(-1, ' ', false, Json::error_handler_t::replace);
  fail(expected, json.size() <= kShownBytes ? json : json.substr(0, kShownBytes) + "...");
}

void expect_keys(const Path& at, const Json& j, std::span<const std::string_view> keys,
                 std::span<const std::string_view> optional) {
  if (!j.is_object()) {
    at.fail("an object", j);
  }
  for (const auto& item : j.items()) {
    if (std::find(keys.begin(), keys.end(), item.key()) == keys.end()) {
      at.fail("only the fields of the schema", quote_found(item.key()));
    }
  }
  for (std::string_view key : keys) {
    bool may_lack = std::find(optional.begin(), optional.end(), key) != optional.end();
    if (!may_lack && !j.contains(key)) {
      at.key(key).fail("a value", std::string("nothing (the field is missing)"));
    }
  }
}

std::string string_value(const Path& at, const Json& j) {
  if (!j.is_string()) {
    at.fail("a string", j);
  }
  return j.get<std::string>();
}

std::size_t count(const Path& at, const Json& j) {
  if (!j.is_number_unsigned()) {
    at.fail("a count (an integer >= 0)", j);
  }
  return j.get<std::size_t>();
}

double number(const Path& at, const Json& j) {
  if (!j.is_number() || !std::isfinite(j.get<double>())) {
    at.fail("a number", j);
  }
  return j.get<double>();
}

std::optional<Guid> guid(const Path& at, const Json& j) {
  if (j.is_null()) {
    return std::nullopt;
  }
  std::string s = string_value(at, j);
  std::optional<std::uint64_t> value =
      text::starts_with(s, "0x") ? text::parse_hex(s) : std::nullopt;
  if (!value) {
    at.fail("a GUID like \"0x0002c903000e0b72\" or null", j);
  }
  return *value;
}

std::optional<std::uint8_t> port(const Path& at, const Json& j) {
  if (j.is_null()) {
    return std::nullopt;
  }
  if (!j.is_number_unsigned() || j.get<std::uint64_t>() > 255) {
    at.fail("a port number 0..255 or null", j);
  }
  return static_cast<std::uint8_t>(j.get<std::uint64_t>());
}

const Json& array(const Path& at, const Json& j) {
  if (!j.is_array()) {
    at.fail("an array", j);
  }
  return j;
}

Json parse(std::string_view text, const std::string& file, const std::string& what, int max_depth) {
  auto shallow = [max_depth](int depth, Json::parse_event_t, Json&) {
    if (depth > max_depth) {
      throw Error("nesting deeper than " + std::to_string(max_depth) + " levels");
    }
    return true;
  };
  try {
    return Json::parse(text.begin(), text.end(), shallow);
  } catch (const Json::parse_error& e) {
    std::size_t at = e.byte == 0 ? 0 : std::min<std::size_t>(e.byte - 1, text.size());
    throw ParseError(file, line_of(text, at), what, quote_found(text.substr(at, 20)));
  } catch (const Json::exception& e) {  // numbers out of range, e.g. 1e999
    throw Error(file + ": expected JSON numbers a double or a 64-bit integer holds, found " +
                quote_found(e.what()));
  } catch (const Error& e) {
    throw Error(file + ": expected " + what + ", found " + e.what());
  }
}

}  // namespace ibatlas::strict_json
