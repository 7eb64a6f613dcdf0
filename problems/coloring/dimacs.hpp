// Graphs to colour, and the reader of the DIMACS .col format they usually come in.
//
// The format, line by line: `c ...` a comment; `p edge VERTICES EDGES` once, before any edge (`p col`
// is accepted too, and so are extra numbers after EDGES, which some files carry); `e U V` an edge
// between vertices U and V, numbered 1..VERTICES; `n ...` a vertex weight (ignored); `s K` the
// chromatic number as stated by the file's author (kept, never trusted). Blank lines are skipped.
// Many files list each edge twice, or both ways: a repeated edge is counted once. A self-loop
// (`e 3 3`) cannot be an edge of a colouring problem (no vertex can differ from itself); the
// standard homer.col has one, listed twice. Colouring tools drop self-loops and warn, so by
// default the reader drops them and records where they were, for the caller to warn about;
// SelfLoops::refuse makes the first one an error instead.
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

namespace problems::coloring {

/// An undirected simple graph; vertices are 0-based (DIMACS vertex i is vertex i - 1). setS as the
/// edge container makes a repeated edge a no-op, which is how duplicates in files are absorbed.
using Graph = boost::adjacency_list<boost::setS, boost::vecS, boost::undirectedS>;

/// An `e V V` line the reader dropped.
struct SelfLoop {
  int line = 0;    ///< its line number in the file (1-based)
  int vertex = 0;  ///< V, as the file numbers it (1-based)
};

/// A graph read from a .col file, with what the file said about itself.
struct DimacsGraph {
  Graph graph;
  int stated_edges = 0;              ///< EDGES on the `p` line (often counts duplicates; not checked)
  int stated_chromatic = 0;          ///< K of an `s K` line, 0 when there is none
  std::vector<SelfLoop> self_loops;  ///< the self-loops dropped, in file order (empty when refused)
};

/// What the reader does with a self-loop line.
enum class SelfLoops {
  drop,    ///< leave it out of the graph and record it in DimacsGraph::self_loops
  refuse,  ///< throw InputError naming its line ("g.col:7: self-loop on vertex 3: ...")
};

/// Bad content, with the file name and line number in the message ("g.col:7: ...").
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reads a .col file from `in`; `source` names it in error messages. Throws InputError.
DimacsGraph read_dimacs(std::istream& in, const std::string& source, SelfLoops self_loops = SelfLoops::drop);

}  // namespace problems::coloring
