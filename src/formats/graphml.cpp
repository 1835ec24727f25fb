// write_graphml: GraphML for Gephi, yEd and networkx (docs/formats.md). Written through
// pugixml so every string is escaped; text is cleaned to UTF-8 without the control
// characters XML 1.0 forbids, since strict parsers (networkx uses expat) reject them.

#include <ostream>
#include <string>

#include <pugixml.hpp>

#include "ibatlas/formats/exports.hpp"

#include "formats/export_common.hpp"
#include "text.hpp"

namespace ibatlas {

namespace {

struct KeyDef {
  const char* id;
  const char* for_what;
  const char* type;
};

// GraphML keys; the id doubles as attr.name, so networkx shows these names.
constexpr KeyDef kKeys[] = {
    {"type", "node", "string"},  {"guid", "node", "string"},     {"description", "node", "string"},
    {"lid", "node", "int"},      {"source_port", "edge", "int"}, {"target_port", "edge", "int"},
    {"width", "edge", "string"}, {"speed", "edge", "string"},
};

void put_data(pugi::xml_node parent, const char* key, const std::string& value) {
  pugi::xml_node data = parent.append_child("data");
  data.append_attribute("key").set_value(key);
  data.append_child(pugi::node_pcdata)
      .set_value(text::clean_utf8(value, text::Controls::Xml).c_str());
}

void put_keys(pugi::xml_node root) {
  for (const KeyDef& key : kKeys) {
    pugi::xml_node e = root.append_child("key");
    e.append_attribute("id").set_value(key.id);
    e.append_attribute("for").set_value(key.for_what);
    e.append_attribute("attr.name").set_value(key.id);
    e.append_attribute("attr.type").set_value(key.type);
  }
}

void put_node(const Fabric& fabric, NodeId id, const std::string& key, pugi::xml_node graph) {
  const Node& node = fabric.node(id);
  pugi::xml_node e = graph.append_child("node");
  e.append_attribute("id").set_value(key.c_str());
  put_data(e, "type", to_string(node.type));
  put_data(e, "guid", text::guid_text(node.guid));
  put_data(e, "description", node.description);
  if (std::optional<Lid> lid = exports::node_lid(fabric, id)) {
    put_data(e, "lid", std::to_string(*lid));
  }
}

void put_edge(const Fabric& fabric, const exports::LinkEnds& link,
              const std::vector<std::string>& keys, pugi::xml_node graph) {
  const Port& a = fabric.port(link.a);
  const Port& b = fabric.port(link.b);
  pugi::xml_node e = graph.append_child("edge");
  e.append_attribute("source").set_value(keys.at(a.node.value).c_str());
  e.append_attribute("target").set_value(keys.at(b.node.value).c_str());
  put_data(e, "source_port", std::to_string(a.number));
  put_data(e, "target_port", std::to_string(b.number));
  if (std::optional<LinkWidth> width = exports::link_width(a, b)) {
    put_data(e, "width", to_string(*width));
  }
  if (std::optional<LinkSpeed> speed = exports::link_speed(a, b)) {
    put_data(e, "speed", to_string(*speed));
  }
}

}  // namespace

void write_graphml(const Fabric& fabric, std::ostream& out) {
  pugi::xml_document doc;
  pugi::xml_node decl = doc.append_child(pugi::node_declaration);
  decl.append_attribute("version").set_value("1.0");
  decl.append_attribute("encoding").set_value("UTF-8");
  pugi::xml_node root = doc.append_child("graphml");
  root.append_attribute("xmlns").set_value("http://graphml.graphdrawing.org/xmlns");
  put_keys(root);
  pugi::xml_node graph = root.append_child("graph");
  graph.append_attribute("id").set_value("fabric");
  graph.append_attribute("edgedefault").set_value("undirected");
  std::vector<std::string> keys = exports::node_keys(fabric);
  for (NodeId id : exports::sorted_nodes(fabric)) {
    put_node(fabric, id, keys.at(id.value), graph);
  }
  for (const exports::LinkEnds& link : exports::sorted_links(fabric)) {
    put_edge(fabric, link, keys, graph);
  }
  doc.save(out, "  ", pugi::format_default, pugi::encoding_utf8);
}

}  // namespace ibatlas
