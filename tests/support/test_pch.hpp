#pragma once

// The headers nearly every test includes, compiled once per test binary (CMake's
// target_precompile_headers): they are most of each test file's compile time. Only third-party
// and standard headers, so a change to ibatlas's own headers never rebuilds the PCH. Tests
// still include what they use; this is a speed-up, not a dependency.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
