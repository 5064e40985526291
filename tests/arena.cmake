# The arena's Check suites (tests/CMakeLists.txt includes this file).
#   check_arena      unit tests: schedule, ratings, results store, league
#                    file and flags (links arena_core only)
#   check_arena_cli  integration: runs loa-arena with loa-first bots: bad
#                    inputs, failed_to_start, kill -9 and resume, torn line,
#                    Ctrl-C once and twice, --standings (needs the referee)
if(TARGET arena_core)
  loa_add_suite(arena LIBS arena_core m TIMEOUT 60)
  if(TARGET loa-arena AND TARGET loa-first)
    loa_add_suite(arena_cli LIBS loa::cjson TIMEOUT 120)
    add_dependencies(check_arena_cli loa-arena loa-first)
  endif()
endif()
