# The referee (issue 3): the pure parts and records (check_referee), then
# whole games against the misbehaving bots of bots/hostile/, the command line
# and threads (check_referee_games). Both play real games with the bots of
# bots/ (loa-first, hostile-*), so they need that component too.
if(NOT TARGET hostile-say OR NOT TARGET loa-first)
  message(STATUS "Referee suites skipped: the bots component (bots/hostile) is not built")
  return()
endif()

loa_add_suite(referee LIBS ref TIMEOUT 120)
target_include_directories(check_referee PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../referee/src)

loa_add_suite(referee_games LIBS ref Threads::Threads TIMEOUT 240)

# The games run the bots and loa-referee from build/bin: build them first.
set(_ref_test_bots loa-first loa-referee)
foreach(bot silent slow crash-start crash exit endless flood ignore-term fork multi
            close-stdin random say)
  list(APPEND _ref_test_bots hostile-${bot})
endforeach()
add_dependencies(check_referee ${_ref_test_bots})
add_dependencies(check_referee_games ${_ref_test_bots})
