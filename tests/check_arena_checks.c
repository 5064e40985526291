/*
 * check_arena_checks.c - the arena's checkers (util/check.h) fail on what
 * they guard against: a store whose count disagrees with its games, or
 * that writes without its run lock; a planner whose states disagree with
 * its counts; a runner's counts beyond its bounds; blobs that do not
 * decode to the record stored. Each handle also passes its checker in a
 * normal life. Built only where the checks are compiled in (LOA_CHECKS:
 * the sanitizer and Debug builds, tests/arena.cmake).
 */
#include <check.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "results/planner.h"
#include "run/runner.h"
#include "store/store_impl.h"

/* A writable store of a 3-bot league of 4 games a pairing (12 ids) in a
 * fresh temporary directory, with games 0..stored-1 in it. */
static arena_store *store_with(arena_settings *s, int stored)
{
    league(s, 3, 4);
    arena_store *st = NULL;
    char err[512];
    ck_assert_int_eq(arena_store_open(tmpdir(), s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    for (int id = 0; id < stored; id++) {
        arena_game_record r = record_for(s, id, id % 3 - 1);
        ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    }
    return st;
}

START_TEST(a_store_passes_its_check_through_its_life)
{
    arena_settings s;
    arena_store *st = store_with(&s, 5);
    arena_store_check(st);
    char err[512];
    ck_assert_int_eq(arena_store_release_if_idle(st, err, sizeof err), 1);
    arena_store_check(st); /* released: no lock asked of it */
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(a_store_counting_a_game_it_has_not_fails_its_check)
{
    arena_settings s;
    arena_store *st = store_with(&s, 5);
    cleanup(); /* the abort below leaves nothing behind */
    st->count++;
    arena_store_check(st);
}
END_TEST

START_TEST(a_store_holding_a_game_outside_its_schedule_fails_its_check)
{
    arena_settings s;
    arena_store *st = store_with(&s, 2);
    cleanup();
    st->has[0] |= (uint64_t)1 << 20; /* id 20 of 12 */
    st->count++;
    arena_store_check(st);
}
END_TEST

START_TEST(a_writable_store_without_its_run_lock_fails_its_check)
{
    arena_settings s;
    arena_store *st = store_with(&s, 1);
    leaguedb_unlock(arena_store_db(st)); /* behind the store's back */
    cleanup();
    arena_store_check(st);
}
END_TEST

/* A planner of the 3-bot, 4-game league with games 0..3 handed out. */
static arena_planner *planner_with(arena_settings *s)
{
    league(s, 3, 4);
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(s, 0, &p), 0);
    arena_game_spec g;
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    return p;
}

START_TEST(a_planner_passes_its_check_through_its_life)
{
    arena_settings s;
    arena_planner *p = planner_with(&s);
    arena_planner_back(p, 1, NULL, 1);
    arena_planner_back(p, 2, NULL, 0);
    arena_planner_back(p, 3, NULL, -1);
    arena_planner_check(p);
    ck_assert_int_eq(arena_planner_done(p), 1);
    ck_assert_int_eq(arena_planner_in_flight(p), 1);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(a_planner_game_stored_behind_its_counts_fails_its_check)
{
    arena_settings s;
    arena_planner *p = planner_with(&s);
    arena_planner_corrupt(p, 9); /* stored, not counted */
    arena_planner_check(p);
}
END_TEST

START_TEST(a_planner_game_in_flight_stored_behind_its_counts_fails_its_check)
{
    arena_settings s;
    arena_planner *p = planner_with(&s);
    arena_planner_corrupt(p, 2); /* listed in flight, its state stored */
    arena_planner_check(p);
}
END_TEST

START_TEST(a_runner_within_its_bounds_passes_its_check)
{
    /* the most a runner of 4 workers holds: 4 waiting to start, 4
     * playing, 4 outcomes waiting */
    arena_runner_counts c = {.threads = 4, .alive = 4, .pending = 4, .done = 4, .held = 12};
    arena_runner_check_counts(&c);
}
END_TEST

START_TEST(a_runner_holding_more_outcomes_than_its_bound_fails_its_check)
{
    arena_runner_counts c = {.threads = 4, .alive = 4, .pending = 0, .done = 13, .held = 13};
    arena_runner_check_counts(&c);
}
END_TEST

START_TEST(a_runner_feeding_more_than_one_game_a_worker_fails_its_check)
{
    arena_runner_counts c = {.threads = 2, .alive = 2, .pending = 3, .done = 0, .held = 3};
    arena_runner_check_counts(&c);
}
END_TEST

START_TEST(a_runner_playing_on_more_workers_than_alive_fails_its_check)
{
    arena_runner_counts c = {.threads = 4, .alive = 1, .pending = 0, .done = 0, .held = 2};
    arena_runner_check_counts(&c);
}
END_TEST

/* A record the blob keeps, with a raw integer as a game's record has
 * them, encoded into *rec and *ste. */
static cJSON *encoded(leaguedb_blob *rec, leaguedb_blob *ste)
{
    cJSON *r = cJSON_Parse("{\"seed\": 5, \"players\": [\"a\", \"b\"], \"moves\": [], "
                           "\"plies\": [], \"scores\": null, \"errors\": null}");
    ck_assert_ptr_nonnull(r);
    /* raw, as ref_game_to_json writes its integers: decoded, a number */
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateRaw("5"));
    ck_assert_int_eq(leaguedb_game_blob_encode(r, 6, rec, ste), 0);
    return r;
}

START_TEST(blobs_decoding_to_their_record_pass_the_check)
{
    leaguedb_blob rec, ste;
    cJSON *r = encoded(&rec, &ste);
    arena_store_check_blob(&rec, &ste, r);
    cJSON_Delete(r);
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&ste);
}
END_TEST

START_TEST(blobs_decoding_to_another_record_fail_the_check)
{
    leaguedb_blob rec, ste;
    cJSON *r = encoded(&rec, &ste);
    cJSON_ReplaceItemInObject(r, "seed", cJSON_CreateNumber(6));
    arena_store_check_blob(&rec, &ste, r);
}
END_TEST

START_TEST(corrupt_blobs_fail_the_check)
{
    leaguedb_blob rec, ste;
    cJSON *r = encoded(&rec, &ste);
    rec.size /= 2; /* cut: no record at all */
    arena_store_check_blob(&rec, &ste, r);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_store_passes_its_check_through_its_life", a_store_passes_its_check_through_its_life,
         30},
        {"a_planner_passes_its_check_through_its_life", a_planner_passes_its_check_through_its_life,
         10},
        {"a_runner_within_its_bounds_passes_its_check", a_runner_within_its_bounds_passes_its_check,
         10},
        {"blobs_decoding_to_their_record_pass_the_check",
         blobs_decoding_to_their_record_pass_the_check, 10},
    };
    const loa_tcase aborts[] = {
        {"a_store_counting_a_game_it_has_not_fails_its_check",
         a_store_counting_a_game_it_has_not_fails_its_check, 30},
        {"a_store_holding_a_game_outside_its_schedule_fails_its_check",
         a_store_holding_a_game_outside_its_schedule_fails_its_check, 30},
        {"a_writable_store_without_its_run_lock_fails_its_check",
         a_writable_store_without_its_run_lock_fails_its_check, 30},
        {"a_planner_game_stored_behind_its_counts_fails_its_check",
         a_planner_game_stored_behind_its_counts_fails_its_check, 10},
        {"a_planner_game_in_flight_stored_behind_its_counts_fails_its_check",
         a_planner_game_in_flight_stored_behind_its_counts_fails_its_check, 10},
        {"a_runner_holding_more_outcomes_than_its_bound_fails_its_check",
         a_runner_holding_more_outcomes_than_its_bound_fails_its_check, 10},
        {"a_runner_feeding_more_than_one_game_a_worker_fails_its_check",
         a_runner_feeding_more_than_one_game_a_worker_fails_its_check, 10},
        {"a_runner_playing_on_more_workers_than_alive_fails_its_check",
         a_runner_playing_on_more_workers_than_alive_fails_its_check, 10},
        {"blobs_decoding_to_another_record_fail_the_check",
         blobs_decoding_to_another_record_fail_the_check, 10},
        {"corrupt_blobs_fail_the_check", corrupt_blobs_fail_the_check, 10},
    };
    return loa_run_suite_aborts("arena_checks", cases, LOA_COUNT(cases), aborts, LOA_COUNT(aborts));
}
