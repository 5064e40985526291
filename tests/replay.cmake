# The replay viewer (issue 12): check_replay (the library: records good and
# hostile, positions, page contents, command line),
# check_replay_codingame and check_replay_codingame_cases (games recorded by
# CodinGame, issue 34),
# check_replay_league (the league index and pages),
# check_replay_browser (a game's page in headless Chromium over its
# DevTools pipe) and check_replay_index_browser (a league's index and a
# tune's page there); both skipped with a message, exit 77, when chromium
# is missing unless CI is set.
if(NOT TARGET loa_replay)
  return()
endif()
loa_add_suite(replay LIBS loa_replay loa loa::cjson TIMEOUT 60)
target_include_directories(check_replay PRIVATE ${PROJECT_SOURCE_DIR}/replay/src)
add_dependencies(check_replay loa-replay)
loa_add_suite(replay_league LIBS loa_replay loa_util loa::cjson TIMEOUT 60)
# A game's analysis file (issue 27): written, read strictly, drawn.
loa_add_suite(replay_analysis LIBS loa_replay loa loa_util loa::cjson m TIMEOUT 60)
add_dependencies(check_replay_analysis loa-replay)

# Games recorded by CodinGame (issue 34): the tree's site-shaped fixtures
# (tests/fixtures/codingame, made by make_site.py) always; CodinGame's engine
# results beside the clone (../shared/cases/codingame, as CI has it) in a
# suite of their own, skipped (exit 77) when that folder is absent.
loa_add_suite(replay_codingame LIBS loa_replay loa_util loa::cjson TIMEOUT 120)
loa_add_suite(replay_codingame_cases LIBS loa_replay loa_util loa::cjson TIMEOUT 120)
# today's shapes: findInformationById's wrapper, mrsombre/codingame-arena's file
loa_add_suite(replay_codingame_shapes LIBS loa_replay loa_util loa::cjson m TIMEOUT 120)
foreach(t check_replay_codingame check_replay_codingame_cases check_replay_codingame_shapes)
  add_dependencies(${t} loa-replay)
  target_compile_definitions(${t} PRIVATE
    LOA_CODINGAME_CASES="${PROJECT_SOURCE_DIR}/../shared/cases/codingame")
endforeach()
set_tests_properties(replay_codingame_cases PROPERTIES SKIP_RETURN_CODE 77)
# A game file as hostile input (NULs kept, bytes after the JSON, nesting,
# the values and names a file may hold).
loa_add_suite(replay_import LIBS loa_replay loa_util loa::cjson TIMEOUT 120)
# The text view (a ply, times against their limits, escapes defused) and a
# bot's text outside the browser: bidi controls as markers in the text view
# and the page's title.
loa_add_suite(replay_text LIBS loa_replay loa_util loa::cjson TIMEOUT 60)

loa_add_suite(replay_browser SOURCES cdp.c LIBS loa_replay loa loa_util loa::cjson TIMEOUT 240)
add_dependencies(check_replay_browser loa-replay)
set_tests_properties(replay_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)
loa_add_suite(replay_index_browser SOURCES cdp.c LIBS loa_replay loa loa_util loa::cjson TIMEOUT 240)
add_dependencies(check_replay_index_browser loa-replay)
set_tests_properties(replay_index_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)

# The pages written by loa-referee --html and loa-arena (index, games,
# --html DIR, an interrupted run).
if(TARGET loa-arena AND TARGET loa-referee AND TARGET loa-first AND TARGET hostile-slow)
  loa_add_suite(replay_integration LIBS loa_replay TIMEOUT 120)
  add_dependencies(check_replay_integration loa-arena loa-referee loa-first loa-example hostile-slow
                   loa-replay)
  # A league's live pages and the viewer's controls in Chromium (issue 30):
  # leagues played here, one of them followed live (about a minute).
  loa_add_suite(replay_dashboard SOURCES cdp.c LIBS loa::cjson TIMEOUT 400)
  add_dependencies(check_replay_dashboard loa-arena loa-replay loa-first loa-greedy loa-random
                   hostile-slow)
  set_tests_properties(replay_dashboard PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)
endif()

# loa-replay --input and --through (issue 42): a probe bot logs what it
# reads (test-probe, tests/probe_bot.c); games played by loa-referee.
if(TARGET loa-referee AND TARGET hostile-slow)
  add_executable(test-probe probe_bot.c)
  loa_target_setup(test-probe)
  loa_add_suite(replay_input LIBS loa_replay loa_util loa::cjson TIMEOUT 240)
  add_dependencies(check_replay_input loa-replay loa-referee test-probe)
  target_compile_definitions(check_replay_input PRIVATE
    LOA_CODINGAME_CASES="${PROJECT_SOURCE_DIR}/../shared/cases/codingame")
  loa_add_suite(replay_through LIBS loa_replay loa_util loa::cjson TIMEOUT 240)
  add_dependencies(check_replay_through loa-replay loa-referee loa-arena test-probe hostile-slow
                   hostile-crash)
endif()
