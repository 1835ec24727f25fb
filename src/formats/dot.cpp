// write_dot: a plain undirected Graphviz graph (docs/formats.md). Layout is left to the
// reader's tool; src/render/ draws our own pictures through the Graphviz library.

#include <ostream>
#include <string>

#include "ibatlas/formats/exports.hpp"

#include "formats/export_common.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

// A DOT double-quoted string. Only '"' needs a lexical escape; a backslash is doubled
// because label text treats "\n", "\N" and friends as escapes. Control characters (a tab
// or newline inside a node description) become spaces, so "\n" is ours alone.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text::clean_utf8(text, text::Controls::Keep)) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

const char* shape(NodeType type) {
  switch (type) {
    case NodeType::Switch:
      return "box";
    case NodeType::Router:
      return "diamond";
    case NodeType::Ca:
      break;
  }
  return "ellipse";
}

// "4x EDR", "4x", "EDR" or "" for a link.
std::string rate_label(const Port& a, const Port& b) {
  std::optional<LinkWidth> width = exports::link_width(a, b);
  std::optional<LinkSpeed> speed = exports::link_speed(a, b);
  std::string label = width ? to_string(*width) : "";
  if (speed) {
    label += (label.empty() ? "" : " ") + to_string(*speed);
  }
  return label;
}

void write_node(const Fabric& fabric, NodeId id, const std::string& key, std::ostream& out) {
  const Node& node = fabric.node(id);
  std::string guid = text::guid_text(node.guid);
  // The label's line break is DOT's own "\n" escape, written after quoting the parts.
  std::string label = quoted(guid);
  if (!node.description.empty()) {
    label = quoted(node.description);
    label.pop_back();
    label += "\\n" + guid + "\"";
  }
  out << "  " << quoted(key) << " [label=" << label << ", shape=" << shape(node.type)
      << ", type=" << quoted(to_string(node.type)) << ", guid=" << quoted(guid) << "];\n";
}

void write_edge(const Fabric& fabric, const exports::LinkEnds& link,
                const std::vector<std::string>& keys, std::ostream& out) {
  const Port& a = fabric.port(link.a);
  const Port& b = fabric.port(link.b);
  out << "  " << quoted(keys.at(a.node.value)) << " -- " << quoted(keys.at(b.node.value))
      << " [taillabel=\"" << int{a.number} << "\", headlabel=\"" << int{b.number} << '"';
  std::string label = rate_label(a, b);
  if (!label.empty()) {
    out << ", label=" << quoted(label);
  }
  out << "];\n";
}

}  // namespace

void write_dot(const Fabric& fabric, std::ostream& out) {
  out << "graph fabric {\n";
  std::vector<std::string> keys = exports::node_keys(fabric);
  for (NodeId id : exports::sorted_nodes(fabric)) {
    write_node(fabric, id, keys.at(id.value), out);
  }
  for (const exports::LinkEnds& link : exports::sorted_links(fabric)) {
    write_edge(fabric, link, keys, out);
  }
  out << "}\n";
}

}  // namespace ibatlas
