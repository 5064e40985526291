# loa_target_setup(<target>): the project's compile settings, applied per
# target (never global flags) so that an embedding project keeps its own.
include(CheckCCompilerFlag)
check_c_compiler_flag(-march=native LOA_HAVE_MARCH_NATIVE)

# LOA_CHECKS: the invariants checked at run time (util/check.h: LOA_ASSERT
# and the handles' checkers), on in the builds made to find bugs (the
# sanitizers', the fuzzers', Debug), off in Release; -DLOA_CHECKS=ON or OFF
# decides in any build (their cost measured: a build with, one without).
if(NOT DEFINED LOA_CHECKS)
  if(LOA_SANITIZE OR LOA_TSAN OR LOA_FUZZ OR CMAKE_BUILD_TYPE STREQUAL "Debug")
    set(LOA_CHECKS ON)
  else()
    set(LOA_CHECKS OFF)
  endif()
endif()

function(loa_target_setup target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                         -Wstrict-prototypes -Wmissing-prototypes)
  # POSIX and GNU interfaces (pipe2, clock_gettime, ...) on top of strict C17.
  target_compile_definitions(${target} PRIVATE _GNU_SOURCE)
  if(LOA_CHECKS)
    target_compile_definitions(${target} PRIVATE LOA_CHECKS=1)
  endif()
  if(LOA_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(LOA_NATIVE AND LOA_HAVE_MARCH_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
  if(LOA_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                           -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(LOA_FUZZ)
    # the fuzz targets add -fsanitize=fuzzer at their link; the libraries
    # they drive carry the coverage instrumentation and the sanitizers
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link,address,undefined
                           -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(LOA_TSAN)
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  endif()
endfunction()
