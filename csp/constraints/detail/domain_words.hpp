// Domain words: read a variable's candidates 64 values at a time, in either storage form, so a
// propagator can intersect and unite two domains word by word instead of value by value.
//
// shifted(mask, by) moves a word of candidates from one base to another. window(d, v, s) is the
// set of v's candidates in [s, s + 63] as bits (bit j: s + j is a candidate), whatever v's base
// and form: a bit-form variable's words are shifted into place, an interval-form one yields the
// mask of its range. first_in / last_in find v's least and greatest
// candidate in [lo, hi] by whole words. All read the domains only and allocate nothing.
#pragma once

#include <bit>
#include <cstdint>

#include "csp/kernel/domains.hpp"

namespace csp::domain_words {

/// Bit b of `mask` moved to bit b + by (left for by > 0); bits pushed past either end are dropped.
/// The mask of a one-word domain based at `base`, seen from a window based at `s`, is
/// shifted(mask, base - s).
inline std::uint64_t shifted(std::uint64_t mask, std::int64_t by) {
  if (by >= 64 || by <= -64) return 0;
  return by >= 0 ? mask << by : mask >> -by;
}

/// The bits j in 0..63 with s + j in [lo, hi] (0 when they do not meet).
inline std::uint64_t range_mask(std::int64_t s, std::int64_t lo, std::int64_t hi) {
  const std::int64_t a = lo > s ? lo - s : 0, b = hi - s < 63 ? hi - s : 63;
  if (a > b) return 0;
  return (~std::uint64_t{0} >> (63 - (b - a))) << a;
}

/// v's candidates in [s, s + 63] as bits: bit j set when s + j is a candidate.
inline std::uint64_t window(const Domains& d, Var v, std::int64_t s) {
  const VarLayout& l = d.layout(v);
  if (l.interval) return d.empty(v) ? 0 : range_mask(s, d.min(v), d.max(v));
  const std::uint64_t* w = d.words().data() + l.first_word;
  const std::int64_t o = s - l.base, words = l.words;  // v's bit index of value s
  if (o <= -64 || o >= words * 64) return 0;
  // value s + j is v's bit o + j; split o into a word q and a shift r in 0..63
  const std::int64_t q = o >= 0 ? o / 64 : -1;
  const std::int64_t r = o - q * 64;
  std::uint64_t out = 0;
  if (q >= 0) out = w[q] >> r;
  if (r != 0 && q + 1 < words) out |= w[q + 1] << (64 - r);
  return out;
}

/// The least candidate of v in [lo, hi], or Domains::none.
inline Value first_in(const Domains& d, Var v, Value lo, Value hi) {
  if (lo > hi || d.empty(v)) return Domains::none;
  const VarLayout& l = d.layout(v);
  if (l.interval) {
    const Value m = lo > d.min(v) ? lo : d.min(v);
    return m <= hi && m <= d.max(v) ? m : Domains::none;
  }
  const std::uint64_t* w = d.words().data() + l.first_word;
  const std::int64_t last_bit = std::int64_t{l.words} * 64 - 1;
  const std::int64_t a = std::int64_t{lo} - l.base < 0 ? 0 : std::int64_t{lo} - l.base;
  const std::int64_t b = std::int64_t{hi} - l.base > last_bit ? last_bit : std::int64_t{hi} - l.base;
  for (std::int64_t k = a / 64; k * 64 <= b; ++k) {
    const std::uint64_t m = w[k] & range_mask(k * 64, a, b);
    if (m != 0) return static_cast<Value>(l.base + k * 64 + std::countr_zero(m));
  }
  return Domains::none;
}

/// The greatest candidate of v in [lo, hi], or Domains::none.
inline Value last_in(const Domains& d, Var v, Value lo, Value hi) {
  if (lo > hi || d.empty(v)) return Domains::none;
  const VarLayout& l = d.layout(v);
  if (l.interval) {
    const Value m = hi < d.max(v) ? hi : d.max(v);
    return m >= lo && m >= d.min(v) ? m : Domains::none;
  }
  const std::uint64_t* w = d.words().data() + l.first_word;
  const std::int64_t last_bit = std::int64_t{l.words} * 64 - 1;
  const std::int64_t a = std::int64_t{lo} - l.base < 0 ? 0 : std::int64_t{lo} - l.base;
  const std::int64_t b = std::int64_t{hi} - l.base > last_bit ? last_bit : std::int64_t{hi} - l.base;
  if (a > b) return Domains::none;
  for (std::int64_t k = b / 64; k * 64 + 63 >= a && k >= 0; --k) {
    const std::uint64_t m = w[k] & range_mask(k * 64, a, b);
    if (m != 0) return static_cast<Value>(l.base + k * 64 + 63 - std::countl_zero(m));
  }
  return Domains::none;
}

}  // namespace csp::domain_words
