// Cryptarithms: every solution the model finds is checked arithmetically, and the solution sets
// are compared with a brute force over all digit assignments written here, apart from the library.
#include <catch2/catch.hpp>

#include <set>

#include "problems/cryptarithm/cryptarithm.hpp"

namespace pk = problems::cryptarithm;

namespace {

// A word with the sign it carries once everything is moved to the left of '='.
struct Signed {
  std::string word;
  int sign;
};

// Every assignment of distinct digits to the letters (no leading zero in a word of two or more
// letters) under which the signed words sum to zero, as "D=7 E=5 ..." strings.
std::set<std::string> brute_force(const std::vector<Signed>& terms) {
  std::string letters;
  for (const Signed& t : terms)
    for (char c : t.word)
      if (letters.find(c) == std::string::npos) letters += c;
  std::sort(letters.begin(), letters.end());
  std::set<std::string> found;
  std::array<int, 26> digit{};
  auto value = [&](const std::string& w) {
    long long v = 0;
    for (char c : w) v = v * 10 + digit[static_cast<std::size_t>(c - 'A')];
    return v;
  };
  auto assign = [&](auto& self, std::size_t i, unsigned used) -> void {
    if (i == letters.size()) {
      long long total = 0;
      for (const Signed& t : terms) {
        if (t.word.size() > 1 && digit[static_cast<std::size_t>(t.word[0] - 'A')] == 0) return;
        total += t.sign * value(t.word);
      }
      if (total != 0) return;
      std::string s;
      for (char c : letters) s += std::string(s.empty() ? "" : " ") + c + "=" + std::to_string(digit[static_cast<std::size_t>(c - 'A')]);
      found.insert(s);
      return;
    }
    for (int d = 0; d < 10; ++d) {
      if ((used >> d) & 1U) continue;
      digit[static_cast<std::size_t>(letters[i] - 'A')] = d;
      self(self, i + 1, used | (1U << d));
    }
  };
  assign(assign, 0, 0);
  return found;
}

// Solves with the library and checks each solution arithmetically; returns them as strings.
std::set<std::string> solve(const std::string& text, csp::AllDifferentStrength strength = csp::AllDifferentStrength::domain,
                            csp::Inference inference = csp::Inference::mac) {
  const pk::Puzzle p = pk::parse(text);
  const pk::CryptarithmModel m = pk::make_model(p, strength);
  csp::SearchOptions o;
  o.inference = inference;
  csp::Solver solver(m.model, o);
  std::set<std::string> found;
  const csp::SearchResult r = solver.for_each_solution(m.model.initial_domains(), [&](std::span<const csp::Value> s) {
    const pk::Assignment a = m.assignment(s);
    REQUIRE(pk::is_solution(p, a));
    found.insert(pk::format_letters(p, a));
    return true;
  });
  REQUIRE(r.status == csp::SearchStatus::exhausted);
  REQUIRE(r.stats.solutions == found.size());  // no assignment found twice (carries follow from letters)
  return found;
}

}  // namespace

TEST_CASE("SEND+MORE=MONEY has exactly one solution, 9567+1085=10652", "[problems][cryptarithm]") {
  const std::set<std::string> answer{"D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2"};
  for (auto strength : {csp::AllDifferentStrength::pairwise, csp::AllDifferentStrength::value, csp::AllDifferentStrength::domain}) {
    for (auto inference : {csp::Inference::forward, csp::Inference::mac}) {
      CAPTURE(static_cast<int>(strength), static_cast<int>(inference));
      REQUIRE(solve("SEND+MORE=MONEY", strength, inference) == answer);
    }
  }
  // Without propagation the search visits about 4 million nodes (half a second): once is enough.
  REQUIRE(solve("SEND+MORE=MONEY", csp::AllDifferentStrength::check, csp::Inference::none) == answer);
  const pk::Puzzle p = pk::parse("SEND+MORE=MONEY");
  pk::Assignment a;
  a.fill(-1);
  for (auto [c, d] : {std::pair{'S', 9}, {'E', 5}, {'N', 6}, {'D', 7}, {'M', 1}, {'O', 0}, {'R', 8}, {'Y', 2}})
    a[static_cast<std::size_t>(c - 'A')] = d;
  REQUIRE(pk::format_digits(p, a) == "9567+1085=10652");
  a[static_cast<std::size_t>('Y' - 'A')] = 3;
  REQUIRE_FALSE(pk::is_solution(p, a));
}

