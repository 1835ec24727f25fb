#include "formats/xml_checked.hpp"

#include <algorithm>

#include "formats/xml_snapshot_schema.hpp"

namespace ibatlas {

std::size_t XmlChecker::line_at(std::ptrdiff_t offset) const {
  if (offset < 0) {
    return 0;
  }
  std::size_t end = std::min(static_cast<std::size_t>(offset), text_.size());
  std::string_view before = text_.substr(0, end);
  return 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
}

void XmlChecker::fail(pugi::xml_node at, const std::string& expected,
                      const std::string& found) const {
  std::ptrdiff_t offset = at.offset_debug();
  if (at.type() == pugi::node_pcdata && offset >= 0) {
    // Text starts right after the previous tag; point at its first visible character.
    std::size_t leading = std::string_view(at.value()).find_first_not_of(" \t\r\n");
    offset += static_cast<std::ptrdiff_t>(leading == std::string_view::npos ? 0 : leading);
  }
  fail_at(offset, expected, found);
}

void XmlChecker::fail_at(std::ptrdiff_t offset, const std::string& expected,
                         const std::string& found) const {
  throw ParseError(name_, line_at(offset), expected, found);
}

std::string XmlChecker::where(pugi::xml_node e, const char* attribute) {
  return std::string("attribute ") + attribute + " of <" + e.name() + ">";
}

void XmlChecker::check_attributes(pugi::xml_node e,
                                  std::span<const std::string_view> allowed) const {
  for (pugi::xml_attribute a : e.attributes()) {
    if (std::find(allowed.begin(), allowed.end(), a.name()) != allowed.end()) {
      continue;
    }
    std::string list;
    for (std::string_view name : allowed) {
      list += (list.empty() ? "" : ", ") + std::string(name);
    }
    fail(e, "only the attributes " + list + " on <" + e.name() + ">",
         "attribute " + quote_found(a.name()));
  }
}

std::string XmlChecker::describe(pugi::xml_node n) {
  return n.type() == pugi::node_element ? "<" + std::string(n.name()) + ">"
                                        : quote_found(text::trim(n.value()));
}

void XmlChecker::check_empty(pugi::xml_node e) const {
  if (pugi::xml_node child = e.first_child()) {
    fail(child, std::string("nothing inside <") + e.name() + ">", describe(child));
  }
}

void XmlChecker::check_text_only(pugi::xml_node e, const std::string& what) const {
  pugi::xml_node child = e.first_child();
  if (child && (child.type() != pugi::node_pcdata || child.next_sibling())) {
    fail(child, "only " + what + " inside <" + e.name() + ">", describe(child));
  }
}

const char* XmlChecker::required(pugi::xml_node e, const char* attribute) const {
  pugi::xml_attribute a = e.attribute(attribute);
  if (!a) {
    fail(e, where(e, attribute), "none");
  }
  return a.value();
}

std::optional<std::string> XmlChecker::free_text(pugi::xml_node e, const char* attribute) const {
  pugi::xml_attribute a = e.attribute(attribute);
  if (!a || !escaped_) {
    return a ? std::optional<std::string>(a.value()) : std::nullopt;
  }
  std::string_view bad;
  std::optional<std::string> raw = xml_schema::unescape_free_text(a.value(), bad);
  if (!raw) {
    fail(e, where(e, attribute) + " to use \\\\ and \\xHH escapes only", quote_found(bad));
  }
  return raw;
}

std::optional<std::uint64_t> XmlChecker::number(pugi::xml_node e, const char* attribute,
                                                std::uint64_t max) const {
  pugi::xml_attribute a = e.attribute(attribute);
  if (!a) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> value = text::parse_decimal(a.value());
  if (!value || *value > max) {
    fail(e, where(e, attribute) + " to be a decimal number from 0 to " + std::to_string(max),
         quote_found(a.value()));
  }
  return value;
}

std::optional<std::uint64_t> XmlChecker::hex(pugi::xml_node e, const char* attribute,
                                             std::uint64_t max) const {
  pugi::xml_attribute a = e.attribute(attribute);
  if (!a) {
    return std::nullopt;
  }
  std::string_view text = a.value();
  // A lowercase "0x" and digits only, as the writer puts them.
  bool digits_only = text::starts_with(text, "0x") && text.size() > 2 &&
                     text.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string_view::npos;
  std::optional<std::uint64_t> value = digits_only ? text::parse_hex(text) : std::nullopt;
  if (!value || *value > max) {
    std::string digits = max > 0xffffffffU ? "16" : "8";
    fail(e, where(e, attribute) + " to be 0x and at most " + digits + " hex digits",
         quote_found(text));
  }
  return value;
}

std::optional<unsigned> XmlChecker::set_bit(std::string_view token,
                                            std::span<const std::string> names,
                                            unsigned total_bits) const {
  auto it = std::find(names.begin(), names.end(), token);
  if (it != names.end()) {
    return static_cast<unsigned>(it - names.begin());
  }
  if (!text::starts_with(token, "bit")) {
    return std::nullopt;
  }
  std::optional<std::uint64_t> raw = text::parse_decimal(token.substr(3));
  if (raw && *raw >= names.size() && *raw < total_bits) {
    return static_cast<unsigned>(*raw);
  }
  return std::nullopt;
}

}  // namespace ibatlas
