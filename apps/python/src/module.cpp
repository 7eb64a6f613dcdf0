// The extension module fdcsp._fdcsp: the framework from Python (issue 32). The package fdcsp
// (apps/python/fdcsp/) re-exports it with its helpers; docs/python.md shows its use.
#include "core.hpp"
#include "sigint.hpp"

PYBIND11_MODULE(_fdcsp, m) {
  m.doc() = "fdcsp: finite-domain constraint satisfaction (the csp framework's C++ library) from Python.";
  fdcsp_py::note_main_thread(
      pybind11::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>());
  fdcsp_py::bind_model(m);
  fdcsp_py::bind_expressions(m);
  fdcsp_py::bind_search(m);
  fdcsp_py::bind_sudoku(m);
}
