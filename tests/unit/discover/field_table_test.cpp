// The field-table mechanism on a made-up attribute: one table decodes and encodes scalars,
// bools and arrays at the bits it names, and is_valid_table rejects the layout mistakes a
// new attribute's table could make. Every real table (smp_decode.cpp) is checked by a
// static_assert where it is defined, so a bad one does not build.

#include "discover/field_table.hpp"

#include <array>
#include <cstdint>

#include <gtest/gtest.h>

namespace ibatlas {
namespace {

struct ToyFields {
  std::uint8_t kind = 0;
  std::uint16_t lid = 0;
  bool flag = false;
  std::uint64_t guid = 0;
  std::array<std::uint8_t, 4> vl{};
  std::uint32_t tail = 0;
  friend bool operator==(const ToyFields&, const ToyFields&) = default;
};

constexpr std::array kToyTable{
    field<&ToyFields::kind>(0, 8),          field<&ToyFields::lid>(12, 16),
    field<&ToyFields::flag>(31, 1),         field<&ToyFields::guid>(64, 64),
    array_field<&ToyFields::vl>(132, 4, 8),  // the low nibble of each of bytes 16-19
    field<&ToyFields::tail>(488, 24),        // ends at bit 511
};
static_assert(is_valid_table(kToyTable));

TEST(FieldTableTest, EncodesEachFieldAtItsBits) {
  ToyFields f{.kind = 0xA5,
              .lid = 0xBCDE,
              .flag = true,
              .guid = 0x0102030405060708,
              .vl = {1, 2, 0xF, 0},
              .tail = 0x123456};
  MadPayload d = encode_fields(f, kToyTable);
  MadPayload want{};
  want[0] = 0xA5;
  want[1] = 0x0B;  // lid at bits 12-27
  want[2] = 0xCD;
  want[3] = 0xE1;  // lid's last nibble, then flag at bit 31
  for (std::size_t i = 0; i < 8; ++i) {
    want[8 + i] = static_cast<std::uint8_t>(i + 1);
  }
  want[16] = 0x01;
  want[17] = 0x02;
  want[18] = 0x0F;
  want[61] = 0x12;
  want[62] = 0x34;
  want[63] = 0x56;
  EXPECT_EQ(d, want);
  EXPECT_EQ(decode_fields(d, kToyTable), f);
}

TEST(FieldTableTest, EncodeCutsValuesToTheirWidthAndDecodeIgnoresOtherBits) {
  ToyFields f{.vl = {0xFF, 0, 0, 0}, .tail = 0xFFFFFFFF};
  MadPayload d = encode_fields(f, kToyTable);
  EXPECT_EQ(d[16], 0x0F);
  EXPECT_EQ(decode_fields(d, kToyTable).tail, 0xFFFFFFU);

  MadPayload ones{};
  ones.fill(0xFF);
  ToyFields all = decode_fields(ones, kToyTable);
  EXPECT_EQ(all.lid, 0xFFFF);
  EXPECT_TRUE(all.flag);
  EXPECT_EQ(all.vl, (std::array<std::uint8_t, 4>{0xF, 0xF, 0xF, 0xF}));
  EXPECT_EQ(all.tail, 0xFFFFFFU);
}

TEST(FieldTableTest, AcceptsAnEmptyTable) {
  EXPECT_TRUE(is_valid_table(std::array<FieldSpec<ToyFields>, 0>{}));
}

TEST(FieldTableTest, RejectsOverlappingFields) {
  EXPECT_FALSE(
      is_valid_table(std::array{field<&ToyFields::kind>(0, 8), field<&ToyFields::lid>(7, 16)}));
  // Overlap with a later element of an array, not just its first.
  EXPECT_FALSE(is_valid_table(
      std::array{array_field<&ToyFields::vl>(0, 4, 8), field<&ToyFields::flag>(26, 1)}));
  EXPECT_TRUE(is_valid_table(
      std::array{array_field<&ToyFields::vl>(0, 4, 8), field<&ToyFields::flag>(28, 1)}));
}

TEST(FieldTableTest, RejectsArrayWhoseElementsOverlap) {
  EXPECT_FALSE(is_valid_table(std::array{array_field<&ToyFields::vl>(0, 4, 3)}));
}

TEST(FieldTableTest, RejectsFieldsPastThe64Bytes) {
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::tail>(489, 24)}));
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::guid>(512, 8)}));
  // The last of four elements at stride 8 starts at bit 512.
  EXPECT_FALSE(is_valid_table(std::array{array_field<&ToyFields::vl>(488, 4, 8)}));
  EXPECT_TRUE(is_valid_table(std::array{array_field<&ToyFields::vl>(480, 4, 8)}));
}

TEST(FieldTableTest, RejectsFieldsWiderThanTheirMemberOrEmpty) {
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::kind>(0, 9)}));
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::flag>(0, 2)}));
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::lid>(0, 0)}));
}

TEST(FieldTableTest, RejectsFieldsBitsGetCannotRead) {
  // bits::get reads 58..63 bits nowhere, and 64 only at a byte boundary.
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::guid>(0, 60)}));
  EXPECT_FALSE(is_valid_table(std::array{field<&ToyFields::guid>(4, 64)}));
  EXPECT_TRUE(is_valid_table(std::array{field<&ToyFields::guid>(4, 57)}));
}

TEST(FieldTableTest, RejectsSpecsWithoutAccessors) {
  FieldSpec<ToyFields> bare{.offset = 0, .width = 8, .count = 1, .stride = 8, .value_bits = 8};
  EXPECT_FALSE(is_valid_table(std::array{bare}));
}

}  // namespace
}  // namespace ibatlas
