// A hand-written recursive-descent parser: FlatZinc is small and regular, and a generated parser
// would bring a build-time tool for about as many lines as this file. The lexer reads one token
// ahead; the parser is one function per grammar rule.
#include "csp/flatzinc/parser.hpp"

#include <charconv>
#include <cstdlib>
#include <limits>

namespace csp::flatzinc {

bool IntSet::contains(std::int64_t v) const {
  for (const auto& [lo, hi] : ranges)
    if (v >= lo && v <= hi) return true;
  return false;
}

std::int64_t IntSet::size() const {
  std::int64_t n = 0;
  for (const auto& [lo, hi] : ranges) {
    // hi - lo + 1 may overflow for ranges wider than 2^63: saturate.
    const auto width = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
    const auto room = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() - n);
    if (width == 0 || width > room) return std::numeric_limits<std::int64_t>::max();
    n += static_cast<std::int64_t>(width);
  }
  return n;
}

void IntSet::add(std::int64_t lo, std::int64_t hi) {
  if (lo > hi) return;
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  out.reserve(ranges.size() + 1);
  bool placed = false;
  for (const auto& r : ranges) {
    // Disjoint and not adjacent (r.second + 1 < lo, written so that it cannot overflow).
    if (r.second < lo && lo - r.second > 1) {
      out.push_back(r);
    } else if (hi < r.first && r.first - hi > 1) {
      if (!placed) out.emplace_back(lo, hi), placed = true;
      out.push_back(r);
    } else {
      lo = std::min(lo, r.first);
      hi = std::max(hi, r.second);
    }
  }
  if (!placed) out.emplace_back(lo, hi);
  ranges = std::move(out);
}

ParseError::ParseError(Location where, const std::string& message)
    : std::runtime_error("line " + std::to_string(where.line) + ", column " + std::to_string(where.column) + ": " +
                         message),
      where_(where) {}

