#include "csp/domains.hpp"

#include <algorithm>
#include <climits>

namespace csp {

// Every function below answers the interval form first and then walks the bit words: the one-word
// fast path is decided inline in the header (size, min, fixed, empty) before it gets here.

bool Domains::set_interval(const VarLayout& l, std::int64_t lo, std::int64_t hi) {
  const bool alive = lo <= hi;
  words_[l.first_word] = alive ? static_cast<std::uint64_t>(lo) : 0;
  words_[l.first_word + 1] = alive ? static_cast<std::uint64_t>(hi - lo + 1) : 0;
  return alive;
}

int Domains::size_wide(const VarLayout& l) const {
  if (l.interval) return static_cast<int>(std::min<std::int64_t>(count_of(l), INT_MAX));
  int n = 0;
  for (std::uint32_t k = 0; k < l.words; ++k) n += std::popcount(words_[l.first_word + k]);
  return n;
}

Value Domains::min_wide(const VarLayout& l) const {
  if (l.interval) return lo_of(l);
  for (std::uint32_t k = 0; k < l.words; ++k) {
    const std::uint64_t w = words_[l.first_word + k];
    if (w != 0) return l.base + static_cast<Value>(k * 64) + std::countr_zero(w);
  }
  assert(false && "min of an empty domain");
  return none;
}

Value Domains::max_wide(const VarLayout& l) const {
  if (l.interval) return static_cast<Value>(lo_of(l) + count_of(l) - 1);
  const std::uint64_t* w = words_.data() + l.first_word;
  for (std::uint32_t k = l.words; k-- > 0;)
    if (w[k] != 0) return l.base + static_cast<Value>(k * 64) + 63 - std::countl_zero(w[k]);
  assert(false && "max of an empty domain");
  return none;
}

bool Domains::contains_wide(const VarLayout& l, Value x) const {
  if (l.interval) return x >= lo_of(l) && std::int64_t{x} < lo_of(l) + count_of(l);
  const long i = static_cast<long>(x) - l.base;
  if (i < 0 || i >= static_cast<long>(l.words) * 64) return false;
  return (words_[l.first_word + static_cast<std::uint32_t>(i / 64)] >> (i % 64) & 1) != 0;
}

Value Domains::next_wide(const VarLayout& l, Value x) const {
  long i = static_cast<long>(x) - l.base + 1;
  if (i < 0) i = 0;
  if (l.interval) {
    const std::int64_t next = std::max<std::int64_t>(std::int64_t{x} + 1, lo_of(l));
    return next < lo_of(l) + count_of(l) ? static_cast<Value>(next) : none;
  }
  const std::uint64_t* w = words_.data() + l.first_word;
  for (long k = i / 64; k < static_cast<long>(l.words); ++k) {
    std::uint64_t word = w[k];
    if (k == i / 64) word &= ~std::uint64_t{0} << (i % 64);
    if (word != 0) return l.base + static_cast<Value>(k * 64) + std::countr_zero(word);
  }
  return none;
}

std::vector<Value> Domains::values(Var v) const {
  std::vector<Value> out;
  for_each(v, [&](Value x) { out.push_back(x); });
  return out;
}

bool Domains::remove(Var v, Value x) {
  const VarLayout& l = layout(v);
  if (l.interval) {  // only a bound can go: the form keeps no holes
    const std::int64_t lo = lo_of(l), hi = lo + count_of(l) - 1;
    if (x == lo) return set_interval(l, lo + 1, hi);
    if (x == hi) return set_interval(l, lo, hi - 1);
    return count_of(l) != 0;
  }
  long i = index_of(v, x);
  if (i >= 0) word_ptr(v)[i / 64] &= ~bit_of(static_cast<int>(i % 64));
  return !empty(v);
}

bool Domains::assign(Var v, Value x) {
  const VarLayout& l = layout(v);
  if (l.interval) return contains(v, x) ? set_interval(l, x, x) : set_interval(l, 1, 0);
  std::uint64_t* w = word_ptr(v);
  long i = index_of(v, x);
  bool present = i >= 0 && (w[i / 64] >> (i % 64) & 1) != 0;
  for (std::uint32_t k = 0; k < l.words; ++k) w[k] = 0;
  if (present) w[i / 64] = bit_of(static_cast<int>(i % 64));
  return present;
}

bool Domains::remove_below(Var v, Value lo) {
  const VarLayout& l = layout(v);
  if (l.interval) {
    if (count_of(l) == 0) return false;
    return set_interval(l, std::max<std::int64_t>(lo_of(l), lo), lo_of(l) + count_of(l) - 1);
  }
  std::uint64_t* w = word_ptr(v);
  long i = static_cast<long>(lo) - l.base;  // first index kept
  for (long k = 0; k < static_cast<long>(l.words); ++k) {
    long first = k * 64;
    if (i >= first + 64) w[k] = 0;
    else if (i > first) w[k] &= ~std::uint64_t{0} << (i - first);
  }
  return !empty(v);
}

bool Domains::remove_above(Var v, Value hi) {
  const VarLayout& l = layout(v);
  if (l.interval) {
    if (count_of(l) == 0) return false;
    return set_interval(l, lo_of(l), std::min<std::int64_t>(lo_of(l) + count_of(l) - 1, hi));
  }
  std::uint64_t* w = word_ptr(v);
  long i = static_cast<long>(hi) - l.base;  // last index kept
  for (long k = 0; k < static_cast<long>(l.words); ++k) {
    long first = k * 64;
    if (i < first) w[k] = 0;
    else if (i < first + 63) w[k] &= ~std::uint64_t{0} >> (63 - (i - first));
  }
  return !empty(v);
}

void Domains::add_range(Var v, Value lo, Value hi) {
  const VarLayout& l = layout(v);
  if (l.interval) {
    if (lo > hi) return;
    if (count_of(l) == 0) set_interval(l, lo, hi);
    else set_interval(l, std::min<std::int64_t>(lo, lo_of(l)), std::max<std::int64_t>(hi, lo_of(l) + count_of(l) - 1));
    return;
  }
  long first = std::max<long>(0, static_cast<long>(lo) - l.base);
  long last = std::min<long>(static_cast<long>(l.words) * 64 - 1, static_cast<long>(hi) - l.base);
  std::uint64_t* w = word_ptr(v);
  for (long i = first; i <= last; ++i) w[i / 64] |= bit_of(static_cast<int>(i % 64));
}

void Domains::add(Var v, Value x) {
  if (layout(v).interval) return add_range(v, x, x);
  long i = index_of(v, x);
  assert(i >= 0);
  word_ptr(v)[i / 64] |= bit_of(static_cast<int>(i % 64));
}

}  // namespace csp
