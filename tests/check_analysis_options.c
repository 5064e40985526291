/*
 * check_analysis_options - loa-analyse's options that do not go together:
 * --suite analyses nothing, so each option only an analysis reads
 * (--nodes, --depth, --movetime, --jobs, --engine, --scale, --no-pages,
 * --marks) is refused with it, by name, exit 2, one line, before the
 * suite's file is written (they were read and silently ignored); and
 * --before, a suite's, is refused without --suite.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "replay_test_util.h"

#define BIN LOA_BIN_DIR "/"

START_TEST(suite_refuses_each_option_of_an_analysis_by_name)
{
    static const struct {
        const char *args, *name;
    } rows[] = {{"--nodes 5", "--nodes"},  {"-d 3", "--depth"},
                {"--depth=3", "--depth"},  {"--movetime 100", "--movetime"},
                {"--jobs 2", "--jobs"},    {"--engine 'loa-ab --analyse'", "--engine"},
                {"--scale 40", "--scale"}, {"--no-pages", "--no-pages"},
                {"--keep", "--keep"},      {"--marks", "--marks"}};
    char suite[] = "/tmp/check_analysis_options.XXXXXX", path[128], cmd[1024], out[4096], want[160];
    ck_assert_ptr_nonnull(mkdtemp(suite));
    snprintf(path, sizeof path, "%s/lost.txt", suite);
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        snprintf(cmd, sizeof cmd,
                 BIN "loa-analyse --suite %s --bot mine %s " LOA_SOURCE_DIR
                     "/tests/fixtures/replay/normal.json 2>&1",
                 path, rows[i].args);
        ck_assert_msg(run(cmd, out, sizeof out) == 2, "'%s': %s", rows[i].args, out);
        snprintf(want, sizeof want, "loa-analyse: --suite analyses nothing: %s does not go with it",
                 rows[i].name);
        ck_assert_msg(strncmp(out, want, strlen(want)) == 0 &&
                          strchr(out, '\n') == out + strlen(out) - 1,
                      "'%s' -> %s", rows[i].args, out);
        ck_assert_msg(access(path, F_OK) != 0, "'%s': the suite was written", rows[i].args);
    }
    /* the options of a suite go with it: --before, -q, the filters */
    snprintf(cmd, sizeof cmd,
             BIN "loa-analyse --suite %s --bot loa-greedy --before 4 -q --faults " LOA_SOURCE_DIR
                 "/tests/fixtures/replay/normal.json 2>&1",
             path);
    ck_assert_int_ne(run(cmd, out, sizeof out), 2);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(rmdir(suite), 0);
}
END_TEST

/* --before is a suite's (where it cuts a lost game): without --suite it
 * is refused, exit 2, one line, where it was silently ignored. */
START_TEST(before_without_a_suite_is_refused)
{
    char out[4096];
    const char *want = "loa-analyse: --before goes with --suite";
    ck_assert_int_eq(run(BIN "loa-analyse --before 4 --depth 1 " LOA_SOURCE_DIR
                             "/tests/fixtures/replay/normal.json 2>&1",
                         out, sizeof out),
                     2);
    ck_assert_msg(strncmp(out, want, strlen(want)) == 0 &&
                      strchr(out, '\n') == out + strlen(out) - 1,
                  "%s", out);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"suite_refuses_each_option_of_an_analysis_by_name",
         suite_refuses_each_option_of_an_analysis_by_name, 30},
        {"before_without_a_suite_is_refused", before_without_a_suite_is_refused, 30},
    };
    return loa_run_suite("analysis_options", cases, LOA_COUNT(cases));
}
