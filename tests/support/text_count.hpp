#pragma once

// How often a string occurs in a command's output or a rendered file.

#include <cstddef>
#include <string_view>

namespace ibatlas::test {

// The number of places `what` starts in `text`, overlapping ones included ("aa" is in "aaa"
// twice). `what` must not be empty.
std::size_t count_of(std::string_view text, std::string_view what);

}  // namespace ibatlas::test