namespace {

struct Token {
  enum class Kind : std::uint8_t { end, identifier, integer, floating, string, symbol };
  Kind kind = Kind::end;
  std::string_view text;  // the source bytes (symbols: the symbol itself)
  std::string value;      // a string literal's text with its escapes resolved
  Location where;
};

// Shown in messages: the token as written, quoted, or "the end of the input".
std::string shown(const Token& t) {
  if (t.kind == Token::Kind::end) return "the end of the input";
  std::string s(t.text.substr(0, 40));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20) c = '?';
  return "'" + s + (t.text.size() > 40 ? "...'" : "'");
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) { advance(); }

  const Token& peek() const { return token_; }
  Token take() {
    Token t = std::move(token_);
    advance();
    return t;
  }

 private:
  [[noreturn]] void fail(Location at, const std::string& message) const { throw ParseError(at, message); }
  Location here() const { return {line_, static_cast<int>(pos_ - line_start_) + 1}; }
  bool at(std::size_t i, char c) const { return pos_ + i < text_.size() && text_[pos_ + i] == c; }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  static bool word_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
  static bool word_char(char c) { return word_start(c) || digit(c); }

  void skip_space_and_comments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = pos_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '%') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }

  void advance() {
    skip_space_and_comments();
    token_ = Token{};
    token_.where = here();
    if (pos_ >= text_.size()) return;
    const std::size_t start = pos_;
    const char c = text_[pos_];
    if (word_start(c)) {
      while (pos_ < text_.size() && word_char(text_[pos_])) ++pos_;
      token_.kind = Token::Kind::identifier;
    } else if (digit(c)) {
      number(start);
    } else if (c == '"') {
      string();
    } else if ((c == '.' && at(1, '.')) || (c == ':' && at(1, ':'))) {
      pos_ += 2;
      token_.kind = Token::Kind::symbol;
    } else if (std::string_view(";:,()[]{}=-").find(c) != std::string_view::npos) {
      ++pos_;
      token_.kind = Token::Kind::symbol;
    } else {
      fail(token_.where, "unexpected character " +
                             (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f
                                  ? "'" + std::string(1, c) + "'"
                                  : "with code " + std::to_string(static_cast<unsigned char>(c))));
    }
    token_.text = text_.substr(start, pos_ - start);
  }

  // Integers: decimal, 0x hexadecimal, 0o octal. Floats: digits '.' digits [exponent], or digits
  // exponent. "1..5" is an integer followed by "..": a '.' makes a float only before a digit.
  void number(std::size_t start) {
    token_.kind = Token::Kind::integer;
    if (text_[pos_] == '0' && (at(1, 'x') || at(1, 'o'))) {
      pos_ += 2;
      while (pos_ < text_.size() && word_char(text_[pos_])) ++pos_;
      return;
    }
    while (pos_ < text_.size() && digit(text_[pos_])) ++pos_;
    if (at(0, '.') && pos_ + 1 < text_.size() && digit(text_[pos_ + 1])) {
      token_.kind = Token::Kind::floating;
      ++pos_;
      while (pos_ < text_.size() && digit(text_[pos_])) ++pos_;
    }
    if (at(0, 'e') || at(0, 'E')) {
      std::size_t p = pos_ + 1;
      if (p < text_.size() && (text_[p] == '+' || text_[p] == '-')) ++p;
      if (p < text_.size() && digit(text_[p])) {
        token_.kind = Token::Kind::floating;
        pos_ = p;
        while (pos_ < text_.size() && digit(text_[pos_])) ++pos_;
      }
    }
    if (pos_ < text_.size() && word_char(text_[pos_])) {
      while (pos_ < text_.size() && word_char(text_[pos_])) ++pos_;
      fail(token_.where, "malformed number '" + std::string(text_.substr(start, std::min<std::size_t>(pos_ - start, 40))) +
                             "'");
    }
  }

  void string() {
    ++pos_;  // the opening quote
    for (;;) {
      if (pos_ >= text_.size() || text_[pos_] == '\n') fail(token_.where, "unterminated string");
      const char c = text_[pos_++];
      if (c == '"') break;
      if (c != '\\') {
        token_.value += c;
        continue;
      }
      if (pos_ >= text_.size()) fail(token_.where, "unterminated string");
      const char e = text_[pos_++];
      switch (e) {
        case 'n': token_.value += '\n'; break;
        case 't': token_.value += '\t'; break;
        case '"': token_.value += '"'; break;
        case '\\': token_.value += '\\'; break;
        default: fail(token_.where, std::string("unknown escape '\\") + e + "' in a string");
      }
    }
    token_.kind = Token::Kind::string;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
  Token token_;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : lex_(text) {}

  Ast model() {
    Ast m;
    bool solved = false;
    while (lex_.peek().kind != Token::Kind::end) {
      if (solved) fail(lex_.peek(), "nothing may follow the solve item, found " + shown(lex_.peek()));
      const Token& t = lex_.peek();
      if (is(t, "predicate")) {
        m.predicates.push_back(predicate());
      } else if (is(t, "constraint")) {
        m.constraints.push_back(constraint());
      } else if (is(t, "solve")) {
        m.solve = solve();
        solved = true;
      } else {
        declaration(m);
      }
    }
    if (!solved) fail(lex_.peek(), "the model has no solve item");
    return m;
  }

 private:
  [[noreturn]] static void fail(const Token& at, const std::string& message) { throw ParseError(at.where, message); }
  static bool is(const Token& t, std::string_view word) {
    return (t.kind == Token::Kind::identifier || t.kind == Token::Kind::symbol) && t.text == word;
  }
  bool accept(std::string_view word) {
    if (!is(lex_.peek(), word)) return false;
    lex_.take();
    return true;
  }
  Token expect(std::string_view word, std::string_view context) {
    if (!is(lex_.peek(), word))
      fail(lex_.peek(), "expected '" + std::string(word) + "' " + std::string(context) + ", found " + shown(lex_.peek()));
    return lex_.take();
  }
  Token identifier(std::string_view what) {
    if (lex_.peek().kind != Token::Kind::identifier)
      fail(lex_.peek(), "expected " + std::string(what) + ", found " + shown(lex_.peek()));
    return lex_.take();
  }

  // A depth guard for the recursive rules: input nested past kMaxDepth is an error, not a stack
  // overflow.
  struct Nest {
    explicit Nest(Parser& p, const Token& at) : p_(p) {
      if (++p_.depth_ > kMaxDepth) fail(at, "nested deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    ~Nest() { --p_.depth_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
    Parser& p_;
  };

  static std::int64_t integer_value(const Token& t, bool negative) {
    std::string_view s = t.text;
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o')) {
      base = s[1] == 'x' ? 16 : 8;
      s.remove_prefix(2);
    }
    // Read the magnitude unsigned, so that -9223372036854775808 fits.
    std::uint64_t magnitude = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), magnitude, base);
    if (ec == std::errc::result_out_of_range) fail(t, "integer " + shown(t) + " is out of 64-bit range");
    if (ec != std::errc{} || end != s.data() + s.size()) fail(t, "malformed integer " + shown(t));
    constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (magnitude > kMax + (negative ? 1 : 0)) fail(t, "integer " + shown(t) + " is out of 64-bit range");
    if (!negative) return static_cast<std::int64_t>(magnitude);
    return magnitude == kMax + 1 ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(magnitude);
  }
  static double float_value(const Token& t, bool negative) {
    const std::string s(t.text);
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) fail(t, "malformed float " + shown(t));
    return negative ? -v : v;
  }

  // A possibly negative integer literal.
  std::int64_t int_literal(std::string_view context) {
    const bool negative = accept("-");
    if (lex_.peek().kind != Token::Kind::integer)
      fail(lex_.peek(), "expected an integer " + std::string(context) + ", found " + shown(lex_.peek()));
    return integer_value(lex_.take(), negative);
  }

  // The items ----------------------------------------------------------------------------------

  // `predicate name(params);`: the parameters are not kept (a solver that declares predicates
  // gets calls to them as constraints, and the builder knows their signatures).
  PredicateDecl predicate() {
    const Token start = lex_.take();
    PredicateDecl p{std::string(identifier("a predicate name").text), start.where};
    const Token open = expect("(", "after the predicate name '" + p.name + "'");
    // Skip the parameter list, brackets balanced (`array [int] of var int: x`).
    int depth = 1;
    while (depth > 0) {
      const Token t = lex_.take();
      if (t.kind == Token::Kind::end) fail(open, "the parameter list of predicate '" + p.name + "' is not closed");
      if (is(t, "(") || is(t, "[") || is(t, "{")) ++depth;
      if (is(t, ")") || is(t, "]") || is(t, "}")) --depth;
    }
    expect(";", "after the declaration of predicate '" + p.name + "'");
    return p;
  }

  // `type : name [annotations] [= expr];` — a parameter or a variable, by its type.
  void declaration(Ast& m) {
    const Token start = lex_.peek();
    Type type = parse_type();
    expect(":", "after the type");
    const Token name = identifier("a name after ':'");
    std::vector<Expr> annotations = parse_annotations();
    if (!type.is_var) {
      if (!annotations.empty()) fail(name, "a parameter cannot have annotations");
      expect("=", "after the name of parameter '" + std::string(name.text) + "' (a parameter needs a value)");
      Parameter p{std::move(type), std::string(name.text), expr(false), start.where};
      expect(";", "after the declaration of '" + p.name + "'");
      m.parameters.push_back(std::move(p));
      return;
    }
    Variable v{std::move(type), std::string(name.text), std::move(annotations), std::nullopt, start.where};
    if (accept("=")) v.value = expr(false);
    else if (v.type.is_array) fail(lex_.peek(), "array of variables '" + v.name + "' needs '= [...]'");
    expect(";", "after the declaration of '" + v.name + "'");
    m.variables.push_back(std::move(v));
  }

  Type parse_type() {
    Type t;
    if (accept("array")) {
      t.is_array = true;
      expect("[", "after 'array'");
      const Token first = lex_.peek();
      const std::int64_t lo = int_literal("as the first index of an array");
      if (lo != 1) fail(first, "array indices must start at 1");
      expect("..", "in the index set of an array");
      t.length = int_literal("as the last index of an array");
      if (t.length < 0) fail(first, "array index set 1.." + std::to_string(t.length) + " is malformed");
      expect("]", "after the index set of an array");
      expect("of", "after 'array [...]'");
    }
    t.is_var = accept("var");
    const Token p = lex_.peek();
    if (accept("bool")) {
      t.base = Type::Base::boolean;
    } else if (accept("int")) {
      t.base = Type::Base::integer;
    } else if (accept("float")) {
      t.base = Type::Base::floating;
    } else if (accept("set")) {
      expect("of", "after 'set'");
      t.base = Type::Base::int_set;
      if (!accept("int")) t.domain = domain_literal(true);
    } else if (p.kind == Token::Kind::integer || p.kind == Token::Kind::floating || is(p, "-") || is(p, "{")) {
      t.domain = domain_literal(false);
      t.base = t.domain->kind == Expr::Kind::float_range ? Type::Base::floating : Type::Base::integer;
    } else {
      fail(p, "expected a type (bool, int, float, set of int, a range or a set), found " + shown(p));
    }
    if (t.domain && !t.is_var && t.base != Type::Base::int_set)
      fail(p, "a parameter type cannot be a range or a set (only 'var' types have domains)");
    return t;
  }

  // `1..5`, `{1,3,5}`, `0.5..2.0` (floats only where `ints_only` is false).
  Expr domain_literal(bool ints_only) {
    const Token at = lex_.peek();
    Expr e = expr(false);
    if (e.kind == Expr::Kind::set || (e.kind == Expr::Kind::float_range && !ints_only)) return e;
    fail(at, std::string("expected ") + (ints_only ? "a set of integers" : "a range or a set") + ", found " + shown(at));
  }

  Constraint constraint() {
    const Token start = lex_.take();
    const Token name = identifier("a constraint name after 'constraint'");
    Constraint c{std::string(name.text), {}, {}, start.where};
    expect("(", "after the constraint name '" + c.name + "'");
    if (!accept(")")) {
      do c.args.push_back(expr(false));
      while (accept(","));
      expect(")", "after the arguments of '" + c.name + "'");
    }
    c.annotations = parse_annotations();
    expect(";", "after constraint '" + c.name + "'");
    return c;
  }

  Solve solve() {
    Solve s;
    s.where = lex_.take().where;
    s.annotations = parse_annotations();
    if (accept("satisfy")) {
      s.goal = Solve::Goal::satisfy;
    } else if (accept("minimize")) {
      s.goal = Solve::Goal::minimize;
      s.objective = expr(false);
    } else if (accept("maximize")) {
      s.goal = Solve::Goal::maximize;
      s.objective = expr(false);
    } else {
      fail(lex_.peek(), "expected 'satisfy', 'minimize' or 'maximize', found " + shown(lex_.peek()));
    }
    expect(";", "after the solve item");
    return s;
  }

  std::vector<Expr> parse_annotations() {
    std::vector<Expr> out;
    while (accept("::")) {
      const Token& at = lex_.peek();
      if (at.kind != Token::Kind::identifier) fail(at, "expected an annotation after '::', found " + shown(at));
      out.push_back(expr(true));
    }
    return out;
  }

  // Expressions ---------------------------------------------------------------------------------

  // Any expression; `annotation` allows strings and calls (annotation arguments).
  Expr expr(bool annotation) {
    const Token& t = lex_.peek();
    Expr e;
    e.where = t.where;
    if (t.kind == Token::Kind::integer || t.kind == Token::Kind::floating || is(t, "-")) {
      number_or_range(e);
    } else if (is(t, "{")) {
      Nest nest(*this, t);
      lex_.take();
      e.kind = Expr::Kind::set;
      if (!accept("}")) {
        do {
          const std::int64_t v = int_literal("in a set literal");
          e.set.add(v, v);
        } while (accept(","));
        expect("}", "at the end of a set literal");
      }
    } else if (is(t, "[")) {
      Nest nest(*this, t);
      lex_.take();
      e.kind = Expr::Kind::array;
      if (!accept("]")) {
        do e.elements.push_back(expr(annotation));
        while (accept(","));
        expect("]", "at the end of an array literal");
      }
    } else if (t.kind == Token::Kind::string) {
      if (!annotation) fail(t, "a string is allowed in annotations only");
      e.kind = Expr::Kind::string;
      e.name = lex_.take().value;
    } else if (is(t, "true") || is(t, "false")) {
      e.kind = Expr::Kind::boolean;
      e.flag = lex_.take().text == "true";
    } else if (t.kind == Token::Kind::identifier) {
      const Token name = lex_.take();
      e.name = std::string(name.text);
      e.kind = Expr::Kind::identifier;
      if (is(lex_.peek(), "[")) {
        lex_.take();
        e.kind = Expr::Kind::access;
        e.integer = int_literal("as an array index");
        expect("]", "after an array index");
      } else if (is(lex_.peek(), "(")) {
        if (!annotation) fail(lex_.peek(), "a call '" + e.name + "(...)' is allowed in annotations only");
        Nest nest(*this, name);
        lex_.take();
        e.kind = Expr::Kind::call;
        if (!accept(")")) {
          do e.elements.push_back(expr(true));
          while (accept(","));
          expect(")", "after the arguments of annotation '" + e.name + "'");
        }
      }
    } else {
      fail(t, "expected an expression, found " + shown(t));
    }
    return e;
  }

  // `3`, `-3`, `1..5`, `1.5`, `0.0..1.0`.
  void number_or_range(Expr& e) {
    const bool negative = accept("-");
    const Token t = lex_.peek();
    if (t.kind == Token::Kind::integer) {
      e.kind = Expr::Kind::integer;
      e.integer = integer_value(lex_.take(), negative);
      if (accept("..")) {
        e.kind = Expr::Kind::set;
        const std::int64_t hi = int_literal("after '..'");
        e.set.add(e.integer, hi);
      }
    } else if (t.kind == Token::Kind::floating) {
      e.kind = Expr::Kind::floating;
      e.floating = float_value(lex_.take(), negative);
      if (accept("..")) {
        e.kind = Expr::Kind::float_range;
        const bool hi_negative = accept("-");
        if (lex_.peek().kind != Token::Kind::floating && lex_.peek().kind != Token::Kind::integer)
          fail(lex_.peek(), "expected a number after '..', found " + shown(lex_.peek()));
        const Token hi = lex_.take();
        e.floating_hi = hi.kind == Token::Kind::floating ? float_value(hi, hi_negative)
                                                         : static_cast<double>(integer_value(hi, hi_negative));
      }
    } else {
      fail(t, "expected a number after '-', found " + shown(t));
    }
  }

  Lexer lex_;
  int depth_ = 0;
};

}  // namespace

Ast parse(std::string_view text) { return Parser(text).model(); }

}  // namespace csp::flatzinc
