#pragma once

// What the decoder oracle tests share (smp_decode_oracle_test.cpp, perf_details_oracle_test.cpp):
// random payloads, and libibmad's field tables (mad_get_field), the layouts infiniband-diags
// decode with, to read them back.

#include <cstdint>
#include <random>

#include <infiniband/mad.h>

#include "ibatlas/discover/smp_decode.hpp"

namespace ibatlas::test {

inline MadPayload random_payload(std::mt19937_64& engine) {
  MadPayload d;
  for (std::uint8_t& b : d) {
    b = static_cast<std::uint8_t>(engine());
  }
  return d;
}

inline std::uint64_t ibmad(MadPayload& d, MAD_FIELDS field) {
  return mad_get_field(d.data(), 0, field);
}

inline std::uint64_t ibmad64(MadPayload& d, MAD_FIELDS field) {
  return mad_get_field64(d.data(), 0, field);
}

}  // namespace ibatlas::test
