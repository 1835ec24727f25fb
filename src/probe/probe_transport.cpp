#include "ibatlas/probe/probe_transport.hpp"

namespace ibatlas {

std::string to_string(ProbeStatus status) {
  switch (status) {
    case ProbeStatus::Ok:
      return "ok";
    case ProbeStatus::Unreachable:
      return "unreachable";
    case ProbeStatus::Refused:
      return "refused";
    case ProbeStatus::Failed:
      return "failed";
  }
  return "unknown";
}

}  // namespace ibatlas
