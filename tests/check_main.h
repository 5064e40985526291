/*
 * Shared by the Check suites: build a suite from a table of named tcases
 * (each with its own timeout, in seconds) and run it.
 *
 *   const loa_tcase cases[] = {{"name_of_behaviour", test_fn, 10}, ...};
 *   int main(void) { return loa_run_suite("module", cases, LOA_COUNT(cases)); }
 *
 * Table-driven tests (one START_TEST run once per row of a table; Check's
 * loop tests, the row index is `_i`) go in a second table:
 *   const loa_loop_tcase loops[] = {{"judges_every_hostile_bot", hostile_row, 60,
 *                                    LOA_COUNT(hostile_rows)}};
 *   return loa_run_suite_loops("module", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
 *
 * Tests that must end by SIGABRT (a checker's LOA_ASSERT failing,
 * util/check.h) go in a table of their own:
 *   return loa_run_suite_aborts("module", cases, LOA_COUNT(cases), aborts, LOA_COUNT(aborts));
 */
#ifndef CHECK_MAIN_H
#define CHECK_MAIN_H

#include <check.h>
#include <signal.h>
#include <stdlib.h>

#define LOA_COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct loa_tcase {
    const char *name;  /* the behaviour tested, e.g. "rejects_bad_rows" */
    const TTest *test; /* from START_TEST */
    int timeout_s;     /* tcase timeout in seconds */
} loa_tcase;

typedef struct loa_loop_tcase {
    const char *name;  /* the behaviour tested, for every row */
    const TTest *test; /* from START_TEST; reads its row index from _i */
    int timeout_s;     /* timeout of each row's run, in seconds */
    int rows;          /* _i runs over 0 .. rows - 1 */
} loa_loop_tcase;

/* Runs suite s (and frees it); returns the process exit status. */
static inline int loa_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Runs every tcase and every row of every loop tcase (each in its own
 * forked process, Check's default); returns the process exit status:
 * EXIT_SUCCESS when all passed. loops may be NULL when nloops is 0. */
static inline int loa_run_suite_loops(const char *module, const loa_tcase *cases, size_t n,
                                      const loa_loop_tcase *loops, size_t nloops)
{
    Suite *s = suite_create(module);
    for (size_t i = 0; i < n; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, cases[i].timeout_s);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    for (size_t i = 0; i < nloops; i++) {
        TCase *tc = tcase_create(loops[i].name);
        tcase_set_timeout(tc, loops[i].timeout_s);
        tcase_add_loop_test(tc, loops[i].test, 0, loops[i].rows);
        suite_add_tcase(s, tc);
    }
    return loa_run(s);
}

/* loa_run_suite_loops() without loop tests. */
static inline int loa_run_suite(const char *module, const loa_tcase *cases, size_t n)
{
    return loa_run_suite_loops(module, cases, n, NULL, 0);
}

/* Runs every tcase of cases, then every tcase of aborts expecting it to
 * end by SIGABRT (Check's tcase_add_test_raise_signal). */
static inline int loa_run_suite_aborts(const char *module, const loa_tcase *cases, size_t n,
                                       const loa_tcase *aborts, size_t naborts)
{
    Suite *s = suite_create(module);
    for (size_t i = 0; i < n + naborts; i++) {
        const loa_tcase *c = i < n ? &cases[i] : &aborts[i - n];
        TCase *tc = tcase_create(c->name);
        tcase_set_timeout(tc, c->timeout_s);
        if (i < n)
            tcase_add_test(tc, c->test);
        else
            tcase_add_test_raise_signal(tc, c->test, SIGABRT);
        suite_add_tcase(s, tc);
    }
    return loa_run(s);
}

#endif
