#pragma once

// Checked reads of pugixml elements for the XML snapshot reader. Every failure throws
// ParseError naming the element's line and what was expected there; absent attributes come
// back as std::nullopt, never as a default.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/fabric.hpp"

#include "text.hpp"

namespace ibatlas {

class XmlChecker {
 public:
  XmlChecker(std::string_view text, std::string_view name) : text_(text), name_(name) {}

  std::string_view text() const { return text_; }

  // From format version 2, free text is escaped (xml_schema::unescape_free_text).
  void set_escaped_free_text(bool escaped) { escaped_ = escaped; }

  // 1-based line of a byte offset into the text (0 when pugixml has no offset).
  std::size_t line_at(std::ptrdiff_t offset) const;
  [[noreturn]] void fail(pugi::xml_node at, const std::string& expected,
                         const std::string& found) const;
  [[noreturn]] void fail_at(std::ptrdiff_t offset, const std::string& expected,
                            const std::string& found) const;

  // Rejects any attribute of `e` not in `allowed`.
  void check_attributes(pugi::xml_node e, std::span<const std::string_view> allowed) const;
  // Rejects any child of `e`.
  void check_empty(pugi::xml_node e) const;
  // Rejects any child of `e` but one run of text; `what` names that text ("hex digits").
  void check_text_only(pugi::xml_node e, const std::string& what) const;
  const char* required(pugi::xml_node e, const char* attribute) const;
  // A free-text attribute (a description, the provenance's strings) as the fabric holds it.
  std::optional<std::string> free_text(pugi::xml_node e, const char* attribute) const;
  std::optional<std::uint64_t> number(pugi::xml_node e, const char* attribute,
                                      std::uint64_t max) const;
  // "0x" and hex digits.
  std::optional<std::uint64_t> hex(pugi::xml_node e, const char* attribute,
                                   std::uint64_t max) const;

  // The enumerator of `all` whose name(value) is the attribute's text.
  template <typename Enum, std::size_t N, typename Name>
  std::optional<Enum> named(pugi::xml_node e, const char* attribute, const std::array<Enum, N>& all,
                            Name name) const;

  // A set written as space-separated names of `all` (bit i = all[i]), or "bitN" for a bit
  // from N to total_bits - 1 that no enumerator names.
  template <typename Enum, std::size_t N>
  std::optional<unsigned> set(pugi::xml_node e, const char* attribute,
                              const std::array<Enum, N>& all, unsigned total_bits) const;

  static std::string where(pugi::xml_node e, const char* attribute);
  // "<name>" for an element, the quoted text for anything else.
  static std::string describe(pugi::xml_node n);

 private:
  std::optional<unsigned> set_bit(std::string_view token, std::span<const std::string> names,
                                  unsigned total_bits) const;
  std::string_view text_;
  std::string name_;
  bool escaped_ = false;
};

template <typename Enum, std::size_t N, typename Name>
std::optional<Enum> XmlChecker::named(pugi::xml_node e, const char* attribute,
                                      const std::array<Enum, N>& all, Name name) const {
  pugi::xml_attribute a = e.attribute(attribute);
  if (!a) {
    return std::nullopt;
  }
  std::string choices;
  for (Enum value : all) {
    if (name(value) == a.value()) {
      return value;
    }
    choices += (choices.empty() ? "" : ", ") + name(value);
  }
  fail(e, where(e, attribute) + " to be one of " + choices, quote_found(a.value()));
}

template <typename Enum, std::size_t N>
std::optional<unsigned> XmlChecker::set(pugi::xml_node e, const char* attribute,
                                        const std::array<Enum, N>& all, unsigned total_bits) const {
  pugi::xml_attribute a = e.attribute(attribute);
  if (!a) {
    return std::nullopt;
  }
  std::array<std::string, N> names;
  for (std::size_t i = 0; i < N; ++i) {
    names.at(i) = to_string(all.at(i));
  }
  unsigned bits = 0;
  std::string_view rest = a.value();
  while (!(rest = text::trim(rest)).empty()) {
    std::string_view token = rest.substr(0, rest.find_first_of(" \t\r\n"));
    rest.remove_prefix(token.size());
    std::optional<unsigned> bit = set_bit(token, names, total_bits);
    if (!bit) {
      fail(e,
           where(e, attribute) + " to list names such as " + names.at(0) + " " + names.at(N - 1) +
               " separated by spaces",
           quote_found(token));
    }
    bits |= 1U << *bit;
  }
  return bits;
}

}  // namespace ibatlas
