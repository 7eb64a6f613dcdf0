#include "problems/cryptarithm/cryptarithm.hpp"

#include <algorithm>

namespace problems::cryptarithm {

Puzzle parse(std::string_view text) {
  Puzzle p;
  bool right = false;         // reading the right side of '='
  int sign = 1;               // the sign of the word being read
  char op = 0;                // the '+' or '-' read since the last word, 0 when none
  bool word_closed = false;   // a space followed the word being read
  std::string word;
  std::size_t pos = 0;        // 1-based position of the character being read, for messages
  auto fail = [&](const std::string& why) {
    std::string where = "at the end";
    if (pos <= text.size()) {
      where = "position ";  // in two steps: GCC 12 warns falsely on "position " + std::to_string()
      where += std::to_string(pos);
    }
    throw ParseError(where + ": " + why);
  };
  auto end_word = [&] {
    p.terms.push_back({word, sign, right});
    word.clear();
    sign = 1;
    op = 0;
    word_closed = false;
  };
  for (const char c : text) {
    ++pos;
    if (c == ' ' || c == '\t') {
      word_closed = !word.empty();
    } else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      if (word_closed) fail("expected '+', '-' or '=' between two words");
      word += static_cast<char>(c & ~0x20);  // upper case
    } else if (c == '+' || c == '-') {
      const bool side_empty = p.terms.empty() || p.terms.back().right != right;
      if (!word.empty()) end_word();
      else if (op != 0 || !side_empty) fail(std::string("expected a word before '") + c + "'");
      sign = c == '+' ? 1 : -1;
      op = c;
    } else if (c == '=') {
      if (right) fail("a second '='");
      if (word.empty()) fail("expected a word before '='");
      end_word();
      right = true;
    } else {
      const auto u = static_cast<unsigned char>(c);  // shown as \xNN when not printable
      const char* hex = "0123456789abcdef";
      const std::string shown = u >= 0x20 && u < 0x7f ? std::string(1, c) : std::string("\\x") + hex[u >> 4] + hex[u & 15];
      fail("'" + shown + "' is not a letter, '+', '-' or '='");
    }
  }
  ++pos;
  if (!right) fail("no '=' in the equation");
  if (word.empty()) fail(std::string("expected a word after '") + (op != 0 ? op : '=') + "'");
  end_word();

  for (const Term& t : p.terms) p.letters += t.word;
  std::sort(p.letters.begin(), p.letters.end());
  p.letters.erase(std::unique(p.letters.begin(), p.letters.end()), p.letters.end());
  if (p.letters.size() > 10)
    throw ParseError(std::to_string(p.letters.size()) + " distinct letters: at most 10 can take different digits");
  // The independent check adds the words up in 64-bit integers: make sure it cannot overflow.
  std::int64_t largest_total = 0;
  for (const Term& t : p.terms) {
    if (t.word.size() > 18) throw ParseError("word " + t.word + " is longer than 18 letters");
    std::int64_t largest = 1;
    for (std::size_t i = 0; i < t.word.size(); ++i) largest *= 10;
    if (__builtin_add_overflow(largest_total, largest, &largest_total))
      throw ParseError("the words are too long to add up in 64-bit arithmetic");
  }
  return p;
}

bool is_solution(const Puzzle& p, const Assignment& a) {
  std::array<bool, 10> digit_used{};
  for (char c : p.letters) {
    const int d = a[static_cast<std::size_t>(c - 'A')];
    if (d < 0 || d > 9 || digit_used[static_cast<std::size_t>(d)]) return false;
    digit_used[static_cast<std::size_t>(d)] = true;
  }
  std::int64_t left = 0, right = 0;
  for (const Term& t : p.terms) {
    if (t.word.size() > 1 && a[static_cast<std::size_t>(t.word[0] - 'A')] == 0) return false;
    std::int64_t value = 0;
    for (char c : t.word) value = value * 10 + a[static_cast<std::size_t>(c - 'A')];
    (t.right ? right : left) += t.sign * value;
  }
  return left == right;
}

CryptarithmModel make_model(const Puzzle& p, csp::AllDifferentStrength strength) {
  CryptarithmModel m;
  for (csp::Var& v : m.letter) v = csp::Var{};
  std::vector<csp::Var> letters;
  for (char c : p.letters) {
    const bool leading = std::any_of(p.terms.begin(), p.terms.end(),
                                     [&](const Term& t) { return t.word.size() > 1 && t.word[0] == c; });
    letters.push_back(m.letter[static_cast<std::size_t>(c - 'A')] = m.model.add_var(leading ? 1 : 0, 9, std::string(1, c)));
  }
  m.model.post(csp::all_different(letters, strength));

  // Move everything to the left: a term counts +1 when it adds to the left side, -1 otherwise.
  std::size_t columns = 0;
  int adding = 0, subtracting = 0;
  for (const Term& t : p.terms) {
    columns = std::max(columns, t.word.size());
    ((t.sign > 0) != t.right ? adding : subtracting) += 1;
  }
  // A column's signed sum lies in [-9 * subtracting, 9 * adding]; with a carry in [-subtracting,
  // adding] the carry out stays in that range too.
  csp::Var carry_in{};
  for (std::size_t i = 0; i < columns; ++i) {
    std::vector<std::int64_t> coefficients;
    std::vector<csp::Var> vars;
    for (const Term& t : p.terms) {
      if (t.word.size() <= i) continue;
      coefficients.push_back((t.sign > 0) != t.right ? 1 : -1);
      vars.push_back(m.letter[static_cast<std::size_t>(t.word[t.word.size() - 1 - i] - 'A')]);
    }
    if (carry_in.id >= 0) {
      coefficients.push_back(1);
      vars.push_back(carry_in);
    }
    if (i + 1 < columns) {
      carry_in = m.model.add_var(-subtracting, adding, "carry" + std::to_string(i + 1));
      coefficients.push_back(-10);
      vars.push_back(carry_in);
    }
    m.model.post(csp::linear(coefficients, vars, csp::LinearRelation::equal, 0));
  }
  return m;
}

Assignment CryptarithmModel::assignment(std::span<const csp::Value> solution) const {
  Assignment a;
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = letter[i].id < 0 ? -1 : solution[static_cast<std::size_t>(letter[i].id)];
  return a;
}

std::string format_letters(const Puzzle& p, const Assignment& a) {
  std::string out;
  for (char c : p.letters) {
    if (!out.empty()) out += ' ';
    out += c;
    out += '=';
    out += static_cast<char>('0' + a[static_cast<std::size_t>(c - 'A')]);
  }
  return out;
}

std::string format_digits(const Puzzle& p, const Assignment& a) {
  std::string out;
  for (std::size_t i = 0; i < p.terms.size(); ++i) {
    const Term& t = p.terms[i];
    const bool first_of_side = i == 0 || p.terms[i - 1].right != t.right;
    if (first_of_side && t.right) out += '=';
    if (t.sign < 0) out += '-';
    else if (!first_of_side) out += '+';
    for (char c : t.word) out += static_cast<char>('0' + a[static_cast<std::size_t>(c - 'A')]);
  }
  return out;
}

}  // namespace problems::cryptarithm
