# Game analysis (issue 27, and the suites of lost games of issue 34):
# check_analysis (the library: the protocol, engines, the scale, the
# judgement, suites, filters) and check_analysis_cli (loa-analyse and
# loa-ab --analyse end to end: positions built for it, a real game, the
# determinism of --depth, a CodinGame file, a suite a league plays), and
# check_analysis_browser (the analysed page in headless Chromium; skipped,
# exit 77, without it unless CI is set).
if(NOT TARGET loa_analysis)
  return()
endif()
loa_add_suite(analysis LIBS loa_analysis loa_replay loa loa::cjson m TIMEOUT 60)
