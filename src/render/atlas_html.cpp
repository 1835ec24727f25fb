// The atlas page: one HTML file holding every view's SVG and the data its script needs.
//
// Only the open view's SVG may be in the live DOM (a 10k-host page stays fast), so each view's
// SVG is the text of an inert <script type="text/x-ibatlas-svg"> element, parsed when opened.
// The data (views, the search index of every fabric node, the findings) is one JSON element.
// Both are raw-text elements that end at the first "</script": the JSON has every "<" written
// as \u003c, and the SVG text can hold "<" only as markup, since XML escapes it in text (a
// node description "</script>" is "&lt;/script&gt;" there).

#include "ibatlas/render/atlas_html.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ibatlas/render/map_dot.hpp"

#include "text.hpp"

namespace ibatlas {

namespace {

using Json = nlohmann::json;

// What the page knows of one view: its name and boxes (id, label on one line, how many
// fabric nodes it stands for) and its lines as box index pairs.
Json view_json(const AtlasView& view, const MapGroup* group) {
  Json boxes = Json::array();
  for (const RenderNode& n : view.model.nodes) {
    std::string name = n.label.empty() && !n.tooltip.empty() ? n.tooltip.front() : n.label;
    std::replace(name.begin(), name.end(), '\n', ' ');
    boxes.push_back(Json::array({n.id, name, n.members.size()}));
  }
  Json edges = Json::array();
  for (const RenderEdge& e : view.model.edges) {
    edges.push_back(e.upper);
    edges.push_back(e.lower);
  }
  return Json{{"group", view.group},
              {"name", group != nullptr ? group->name : std::string("overview")},
              {"summary", group != nullptr ? group->summary : std::string()},
              {"boxes", std::move(boxes)},
              {"edges", std::move(edges)}};
}

// Which view shows each group: views are matched to groups by id, so a missing view only
// leaves its group on the overview.
class ViewFinder {
 public:
  ViewFinder(const MapGroups& groups, const std::vector<AtlasView>& views)
      : groups_(groups), views_(views) {
    std::map<std::string, std::size_t> by_id;
    for (std::size_t v = 1; v < views.size(); ++v) {
      by_id.emplace(views[v].group, v);
    }
    for (const MapGroup& g : groups.groups) {
      auto it = by_id.find(g.id);
      view_of_group_.push_back(it == by_id.end() ? std::nullopt
                                                 : std::optional<std::size_t>(it->second));
    }
  }

  // The view a node is looked for in: its group's, else the overview.
  std::size_t view_of(NodeId node) const {
    const std::optional<std::size_t>& g =
        node.value < groups_.group_of.size() ? groups_.group_of[node.value] : std::nullopt;
    if (g && *g < view_of_group_.size() && view_of_group_[*g]) {
      return *view_of_group_[*g];
    }
    return 0;
  }

  // The box that shows `node` in `view`, if any.
  std::optional<std::size_t> box_in(std::size_t view, NodeId node) const {
    const std::vector<std::optional<std::size_t>>& box_of = views_[view].model.box_of;
    return node.value < box_of.size() ? box_of[node.value] : std::nullopt;
  }

  // (view, box index) of a node: in its group's view, else the overview.
  std::optional<std::pair<std::size_t, std::size_t>> place_of(NodeId node) const {
    std::size_t v = view_of(node);
    for (std::size_t view : {v, std::size_t{0}}) {
      if (std::optional<std::size_t> box = box_in(view, node)) {
        return std::make_pair(view, *box);
      }
    }
    return std::nullopt;
  }

  const std::vector<AtlasView>& views() const { return views_; }

