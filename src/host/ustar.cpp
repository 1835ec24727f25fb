// The ustar writer (POSIX.1 "pax" rationale, ustar header layout): one header block per
// entry, octal numeric fields, checksum over the header with its own field as spaces.

#include "ibatlas/host/ustar.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "ibatlas/error.hpp"

namespace ibatlas {

namespace {

constexpr std::size_t kBlock = 512;

// Header field offsets and sizes (ustar).
struct Field {
  std::size_t offset;
  std::size_t size;
};

constexpr Field kName{0, 100};
constexpr Field kMode{100, 8};
constexpr Field kUid{108, 8};
constexpr Field kGid{116, 8};
constexpr Field kSize{124, 12};
constexpr Field kMtime{136, 12};
constexpr Field kChecksum{148, 8};
constexpr Field kTypeflag{156, 1};
constexpr Field kLinkname{157, 100};
constexpr Field kMagic{257, 6};
constexpr Field kVersion{263, 2};
constexpr Field kUname{265, 32};
constexpr Field kGname{297, 32};
constexpr Field kPrefix{345, 155};

using Header = std::array<char, kBlock>;

void put_text(Header& h, Field f, const std::string& text) {
  std::memcpy(h.data() + f.offset, text.data(), std::min(text.size(), f.size));
}

// Zero-padded octal of size-1 digits and a NUL.
void put_octal(Header& h, Field f, std::uint64_t value) {
  std::string digits(f.size - 1, '0');
  for (std::size_t i = digits.size(); i-- > 0 && value != 0; value >>= 3) {
    digits[i] = static_cast<char>('0' + (value & 7));
  }
  if (value != 0) {
    throw Error("tar: a number does not fit its field");
  }
  put_text(h, f, digits);
}

void check_path(const std::string& path) {
  bool dotdot = path == ".." || path.starts_with("../") || path.ends_with("/..") ||
                path.find("/../") != std::string::npos;
  if (path.empty() || path.front() == '/' || dotdot) {
    throw Error("tar: refusing the member name \"" + path + "\"");
  }
}

void put_path(Header& h, const std::string& path) {
  check_path(path);
  if (path.size() <= kName.size) {
    put_text(h, kName, path);
    return;
  }
  // The longest prefix that fits, cut at a '/', with the rest fitting the name field.
  for (std::size_t slash = std::min(path.size(), kPrefix.size + 1); slash-- > 0;) {
    if (path[slash] == '/' && slash <= kPrefix.size && path.size() - slash - 1 <= kName.size &&
        slash + 1 < path.size()) {
      put_text(h, kPrefix, path.substr(0, slash));
      put_text(h, kName, path.substr(slash + 1));
      return;
    }
  }
  throw Error("tar: the member name \"" + path + "\" is too long for ustar");
}

}  // namespace

std::string write_ustar(std::span<const TarEntry> entries, std::int64_t mtime) {
  std::string out;
  for (const TarEntry& entry : entries) {
    Header h{};
    put_path(h, entry.path);
    bool link = !entry.link.empty();
    if (link && entry.link.size() > kLinkname.size) {
      throw Error("tar: the link target of \"" + entry.path + "\" is too long for ustar");
    }
    put_octal(h, kMode, link ? 0777 : 0444);
    put_octal(h, kUid, 0);
    put_octal(h, kGid, 0);
    put_octal(h, kSize, link ? 0 : entry.contents.size());
    put_octal(h, kMtime, static_cast<std::uint64_t>(std::max<std::int64_t>(mtime, 0)));
    h[kTypeflag.offset] = link ? '2' : '0';
    if (link) {
      put_text(h, kLinkname, entry.link);
    }
    put_text(h, kMagic, std::string("ustar\0", 6));  // "ustar" and a NUL
    put_text(h, kVersion, "00");
    put_text(h, kUname, "root");
    put_text(h, kGname, "root");
    std::memset(h.data() + kChecksum.offset, ' ', kChecksum.size);
    unsigned sum = 0;
    for (char c : h) {
      sum += static_cast<unsigned char>(c);
    }
    put_octal(h, Field{kChecksum.offset, 7}, sum);  // six digits, NUL, then the space kept
    out.append(h.data(), h.size());
    if (!link) {
      out += entry.contents;
      out.append((kBlock - entry.contents.size() % kBlock) % kBlock, '\0');
    }
  }
  out.append(2 * kBlock, '\0');
  return out;
}

}  // namespace ibatlas
