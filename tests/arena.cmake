# The arena's Check suites (tests/CMakeLists.txt includes this file), one
# per module of arena/src, linking arena_core:
#   check_arena_error      ARENA_ERROR_MAP: ranges and messages
#   check_arena_schedule   pairings, colours, seeds
#   check_arena_ratings    the Elo fit on known answers
#   check_arena_sprt       pentanomial SPRT and Elo against independently
#                          computed values (tests/sprt_reference.py)
#   check_arena_sprt_report an SPRT's state, line, block and JSON
#   check_arena_pairs      colour-swapped pairs: pentanomial counts, the
#                          tally, an SPRT's first crossing kept
#   check_arena_fingerprint  the files a bot command names, their SHA-256
#   check_arena_record     a game record <-> its games.jsonl line
#   check_arena_store      append, resume, torn line, foreign lines, mismatch
#   check_arena_standings  totals, matrices, tables
#   check_arena_progress   live line, plain lines, quiet
#   check_arena_settings   the league file: good and every bad input
#   check_arena_openings   opening tables: file (bad lines named), order,
#                          random plies; the openings settings
#   check_arena_options    the command line over a league file
#   check_arena_runner     the scheduler with loa-first games: results once,
#                          stop by callback, one and two interrupts
#   check_arena_cli        integration: runs loa-arena with loa-first bots: bad
#                          inputs, failed_to_start, kill -9 and resume, torn
#                          line, Ctrl-C once and twice, --standings
#   check_arena_cli_errors integration: a bot failing to start stops the
#                          league (exit 3); error lines and their replay
#                          command; a rebuilt bot refused; the lock with
#                          --force-new; a flag league's own directory
#   check_arena_cli_sprt   integration: SPRT matches accept H1 / H0, resume a
#                          decided test, no decision at the maximum, the
#                          gauntlet bot tested, interim standings, pairs
#   check_arena_cli_shards integration: 3 shards through GNU parallel merge
#                          into the one-process league; missing, conflicting,
#                          foreign directories; --add-bot, --extend, --exclude
#   check_arena_pressure   the CPU pressure window (PSI, runnable tasks) on
#                          files written by the test
#   check_arena_cli_time   integration, alone, under CPU burners: wall-clock
#                          timeouts marked under load, none in CPU mode; the
#                          margin's late answers; timing in the identity
#   check_arena_cli_openings integration: bots start after the opening, pairs
#                          share it, the ply limit counts it, random plies,
#                          bad lines, the replay line with its opening
if(TARGET arena_core)
  foreach(module error schedule ratings sprt sprt_report pairs fingerprint record store
                 standings progress settings openings pressure)
    loa_add_suite(arena_${module} LIBS arena_core m TIMEOUT 60)
  endforeach()
  loa_add_suite(arena_options LIBS arena_app arena_core m TIMEOUT 60)
  loa_add_suite(arena_setting LIBS arena_app arena_core m TIMEOUT 120)
  if(TARGET loa-first)
    loa_add_suite(arena_runner LIBS arena_core TIMEOUT 120)
    add_dependencies(check_arena_runner loa-first)
  endif()
  if(TARGET loa-arena AND TARGET loa-first)
    loa_add_suite(arena_cli LIBS loa::cjson TIMEOUT 120)
    add_dependencies(check_arena_cli loa-arena loa-first)
    if(TARGET hostile-burn AND TARGET hostile-slow)
      # overloads the machine on purpose: alone
      loa_add_suite(arena_cli_time LIBS loa::cjson TIMEOUT 600)
      set_tests_properties(arena_cli_time PROPERTIES RUN_SERIAL TRUE)
      add_dependencies(check_arena_cli_time loa-arena loa-first hostile-burn hostile-slow)
    endif()
    loa_add_suite(arena_cli_errors LIBS loa::cjson TIMEOUT 120)
    add_dependencies(check_arena_cli_errors loa-arena loa-first loa-referee)
    if(TARGET loa-greedy AND TARGET loa-random)
      loa_add_suite(arena_cli_sprt LIBS loa::cjson TIMEOUT 300)
      add_dependencies(check_arena_cli_sprt loa-arena loa-greedy loa-random)
      if(TARGET loa-negamax)
        loa_add_suite(arena_cli_shards LIBS loa::cjson TIMEOUT 600)
        add_dependencies(check_arena_cli_shards loa-arena loa-greedy loa-random loa-negamax)
      endif()
    endif()
    if(TARGET loa-ab)
      loa_add_suite(arena_cli_openings LIBS loa loa::cjson TIMEOUT 180)
      add_dependencies(check_arena_cli_openings loa-arena loa-first loa-referee loa-ab)
    endif()
  endif()
endif()

# Install into a temporary prefix and run the installed loa-arena on the
# installed example league: the bundled bots must be found through {bin}.
if(TARGET loa-arena AND TARGET loa-first AND TARGET loa-example)
  add_test(NAME arena_install COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/arena_install_test.sh
           ${PROJECT_BINARY_DIR})
  set_tests_properties(arena_install PROPERTIES TIMEOUT 180)
endif()

# The arena's folders are layers, each including only those below it; no
# circle of includes; no source over 500 lines, main.c under 100, no
# function over 80 lines (CONTRIBUTING.md, "The arena").
add_test(NAME arena_layers COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/arena_layers_test.sh
         ${PROJECT_SOURCE_DIR}/arena)
set_tests_properties(arena_layers PROPERTIES TIMEOUT 60)
