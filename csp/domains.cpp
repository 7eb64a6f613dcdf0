#include "csp/domains.hpp"

namespace csp {

int Domains::size_wide(const VarLayout& l) const {
  int n = 0;
  for (std::uint32_t k = 0; k < l.words; ++k) n += std::popcount(words_[l.first_word + k]);
  return n;
}

Value Domains::min_wide(const VarLayout& l) const {
  for (std::uint32_t k = 0; k < l.words; ++k) {
    const std::uint64_t w = words_[l.first_word + k];
    if (w != 0) return l.base + static_cast<Value>(k * 64) + std::countr_zero(w);
  }
  assert(false && "min of an empty domain");
  return none;
}

Value Domains::max(Var v) const {
  const VarLayout& l = layout(v);
  const std::uint64_t* w = word_ptr(v);
  for (std::uint32_t k = l.words; k-- > 0;)
    if (w[k] != 0) return l.base + static_cast<Value>(k * 64) + 63 - std::countl_zero(w[k]);
  assert(false && "max of an empty domain");
  return none;
}

bool Domains::contains(Var v, Value x) const {
  long i = index_of(v, x);
  return i >= 0 && (word_ptr(v)[i / 64] >> (i % 64) & 1) != 0;
}

Value Domains::next(Var v, Value x) const {
  const VarLayout& l = layout(v);
  const std::uint64_t* w = word_ptr(v);
  long i = static_cast<long>(x) - l.base + 1;
  if (i < 0) i = 0;
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
  long i = index_of(v, x);
  if (i >= 0) word_ptr(v)[i / 64] &= ~bit_of(static_cast<int>(i % 64));
  return !empty(v);
}

bool Domains::assign(Var v, Value x) {
  const VarLayout& l = layout(v);
  std::uint64_t* w = word_ptr(v);
  long i = index_of(v, x);
  bool present = i >= 0 && (w[i / 64] >> (i % 64) & 1) != 0;
  for (std::uint32_t k = 0; k < l.words; ++k) w[k] = 0;
  if (present) w[i / 64] = bit_of(static_cast<int>(i % 64));
  return present;
}

bool Domains::remove_below(Var v, Value lo) {
  const VarLayout& l = layout(v);
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
  long first = std::max<long>(0, static_cast<long>(lo) - l.base);
  long last = std::min<long>(static_cast<long>(l.words) * 64 - 1, static_cast<long>(hi) - l.base);
  std::uint64_t* w = word_ptr(v);
  for (long i = first; i <= last; ++i) w[i / 64] |= bit_of(static_cast<int>(i % 64));
}

void Domains::add(Var v, Value x) {
  long i = index_of(v, x);
  assert(i >= 0);
  word_ptr(v)[i / 64] |= bit_of(static_cast<int>(i % 64));
}

}  // namespace csp