TEST_CASE("cryptarithm solution sets equal a brute force over digit assignments", "[problems][cryptarithm]") {
  REQUIRE(solve("TWO+TWO=FOUR").size() == 7);
  REQUIRE(solve("TWO+TWO=FOUR") == brute_force({{"TWO", 1}, {"TWO", 1}, {"FOUR", -1}}));
  REQUIRE(solve("send + more = money") == brute_force({{"SEND", 1}, {"MORE", 1}, {"MONEY", -1}}));
  REQUIRE(solve("A+B=C") == brute_force({{"A", 1}, {"B", 1}, {"C", -1}}));  // single letters may be 0
  REQUIRE(solve("COUNT-COIN=SNUB") == brute_force({{"COUNT", 1}, {"COIN", -1}, {"SNUB", -1}}));
  REQUIRE(solve("-AB+CD=EF-G") == brute_force({{"AB", -1}, {"CD", 1}, {"EF", -1}, {"G", 1}}));
  REQUIRE(solve("THREE+THREE+TWO+TWO+ONE=ELEVEN") ==
          brute_force({{"THREE", 1}, {"THREE", 1}, {"TWO", 1}, {"TWO", 1}, {"ONE", 1}, {"ELEVEN", -1}}));
  REQUIRE(solve("AB=BA").empty());  // equal sides need equal digits
}

TEST_CASE("cryptarithm parse errors say what and where", "[problems][cryptarithm]") {
  auto error_of = [](const std::string& text) {
    try {
      pk::parse(text);
    } catch (const pk::ParseError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error_of("SEND+MORE") == "at the end: no '=' in the equation");
  CHECK(error_of("SEND+MORE=") == "at the end: expected a word after '='");
  CHECK(error_of("SEND+MORE=MONEY+") == "at the end: expected a word after '+'");
  CHECK(error_of("=MONEY") == "position 1: expected a word before '='");
  CHECK(error_of("SEND++MORE=MONEY") == "position 6: expected a word before '+'");
  CHECK(error_of("--A=B") == "position 2: expected a word before '-'");
  CHECK(error_of("A=B=C") == "position 4: a second '='");
  CHECK(error_of("SEND*MORE=MONEY") == "position 5: '*' is not a letter, '+', '-' or '='");
  CHECK(error_of("SEND+M0RE=MONEY") == "position 7: '0' is not a letter, '+', '-' or '='");
  CHECK(error_of("SEND+M\xc3\x96RE=MONEY") == "position 7: '\\xc3' is not a letter, '+', '-' or '='");
  CHECK(error_of("SE ND+MORE=MONEY") == "position 4: expected '+', '-' or '=' between two words");
  CHECK(error_of("ABCDE+FGHIJ=K") == "11 distinct letters: at most 10 can take different digits");
  CHECK(error_of("AAAAAAAAAAAAAAAAAAA=A") == "word AAAAAAAAAAAAAAAAAAA is longer than 18 letters");
  std::string ten_long_words = "AAAAAAAAAAAAAAAAAA";  // 10 words of 18 letters: up to 10^19 in all
  for (int i = 0; i < 9; ++i) ten_long_words += "+AAAAAAAAAAAAAAAAAA";
  CHECK(error_of(ten_long_words + "=A") == "the words are too long to add up in 64-bit arithmetic");
  CHECK(error_of("") == "at the end: no '=' in the equation");
  CHECK(error_of(" -SEND + MORE = - MONEY ") == "no error");
}
