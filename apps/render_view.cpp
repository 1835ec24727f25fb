#include "render_view.hpp"

#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "ibatlas/error.hpp"
#include "ibatlas/render/cabling_matrix.hpp"
#include "ibatlas/render/load_map.hpp"
#include "ibatlas/render/map_groups.hpp"
#include "ibatlas/render/overview.hpp"
#include "ibatlas/tiers.hpp"

#include <unistd.h>

namespace ibatlas::cli {

namespace {

// Elapsed seconds redrawn in place on a terminal while Graphviz lays a large map out (the
// layout is one library call with no progress of its own). Silent when stderr is not a
// terminal, and for maps that lay out in seconds.
class LayoutTicker {
 public:
  LayoutTicker(std::ostream& err, const RenderModel& model) : err_(err) {
    if (&err != &std::cerr || isatty(STDERR_FILENO) != 1 || !slow_layout_warning(model)) {
      return;
    }
    std::string what = "\rrender: laying out " + std::to_string(model.nodes.size()) + " boxes: ";
    thread_ = std::thread([this, what] {
      auto start = std::chrono::steady_clock::now();
      std::unique_lock<std::mutex> lock(mutex_);
      while (!done_) {
        auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
            std::chrono::steady_clock::now() - start);
        err_ << what << seconds.count() << " s" << std::flush;
        wake_.wait_for(lock, std::chrono::seconds(1));
      }
      err_ << '\n' << std::flush;
    });
  }

  ~LayoutTicker() {
    if (thread_.joinable()) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
      }
      wake_.notify_one();
      thread_.join();
    }
  }

  LayoutTicker(const LayoutTicker&) = delete;
  LayoutTicker& operator=(const LayoutTicker&) = delete;

 private:
  std::ostream& err_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
};

// Lays the model out (with a warning first, and elapsed time on a terminal, when that is
// slow); DOT output needs no layout.
std::string laid_out(const RenderModel& model, MapFormat format, std::ostream& err) {
  if (format != MapFormat::Dot) {
    if (std::optional<std::string> warning = slow_layout_warning(model)) {
      err << "ibatlas: warning: " << *warning << '\n';
    }
  }
  LayoutTicker ticker(err, format == MapFormat::Dot ? RenderModel{} : model);
  return render_map(model, format);
}

enum class View : std::uint8_t { Detail, Overview, Matrix };

// --focus draws a part in detail; --expand asks for the overview; auto draws the overview
// above kOverviewSwitchUnits switch boxes, where the detailed map cannot be read any more.
View chosen_view(const MapRequest& request, const MapGroups& groups) {
  if (request.view == "matrix") {
    return View::Matrix;
  }
  if (request.view == "detail" || request.options.focus) {
    return View::Detail;
  }
  if (request.view == "overview" || !request.expand.empty()) {
    return View::Overview;
  }
  return groups.switch_units > kOverviewSwitchUnits ? View::Overview : View::Detail;
}

std::string count_text(const RenderModel& model) {
  return std::to_string(model.nodes.size()) + " boxes, " + std::to_string(model.edges.size()) +
         " lines";
}

// Loads first, so a finding's colour wins over a load's on the same line.
RenderModel marked_model(const Fabric& fabric, const Tiers& tiers,
                         std::span<const Finding> findings, const MapRequest& request) {
  RenderModel model = build_render_model(fabric, tiers, request.options);
  if (request.loads != nullptr) {
    mark_loads(model, fabric, *request.loads);
  }
  mark_findings(model, fabric, findings);
  return model;
}

DrawnMap draw_overview(const Fabric& fabric, const Tiers& tiers, const MapGroups& groups,
                       std::span<const Finding> findings, const MapRequest& request,
                       std::ostream& err) {
  RenderModel detailed = marked_model(fabric, tiers, findings, request);
  std::set<std::string> expanded(request.expand.begin(), request.expand.end());
  RenderModel overview = fold_into_groups(detailed, groups, expanded);
  DrawnMap map;
  if (request.format == MapFormat::Html) {
    map.bytes = render_atlas(fabric, groups, detailed, overview, findings);
  } else {
    map.bytes = laid_out(overview, request.format, err);
  }
  map.summary =
      "overview of " + std::to_string(groups.groups.size()) + " groups: " + count_text(overview);
  map.note = "--expand GROUP (or all) opens a group; --view matrix draws the cabling";
  return map;
}

// The SVG in a page of its own, so a browser shows the matrix with its tooltips.
std::string matrix_page(const std::string& svg) {
  return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>ibatlas cabling "
         "matrix</title></head>\n<body style=\"margin:0\">\n" +
         svg + "\n</body></html>\n";
}

DrawnMap draw_matrix(const Fabric& fabric, const Tiers& tiers, const MapGroups& groups,
                     std::span<const Finding> findings, const MapRequest& request) {
  if (request.format != MapFormat::Svg && request.format != MapFormat::Html) {
    throw Error("--view matrix writes SVG or HTML: name the output .svg or .html");
  }
  std::vector<CablingMatrix> matrices =
      build_cabling_matrices(fabric, tiers, groups, findings, request.plan);
  if (matrices.empty()) {
    throw Error(
        "--view matrix: the fabric has fewer than two switch tiers, so there is no "
        "cabling matrix to draw");
  }
  std::string svg = cabling_matrix_svg(matrices, fabric.provenance().source);
  DrawnMap map{request.format == MapFormat::Html ? matrix_page(svg) : svg, "", ""};
  for (const CablingMatrix& m : matrices) {
    map.summary += (map.summary.empty() ? "" : ", ") + m.title + " " +
                   std::to_string(m.rows.size()) + " × " + std::to_string(m.columns.size());
  }
  map.summary = "cabling matrix " + map.summary;
  return map;
}

}  // namespace

DrawnMap draw_map(const Fabric& fabric, std::span<const Finding> findings,
                  const MapRequest& request, std::ostream& err) {
  Tiers tiers = infer_tiers(fabric);
  MapGroups groups = compute_map_groups(fabric, tiers);
  switch (chosen_view(request, groups)) {
    case View::Matrix:
      return draw_matrix(fabric, tiers, groups, findings, request);
    case View::Overview:
      return draw_overview(fabric, tiers, groups, findings, request, err);
    case View::Detail:
      break;
  }
  RenderModel model = marked_model(fabric, tiers, findings, request);
  return DrawnMap{laid_out(model, request.format, err), count_text(model), ""};
}

}  // namespace ibatlas::cli
