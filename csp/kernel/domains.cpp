#include "csp/kernel/domains.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <string>

namespace csp {

// Every function below answers the interval form first and then the multi-word bitset: the
// one-word fast path is decided inline in the header before it gets here. A multi-word write
// touches only the words between the old bounds and the new ones, and keeps the head word (size,
// least and greatest index) up to date, so that every read of size, min and max is O(1).

bool Domains::set_interval(const VarLayout& l, std::int64_t lo, std::int64_t hi) {
  const bool alive = lo <= hi;
  words_[l.first_word] = alive ? static_cast<std::uint64_t>(lo) : 0;
  words_[l.first_word + 1] = alive ? static_cast<std::uint64_t>(hi - lo + 1) : 0;
  return alive;
}

std::uint32_t Domains::first_index_from(const VarLayout& l, std::uint32_t i) const {
  const std::uint64_t* w = words_.data() + l.first_word;
  std::uint32_t k = i / 64;
  std::uint64_t word = w[k] & (~std::uint64_t{0} << (i % 64));
  while (word == 0) word = w[++k];  // the caller knows a candidate lies at or after i
  return k * 64 + static_cast<std::uint32_t>(std::countr_zero(word));
}

std::uint32_t Domains::last_index_to(const VarLayout& l, std::uint32_t i) const {
  const std::uint64_t* w = words_.data() + l.first_word;
  std::uint32_t k = i / 64;
  std::uint64_t word = w[k] & (~std::uint64_t{0} >> (63 - i % 64));
  while (word == 0) word = w[--k];  // the caller knows a candidate lies at or before i
  return k * 64 + 63 - static_cast<std::uint32_t>(std::countl_zero(word));
}

void Domains::clear_words(const VarLayout& l, std::uint32_t from, std::uint32_t to) {
  std::fill(words_.begin() + l.first_word + from, words_.begin() + l.first_word + to + 1, std::uint64_t{0});
  head(l) = 0;
}

void Domains::recount(const VarLayout& l) {
  const std::uint64_t* w = words_.data() + l.first_word;
  std::uint32_t n = 0;
  for (std::uint32_t k = 0; k < l.words; ++k) n += static_cast<std::uint32_t>(std::popcount(w[k]));
  head(l) = n == 0 ? 0 : pack_head(n, first_index_from(l, 0), last_index_to(l, l.words * 64 - 1));
}

bool Domains::contains_wide(const VarLayout& l, Value x) const {
  if (l.interval) return x >= lo_of(l) && std::int64_t{x} < lo_of(l) + count_of(l);
  const std::int64_t i = std::int64_t{x} - l.base;
  if (i < 0 || i >= std::int64_t{l.words} * 64) return false;
  return (words_[l.first_word + static_cast<std::uint32_t>(i / 64)] >> (i % 64) & 1) != 0;
}

Value Domains::next_wide(const VarLayout& l, Value x) const {
  if (l.interval) {
    const std::int64_t next = std::max<std::int64_t>(std::int64_t{x} + 1, lo_of(l));
    return next < lo_of(l) + count_of(l) ? static_cast<Value>(next) : none;
  }
  const std::uint64_t h = head(l);
  if (head_size(h) == 0) return none;
  // From the least index on: an x far below the candidates skips every empty word before them.
  const std::int64_t i = std::max<std::int64_t>(std::int64_t{x} - l.base + 1, head_min(h));
  if (i > head_max(h)) return none;
  return l.base + static_cast<Value>(first_index_from(l, static_cast<std::uint32_t>(i)));
}

std::vector<Value> Domains::values(Var v) const {
  if (!has(v))
    throw std::invalid_argument("Domains::values: variable id " + std::to_string(v.id) + " is not one of its " +
                                std::to_string(var_count()) + " variables");
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
  if (l.words == 1) {
    if (i >= 0) words_[l.first_word] &= ~bit_of(static_cast<int>(i));
    return words_[l.first_word] != 0;
  }
  std::uint64_t h = head(l);
  if (i < 0 || (words_[l.first_word + static_cast<std::uint32_t>(i / 64)] >> (i % 64) & 1) == 0)
    return head_size(h) != 0;
  const auto at = static_cast<std::uint32_t>(i);
  words_[l.first_word + at / 64] &= ~bit_of(static_cast<int>(at % 64));
  const std::uint32_t n = head_size(h) - 1;
  if (n == 0) {
    head(l) = 0;
    return false;
  }
  // A removed bound moves to the next candidate inward, which exists: n > 0.
  const std::uint32_t lo = at == head_min(h) ? first_index_from(l, at) : head_min(h);
  const std::uint32_t hi = at == head_max(h) ? last_index_to(l, at) : head_max(h);
  head(l) = pack_head(n, lo, hi);
  return true;
}

bool Domains::keep_words(Var v, const std::uint64_t* keep) {
  const VarLayout& l = layout(v);
  assert(!l.interval && l.words > 1);
  const std::uint64_t h = head(l);
  if (head_size(h) == 0) return false;
  std::uint64_t* w = words_.data() + l.first_word;
  std::uint32_t n = 0;
  for (std::uint32_t k = head_min(h) / 64; k <= head_max(h) / 64; ++k) {
    w[k] &= keep[k];
    n += static_cast<std::uint32_t>(std::popcount(w[k]));
  }
  if (n == 0) {
    head(l) = 0;
    return false;
  }
  head(l) = pack_head(n, first_index_from(l, head_min(h)), last_index_to(l, head_max(h)));
  return true;
}

bool Domains::assign(Var v, Value x) {
  const VarLayout& l = layout(v);
  if (l.interval) return contains(v, x) ? set_interval(l, x, x) : set_interval(l, 1, 0);
  const bool present = contains(v, x);
  if (l.words == 1) {
    words_[l.first_word] = present ? bit_of(static_cast<int>(x - l.base)) : 0;
    return present;
  }
  const std::uint64_t h = head(l);
  if (head_size(h) != 0) clear_words(l, head_min(h) / 64, head_max(h) / 64);
  if (!present) return false;
  const auto at = static_cast<std::uint32_t>(x - l.base);
  words_[l.first_word + at / 64] = bit_of(static_cast<int>(at % 64));
  head(l) = pack_head(1, at, at);
  return true;
}

bool Domains::remove_below(Var v, Value lo) {
  const VarLayout& l = layout(v);
  if (l.interval) {
    if (count_of(l) == 0) return false;
    return set_interval(l, std::max<std::int64_t>(lo_of(l), lo), lo_of(l) + count_of(l) - 1);
  }
  const std::int64_t i = std::int64_t{lo} - l.base;  // first index kept
  if (l.words == 1) {
    std::uint64_t& w = words_[l.first_word];
    if (i >= 64) w = 0;
    else if (i > 0) w &= ~std::uint64_t{0} << i;
    return w != 0;
  }
  const std::uint64_t h = head(l);
  if (head_size(h) == 0) return false;
  if (i <= head_min(h)) return true;
  if (i > head_max(h)) {
    clear_words(l, head_min(h) / 64, head_max(h) / 64);
    return false;
  }
  // Only the words from the old least index to the new one change.
  const auto at = static_cast<std::uint32_t>(i);
  std::uint64_t* w = words_.data() + l.first_word;
  std::uint32_t gone = 0;
  for (std::uint32_t k = head_min(h) / 64; k < at / 64; ++k) {
    gone += static_cast<std::uint32_t>(std::popcount(w[k]));
    w[k] = 0;
  }
  const std::uint64_t below = w[at / 64] & ~(~std::uint64_t{0} << (at % 64));
  gone += static_cast<std::uint32_t>(std::popcount(below));
  w[at / 64] &= ~below;
  head(l) = pack_head(head_size(h) - gone, first_index_from(l, at), head_max(h));
  return true;
}

bool Domains::remove_above(Var v, Value hi) {
  const VarLayout& l = layout(v);
  if (l.interval) {
    if (count_of(l) == 0) return false;
    return set_interval(l, lo_of(l), std::min<std::int64_t>(lo_of(l) + count_of(l) - 1, hi));
  }
  const std::int64_t i = std::int64_t{hi} - l.base;  // last index kept
  if (l.words == 1) {
    std::uint64_t& w = words_[l.first_word];
    if (i < 0) w = 0;
    else if (i < 63) w &= ~std::uint64_t{0} >> (63 - i);
    return w != 0;
  }
  const std::uint64_t h = head(l);
  if (head_size(h) == 0) return false;
  if (i >= head_max(h)) return true;
  if (i < head_min(h)) {
    clear_words(l, head_min(h) / 64, head_max(h) / 64);
    return false;
  }
  // Only the words from the new greatest index to the old one change.
  const auto at = static_cast<std::uint32_t>(i);
  std::uint64_t* w = words_.data() + l.first_word;
  std::uint32_t gone = 0;
  for (std::uint32_t k = at / 64 + 1; k <= head_max(h) / 64; ++k) {
    gone += static_cast<std::uint32_t>(std::popcount(w[k]));
    w[k] = 0;
  }
  const std::uint64_t above = w[at / 64] & ~(~std::uint64_t{0} >> (63 - at % 64));
  gone += static_cast<std::uint32_t>(std::popcount(above));
  w[at / 64] &= ~above;
  head(l) = pack_head(head_size(h) - gone, head_min(h), last_index_to(l, at));
  return true;
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
  if (l.words > 1) recount(l);  // building a model, not searching: a full count is fine
}

void Domains::add(Var v, Value x) {
  const VarLayout& l = layout(v);
  if (l.interval) return add_range(v, x, x);
  long i = index_of(v, x);
  assert(i >= 0);
  word_ptr(v)[i / 64] |= bit_of(static_cast<int>(i % 64));
  if (l.words > 1) recount(l);
}

}  // namespace csp
