#include "csp/flatzinc/registry.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <tuple>

namespace csp::flatzinc {

namespace {
auto key(const PosterEntry& e) { return std::tie(e.name, e.arity); }
}  // namespace

void Registry::add(std::string_view name, int arity, Poster post, std::string_view note) {
  PosterEntry row{std::string(name), arity, post, std::string(note)};
  const auto at = std::lower_bound(entries_.begin(), entries_.end(), row,
                                   [](const PosterEntry& a, const PosterEntry& b) { return key(a) < key(b); });
  if (at != entries_.end() && key(*at) == key(row))
    throw std::logic_error("flatzinc registry: '" + row.name + "' with " + std::to_string(arity) +
                           " arguments is registered twice");
  entries_.insert(at, std::move(row));
}

const PosterEntry* Registry::find(std::string_view name, int arity) const {
  const auto at = std::lower_bound(entries_.begin(), entries_.end(), name,
                                   [](const PosterEntry& a, std::string_view n) { return a.name < n; });
  for (auto it = at; it != entries_.end() && it->name == name; ++it)
    if (it->arity == arity) return &*it;
  return nullptr;
}

bool Registry::knows(std::string_view name) const {
  const auto at = std::lower_bound(entries_.begin(), entries_.end(), name,
                                   [](const PosterEntry& a, std::string_view n) { return a.name < n; });
  return at != entries_.end() && at->name == name;
}

const Registry& registry() {
  static const Registry r = [] {
    Registry made;
    add_builtin_posters(made);
    add_global_posters(made);
    return made;
  }();
  return r;
}

std::string markdown_table(const Registry& r, std::string_view first_column) {
  std::string out = "| ";
  out += first_column;
  out += " | arguments | what fzn-csp posts |\n|---|---|---|\n";
  for (const PosterEntry& e : r.entries()) {
    out += "| `";
    out += e.name;
    out += "` | ";
    out += std::to_string(e.arity);
    out += " | ";
    for (const char c : e.note) {  // a '|' would end the cell
      if (c == '|') out += '\\';
      out += c;
    }
    out += " |\n";
  }
  return out;
}

}  // namespace csp::flatzinc
