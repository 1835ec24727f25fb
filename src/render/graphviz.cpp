// Layout and rendering with libgvc. Graphviz keeps its error handler in a global, so one
// render runs at a time (a mutex), and its messages are collected for the exception.

#include "ibatlas/render/graphviz.hpp"

#include <memory>
#include <mutex>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "ibatlas/error.hpp"
#include "ibatlas/render/map_dot.hpp"
#include "ibatlas/render/map_html.hpp"

namespace ibatlas {

namespace {

std::mutex graphviz_mutex;
std::string* graphviz_messages = nullptr;  // guarded by graphviz_mutex

int collect_message(char* text) {
  if (graphviz_messages != nullptr && text != nullptr) {
    *graphviz_messages += text;
  }
  return 0;
}

// One context for the whole process, never freed (guarded by graphviz_mutex). Graphviz 2.42's
// pango plugin remembers a pointer to the last font name it measured, and that name lives in
// the context: after gvFreeContext the next layout in the same process compares against freed
// memory (ASan caught it in diff --svg's tests). Keeping the context keeps the name alive.
GVC_t* shared_context() {
  static GVC_t* const gvc = gvContext();
  return gvc;
}

struct GraphCloser {
  GVC_t* gvc;

  void operator()(Agraph_t* graph) const {
    gvFreeLayout(gvc, graph);
    agclose(graph);
  }
};

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

}  // namespace

std::string graphviz_render(const std::string& dot, const std::string& engine,
                            const std::string& format) {
  std::lock_guard<std::mutex> lock(graphviz_mutex);
  std::string messages;
  graphviz_messages = &messages;
  agseterr(AGERR);
  agusererrf previous = agseterrf(collect_message);
  GVC_t* gvc = shared_context();
  std::unique_ptr<Agraph_t, GraphCloser> graph(agmemread(dot.c_str()), GraphCloser{gvc});
  std::string result;
  bool ok = graph != nullptr && gvLayout(gvc, graph.get(), engine.c_str()) == 0;
  char* data = nullptr;
  unsigned int length = 0;
  ok = ok && gvRenderData(gvc, graph.get(), format.c_str(), &data, &length) == 0;
  if (ok && data != nullptr) {
    result.assign(data, length);
  }
  if (data != nullptr) {
    gvFreeRenderData(data);
  }
  graph.reset();
  agseterrf(previous);
  graphviz_messages = nullptr;
  if (!ok) {
    throw Error("graphviz (" + engine + " -T" + format +
                ") failed: " + (messages.empty() ? std::string("no message") : trimmed(messages)));
  }
  return result;
}

std::string render_map(const RenderModel& model, MapFormat format) {
  std::string dot = map_dot(model);
  if (format == MapFormat::Dot) {
    return dot;
  }
  std::string engine = layout_engine(model);
  if (format == MapFormat::Png) {
    return graphviz_render(dot, engine, "png");
  }
  std::string svg = titles_from_tooltips(graphviz_render(dot, engine, "svg"));
  return format == MapFormat::Html ? map_html(model, svg) : svg;
}

}  // namespace ibatlas
