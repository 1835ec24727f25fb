#pragma once

// `ibnetdiscover --cache` files, read through libibnetdisc's ibnd_load_fabric. Implemented
// in src/umad/ (target ibatlas_umad): only link it where rdma-core is available.

#include <string>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// Throws Error when libibnetdisc cannot load the file.
ReadResult read_ibnd_cache(const std::string& path);

}  // namespace ibatlas
