#pragma once

// `ibnetdiscover --cache` files, read through libibnetdisc's ibnd_load_fabric. Implemented
// in src/umad/ (target ibatlas_umad): only link it where rdma-core is available.

#include <string>
#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// Throws Error when libibnetdisc cannot load the file.
ReadResult read_ibnd_cache(const std::string& path);

// The same for a file already read: `bytes` are its content, `path` names it. What the CLI
// calls, having read the file once to recognise its format.
ReadResult read_ibnd_cache(std::string_view bytes, const std::string& path);

}  // namespace ibatlas
