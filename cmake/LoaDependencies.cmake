# Third-party dependencies, all from Debian packages, found the standard way.
# A missing one stops configure and names the package to install.
find_package(PkgConfig QUIET)
find_package(Threads)
if(NOT Threads_FOUND)
  message(FATAL_ERROR "POSIX threads not found: install the Debian package libc6-dev")
endif()

# cJSON: its own CMake package config, else pkg-config.
find_package(cJSON CONFIG QUIET)
if(cJSON_FOUND AND TARGET cjson AND NOT TARGET loa_cjson)
  add_library(loa_cjson INTERFACE)
  target_link_libraries(loa_cjson INTERFACE cjson)
  target_include_directories(loa_cjson INTERFACE ${CJSON_INCLUDE_DIRS})
elseif(PkgConfig_FOUND)
  pkg_check_modules(LIBCJSON QUIET IMPORTED_TARGET libcjson)
  if(LIBCJSON_FOUND)
    add_library(loa_cjson INTERFACE)
    target_link_libraries(loa_cjson INTERFACE PkgConfig::LIBCJSON)
  endif()
endif()
if(NOT TARGET loa_cjson)
  message(FATAL_ERROR "cJSON not found: install the Debian package libcjson-dev")
endif()
add_library(loa::cjson ALIAS loa_cjson)

# A pkg-config module as the target loa::<name> (an INTERFACE library over
# PkgConfig::<PREFIX>), when pkg-config finds it; <PREFIX>_FOUND says so.
function(loa_pkg_target name prefix module)
  if(PkgConfig_FOUND)
    pkg_check_modules(${prefix} QUIET IMPORTED_TARGET ${module})
  endif()
  if(${prefix}_FOUND AND NOT TARGET loa_${name})
    add_library(loa_${name} INTERFACE)
    target_link_libraries(loa_${name} INTERFACE PkgConfig::${prefix})
    add_library(loa::${name} ALIAS loa_${name})
  endif()
  set(${prefix}_FOUND ${${prefix}_FOUND} PARENT_SCOPE)
endfunction()

# SQLite (the league database, DIR/league.db) and zlib (its compressed game
# records): the arena's store.
loa_pkg_target(sqlite3 SQLITE3 sqlite3)
loa_pkg_target(zlib ZLIB zlib)
# libmicrohttpd: loa-arena serve's HTTP server (arena/app/serve.c).
loa_pkg_target(microhttpd MICROHTTPD libmicrohttpd)

if(LOA_BUILD_TESTS)
  if(PkgConfig_FOUND)
    pkg_check_modules(CHECK QUIET IMPORTED_TARGET check)
  endif()
  if(NOT CHECK_FOUND)
    message(FATAL_ERROR "Check (unit test framework) not found: install the Debian packages check and pkg-config, or configure with -DLOA_BUILD_TESTS=OFF")
  endif()
endif()
