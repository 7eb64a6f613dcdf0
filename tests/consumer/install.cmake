# `cmake -DBUILD=<build folder> -DPREFIX=<prefix> -P install.cmake`: installs the library afresh
# into PREFIX (emptied first, so that no header left from an earlier install hides a missing one).
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX} COMMAND_ERROR_IS_FATAL ANY)
