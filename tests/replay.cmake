# The replay viewer (issue 12): check_replay (the library: records good and
# hostile, positions, text view, page contents, command line),
# check_replay_league (the league index and pages) and
# check_replay_browser (the pages in headless Chromium over its DevTools
# pipe; skipped with a message, exit 77, when chromium is missing unless CI
# is set).
if(NOT TARGET loa_replay)
  return()
endif()
loa_add_suite(replay LIBS loa_replay loa loa::cjson TIMEOUT 60)
target_include_directories(check_replay PRIVATE ${PROJECT_SOURCE_DIR}/replay/src)
add_dependencies(check_replay loa-replay)
loa_add_suite(replay_league LIBS loa_replay loa::cjson TIMEOUT 60)

loa_add_suite(replay_browser SOURCES cdp.c LIBS loa_replay loa loa::cjson TIMEOUT 240)
add_dependencies(check_replay_browser loa-replay)
set_tests_properties(replay_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)

# The pages written by loa-referee --html and loa-arena (index, games,
# --html DIR, an interrupted run).
if(TARGET loa-arena AND TARGET loa-referee AND TARGET loa-first AND TARGET hostile-slow)
  loa_add_suite(replay_integration LIBS loa_replay TIMEOUT 120)
  add_dependencies(check_replay_integration loa-arena loa-referee loa-first loa-example hostile-slow)
endif()
