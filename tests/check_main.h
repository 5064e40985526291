/*
 * Shared by the Check suites: build a suite from a table of named tcases
 * (each with its own timeout, in seconds) and run it.
 *
 *   static const loa_tcase cases[] = {{"name_of_behaviour", test_fn, 10}, ...};
 *   int main(void) { return loa_run_suite("module", cases, LOA_COUNT(cases)); }
 */
#ifndef CHECK_MAIN_H
#define CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

#define LOA_COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct loa_tcase {
    const char *name;  /* the behaviour tested, e.g. "rejects_bad_rows" */
    const TTest *test; /* from START_TEST */
    int timeout_s;     /* tcase timeout in seconds */
} loa_tcase;

/* Runs every tcase (in its own forked process, Check's default); returns the
 * process exit status: EXIT_SUCCESS when all passed. */
static inline int loa_run_suite(const char *module, const loa_tcase *cases, size_t n)
{
    Suite *s = suite_create(module);
    for (size_t i = 0; i < n; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_set_timeout(tc, cases[i].timeout_s);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
