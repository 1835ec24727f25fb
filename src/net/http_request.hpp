#pragma once

// The request head of HTTP/1.1 (RFC 9112), as much of it as `ibatlas serve` needs: the
// request line, and header fields checked for shape and for Host. Pure functions on bytes,
// so tests and the fuzzer call them without a socket.

#include <cstddef>
#include <string>
#include <string_view>

namespace ibatlas::net {

struct HttpRequestHead {
  int status = 0;   // 0: a valid GET or HEAD; else the status to answer (400, 405, 505)
  std::string why;  // for 400/505: what was wrong, for the log
  std::string method;
  std::string target;  // as sent
  std::string path;    // the target without its query ("/metrics")
};

// The offset just past the blank line that ends the head (CRLF CRLF, or bare LF LF, which
// RFC 9112 lets a server accept), or npos while it has not arrived.
std::size_t http_head_end(std::string_view bytes);

// Parses a complete head (through its blank line). Any method but GET and HEAD is 405 once
// the request line is well formed; an HTTP/1.1 request needs exactly one Host field; a
// folded or malformed field line, a control character, or a target that is not a path is
// 400; a version other than 1.0 and 1.1 is 505. A body is never read (the reply closes
// the connection).
HttpRequestHead parse_http_request(std::string_view bytes);

}  // namespace ibatlas::net
