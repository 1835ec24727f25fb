// The files a command attaches to its one SOURCE: --counters FILE (ibqueryerrors or
// perfquery output) and --ar FILE (ibdiagnet's AR dump), and the refusal for commands that
// read several SOURCEs. Split from source.cpp, which turns a SOURCE into a snapshot.

#include <algorithm>
#include <ostream>
#include <string>

#include "ibatlas/error.hpp"
#include "ibatlas/formats/counters_text.hpp"
#include "ibatlas/formats/far.hpp"
#include "ibatlas/input_file.hpp"

#include "source.hpp"

namespace ibatlas::cli {

namespace {

// Each --counters FILE attached to `fabric` in turn (formats/counters_text.hpp).
Fabric attach_counter_files(Fabric fabric, const SourceOptions& options, std::ostream& err) {
  for (const std::string& path : options.counters) {
    if (path.empty()) {
      continue;  // the bare --counters: read in the crawl
    }
    CountersText text = read_counters_text(read_file(path), path);
    CountersAttachResult attached = attach_counters(fabric, text, path);
    for (const std::string& message : attached.unmatched) {
      err << "ibatlas: warning: " << printable_input(message) << '\n';
    }
    err << "ibatlas: " << path << ": counters of " << attached.attached << " port(s) attached";
    if (!attached.unmatched.empty()) {
      err << ", " << attached.unmatched.size() << " row(s) for ports not in the fabric";
    }
    if (text.aggregate_rows != 0) {
      err << ", " << text.aggregate_rows << " \"port ALL\" row(s) (sums) left out";
    }
    if (!text.skipped.empty()) {
      err << ", " << text.skipped.size() << " other line(s) passed over"
          << (options.verbose ? ":" : " (-v lists them)");
    }
    err << '\n';
    if (options.verbose) {
      for (const SkippedLine& s : text.skipped) {
        err << "  " << path << ':' << s.line << ": " << printable_input(s.text) << '\n';
      }
    }
    fabric = std::move(attached.fabric);
  }
  return fabric;
}

}  // namespace

ReadResult load_main_source(const std::string& source, const SourceOptions& options,
                            std::ostream& err) {
  bool live = !options.load_cache && is_live_source(source);
  if (options.ar && options.ar->empty() && !live) {
    throw Error("--ar without a FILE reads adaptive-routing state in a live crawl, and " + source +
                " is a file: give the AR dump (--ar ibdiagnet2.far), or a snapshot taken with "
                "`discover --ar`");
  }
  bool bare_counters = std::count(options.counters.begin(), options.counters.end(), "") > 0;
  if (bare_counters && !live) {
    throw Error("--counters without a FILE reads PerfMgt counters in a live crawl, and " + source +
                " is a file: give ibqueryerrors or perfquery output (--counters FILE), or a "
                "snapshot taken with `discover --counters`");
  }
  ReadResult read =
      options.load_cache ? load_cache_source(source, options) : load_source(source, options, err);
  read.fabric = attach_counter_files(std::move(read.fabric), options, err);
  if (!options.ar || options.ar->empty()) {
    return read;
  }
  const std::string& path = *options.ar;
  FarAttachResult attached = attach_far(read.fabric, read_far(read_file(path), path), path);
  std::size_t missing = 0;
  for (const Finding& f : attached.findings) {
    if (f.check == "ar.unknown_switch") {
      err << "ibatlas: " << printable_input(f.message) << '\n';
    }
    missing += f.check == "ar.not_in_dump" ? 1 : 0;
  }
  if (missing != 0) {
    err << "ibatlas: " << path << ": " << missing
        << " switch(es) of the fabric are not in the dump (ar.not_in_dump)\n";
  }
  read.fabric = std::move(attached.fabric);
  options.ar_findings = std::move(attached.findings);
  return read;
}

void refuse_attached_files(const SourceOptions& options, const std::string& command) {
  if (options.ar && !options.ar->empty()) {
    throw Error("--ar FILE attaches an AR dump to one SOURCE, and " + command +
                " reads several: attach it first with `ibatlas convert SOURCE --ar FILE -o "
                "snapshot.xml`");
  }
  for (const std::string& path : options.counters) {
    if (!path.empty()) {
      std::string message = "--counters FILE attaches counters to one SOURCE, and " + command;
      message += " reads several: attach them first with `ibatlas convert SOURCE --counters ";
      message += path;
      message += " -o snapshot.xml`";
      throw Error(message);
    }
  }
}

}  // namespace ibatlas::cli
