#include "source.hpp"

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"

namespace ibatlas::cli {

ReadResult load_source(const std::string& source, const SourceOptions& options,
                       std::ostream& err) {
  std::string bytes = read_file(source);
  ReadResult result = looks_like_ibnd_cache(bytes) ? load_ibnd_cache_file(source)
                                                   : read_fabric(bytes, source);
  if (!result.skipped.empty()) {
    err << "ibatlas: " << source << ": skipped " << result.skipped.size()
        << " line(s) outside records" << (options.verbose ? ":" : " (-v lists them)") << '\n';
    if (options.verbose) {
      for (const SkippedLine& s : result.skipped) {
        err << "  " << source << ':' << s.line << ": " << s.text << '\n';
      }
    }
  }
  return result;
}

}  // namespace ibatlas::cli
