// --ar-expect: parsing the expectation, and ar.not_as_expected for each supported switch
// whose setting differs from it.

#include "ibatlas/ar/ar_expect.hpp"

#include <charconv>
#include <limits>

#include "ibatlas/error.hpp"

#include "ar/ar_context.hpp"

namespace ibatlas {
namespace {

constexpr std::string_view kKeys =
    "enabled, sl_mask, transport_disable, sub_groups, ageing, fr_enabled, no_fallback, "
    "rn_xmit_enabled, pfrn_enabled";

[[noreturn]] void fail(std::string_view found) {
  throw Error("--ar-expect: expected KEY=VALUE with KEY one of " + std::string(kKeys) + ", found " +
              quote_found(found));
}

std::uint64_t parse_number(std::string_view pair, std::string_view value, std::uint64_t max) {
  int base = 10;
  if (value.size() > 2 && value[0] == '0' && (value[1] == 'x' || value[1] == 'X')) {
    value.remove_prefix(2);
    base = 16;
  }
  std::uint64_t number = 0;
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number, base);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() || number > max) {
    fail(pair);
  }
  return number;
}

bool parse_bool(std::string_view pair, std::string_view value) {
  if (value == "on" || value == "true") {
    return true;
  }
  if (value == "off" || value == "false") {
    return false;
  }
  return parse_number(pair, value, 1) == 1;
}

template <typename T>
void set_once(std::optional<T>& member, T value, std::string_view pair) {
  if (member) {
    fail(pair);  // a key given twice
  }
  member = value;
}

template <typename T>
T narrow(std::string_view pair, std::string_view value) {
  return static_cast<T>(parse_number(pair, value, std::numeric_limits<T>::max()));
}

void apply(ArExpectation& e, std::string_view pair) {
  std::size_t eq = pair.find('=');
  if (eq == std::string_view::npos) {
    fail(pair);
  }
  std::string_view key = pair.substr(0, eq);
  std::string_view value = pair.substr(eq + 1);
  if (key == "enabled") {
    set_once(e.enabled, parse_bool(pair, value), pair);
  } else if (key == "sl_mask") {
    set_once(e.sl_mask, narrow<std::uint16_t>(pair, value), pair);
  } else if (key == "transport_disable") {
    set_once(e.transport_disable, static_cast<std::uint8_t>(parse_number(pair, value, 0xF)), pair);
  } else if (key == "sub_groups") {
    set_once(e.sub_groups, static_cast<std::uint8_t>(parse_number(pair, value, 0xF)), pair);
  } else if (key == "ageing") {
    set_once(e.ageing, narrow<std::uint32_t>(pair, value), pair);
  } else if (key == "fr_enabled") {
    set_once(e.fr_enabled, parse_bool(pair, value), pair);
  } else if (key == "no_fallback") {
    set_once(e.no_fallback, parse_bool(pair, value), pair);
  } else if (key == "rn_xmit_enabled") {
    set_once(e.rn_xmit_enabled, parse_bool(pair, value), pair);
  } else if (key == "pfrn_enabled") {
    set_once(e.pfrn_enabled, parse_bool(pair, value), pair);
  } else {
    fail(pair);
  }
}

}  // namespace

ArExpectation parse_ar_expect(std::string_view text) {
  if (text.empty()) {
    fail(text);
  }
  ArExpectation e;
  while (true) {
    std::size_t comma = text.find(',');
    apply(e, text.substr(0, comma));
    if (comma == std::string_view::npos) {
      return e;
    }
    text.remove_prefix(comma + 1);
  }
}

namespace ar_detail {
namespace {

struct Compared {
  std::string_view key;
  std::optional<std::string> want;  // nullopt: not expected
  std::string have;
};

std::string bit(bool value) {
  return value ? "1" : "0";
}

template <typename T, typename F>
std::optional<std::string> shown(const std::optional<T>& value, F show) {
  return value ? std::optional<std::string>(show(*value)) : std::nullopt;
}

std::vector<Compared> compare(const ArExpectation& e, const ArInfo& i) {
  auto num = [](auto v) { return std::to_string(v); };
  auto hex4 = [](std::uint16_t v) { return hex(v, 4); };
  auto hex1 = [](std::uint8_t v) { return hex(v, 1); };
  return {
      {"enabled", shown(e.enabled, bit), bit(i.enabled)},
      {"sl_mask", shown(e.sl_mask, hex4), hex4(effective_sl_mask(i))},
      {"transport_disable", shown(e.transport_disable, hex1), hex1(i.by_transport_disable)},
      {"sub_groups", shown(e.sub_groups, num), num(i.sub_groups_active)},
      {"ageing", shown(e.ageing, num), num(i.ageing_time)},
      {"fr_enabled", shown(e.fr_enabled, bit), bit(i.fr_enabled)},
      {"no_fallback", shown(e.no_fallback, bit), bit(i.no_fallback)},
      {"rn_xmit_enabled", shown(e.rn_xmit_enabled, bit), bit(i.rn_xmit_enabled)},
      {"pfrn_enabled", shown(e.pfrn_enabled, bit), bit(i.pfrn_enabled)},
  };
}

}  // namespace

void check_ar_expect(const Context& c, std::vector<Finding>& out) {
  if (!c.options.ar_expect) {
    return;
  }
  for (const SwitchAr& ar : c.fabric.adaptive_routing()) {
    if (!tables_readable(ar) || !ar.info || ar.info->group_cap == 0) {
      continue;
    }
    for (const Compared& k : compare(*c.options.ar_expect, *ar.info)) {
      if (!k.want || *k.want == k.have) {
        continue;
      }
      Finding f = c.make.at_node("ar.not_as_expected", ar.switch_node);
      f.measured = std::string(k.key) + "=" + k.have;
      f.expected = std::string(k.key) + "=" + *k.want;
      f.message = "AR " + std::string(k.key) + " is " + k.have + ", --ar-expect says " + *k.want;
      f.hint = "set it on the SM (its AR options) so every switch gets " + *k.want;
      out.push_back(std::move(f));
    }
  }
}

}  // namespace ar_detail
}  // namespace ibatlas
