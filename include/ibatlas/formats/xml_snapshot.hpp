#pragma once

// ibatlas's own snapshot format (pugixml), versioned and lossless: read(write(f)) == f.
// The schema is documented in docs/formats.md.

#include <ostream>
#include <string>
#include <string_view>

#include "ibatlas/formats/read_result.hpp"

namespace ibatlas {

// The newest format version, which the reader reads along with versions 1 and 2. The writer
// writes the lowest version that holds the fabric (docs/formats.md): 3 only with AR state,
// 2 only when free text needs an escape, else 1, so older readers read what they can.
constexpr int kXmlSnapshotVersion = 3;

ReadResult read_xml_snapshot(std::string_view text, std::string_view name);
// True when `line`, the first (trimmed) line that is not blank, starts an XML document.
// detect_format asks it about that line only.
bool looks_like_xml_snapshot_line(std::string_view line);

void write_xml_snapshot(const Fabric& fabric, std::ostream& out);

// Writes to `path` the way every output is written (output_file.hpp): replaced atomically,
// or written through for a device. Throws Error.
void write_xml_snapshot_file(const Fabric& fabric, const std::string& path);

}  // namespace ibatlas
