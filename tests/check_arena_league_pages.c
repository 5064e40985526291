/*
 * check_arena_league_pages - app/league_pages: when a running league writes
 * its live.js again: at once the first time, then not before ARENA_LIVE_MS
 * nor before ARENA_LIVE_COST_FACTOR times the last write took (the bound
 * on the pages' cost), never when turned off.
 */
#include <check.h>
#include <stdint.h>

#include "app/league_pages.h"
#include "check_main.h"
#include "loa/timer.h"
#include "report/replay_page.h"

/* lv as if its last write ended ago_ms ago and took cost_ms. */
static void last_write(arena_live *lv, double ago_ms, double cost_ms)
{
    lv->writes = 1;
    lv->last_us = loa_wall_us() - (int64_t)(ago_ms * 1000);
    lv->last_cost_us = (int64_t)(cost_ms * 1000);
}

START_TEST(live_writes_wait_the_interval_and_their_cost)
{
    arena_live lv;
    arena_live_init(&lv, 1);
    ck_assert_int_eq(lv.enabled, 1);
    ck_assert_int_eq(arena_live_due(&lv), 1); /* never written: at once */
    /* a cheap write: every ARENA_LIVE_MS */
    last_write(&lv, ARENA_LIVE_MS - 200, 1);
    ck_assert_int_eq(arena_live_due(&lv), 0);
    last_write(&lv, ARENA_LIVE_MS + 200, 1);
    ck_assert_int_eq(arena_live_due(&lv), 1);
    /* a dear one: not before ARENA_LIVE_COST_FACTOR times its cost */
    double cost = 3.0 * ARENA_LIVE_MS / ARENA_LIVE_COST_FACTOR;
    last_write(&lv, ARENA_LIVE_MS + 200, cost);
    ck_assert_int_eq(arena_live_due(&lv), 0);
    last_write(&lv, cost * ARENA_LIVE_COST_FACTOR - 200, cost);
    ck_assert_int_eq(arena_live_due(&lv), 0);
    last_write(&lv, cost * ARENA_LIVE_COST_FACTOR + 200, cost);
    ck_assert_int_eq(arena_live_due(&lv), 1);
}
END_TEST

START_TEST(live_writes_off_are_never_due)
{
    arena_live lv;
    arena_live_init(&lv, 0);
    ck_assert_int_eq(lv.enabled, 0);
    ck_assert_int_eq(arena_live_due(&lv), 0);
    last_write(&lv, 1e6, 0);
    ck_assert_int_eq(arena_live_due(&lv), 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"live_writes_wait_the_interval_and_their_cost",
         live_writes_wait_the_interval_and_their_cost, 30},
        {"live_writes_off_are_never_due", live_writes_off_are_never_due, 30},
    };
    return loa_run_suite("arena_league_pages", cases, LOA_COUNT(cases));
}
