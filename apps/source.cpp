#include "source.hpp"

#include "ibatlas/error.hpp"
#include "ibatlas/formats/detect.hpp"
#include "ibatlas/formats/ibnd_cache.hpp"
#include "ibatlas/formats/node_name_map.hpp"

namespace ibatlas::cli {

ReadResult load_source(const std::string& source, const SourceOptions& options, std::ostream& err) {
  std::string bytes = read_file(source);
  ReadResult result =
      looks_like_ibnd_cache(bytes) ? load_ibnd_cache_file(source) : read_fabric(bytes, source);
  if (!result.skipped.empty()) {
    err << "ibatlas: " << source << ": skipped " << result.skipped.size()
        << " line(s) outside records" << (options.verbose ? ":" : " (-v lists them)") << '\n';
    if (options.verbose) {
      for (const SkippedLine& s : result.skipped) {
        err << "  " << source << ':' << s.line << ": " << s.text << '\n';
      }
    }
  }
  if (!options.node_name_map.empty()) {
    // As infiniband-diags' --node-name-map: mapped names replace node descriptions.
    NodeNameMap map = read_node_name_map(read_file(options.node_name_map), options.node_name_map);
    result.fabric = apply_node_name_map(result.fabric, map);
  }
  return result;
}

}  // namespace ibatlas::cli
