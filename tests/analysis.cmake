# Game analysis (issue 27, and the suites of lost games of issue 34):
# check_analysis (the library: the protocol, engines, the scale, the
# judgement, suites, filters), check_analysis_cli (loa-analyse and
# loa-ab --analyse end to end: positions built for it, a real game, the
# determinism of --depth, a CodinGame file), check_analysis_league (a
# league's lost games: a suite a league plays, loa-arena --analyse),
# check_analysis_process (the engines' processes: the whole group ended at
# a stop, a kill -9 or an interrupt of loa-analyse), check_analysis_options
# (the options that do not go with --suite), and
# check_analysis_browser (the analysed page in headless Chromium; skipped,
# exit 77, without it unless CI is set).
if(NOT TARGET loa_analysis)
  return()
endif()
loa_add_suite(analysis LIBS loa_analysis loa_replay loa loa::cjson m TIMEOUT 60)
loa_add_suite(analysis_process LIBS loa_analysis loa_replay loa loa::cjson TIMEOUT 120)
add_dependencies(check_analysis_process loa-analyse)
loa_add_suite(analysis_options TIMEOUT 60)
add_dependencies(check_analysis_options loa-analyse)
# the suites that play games: the bots and the arena (configured after
# analysis may be left out of LOA_COMPONENTS)
if(NOT TARGET loa-ab OR NOT TARGET loa-arena)
  message(STATUS "Analysis suites playing games skipped: the bots or arena component is not built")
  return()
endif()
loa_add_suite(analysis_cli LIBS loa_analysis loa_replay loa loa::cjson TIMEOUT 600)
add_dependencies(check_analysis_cli loa-analyse loa-ab loa-random loa-referee loa-arena)
set_tests_properties(analysis_cli PROPERTIES PROCESSORS 2)
loa_add_suite(analysis_league LIBS loa_analysis loa_replay loa loa::cjson TIMEOUT 600)
add_dependencies(check_analysis_league loa-analyse loa-ab loa-random loa-referee loa-arena)
set_tests_properties(analysis_league PROPERTIES PROCESSORS 2)
loa_add_suite(analysis_browser SOURCES cdp.c LIBS loa_replay loa loa_util loa::cjson TIMEOUT 240)
add_dependencies(check_analysis_browser loa-analyse loa-ab loa-random loa-referee loa-arena)
set_tests_properties(analysis_browser PROPERTIES SKIP_RETURN_CODE 77 PROCESSORS 2)
