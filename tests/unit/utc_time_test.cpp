// The ISO 8601 time parser behind counter rates and history timelines.

#include "ibatlas/utc_time.hpp"

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

TEST(UtcTimeTest, ParsesUtcTimes) {
  EXPECT_EQ(parse_utc_time("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(parse_utc_time("2000-03-01T00:00:00Z"), 951868800);  // date -u -d ... +%s
  EXPECT_EQ(parse_utc_time("2026-11-29T23:48:00Z"), 1795996080);
  EXPECT_EQ(parse_utc_time("2026-11-29T23:48:00.250+00:00"), 1795996080);
  EXPECT_FALSE(parse_utc_time("2026-11-29 23:48").has_value());
  EXPECT_FALSE(parse_utc_time("2026-13-01T00:00:00Z").has_value());
  EXPECT_FALSE(parse_utc_time("2026-11-29T23:48:00+01:00").has_value());
}

}  // namespace
}  // namespace ibatlas
