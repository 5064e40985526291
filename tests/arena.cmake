# The arena's Check suites (tests/CMakeLists.txt includes this file), one
# per module of arena/, named after it; the unit suites link arena_core
# (src/) or arena_app (app/):
#   check_arena_error       core/error: ARENA_ERROR_MAP, ranges and messages
#   check_arena_sprt        stats/sprt: pentanomial SPRT and Elo against
#                           independently computed values (sprt_reference.py)
#   check_arena_ratings     stats/ratings: the Elo fit on known answers
#   check_arena_schedule    league/schedule: pairings, colours, seeds, blocks
#   check_arena_openings    league/openings: opening tables (file, bad lines
#                           named, order, random plies); the openings settings
#   check_arena_record      league/record: a game record <-> its games.jsonl line
#   check_arena_league_file league/league_file: a good file and every bad input
#   check_arena_setting     league/setting: the command line and the league file
#                           take the same values of every setting; the identity
#   check_arena_pairs       results/pairs, sprt_match: pentanomial counts, the
#                           tally, an SPRT's first crossing kept
#   check_arena_filter      results/filter: the games filter's grammar, errors, bounds
#   check_arena_metrics     results/metrics, app/metrics_task: the metrics of a
#                           league of test-metric-bot summed up exactly
#   check_arena_metrics_browser replay/page/metrics.js: the bot page's curves, the
#                           game page's metrics of the shown ply and charts
#   check_arena_filter_games results/filter_game: the games' fields; standings on a
#                           filtered subset equal a hand count
#   check_arena_standings   results/standings, report/standings_*: totals,
#                           matrices, tables
#   check_arena_sprt_report report/sprt_report: an SPRT's state, line, block, JSON
#   check_arena_dashboard   report/dashboard: the league pages' figures (histories
#                           thinned, by bot, faults, times, an SPRT's LLR)
#   check_arena_progress    report/progress: live line, plain lines, quiet
#   check_arena_fingerprint store/fingerprint: the files a command names (a cd
#                           followed), SHA-256
#   check_arena_command_words league/command_words: a command's words, their
#                           places and roles
#   check_arena_snapshot    store/snapshot: a bot's files copied into DIR/bots/,
#                           its command rewritten to run the copy
#   check_arena_planner     results/planner: which game next, in order or where
#                           it tells most (continuous), retired bots skipped
#   check_arena_pressure    run/pressure: the CPU pressure window on files written
#                           by the test
#   check_arena_runner      run/runner: the scheduler with loa-first games
#   check_arena_league_pages app/league_pages: when a running league's
#                           live.js is due (the interval, the cost bound)
#   check_arena_cli         app/cli: the command line over a league file,
#                           fastchess's words
# and the integration suites, which run loa-arena with real bots:
#   check_arena_league_run  app/league_run: bad inputs, failed_to_start, kill -9
#                           and resume, torn line, Ctrl-C once and twice
#   check_arena_league_run_errors  a bot failing to start stops the league
#                           (exit 3); error lines and their replay command; a
#                           rebuilt bot refused; the lock; a flag league's
#                           own directory
#   check_arena_league_run_sprt  SPRT matches accept H1 / H0, resume a decided
#                           test, no decision at the maximum, interim standings
#   check_arena_league_run_openings  bots start after the opening, pairs share
#                           it, the ply limit counts it, random plies, bad lines
#   check_arena_league_run_time  alone, under CPU burners: wall-clock timeouts
#                           marked under load, none in CPU mode; the margin
#   check_leaguedb_game_blob   leaguedb/game_blob.h: a record as two blobs and
#                           back, over the records of real games
#   check_arena_store       store/store: games stored and read back, resume,
#                           games.jsonl level, a game's record, the index
#   check_arena_store_league  store/store: another league refused, archive,
#                           fingerprints, exported files, an older directory
#                           converted
#   check_arena_crash       kill -9 of a league, a merge, an --add-bot at random
#                           moments, many times: nothing stored lost or torn
#   check_arena_league_versions  the league across versions as a new user
#                           meets it: a rebuilt bot said, a missing program
#                           refused, a league without games corrected,
#                           --replace-bot alone, a bot that cannot start
#                           retired, two --add-bot of one name at once
#   check_arena_league_live a league across bot versions: a bot added while
#                           it runs, snapshots, replace, retire, a cd
#                           fingerprinted
#   check_arena_league_continuous a league grown over time: the league file
#                           of a grown league, canonical paths, continuous mode
#   check_arena_tasks       app/tasks: 3 shards through GNU parallel merged into
#                           the one-process league; --add-bot, --extend, --exclude
#   check_arena_import      loa-arena import: CodinGame battles in every shape as
#                           a league, again adding nothing, bad files named
#   check_arena_import_browser  its dashboard in Chromium: the triage first, in order
if(TARGET arena_core)
  foreach(module error schedule ratings sprt sprt_report pairs fingerprint record
                 standings dashboard progress league_file openings pressure spsa planner
                 command_words snapshot filter filter_games)
    loa_add_suite(arena_${module} LIBS arena_core m TIMEOUT 60)
  endforeach()
  # the bound of util/json.h a refusal names
  target_link_libraries(check_arena_league_file PRIVATE loa_util)
  # a record read from the fixtures (util_read_file)
  target_link_libraries(check_arena_dashboard PRIVATE loa_util)
  # the checkers (store, planner, runner, blob) fail on what they guard
  # against: where they are compiled in (LOA_CHECKS, cmake/LoaTarget.cmake)
  if(LOA_CHECKS)
    loa_add_suite(arena_checks LIBS arena_core loa_util TIMEOUT 60)
  endif()
  loa_add_suite(arena_cli LIBS arena_app arena_core m TIMEOUT 60)
  loa_add_suite(arena_league_pages LIBS arena_app arena_core m TIMEOUT 60)
  loa_add_suite(arena_import LIBS arena_app arena_core loa_util m TIMEOUT 300)
  add_dependencies(check_arena_import loa-arena)
  # an imported league's dashboard in Chromium: the triage first, in order
  loa_add_suite(arena_import_browser SOURCES cdp.c LIBS arena_app arena_core loa_util
                Threads::Threads TIMEOUT 180)
  set_tests_properties(arena_import_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)
  # its bench: 500 battles imported (goal <= 5 s), a command, not a test
  add_executable(loa-arena-import-bench bench_arena_import.c)
  loa_target_setup(loa-arena-import-bench)
  target_link_libraries(loa-arena-import-bench PRIVATE arena_app arena_core loa_util)
  target_compile_definitions(loa-arena-import-bench PRIVATE LOA_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  # loa-arena serve over real HTTP (app/serve.h): names, pages, hostile paths
  if(TARGET loa-first AND TARGET loa-random)
    loa_add_suite(arena_serve LIBS arena_app arena_core Threads::Threads TIMEOUT 240)
    add_dependencies(check_arena_serve loa-arena loa-first loa-random)
    loa_add_suite(arena_serve_browser SOURCES cdp.c LIBS arena_app arena_core loa_leaguedb
                  Threads::Threads TIMEOUT 300)
    add_dependencies(check_arena_serve_browser loa-arena loa-first loa-random)
    set_tests_properties(arena_serve_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)
  endif()
  loa_add_suite(arena_setting LIBS arena_app arena_core m TIMEOUT 120)
  if(TARGET loa-first)
    loa_add_suite(arena_runner LIBS arena_core TIMEOUT 120)
    add_dependencies(check_arena_runner loa-first)
  endif()
  if(TARGET loa-first AND TARGET hostile-say AND TARGET hostile-flood)
    loa_add_suite(arena_store LIBS arena_core m TIMEOUT 120)
    loa_add_suite(arena_store_league LIBS arena_core m TIMEOUT 120)
    loa_add_suite(leaguedb_game_blob LIBS arena_core TIMEOUT 120)
    foreach(t check_arena_store check_arena_store_league check_leaguedb_game_blob)
      add_dependencies(${t} loa-first loa-random hostile-say hostile-flood hostile-crash
                       hostile-slow)
    endforeach()
  endif()
  if(TARGET loa-arena AND TARGET loa-first)
    loa_add_suite(arena_league_run LIBS arena_core loa::cjson TIMEOUT 120)
    add_dependencies(check_arena_league_run loa-arena loa-first)
    if(TARGET hostile-burn AND TARGET hostile-slow)
      # overloads the machine on purpose: alone
      loa_add_suite(arena_league_run_time LIBS arena_core loa::cjson TIMEOUT 600)
      set_tests_properties(arena_league_run_time PROPERTIES RUN_SERIAL TRUE)
      add_dependencies(check_arena_league_run_time loa-arena loa-first hostile-burn
                       hostile-slow)
    endif()
    if(TARGET loa-random)
      # kill -9 of a league, a merge and an --add-bot, many times
      loa_add_suite(arena_crash LIBS arena_core loa::cjson TIMEOUT 900)
      add_dependencies(check_arena_crash loa-arena loa-first loa-random loa-greedy)
      # A sanitizer's arena starts and plays many times slower: half the
      # kills a tcase there (the full count in the plain build).
      if(LOA_SANITIZE OR LOA_TSAN)
        target_compile_definitions(check_arena_crash PRIVATE LOA_CRASH_KILLS=6)
      endif()
    endif()
    if(TARGET loa-random AND TARGET loa-greedy AND TARGET test-metric-bot)
      # the metrics bots report, summed up exactly (issue 44)
      loa_add_suite(arena_metrics LIBS arena_app arena_core loa_leaguedb m TIMEOUT 240)
      add_dependencies(check_arena_metrics loa-arena loa-random loa-greedy test-metric-bot)
      # the metrics drawn by the bot and game pages (replay/page/metrics.js)
      loa_add_suite(arena_metrics_browser SOURCES cdp.c LIBS loa_util loa::cjson TIMEOUT 240)
      add_dependencies(check_arena_metrics_browser loa-arena loa-replay loa-random test-metric-bot)
      set_tests_properties(arena_metrics_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)
    endif()
    loa_add_suite(arena_league_run_errors LIBS arena_core loa::cjson TIMEOUT 120)
    add_dependencies(check_arena_league_run_errors loa-arena loa-first loa-referee)
    if(TARGET loa-greedy AND TARGET loa-random)
      loa_add_suite(arena_league_run_sprt LIBS arena_core loa::cjson TIMEOUT 300)
      add_dependencies(check_arena_league_run_sprt loa-arena loa-greedy loa-random)
      # the league across versions as a new user meets it (issue 40)
      loa_add_suite(arena_league_versions LIBS arena_core loa::cjson TIMEOUT 600)
      add_dependencies(check_arena_league_versions loa-arena loa-first loa-greedy loa-random)
      # a league that lives across bot versions (issue 26)
      loa_add_suite(arena_league_live LIBS arena_core loa::cjson TIMEOUT 600)
      add_dependencies(check_arena_league_live loa-arena loa-first loa-greedy loa-random)
      # A sanitizer's arena plays many times slower: a third of the games of
      # the league a bot is added to still outlast its pages' next write.
      if(LOA_SANITIZE OR LOA_TSAN)
        target_compile_definitions(check_arena_league_live PRIVATE LOA_LIVE_ADD_GAMES=200)
      endif()
      foreach(bot hostile-slow loa-negamax)
        if(TARGET ${bot})
          add_dependencies(check_arena_league_live ${bot})
        endif()
      endforeach()
      # a league grown over time: its league file, continuous mode
      loa_add_suite(arena_league_continuous LIBS arena_core loa::cjson TIMEOUT 600)
      add_dependencies(check_arena_league_continuous loa-arena loa-first loa-greedy loa-random)
      if(TARGET loa-negamax)
        loa_add_suite(arena_tasks LIBS arena_core loa::cjson TIMEOUT 600)
        add_dependencies(check_arena_tasks loa-arena loa-greedy loa-random loa-negamax)
      endif()
    endif()
    if(TARGET loa-ab)
      loa_add_suite(arena_league_run_openings LIBS arena_core loa loa::cjson TIMEOUT 180)
      add_dependencies(check_arena_league_run_openings loa-arena loa-first loa-referee loa-ab)
    endif()
  endif()
endif()

# loa-tune (issue 28): check_arena_tune_file the tune file and the tune's
# state as its games come in; check_arena_tune the tuner with tune-peak, a
# test bot whose strength peaks at a known value: a tune finds it, kill -9
# and resume end where an uninterrupted tune ends, bad inputs.
if(TARGET loa-tune)
  add_executable(tune-peak tune_peak_bot.c)
  loa_target_setup(tune-peak)
  target_link_libraries(tune-peak PRIVATE loa m)
  loa_add_suite(arena_tune_file LIBS arena_core loa_util m TIMEOUT 60)
  loa_add_suite(arena_tune LIBS arena_core loa::cjson m TIMEOUT 300)
  add_dependencies(check_arena_tune loa-tune tune-peak)
endif()

# Install into a temporary prefix: every executable and example the
# documentation names is installed; the installed loa-arena plays the
# installed example league (the bundled bots found through {bin}).
if(TARGET loa-arena AND TARGET loa-first AND TARGET loa-example)
  add_test(NAME arena_install COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/arena_install_test.sh
           ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  set_tests_properties(arena_install PROPERTIES TIMEOUT 180)
endif()
