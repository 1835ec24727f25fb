#include <sstream>
#include <string_view>

#include <pugixml.hpp>

#include "ibatlas/error.hpp"
#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/render/map_html.hpp"

namespace ibatlas {

namespace {

// The first <a> below `g` that has an xlink:title.
pugi::xml_node first_link(pugi::xml_node g) {
  return g.find_node([](pugi::xml_node n) {
    return std::string_view(n.name()) == "a" && !n.attribute("xlink:title").empty();
  });
}

void retitle(pugi::xml_node g) {
  pugi::xml_node link = first_link(g);
  pugi::xml_node title = g.child("title");
  if (!link || !title) {
    return;
  }
  title.text().set(link.attribute("xlink:title").value());
}

}  // namespace

std::string titles_from_tooltips(const std::string& svg) {
  pugi::xml_document doc;
  unsigned flags =
      pugi::parse_default | pugi::parse_declaration | pugi::parse_doctype | pugi::parse_comments;
  pugi::xml_parse_result parsed = doc.load_buffer(svg.data(), svg.size(), flags);
  if (!parsed) {
    throw Error(std::string("graphviz wrote SVG that does not parse: ") + parsed.description());
  }
  for (pugi::xpath_node hit :
       doc.select_nodes("//*[local-name()='g'][@class='node' or @class='edge']")) {
    retitle(hit.node());
  }
  std::ostringstream out;
  doc.save(out, "", pugi::format_raw);
  return out.str();
}

std::string map_html(const RenderModel& model, const std::string& svg) {
  std::string title = html_label_escape(model.title.empty() ? "fabric" : model.title);
  std::size_t start = svg.find("<svg");
  std::string_view body =
      start == std::string::npos ? std::string_view(svg) : std::string_view(svg).substr(start);
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>ibatlas map: " +
      title + "</title>\n<style>" + map_html_style() +
      "</style></head>\n<body>\n<div id=\"bar\"><input id=\"search\" type=\"search\" "
      "placeholder=\"name, GUID or LID\" size=\"32\"> <button id=\"zoomin\">+</button>"
      "<button id=\"zoomout\">&#8722;</button><button id=\"reset\">fit</button> "
      "<span id=\"status\"></span></div>\n<div id=\"map\">";
  page.append(body);
  page += "</div>\n<pre id=\"info\"></pre>\n<script>\nconst EDGES = [";
  for (std::size_t i = 0; i < model.edges.size(); ++i) {
    const RenderEdge& e = model.edges[i];
    page += (i ? ",[\"e" : "[\"e") + std::to_string(i) + "\",\"" + model.nodes[e.upper].id +
            "\",\"" + model.nodes[e.lower].id + "\"]";
  }
  page += "];\n";
  page += map_html_script();
  page += "</script>\n</body></html>\n";
  return page;
}

}  // namespace ibatlas
