#pragma once

// Field tables: an attribute's layout written once, as a constexpr list of (bit offset, width,
// member), and walked by both decode_fields() and encode_fields(). Offsets count as bits.hpp
// counts them (bit 0 is the most significant bit of byte 0). Private to src/discover and its
// tests.
//
//   constexpr std::array kNodeInfoTable{
//       field<&NodeInfoFields::base_version>(0, 8),
//       field<&NodeInfoFields::system_guid>(32, 64),
//       ...
//   };
//   static_assert(is_valid_table(kNodeInfoTable));
//   NodeInfoFields decode_node_info(PayloadView d) { return decode_fields(d, kNodeInfoTable); }
//
// Members are unsigned integers or bool (the wire numbers, as smp_decode.hpp's structs hold
// them); std::array members of them are described by one array_field() entry.

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>

#include "ibatlas/discover/smp_decode.hpp"

#include "discover/bits.hpp"

namespace ibatlas {

// Where one member of `Fields` lies on the wire: `count` elements of `width` bits, element i
// at bit offset + i * stride (a scalar member has count 1). `load` and `store` move element i
// between the member and the wire's number; `value_bits` is how many bits the member holds.
// Built by field() or array_field(), which fill the function pointers.
template <typename Fields>
struct FieldSpec {
  std::size_t offset = 0;
  std::size_t width = 0;
  std::size_t count = 1;
  std::size_t stride = 0;
  std::size_t value_bits = 0;
  std::uint64_t (*load)(const Fields&, std::size_t) = nullptr;
  void (*store)(Fields&, std::size_t, std::uint64_t) = nullptr;

  constexpr std::size_t element_offset(std::size_t i) const { return offset + i * stride; }
};

namespace field_table_detail {

constexpr std::size_t kPayloadBits = 8 * std::tuple_size_v<MadPayload>;

// The struct a member pointer points into, and the member's type.
template <typename MemberPointer>
struct MemberOf;

template <typename Class, typename Value>
struct MemberOf<Value Class::*> {
  using Fields = Class;
  using Type = Value;
};

// bits::get reads up to 57 bits at any offset, or 64 at a byte boundary.
template <typename Fields>
constexpr bool is_readable(const FieldSpec<Fields>& spec) {
  bool aligned = spec.offset % 8 == 0 && (spec.count == 1 || spec.stride % 8 == 0);
  return spec.width <= 57 || (spec.width == 64 && aligned);
}

template <typename Fields>
constexpr bool is_well_formed(const FieldSpec<Fields>& spec) {
  if (spec.load == nullptr || spec.store == nullptr || spec.count == 0) {
    return false;
  }
  // Wider than the member would cut the decoded value; a stride below the width would make
  // an array's elements share bits.
  if (spec.width == 0 || spec.width > spec.value_bits ||
      (spec.count > 1 && spec.stride < spec.width)) {
    return false;
  }
  return spec.element_offset(spec.count - 1) + spec.width <= kPayloadBits && is_readable(spec);
}

template <typename Fields>
constexpr bool overlap(const FieldSpec<Fields>& a, const FieldSpec<Fields>& b) {
  for (std::size_t i = 0; i < a.count; ++i) {
    for (std::size_t j = 0; j < b.count; ++j) {
      std::size_t a_begin = a.element_offset(i);
      std::size_t b_begin = b.element_offset(j);
      if (a_begin < b_begin + b.width && b_begin < a_begin + a.width) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace field_table_detail

// A scalar member at bits offset .. offset + width - 1, e.g.
// field<&SwitchInfoFields::lids_per_port>(96, 16).
template <auto Member>
constexpr auto field(std::size_t offset, std::size_t width) {
  using Fields = typename field_table_detail::MemberOf<decltype(Member)>::Fields;
  using Value = typename field_table_detail::MemberOf<decltype(Member)>::Type;
  static_assert(std::is_unsigned_v<Value>, "a wire field is an unsigned integer or bool");
  return FieldSpec<Fields>{
      .offset = offset,
      .width = width,
      .count = 1,
      .stride = width,
      .value_bits = std::numeric_limits<Value>::digits,
      .load = [](const Fields& f, std::size_t) { return static_cast<std::uint64_t>(f.*Member); },
      .store = [](Fields& f, std::size_t, std::uint64_t v) { f.*Member = static_cast<Value>(v); },
  };
}

// A std::array member, element i at bit offset + i * stride, each `width` bits wide; the
// element count is the array's size.
template <auto Member>
constexpr auto array_field(std::size_t offset, std::size_t width, std::size_t stride) {
  using Fields = typename field_table_detail::MemberOf<decltype(Member)>::Fields;
  using Array = typename field_table_detail::MemberOf<decltype(Member)>::Type;
  using Value = typename Array::value_type;
  static_assert(std::is_unsigned_v<Value>, "a wire field is an unsigned integer or bool");
  return FieldSpec<Fields>{
      .offset = offset,
      .width = width,
      .count = std::tuple_size_v<Array>,
      .stride = stride,
      .value_bits = std::numeric_limits<Value>::digits,
      .load = [](const Fields& f,
                 std::size_t i) { return static_cast<std::uint64_t>((f.*Member)[i]); },
      .store = [](Fields& f, std::size_t i,
                  std::uint64_t v) { (f.*Member)[i] = static_cast<Value>(v); },
  };
}

// True when every field of `table` lies inside the 64-byte payload, is no wider than its
// member, can be read by bits::get, and shares no bit with another field. Put
// static_assert(is_valid_table(t)) after each table.
template <typename Fields, std::size_t N>
constexpr bool is_valid_table(const std::array<FieldSpec<Fields>, N>& table) {
  for (std::size_t i = 0; i < N; ++i) {
    if (!field_table_detail::is_well_formed(table[i])) {
      return false;
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (field_table_detail::overlap(table[i], table[j])) {
        return false;
      }
    }
  }
  return true;
}

// The members `table` names, read from `data`; other members keep their defaults.
template <typename Fields, std::size_t N>
Fields decode_fields(PayloadView data, const std::array<FieldSpec<Fields>, N>& table) {
  Fields fields{};
  for (const FieldSpec<Fields>& spec : table) {
    for (std::size_t i = 0; i < spec.count; ++i) {
      spec.store(fields, i, bits::get(data, spec.element_offset(i), spec.width));
    }
  }
  return fields;
}

// A zeroed payload with the members `table` names written in, each cut to its width.
template <typename Fields, std::size_t N>
MadPayload encode_fields(const Fields& fields, const std::array<FieldSpec<Fields>, N>& table) {
  MadPayload data{};
  for (const FieldSpec<Fields>& spec : table) {
    for (std::size_t i = 0; i < spec.count; ++i) {
      bits::set(data, spec.element_offset(i), spec.width, spec.load(fields, i));
    }
  }
  return data;
}

}  // namespace ibatlas
