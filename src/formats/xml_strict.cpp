#include "formats/xml_strict.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "ibatlas/error.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

// Escapes and whitespace are decoded by decode_text, not by pugixml: its in-place values then
// start where they start in the text, which gives every error its line. Comments and the
// DOCTYPE are kept only to be checked; processing instructions are skipped as before. A
// fragment, because only then does pugixml keep text outside the root element to reject.
constexpr unsigned kParseOptions = pugi::parse_cdata | pugi::parse_comments |
                                   pugi::parse_declaration | pugi::parse_doctype |
                                   pugi::parse_fragment;

constexpr const char* kCharacters = "UTF-8 text of characters XML 1.0 allows";

// XML 1.0's Char production.
bool is_xml_char(std::uint64_t c) {
  return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) ||
         (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

void append_utf8(std::string& out, std::uint64_t c) {
  auto byte = [&out](std::uint64_t b) { out += static_cast<char>(b); };
  if (c < 0x80) {
    byte(c);
  } else if (c < 0x800) {
    byte(0xc0 | (c >> 6));
    byte(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    byte(0xe0 | (c >> 12));
    byte(0x80 | ((c >> 6) & 0x3f));
    byte(0x80 | (c & 0x3f));
  } else {
    byte(0xf0 | (c >> 18));
    byte(0x80 | ((c >> 12) & 0x3f));
    byte(0x80 | ((c >> 6) & 0x3f));
    byte(0x80 | (c & 0x3f));
  }
}

// Every byte of the document, markup included, before pugixml sees any (it stops at a NUL).
void check_characters(std::string_view text, const XmlChecker& c) {
  for (std::size_t i = 0; i < text.size();) {
    auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = text::utf8_sequence_length(text.substr(i));
    std::string_view sequence = text.substr(i, length);
    bool allowed = length == 1
                       ? is_xml_char(byte)
                       : length != 0 && sequence != "\xef\xbf\xbe" && sequence != "\xef\xbf\xbf";
    if (!allowed) {
      c.fail_at(static_cast<std::ptrdiff_t>(i), kCharacters, "byte " + text::hex_text(byte, 2));
    }
    i += length;
  }
}

// Decodes the reference at `at` (an '&') into `out`; returns the offset of its ';'.
std::size_t decode_reference(std::string_view text, std::size_t at, std::size_t end,
                             std::string& out, const XmlChecker& c) {
  std::size_t semicolon = text.find(';', at);
  bool closed = semicolon < end;
  std::string_view name = closed ? text.substr(at + 1, semicolon - at - 1) : std::string_view();
  std::string_view whole =
      text.substr(at, closed ? semicolon + 1 - at : std::min<std::size_t>(end - at, 8));
  constexpr std::array<std::pair<std::string_view, char>, 5> kEntities = {
      {{"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}}};
  for (auto [entity, character] : kEntities) {
    if (name == entity) {
      out += character;
      return semicolon;
    }
  }
  if (text::starts_with(name, "#")) {
    bool hex = text::starts_with(name, "#x");
    std::string_view digits = name.substr(hex ? 2 : 1);
    std::optional<std::uint64_t> code =
        hex ? (text::all_hex_digits(digits) ? text::parse_hex(digits) : std::nullopt)
            : text::parse_decimal(digits);
    if (!code || !is_xml_char(*code)) {
      c.fail_at(static_cast<std::ptrdiff_t>(at), "a reference to a character XML 1.0 allows",
                quote_found(whole));
    }
    append_utf8(out, *code);
    return semicolon;
  }
  c.fail_at(static_cast<std::ptrdiff_t>(at),
            "&lt;, &gt;, &amp;, &quot;, &apos; or a character reference", quote_found(whole));
}

// The text of [begin, end) as XML 1.0 reads it: references decoded, line ends as "\n", and in
// an attribute value every white space character a space (attribute-value normalisation).
std::string decode_text(std::string_view text, std::size_t begin, std::size_t end, bool attribute,
                        const XmlChecker& c) {
  std::string out;
  for (std::size_t i = begin; i < end; ++i) {
    char ch = text[i];
    if (ch == '&') {
      i = decode_reference(text, i, end, out, c);
      continue;
    }
    if (attribute && ch == '<') {
      c.fail_at(static_cast<std::ptrdiff_t>(i), "&lt; for a < in an attribute value", "<");
    }
    if (!attribute && text.substr(i, 3) == "]]>") {
      c.fail_at(static_cast<std::ptrdiff_t>(i), "]]> only to end a CDATA section", "]]>");
    }
    if (ch == '\r' && i + 1 < end && text[i + 1] == '\n') {
      continue;
    }
    ch = ch == '\r' ? '\n' : ch;
    out += attribute && (ch == '\t' || ch == '\n') ? ' ' : ch;
  }
  return out;
}

class TreeChecker {
 public:
  TreeChecker(const std::string& buffer, const XmlChecker& c)
      : buffer_(buffer), text_(c.text()), c_(c) {}

  // Checks `n` (and decodes its values); true when it is to be dropped from the tree.
  bool check(pugi::xml_node n) const;

 private:
  // Offset in the text of a string pugixml parsed in place, or npos if it is not one.
  std::size_t offset_of(const char* p) const {
    auto begin = reinterpret_cast<std::uintptr_t>(buffer_.data());
    auto at = reinterpret_cast<std::uintptr_t>(p);
    return at >= begin && at <= begin + buffer_.size() ? at - begin : std::string::npos;
  }

  void check_attributes(pugi::xml_node e) const;
  void check_text(pugi::xml_node n) const;

  const std::string& buffer_;
  std::string_view text_;
  const XmlChecker& c_;
};

void TreeChecker::check_attributes(pugi::xml_node e) const {
  std::set<std::string_view> seen;
  for (pugi::xml_attribute a : e.attributes()) {
    std::size_t name = offset_of(a.name());
    std::size_t begin = offset_of(a.value());
    if (!seen.insert(a.name()).second) {
      c_.fail_at(static_cast<std::ptrdiff_t>(name),
                 std::string("each attribute once on <") + e.name() + ">",
                 "attribute " + quote_found(a.name()) + " again");
    }
    if (begin == std::string::npos || begin == 0 || begin > text_.size()) {
      continue;  // an empty value pugixml did not point into the text: nothing to decode
    }
    std::size_t end = std::min(text_.find(text_[begin - 1], begin), text_.size());
    a.set_value(decode_text(text_, begin, end, true, c_).c_str());
  }
}

void TreeChecker::check_text(pugi::xml_node n) const {
  std::size_t begin = offset_of(n.value());
  if (begin == std::string::npos || begin >= text_.size()) {
    return;
  }
  std::size_t end = std::min(text_.find('<', begin), text_.size());
  std::string value = decode_text(text_, begin, end, false, c_);
  if (n.parent().type() == pugi::node_document) {
    c_.fail(n, "nothing but markup outside the root element", quote_found(text::trim(value)));
  }
  n.set_value(value.c_str());
}

bool TreeChecker::check(pugi::xml_node n) const {
  switch (n.type()) {
    case pugi::node_element:
      check_attributes(n);
      return false;
    case pugi::node_pcdata:
      check_text(n);
      return false;
    case pugi::node_comment: {
      std::string_view body = n.value();
      if (body.find("--") != std::string_view::npos || (!body.empty() && body.back() == '-')) {
        c_.fail(n, "a comment without -- inside", quote_found(body));
      }
      return true;
    }
    case pugi::node_declaration:
      // Only as the document's first bytes (after a byte order mark).
      if (n != n.root().first_child() ||
          !text::starts_with(text::starts_with(text_, "\xef\xbb\xbf") ? text_.substr(3) : text_,
                             "<?xml")) {
        c_.fail(n, "<?xml ...?> only at the very start", "a declaration");
      }
      return false;
    case pugi::node_doctype:
      c_.fail(n, "no <!DOCTYPE> (a snapshot has no DTD)", "<!DOCTYPE");
    default:
      return false;
  }
}

// The node after `n` in document order, not descending into `n` when `skip_children`.
pugi::xml_node following(pugi::xml_node n, bool skip_children) {
  if (!skip_children && n.first_child()) {
    return n.first_child();
  }
  for (; n; n = n.parent()) {
    if (n.next_sibling()) {
      return n.next_sibling();
    }
  }
  return {};
}

// The text from `offset` to the end of its line, for a parse error's "found" part.
std::string_view rest_of_line(std::string_view text, std::size_t offset) {
  std::string_view rest = text.substr(std::min(offset, text.size()));
  return rest.substr(0, rest.find('\n'));
}

}  // namespace

void load_strict_xml(pugi::xml_document& doc, std::string& buffer, const XmlChecker& c) {
  std::string_view text = c.text();
  check_characters(text, c);
  buffer.assign(text);
  pugi::xml_parse_result result =
      doc.load_buffer_inplace(buffer.data(), buffer.size(), kParseOptions, pugi::encoding_utf8);
  if (!result) {
    c.fail_at(result.offset, std::string("well-formed XML (") + result.description() + ")",
              quote_found(rest_of_line(text, static_cast<std::size_t>(result.offset))));
  }
  TreeChecker checker(buffer, c);
  // Iterative: a hostile file may nest elements deeper than the stack would allow.
  for (pugi::xml_node n = doc.first_child(); n;) {
    bool drop = checker.check(n);
    pugi::xml_node next = following(n, drop);
    if (drop) {
      n.parent().remove_child(n);
    }
    n = next;
  }
}

}  // namespace ibatlas
