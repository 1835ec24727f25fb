// The Graphviz version ibatlas_render was built against, for `ibatlas --version`.

#include <string>

#include <graphviz/gvc.h>

#include "ibatlas/render/graphviz.hpp"

namespace ibatlas {

std::string graphviz_version() {
  GVC_t* context = gvContext();
  std::string version = gvcVersion(context);
  gvFreeContext(context);
  return version;
}

}  // namespace ibatlas
