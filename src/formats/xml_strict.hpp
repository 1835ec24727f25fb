#pragma once

// XML 1.0 as the standard has it, on top of pugixml, which is lenient by design: it takes
// repeated attributes, references to characters XML forbids (&#27;, &#0;), undefined
// entities, a bare & or < in an attribute, control bytes and bytes that are not UTF-8. A
// snapshot that xmllint or Python's parser rejects must not read here either.

#include <string>

#include <pugixml.hpp>

#include "formats/xml_checked.hpp"

namespace ibatlas {

// Parses `buffer`, a copy of the checker's text that must outlive `doc`, in place. Attribute
// values and text are decoded here rather than by pugixml, so that every reference is checked
// and every error names its line; comments are checked and dropped. Throws ParseError.
void load_strict_xml(pugi::xml_document& doc, std::string& buffer, const XmlChecker& c);

}  // namespace ibatlas
