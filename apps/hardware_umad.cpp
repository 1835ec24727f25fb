// Built when rdma-core is present: live sources and cache files go through ibatlas_umad.

#include "ibatlas/formats/ibnd_cache.hpp"
#include "source.hpp"

namespace ibatlas::cli {

ReadResult load_ibnd_cache_file(const std::string& path) { return read_ibnd_cache(path); }

}  // namespace ibatlas::cli
