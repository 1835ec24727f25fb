#pragma once

// The generic half of the AR state JSON (ar_state_json.cpp): one (name, member) table per
// struct walked both ways, and strict readers that reject unknown or missing members and
// out-of-range numbers. Private to ar_state_json.cpp.

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace ibatlas::test::ar_json {

// Ordered, so that a written file reads in the schema's order.
using Json = nlohmann::ordered_json;

[[noreturn]] inline void fail(const std::string& message) {
  throw std::runtime_error("AR state JSON: " + message);
}

// One table of (name, member) per struct, walked by both directions, so a member is named
// once.
template <typename Struct>
using Member = std::variant<bool Struct::*, std::uint8_t Struct::*, std::uint16_t Struct::*,
                            std::uint32_t Struct::*>;

template <typename Struct>
struct Field {
  const char* name;
  Member<Struct> member;
};

[[noreturn]] inline void fail_unknown(const std::string& where, const std::string& key) {
  fail(where + ": unknown member \"" + key + "\"");
}

// Rejects members not in `allowed` and requires those in `required`.
inline void check_members(const Json& object, const std::string& where,
                          std::initializer_list<std::string_view> allowed,
                          std::initializer_list<std::string_view> required) {
  if (!object.is_object()) {
    fail(where + ": expected an object");
  }
  for (const auto& [key, value] : object.items()) {
    bool known = false;
    for (std::string_view a : allowed) {
      known = known || a == key;
    }
    if (!known) {
      fail_unknown(where, key);
    }
  }
  for (std::string_view r : required) {
    if (!object.contains(r)) {
      fail(where + ": missing member \"" + std::string(r) + "\"");
    }
  }
}

template <typename T>
T value_of(const Json& j, const std::string& where) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) {
      fail(where + ": expected true or false");
    }
    return j.get<bool>();
  } else {
    if (!j.is_number_unsigned()) {
      fail(where + ": expected an unsigned integer");
    }
    auto v = j.get<std::uint64_t>();
    if (v > std::numeric_limits<T>::max()) {
      fail(where + ": " + std::to_string(v) + " is out of range");
    }
    return static_cast<T>(v);
  }
}

template <typename Struct>
Json struct_to_json(const Struct& s, const std::vector<Field<Struct>>& fields) {
  Json out = Json::object();
  for (const Field<Struct>& f : fields) {
    std::visit([&](auto member) { out[f.name] = s.*member; }, f.member);
  }
  return out;
}

template <typename Struct>
Struct struct_from_json(const Json& in, const std::vector<Field<Struct>>& fields,
                        const std::string& where) {
  if (!in.is_object()) {
    fail(where + ": expected an object");
  }
  Struct s;
  std::size_t seen = 0;
  for (const Field<Struct>& f : fields) {
    if (!in.contains(f.name)) {
      fail(where + ": missing member \"" + f.name + "\"");
    }
    std::visit(
        [&](auto member) {
          using T = std::remove_reference_t<decltype(s.*member)>;
          s.*member = value_of<T>(in.at(f.name), where + "." + f.name);
        },
        f.member);
    ++seen;
  }
  if (in.size() != seen) {
    for (const auto& item : in.items()) {
      const std::string& key = item.key();  // not a structured binding: clang 14 cannot capture one
      bool known = std::any_of(fields.begin(), fields.end(),
                               [&key](const Field<Struct>& f) { return key == f.name; });
      if (!known) {
        fail_unknown(where, key);
      }
    }
  }
  return s;
}

template <typename T, typename Convert>
std::vector<T> array_from_json(const Json& j, const std::string& where, Convert convert) {
  if (!j.is_array()) {
    fail(where + ": expected an array");
  }
  std::vector<T> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    out.push_back(convert(j[i], where + "[" + std::to_string(i) + "]"));
  }
  return out;
}

}  // namespace ibatlas::test::ar_json
