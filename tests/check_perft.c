/* check_perft: the loa-perft command line (output, --divide, bad input,
 * --version). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check_main.h"
#include "loa/loa.h"

#define PERFT LOA_BIN_DIR "/loa-perft"

/* Runs a shell command line; returns its exit status and its stdout+stderr
 * in out (cut to size). */
static int run(const char *cmd, char *out, size_t size)
{
    char full[1024];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    FILE *p = popen(full, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    ck_assert(WIFEXITED(st));
    return WEXITSTATUS(st);
}

START_TEST(prints_each_depth)
{
    char out[4096];
    ck_assert_int_eq(run(PERFT " 3", out, sizeof out), 0);
    ck_assert_str_eq(out, "depth 1: 36\ndepth 2: 1244\ndepth 3: 44952\n");
    ck_assert_int_eq(run(PERFT " --board '.b.wb..w/w......./.wwbbw../.......w/.......w/...wb.b./"
                               "b...w..w/...b.b.. b 34' 2",
                         out, sizeof out),
                     0);
    ck_assert_str_eq(out, "depth 1: 32\ndepth 2: 934\n");
}
END_TEST

START_TEST(divide_sums_to_perft)
{
    char out[8192];
    ck_assert_int_eq(run(PERFT " --divide 3", out, sizeof out), 0);
    unsigned long long sum = 0;
    int lines = 0;
    for (char *l = strstr(out, "depth 3: 44952\n") + 15; *l; lines++) {
        char mv[8];
        unsigned long long n;
        ck_assert_int_eq(sscanf(l, "%7[a-h1-8]: %llu", mv, &n), 2);
        sum += n;
        l = strchr(l, '\n') + 1;
    }
    ck_assert_int_eq(lines, 36);
    ck_assert_uint_eq(sum, 44952);
}
END_TEST

/* "depth N: count" lines of out, into counts[1..]; returns how many. */
static int depth_counts(const char *out, unsigned long long *counts, int max)
{
    int n = 0;
    for (const char *l = out; (l = strstr(l, "depth ")) && n < max; l++) {
        int d;
        unsigned long long c;
        if (sscanf(l, "depth %d: %llu", &d, &c) == 2 && d == n + 1)
            counts[++n] = c;
    }
    return n;
}

/* The start, and a middle game with a capture-rich tree. */
static const char *const some_positions[] = {
    "", " --position '.b...b.b/...w.b../..w....w/w......w/....b.../w.....b./.....wb./"
        "wwbbb.bw b 22'"};

/* The counts at depths 1..4 of `loa-perft OPTIONS POSITION 4` into c. */
static void counts_4(const char *options, const char *position, unsigned long long c[8])
{
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, PERFT "%s%s 4", options, position);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    ck_assert_int_eq(depth_counts(out, c, 7), 4);
}

START_TEST(threads_give_the_same_counts)
{
    /* 2 and 5 threads, more than the machine has too */
    for (size_t i = 0; i < LOA_COUNT(some_positions); i++) {
        unsigned long long one[8], many[8];
        counts_4("", some_positions[i], one);
        for (int t = 2; t <= 5; t += 3) {
            char opt[32];
            snprintf(opt, sizeof opt, " --threads %d", t);
            counts_4(opt, some_positions[i], many);
            for (int d = 1; d <= 4; d++)
                ck_assert_msg(one[d] == many[d], "position %zu, %d threads, depth %d: %llu != %llu",
                              i, t, d, many[d], one[d]);
        }
    }
    char out[1024];
    ck_assert_int_eq(run(PERFT " --threads 0 3", out, sizeof out), 2);
    ck_assert_ptr_nonnull(strstr(out, "--threads must be a number from 1 to 64"));
}
END_TEST

START_TEST(baseline_gives_the_same_counts)
{
    /* the yardstick of --bench counts what loa_perft counts, depth 4 */
    for (size_t i = 0; i < LOA_COUNT(some_positions); i++) {
        unsigned long long sdk[8], base[8];
        counts_4("", some_positions[i], sdk);
        counts_4(" --baseline", some_positions[i], base);
        for (int d = 1; d <= 4; d++)
            ck_assert_msg(sdk[d] == base[d], "position %zu, depth %d: baseline %llu, sdk %llu", i,
                          d, base[d], sdk[d]);
    }
}
END_TEST

START_TEST(bad_input_exits_2_with_a_message)
{
    char out[4096];
    ck_assert_int_eq(run(PERFT, out, sizeof out), 2);
    ck_assert_ptr_nonnull(strstr(out, "DEPTH"));
    ck_assert_int_eq(run(PERFT " 0", out, sizeof out), 2);
    ck_assert_ptr_nonnull(strstr(out, "'0'"));
    ck_assert_int_eq(run(PERFT " 3x", out, sizeof out), 2);
    ck_assert_int_eq(run(PERFT " --board 'nonsense b' 2", out, sizeof out), 2);
    ck_assert_ptr_nonnull(strstr(out, "'nonsense b'"));
    ck_assert_int_eq(run(PERFT " --frobnicate 2", out, sizeof out), 2);
    ck_assert_int_eq(run(PERFT " --help", out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "--bench"));
    ck_assert_ptr_nonnull(strstr(out, "--baseline"));
}
END_TEST

/* -V and --version print the project's version (PROJECT_VERSION, which the
 * SDK header's LOA_VERSION_* restate), as the other tools do. */
START_TEST(version_prints_the_project_version)
{
    char out[256], expect[64];
    snprintf(expect, sizeof expect, "loa-perft %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR,
             LOA_VERSION_PATCH);
    ck_assert_int_eq(run(PERFT " --version", out, sizeof out), 0);
    ck_assert_str_eq(out, expect);
    ck_assert_int_eq(run(PERFT " -V", out, sizeof out), 0);
    ck_assert_str_eq(out, expect);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"prints_the_count_at_each_depth", prints_each_depth, 60},
        {"divide_sums_to_the_perft_count", divide_sums_to_perft, 60},
        {"bad_input_exits_2_with_a_message", bad_input_exits_2_with_a_message, 60},
        {"threads_give_the_same_counts", threads_give_the_same_counts, 120},
        {"baseline_gives_the_same_counts", baseline_gives_the_same_counts, 120},
        {"version_prints_the_project_version", version_prints_the_project_version, 30},
    };
    return loa_run_suite("perft", cases, LOA_COUNT(cases));
}
