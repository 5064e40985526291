# The referee's suites: the pure parts, tables and bot layer (check_referee),
# the records (check_referee_record), the misbehaving bots of bots/hostile/
# as one table (check_referee_hostile), whole games, openings and threads
# (check_referee_games), the bot processes around a game: failure to start,
# the stop fd, signals, descriptors (check_referee_process), and the
# loa-referee command line with the exact argv of each league tool
# (check_referee_cli). They play real games with the bots of bots/
# (loa-first, hostile-*), so they need that component too.
if(NOT TARGET hostile-say OR NOT TARGET loa-first)
  message(STATUS "Referee suites skipped: the bots component (bots/hostile) is not built")
  return()
endif()

loa_add_suite(referee LIBS ref TIMEOUT 120)
loa_add_suite(referee_turn_input LIBS ref TIMEOUT 120)
target_include_directories(check_referee PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../referee/src)
target_include_directories(check_referee_turn_input PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../referee/src)
loa_add_suite(referee_record LIBS ref TIMEOUT 120)
loa_add_suite(referee_shell LIBS ref TIMEOUT 60)
target_include_directories(check_referee_shell PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../referee/src)

loa_add_suite(referee_games LIBS ref Threads::Threads TIMEOUT 240)
loa_add_suite(referee_process LIBS ref Threads::Threads TIMEOUT 240)
loa_add_suite(referee_hostile LIBS ref TIMEOUT 240)
loa_add_suite(referee_cli LIBS ref TIMEOUT 240)
# The time modes overload the machine on purpose (CPU burners): alone, so
# that no other suite's timing suffers from it, nor it from theirs.
loa_add_suite(referee_time LIBS ref loa::cjson TIMEOUT 600)
# REF_LIMITS_MAP: ref_limits_check and loa-referee's options at the bounds
loa_add_suite(referee_limits LIBS ref TIMEOUT 60)
# A finished game's checker fails on a game without its reason's result:
# where the checks are compiled in (LOA_CHECKS, cmake/LoaTarget.cmake)
if(LOA_CHECKS)
  loa_add_suite(referee_checks LIBS ref loa_util TIMEOUT 60)
  target_include_directories(check_referee_checks PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../referee/src)
endif()
add_dependencies(check_referee_limits loa-referee)
set_tests_properties(referee_time PROPERTIES RUN_SERIAL TRUE)

# The games run the bots and loa-referee from build/bin: build them first.
set(_ref_test_bots loa-first loa-referee)
foreach(bot silent slow crash-start crash exit endless flood ignore-term fork multi
            close-stdin random say burn escape)
  list(APPEND _ref_test_bots hostile-${bot})
endforeach()
add_dependencies(check_referee ${_ref_test_bots})
add_dependencies(check_referee_record ${_ref_test_bots})
add_dependencies(check_referee_games ${_ref_test_bots})
add_dependencies(check_referee_process ${_ref_test_bots})
add_dependencies(check_referee_hostile ${_ref_test_bots})
add_dependencies(check_referee_cli ${_ref_test_bots})
add_dependencies(check_referee_time ${_ref_test_bots})

# Nothing outlives a killed referee or arena (check_referee_watch: the
# watchdog); its sandbox cases skip without bwrap, its arena case without
# loa-arena.
loa_add_suite(referee_watch TIMEOUT 300)
add_dependencies(check_referee_watch ${_ref_test_bots})
if(TARGET loa-arena)
  target_compile_definitions(check_referee_watch PRIVATE LOA_HAVE_ARENA)
  add_dependencies(check_referee_watch loa-arena)
endif()

# Bots under bubblewrap (check_referee_sandbox): skipped (77) where bwrap
# cannot run, unless CI is set; its stubs need loa-stub and loa-ab.
if(TARGET loa-stub AND TARGET loa-ab)
  loa_add_suite(referee_sandbox LIBS ref loa::cjson TIMEOUT 600)
  set_tests_properties(referee_sandbox PROPERTIES SKIP_RETURN_CODE 77)
  add_dependencies(check_referee_sandbox ${_ref_test_bots} loa-stub loa-ab)
endif()
# What a sandboxed bot may do whoever runs the referee: root (the library in
# the test's process), a user (loa-referee, as nobody under setpriv when the
# test is root), loa-arena --sandbox; skipped (77) as referee_sandbox.
loa_add_suite(referee_sandbox_privileges LIBS ref loa::cjson TIMEOUT 300)
set_tests_properties(referee_sandbox_privileges PROPERTIES SKIP_RETURN_CODE 77)
add_dependencies(check_referee_sandbox_privileges ${_ref_test_bots})
if(TARGET loa-arena)
  target_compile_definitions(check_referee_sandbox_privileges PRIVATE LOA_HAVE_ARENA)
  add_dependencies(check_referee_sandbox_privileges loa-arena)
endif()

# The metrics bots report (issue 44): the convention's parser, the stream
# scan and the record (check_referee_metrics), with a bot printing a known
# fixed sequence (test-metric-bot, tests/metric_bot.c; also the bot of the
# parsing cost's bench, tests/bench_metrics.sh).
add_executable(test-metric-bot metric_bot.c)
loa_target_setup(test-metric-bot)
target_link_libraries(test-metric-bot PRIVATE loa)
loa_add_suite(referee_metrics LIBS ref loa_util TIMEOUT 120)
target_include_directories(check_referee_metrics PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../referee/src)
add_dependencies(check_referee_metrics test-metric-bot loa-referee loa-first)