 private:
  const MapGroups& groups_;
  const std::vector<AtlasView>& views_;
  std::vector<std::optional<std::size_t>> view_of_group_;
};

// GUID text as the search compares it: 16 lower-case hex digits, no "0x".
std::string hex16(Guid guid) {
  return text::guid_text(guid).substr(2);
}

// One search entry: [description, GUID, port GUIDs (space-separated), LID ranges
// [low, high, ...], view, box].
Json index_entry(const Fabric& fabric, NodeId id, std::size_t view, std::size_t box) {
  const Node& node = fabric.node(id);
  std::string port_guids;
  Json lids = Json::array();
  for (const Port& p : fabric.ports_of(id)) {
    if (p.guid && *p.guid != node.guid && port_guids.find(hex16(*p.guid)) == std::string::npos) {
      port_guids += (port_guids.empty() ? "" : " ") + hex16(*p.guid);
    }
    if (p.base_lid) {
      std::uint32_t span = 1U << std::min<std::uint32_t>(p.lmc.value_or(0), 7);
      lids.push_back(*p.base_lid);
      lids.push_back(*p.base_lid + span - 1);
    }
  }
  return Json::array({node.description, hex16(node.guid), port_guids, lids, view, box});
}

Json search_index(const Fabric& fabric, const ViewFinder& finder) {
  Json index = Json::array();
  for (std::uint32_t i = 0; i < fabric.nodes().size(); ++i) {
    if (auto place = finder.place_of(NodeId{i})) {
      index.push_back(index_entry(fabric, NodeId{i}, place->first, place->second));
    }
  }
  return index;
}

// The SVG element a finding marks in `view`: its cable's line ("e<i>") when it names a port
// with a cable the view draws, else its node's box.
std::optional<std::string> element_in(const Fabric& fabric, const AtlasView& view, NodeId node,
                                      std::optional<std::uint8_t> port) {
  if (port) {
    std::optional<PortId> p = fabric.find_port(node, *port);
    if (p && fabric.port(*p).peer && fabric.is_link(*p)) {
      PortId cable = std::min(*p, *fabric.port(*p).peer);
      auto it = view.model.edge_of.find(cable.value);
      if (it != view.model.edge_of.end()) {
        return "e" + std::to_string(it->second);
      }
    }
  }
  if (node.value < view.model.box_of.size() && view.model.box_of[node.value]) {
    return view.model.nodes[*view.model.box_of[node.value]].id;
  }
  return std::nullopt;
}

// [severity, check, message, where, hint, view, element]; view and element null when the
// finding has no place on any view (fabric-wide, or a node the fabric does not hold).
Json finding_entry(const Fabric& fabric, const ViewFinder& finder, const Finding& f) {
  Json entry = Json::array(
      {to_string(f.severity), f.check, f.message, to_string(f.location), f.hint, nullptr, nullptr});
  const Endpoint& here = f.location.here;
  std::optional<NodeId> node;
  if (f.location.kind != LocationKind::Fabric && here.node_guid) {
    node = fabric.find_node(*here.node_guid);
  }
  if (!node) {
    return entry;
  }
  for (std::size_t view : {finder.view_of(*node), std::size_t{0}}) {
    if (auto element = element_in(fabric, finder.views()[view], *node, here.port)) {
      entry[5] = view;
      entry[6] = *element;
      break;
    }
  }
  return entry;
}

// JSON safe inside a raw-text <script>: "<" only occurs inside strings, where \u003c is the
// same character, so "</script" and "<!--" cannot appear.
std::string script_safe_json(const Json& data) {
  std::string dumped = data.dump(-1, ' ', false, Json::error_handler_t::replace);
  std::string out;
  out.reserve(dumped.size() + dumped.size() / 16);
  for (char c : dumped) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

// The <svg> element alone (no XML declaration, doctype or comments), and never an end tag of
// the raw-text element it goes into.
std::string svg_text(const std::string& svg) {
  std::size_t start = svg.find("<svg");
  std::string body = start == std::string::npos ? svg : svg.substr(start);
  std::string out;
  out.reserve(body.size());
  for (std::size_t i = 0; i < body.size();) {
    if (body.compare(i, 4, "<!--") == 0) {
      std::size_t end = body.find("-->", i + 4);
      i = end == std::string::npos ? body.size() : end + 3;
      continue;
    }
    if (body.compare(i, 2, "</") == 0 && i + 8 <= body.size()) {
      std::string tag = body.substr(i + 2, 6);
      std::transform(tag.begin(), tag.end(), tag.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (tag == "script") {
        out += "&lt;/";  // only in a hand-made SVG: Graphviz writes no <script>
        i += 2;
        continue;
      }
    }
    out += body[i++];
  }
  return out;
}

}  // namespace

std::string atlas_html(const Fabric& fabric, const MapGroups& groups,
                       std::span<const Finding> findings, const std::vector<AtlasView>& views) {
  if (views.empty()) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>ibatlas "
           "atlas</title></head><body><p>Nothing to draw.</p></body></html>\n";
  }
  ViewFinder finder(groups, views);
  Json view_list = Json::array();
  for (const AtlasView& v : views) {
    auto it = std::find_if(groups.groups.begin(), groups.groups.end(),
                           [&](const MapGroup& g) { return !v.group.empty() && g.id == v.group; });
    view_list.push_back(view_json(v, it == groups.groups.end() ? nullptr : &*it));
  }
  Json finding_list = Json::array();
  for (const Finding& f : findings) {
    finding_list.push_back(finding_entry(fabric, finder, f));
  }
  const RenderModel& overview = views.front().model;
  std::string title = overview.title.empty() ? "fabric" : overview.title;
  Json data{{"title", title},
            {"notes", overview.notes},
            {"views", std::move(view_list)},
            {"nodes", search_index(fabric, finder)},
            {"findings", std::move(finding_list)}};
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>ibatlas atlas: " +
      html_label_escape(title) + "</title>\n<style>" + atlas_html_style() +
      "</style></head>\n<body>\n<div id=\"bar\"><a id=\"home\" href=\"#\">overview</a>"
      "<span id=\"crumb\"></span><input id=\"search\" type=\"search\" placeholder=\"name, "
      "GUID or LID ( / )\" size=\"28\"><button id=\"zoomin\" title=\"zoom in (+)\">+</button>"
      "<button id=\"zoomout\" title=\"zoom out (-)\">&#8722;</button><button id=\"reset\" "
      "title=\"fit (0)\">fit</button><button id=\"toggle\">findings</button>"
      "<span id=\"status\" role=\"status\"></span></div>\n<div id=\"map\"></div>\n"
      "<div id=\"panel\" hidden><ol id=\"findings\"></ol></div>\n<pre id=\"info\"></pre>\n"
      "<script type=\"application/json\" id=\"atlas-data\">" +
      script_safe_json(data) + "</script>\n";
  for (std::size_t v = 0; v < views.size(); ++v) {
    page += "<script type=\"text/x-ibatlas-svg\" id=\"svg" + std::to_string(v) + "\">";
    page += svg_text(views[v].svg);
    page += "</script>\n";
  }
  page += "<script>\n";
  page += atlas_html_script();
  page += "</script>\n</body></html>\n";
  return page;
}

}  // namespace ibatlas
