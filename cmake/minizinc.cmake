# MiniZinc finds a solver through a configuration file (.msc) naming its program and its solver
# library (issue 18). Every build writes build/share/minizinc/solvers/csp.msc (absolute paths into
# the build folder) and copies mznlib/ to build/share/minizinc/csp/, so that
#   MZN_SOLVER_PATH=build/share/minizinc/solvers minizinc --solver csp model.mzn
# runs fzn-csp. `cmake --install` puts fzn-csp in PREFIX/bin, the library in PREFIX/share/minizinc/csp
# and a csp.msc with the installed absolute paths in PREFIX/share/minizinc/solvers, where a
# MiniZinc installed under the same prefix (or /usr with PREFIX /usr/local) looks.
set(CSP_MZN_SHARE ${CMAKE_BINARY_DIR}/share/minizinc)
set(CSP_MSC_MZNLIB ${CSP_MZN_SHARE}/csp)
set(CSP_MSC_EXECUTABLE ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}/fzn-csp)
configure_file(${CMAKE_CURRENT_LIST_DIR}/csp.msc.in ${CSP_MZN_SHARE}/solvers/csp.msc @ONLY)
# Copied at every build (not configure time), so that an edited or added fzn_*.mzn reaches the
# build folder without re-running cmake; a removed file is removed there too.
add_custom_target(minizinc_library ALL
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${CSP_MSC_MZNLIB}
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_SOURCE_DIR}/mznlib ${CSP_MSC_MZNLIB}
  COMMENT "Copying the MiniZinc solver library mznlib/ to ${CSP_MSC_MZNLIB}" VERBATIM)
add_dependencies(minizinc_library fzn-csp)

install(TARGETS fzn-csp RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/mznlib/ DESTINATION ${CMAKE_INSTALL_DATADIR}/minizinc/csp
  FILES_MATCHING PATTERN "*.mzn")
# The installed .msc holds the prefix given at install time (`--prefix`), so it is written then.
set(CSP_MSC_TEMPLATE ${CMAKE_CURRENT_LIST_DIR}/csp.msc.in)
install(CODE "
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  set(CSP_MSC_MZNLIB \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/minizinc/csp\")
  set(CSP_MSC_EXECUTABLE \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/fzn-csp\")
  configure_file(\"${CSP_MSC_TEMPLATE}\" \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/minizinc/solvers/csp.msc\" @ONLY)
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/minizinc/solvers/csp.msc\")
")
