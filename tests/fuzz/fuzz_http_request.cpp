// libFuzzer target: the request-head parser of `ibatlas serve` (src/net/http_request.hpp)
// on hostile bytes, as a client can send them. Nothing may crash or read out of bounds,
// and an accepted request must be what the server relies on: GET or HEAD, a path that
// starts with '/' and is a prefix of the target, no byte below 0x21 in it.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "net/http_request.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::size_t end = ibatlas::net::http_head_end(bytes);
  if (end != std::string_view::npos && (end > size || bytes[end - 1] != '\n')) {
    std::abort();
  }
  ibatlas::net::HttpRequestHead head =
      ibatlas::net::parse_http_request(bytes.substr(0, end == std::string_view::npos ? size : end));
  if (head.status == 0) {
    bool method = head.method == "GET" || head.method == "HEAD";
    bool path = !head.path.empty() && head.path.front() == '/' &&
                head.target.compare(0, head.path.size(), head.path) == 0;
    for (char c : head.path) {
      path = path && static_cast<unsigned char>(c) > 0x20 && c != 0x7f;
    }
    if (!method || !path) {
      std::abort();
    }
  } else if (head.status != 400 && head.status != 405 && head.status != 505) {
    std::abort();
  }
  return 0;
}
