# The league database's Check suites (tests/CMakeLists.txt includes this
# file):
#   check_leaguedb_error  LEAGUEDB_ERROR_MAP: range -801..-899, own messages
#   check_leaguedb        the database: schema, rows, lock, changes, errors
#   check_leaguedb_metrics the metrics tables (leaguedb/metrics.h)
# (check_leaguedb_game_blob, a record as two blobs and back over the records
# of real games, needs the arena to play them: tests/arena.cmake.)
loa_add_suite(leaguedb_error LIBS loa_leaguedb TIMEOUT 60)
loa_add_suite(leaguedb LIBS loa_leaguedb loa::sqlite3 TIMEOUT 60)
# the metrics tables (issue 44): packing, rows, walks, corrupt rows, version 2
loa_add_suite(leaguedb_metrics LIBS loa_leaguedb loa::sqlite3 TIMEOUT 60)
