/*
 * check_referee_limits.c - the bounds of a game's limits, typed once in
 * REF_LIMITS_MAP (ref/referee.h): ref_limits_check() and loa-referee's
 * options accept and refuse exactly the map's values (loa-arena's settings
 * read the same map: check_arena_setting_table); the wall cap's default
 * and the CPU mode's rules, each one function both front ends call.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "ref/referee.h"

#define REFEREE LOA_BIN_DIR "/loa-referee"

/* One row of the map, as the tests walk it. */
typedef struct row {
    const char *option;
    int min, max, zero_unset;
    size_t offset; /* of the field in ref_limits */
} row;

static const row rows[] = {
#define REF_LIMIT_XX(NAME, field, option, min, max, unit, what, zero_unset) \
    {option, min, max, zero_unset, offsetof(ref_limits, field)},
    REF_LIMITS_MAP(REF_LIMIT_XX)
#undef REF_LIMIT_XX
};

/* Limits that pass: every field at its minimum (a wall cap too). */
static ref_limits good(void)
{
    ref_limits l;
    for (size_t i = 0; i < LOA_COUNT(rows); i++)
        *(int *)((char *)&l + rows[i].offset) = rows[i].min;
    return l;
}

START_TEST(check_accepts_the_map_bounds_and_refuses_one_past)
{
    char err[160];
    ref_limits l = good();
    ck_assert_int_eq(ref_limits_check(&l, err, sizeof err), 0);
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        const row *r = &rows[i];
        int values[4] = {r->min - 1, r->min, r->max, r->max + 1};
        for (int k = 0; k < 4; k++) {
            ref_limits t = good();
            *(int *)((char *)&t + r->offset) = values[k];
            int want = k == 1 || k == 2 || (r->zero_unset && values[k] == 0) ? 0 : REF_E_INVAL;
            err[0] = '\0';
            int rc = ref_limits_check(&t, err, sizeof err);
            ck_assert_msg(rc == want, "%s %d: rc %d, want %d (%s)", r->option, values[k], rc, want,
                          err);
            if (rc) { /* the message names the range and the value */
                char range[64];
                snprintf(range, sizeof range, "%d..%d", r->min, r->max);
                ck_assert_msg(strstr(err, range) && strstr(err, "given"), "%s", err);
            }
        }
    }
    ck_assert_int_eq(ref_limits_check(&l, NULL, 0), 0);
}
END_TEST

/* loa-referee --OPTION VALUE with no bots: a value it accepts gets as far
 * as "missing -p1", one it refuses is named. */
static int cli_accepts(const char *option, int value)
{
    char cmd[256], out[512] = "";
    snprintf(cmd, sizeof cmd, "%s --time-mode cpu --%s %d 2>&1", REFEREE, option, value);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    ck_assert_int_ne(pclose(p), 0); /* no bots: never a game */
    char opt[64];
    snprintf(opt, sizeof opt, "--%s '%d'", option, value);
    if (strstr(out, opt))
        return 0;
    ck_assert_msg(strstr(out, "missing -p1"), "%s", out);
    return 1;
}

START_TEST(referee_options_take_exactly_the_map_bounds)
{
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        const row *r = &rows[i];
        ck_assert_msg(!cli_accepts(r->option, r->min - 1), "--%s %d", r->option, r->min - 1);
        ck_assert_msg(cli_accepts(r->option, r->min), "--%s %d", r->option, r->min);
        ck_assert_msg(cli_accepts(r->option, r->max), "--%s %d", r->option, r->max);
        ck_assert_msg(!cli_accepts(r->option, r->max + 1), "--%s %d", r->option, r->max + 1);
    }
}
END_TEST

/* The wall cap's default, made once (ref_limits_wall_cap): the cap when
 * set, else 4 times the turn's limit, whichever turn it is. */
START_TEST(wall_cap_is_the_cap_set_or_4_times_the_turn_limit)
{
    ref_limits l = {1000, 150, 150, 0, 0};
    ck_assert_int_eq(ref_limits_wall_cap(&l, l.first_turn_ms), 4000);
    ck_assert_int_eq(ref_limits_wall_cap(&l, l.turn_ms), 600);
    ck_assert_int_eq(ref_limits_wall_cap(&l, REF_TURN_MS_MAX), 4 * REF_TURN_MS_MAX);
    l.wall_cap_ms = 900;
    ck_assert_int_eq(ref_limits_wall_cap(&l, l.first_turn_ms), 900);
    ck_assert_int_eq(ref_limits_wall_cap(&l, l.turn_ms), 900);
}
END_TEST

/* The CPU mode's settings (ref_time_misfit_of, ref_cpu_method_check): a
 * wall cap or a CPU method only in cpu mode, the cap named first; asking
 * for a cgroup outside cpu mode, or for auto or proc, is never refused by
 * the probe. */
START_TEST(cap_and_method_belong_to_cpu_mode)
{
    ref_limits l = {1000, 150, 150, 0, 0};
    ck_assert_int_eq(ref_time_misfit_of(REF_TIME_WALL, &l, REF_CPU_AUTO), REF_TIME_FITS);
    ck_assert_int_eq(ref_time_misfit_of(REF_TIME_WALL, &l, REF_CPU_PROC), REF_TIME_STRAY_METHOD);
    ck_assert_int_eq(ref_time_misfit_of(REF_TIME_CPU, &l, REF_CPU_PROC), REF_TIME_FITS);
    l.wall_cap_ms = 500;
    ck_assert_int_eq(ref_time_misfit_of(REF_TIME_WALL, &l, REF_CPU_AUTO), REF_TIME_STRAY_CAP);
    ck_assert_int_eq(ref_time_misfit_of(REF_TIME_WALL, &l, REF_CPU_CGROUP), REF_TIME_STRAY_CAP);
    ck_assert_int_eq(ref_time_misfit_of(REF_TIME_CPU, &l, REF_CPU_CGROUP), REF_TIME_FITS);
    char why[256] = "x";
    ck_assert_int_eq(ref_cpu_method_check(REF_TIME_WALL, REF_CPU_CGROUP, why, sizeof why), 0);
    ck_assert_str_eq(why, "");
    ck_assert_int_eq(ref_cpu_method_check(REF_TIME_CPU, REF_CPU_AUTO, why, sizeof why), 0);
    ck_assert_int_eq(ref_cpu_method_check(REF_TIME_CPU, REF_CPU_PROC, NULL, 0), 0);
    /* cgroup in cpu mode: refused exactly where the probe says proc, why
     * then saying what the probe found */
    int here = ref_cpu_method_probe(NULL, 0) == REF_CPU_CGROUP;
    int rc = ref_cpu_method_check(REF_TIME_CPU, REF_CPU_CGROUP, why, sizeof why);
    ck_assert_int_eq(rc, here ? 0 : REF_E_CPU);
    ck_assert_int_eq(why[0] != '\0', !here);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"check_accepts_the_map_bounds_and_refuses_one_past",
         check_accepts_the_map_bounds_and_refuses_one_past, 10},
        {"referee_options_take_exactly_the_map_bounds", referee_options_take_exactly_the_map_bounds,
         30},
        {"wall_cap_is_the_cap_set_or_4_times_the_turn_limit",
         wall_cap_is_the_cap_set_or_4_times_the_turn_limit, 10},
        {"cap_and_method_belong_to_cpu_mode", cap_and_method_belong_to_cpu_mode, 30},
    };
    return loa_run_suite("referee_limits", cases, LOA_COUNT(cases));
}
