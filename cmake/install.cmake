# Installing the library (issue 17): `cmake --install <build> --prefix P` (or `make install`) puts
# the public headers of csp/ under P/include/csp/ (their include paths unchanged; not the internal
# ones of detail/ folders), libcsp.a and libcsp_rules.a under P/lib, a CMake package
# (`find_package(csp CONFIG)` gives `csp::csp` and, for the rules, `csp::rules`) and a pkg-config
# file (csp.pc, both libraries).
# Only the library: not problems/, not the commands. tests/consumer/ builds against the result.
include(CMakePackageConfigHelpers)

set(CSP_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/csp)

install(TARGETS csp_framework csp_rules csp_logging EXPORT csp-targets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The public headers under csp/, whatever they are at the time (a glob, not a list to keep up to
# date): every header but those of a detail/ folder, which hold what a layer shares inside itself
# (the search engine's internals, the rules' propagators, the FlatZinc builder's recognisers) and no
# public header includes (ctest consumer.headers checks it).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/csp/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/csp
  FILES_MATCHING PATTERN "*.hpp" PATTERN "detail" EXCLUDE)
install(EXPORT csp-targets NAMESPACE csp:: FILE cspTargets.cmake DESTINATION ${CSP_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/cspConfig.cmake.in
  ${CMAKE_BINARY_DIR}/install/cspConfig.cmake INSTALL_DESTINATION ${CSP_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/install/cspConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/install/cspConfig.cmake ${CMAKE_BINARY_DIR}/install/cspConfigVersion.cmake
  DESTINATION ${CSP_CMAKE_DIR})

# The .pc file finds the prefix from its own place (${pcfiledir}), since --prefix is chosen at
# install time, after this file is written.
file(RELATIVE_PATH CSP_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${CMAKE_CURRENT_LIST_DIR}/csp.pc.in ${CMAKE_BINARY_DIR}/install/csp.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/install/csp.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
