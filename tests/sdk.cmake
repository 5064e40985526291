# SDK suites, one per module.
loa_add_suite(movegen SOURCES naive_loa.c LIBS loa TIMEOUT 600)
loa_add_suite(board LIBS loa TIMEOUT 60)
loa_add_suite(notation LIBS loa TIMEOUT 60)
loa_add_suite(random LIBS loa TIMEOUT 60)
loa_add_suite(turn LIBS loa TIMEOUT 60)
