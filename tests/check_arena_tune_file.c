/*
 * check_arena_tune_file.c - a tune (tune/tune_file.c, tune_state.c): the
 * tune file and its league settings, every bad input named, the command's
 * placeholders filled (integers rounded), and the state as games come in:
 * theta moves by fishtest's update once an iteration's games are all in,
 * whatever their order, flips drawn from the seed, foreign and repeated
 * games refused.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "core/error.h"
#include "tune/tune_file.h"
#include "tune/tune_state.h"
#include "util/json.h"

#define GOOD                                                                                 \
    "{\"command\": \"{bin}/bot --a {a} --b {b} --s {seed}\",\n"                              \
    " \"params\": [{\"name\": \"a\", \"start\": 3, \"min\": 0, \"max\": 10, \"c_end\": 1, "  \
    "\"r_end\": 0.05},\n"                                                                    \
    "            {\"name\": \"b\", \"start\": 0.5, \"min\": 0, \"max\": 1, \"c_end\": 0.1, " \
    "\"r_end\": 0.01, \"type\": \"real\"}],\n"                                               \
    " \"pairs\": 20, \"pairs_per_iteration\": 2, \"seed\": 9, \"time_mode\": \"cpu\", "      \
    "\"turn_ms\": 500, \"random_plies\": 2, \"out\": \"res\"}"

static int load(arena_tune *t, const char *text, char *err, size_t errsz)
{
    cJSON *root = cJSON_Parse(text);
    ck_assert_msg(root, "test JSON: %s", text);
    arena_tune_init(t);
    int rc = arena_tune_load_json(t, root, "t.json", "/base", err, errsz);
    cJSON_Delete(root);
    return rc;
}

START_TEST(reads_a_tune_and_its_league_settings)
{
    arena_tune t;
    char err[512] = "";
    ck_assert_msg(load(&t, GOOD, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.param_count, 2);
    ck_assert_str_eq(t.params[0].name, "a");
    ck_assert(t.params[0].integer && !t.params[1].integer); /* int by default */
    ck_assert(t.params[1].start == 0.5 && t.params[1].spsa.c_end == 0.1);
    ck_assert_int_eq(t.pairs, 20);
    ck_assert_int_eq(t.batch, 2);
    ck_assert(t.a_ratio == 0.1 && t.alpha == 0.602 && t.gamma == 0.101);
    /* the league: two bots running the command as written, 2 games a pair */
    ck_assert_int_eq(t.league.bot_count, 2);
    ck_assert_str_eq(t.league.bots[0].name, "plus");
    ck_assert_str_eq(t.league.bots[1].command, t.command);
    ck_assert_int_eq(t.league.games, 40);
    ck_assert_int_eq(t.league.seed, 9);
    ck_assert_int_eq(t.league.limits.turn_ms, 500);
    ck_assert_int_eq(t.league.time_mode, REF_TIME_CPU);
    ck_assert_int_eq(t.league.random_plies, 2);
    ck_assert_str_eq(t.league.out_dir, "/base/res");
    arena_tune_clear(&t);
}
END_TEST

/* Bad tunes: the text's edit of GOOD and a fragment of the message. */
static const struct {
    const char *from, *to, *says;
} bad[] = {
    {"\"pairs\": 20", "\"pairs\": 0", "\"pairs\" must be an integer in 1.."},
    {"\"pairs\": 20", "\"pairs\": 2.5", "\"pairs\" must be an integer"},
    {"\"pairs\": 20", "\"games\": 20", "\"games\" is a league's setting, not a tune's"},
    {"\"pairs\": 20", "\"pears\": 20", "unknown key \"pears\""},
    {"--a {a}", "--a {aa}", "{aa} names no parameter"},
    {"--b {b}", "--b 1", "never uses {b}"},
    {"\"max\": 10", "\"max\": 0", "needs min < max and start in min..max"},
    {"\"start\": 3", "\"start\": 11", "needs min < max and start in min..max"},
    {"\"c_end\": 1,", "\"c_end\": 0,", "\"c_end\" must be above 0"},
    {"\"r_end\": 0.05", "\"r_end\": -1", "\"r_end\" must be a number in 0.."},
    {"\"name\": \"b\"", "\"name\": \"a\"", "\"a\" is named twice"},
    {"\"name\": \"b\"", "\"name\": \"seed\"", "not bin, dir, seed"},
    {"\"type\": \"real\"", "\"type\": \"float\"", "\"type\" must be \"int\" or \"real\""},
    {"\"r_end\": 0.05}", "\"r_end\": 0.05, \"step\": 1}", "unknown key \"step\""},
    {"\"turn_ms\": 500", "\"turn_ms\": 0", "turn_ms"},
    {"\"pairs_per_iteration\": 2", "\"pairs_per_iteration\": 1000", "\"pairs_per_iteration\""},
    {"\"command\"", "\"commands\"", "unknown key \"commands\""},
};

START_TEST(rejects_a_bad_tune_naming_it)
{
    static char text[4096];
    const char *at = strstr(GOOD, bad[_i].from);
    ck_assert_msg(at, "row %d: '%s' not in the good tune", _i, bad[_i].from);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - GOOD), GOOD, bad[_i].to,
             at + strlen(bad[_i].from));
    arena_tune t;
    char err[512] = "";
    int rc = load(&t, text, err, sizeof err);
    ck_assert_int_eq(rc, ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, bad[_i].says) && strstr(err, "t.json"), "row %d: %s", _i, err);
    arena_tune_clear(&t);
}
END_TEST

START_TEST(fills_the_placeholders_integers_rounded)
{
    arena_tune t;
    char err[512] = "";
    ck_assert_int_eq(load(&t, GOOD, err, sizeof err), 0);
    double v[2] = {2.5001, 0.30000001};
    char *cmd = arena_tune_fill(&t, v);
    ck_assert_str_eq(cmd, "{bin}/bot --a 3 --b 0.3 --s {seed}");
    free(cmd);
    v[0] = -0.4; /* rounds to 0, never "-0" */
    cmd = arena_tune_fill(&t, v);
    ck_assert_str_eq(cmd, "{bin}/bot --a 0 --b 0.3 --s {seed}");
    free(cmd);
    arena_tune_clear(&t);
}
END_TEST

/* Game id of the iteration in play, plus winning (+1), drawing (0) or
 * losing (-1). */
static arena_game_record game(int id, int plus)
{
    arena_game_record r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.round = id / 2;
    r.black = id % 2; /* plus is bot 0: black in the pair's first game */
    r.white = 1 - r.black;
    r.winner = plus == 0 ? -1 : plus > 0 ? r.black != 0 : r.black == 0;
    r.fault = -1;
    return r;
}

START_TEST(theta_moves_when_an_iteration_is_in_whatever_the_order)
{
    arena_tune t;
    char err[512] = "";
    ck_assert_int_eq(load(&t, GOOD, err, sizeof err), 0);
    arena_tune_state a, b;
    ck_assert_int_eq(arena_tune_state_init(&a, &t), 0);
    ck_assert_int_eq(arena_tune_state_init(&b, &t), 0);
    /* the first iteration: pairs 0 and 1, games 0..3; plus wins 3, draws 1 */
    const int ids[4] = {0, 1, 2, 3}, res[4] = {1, 1, 0, 1};
    arena_tune_batch first = a.batch;
    int moved = 0;
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(moved, 0);
        arena_game_record r = game(ids[k], res[k]);
        ck_assert_msg(arena_tune_state_add(&a, &r, &moved, err, sizeof err) == 0, "%s", err);
    }
    ck_assert_int_eq(moved, 1);
    for (int k = 3; k >= 0; k--) { /* the other order */
        arena_game_record r = game(ids[k], res[k]);
        ck_assert_int_eq(arena_tune_state_add(&b, &r, NULL, err, sizeof err), 0);
    }
    ck_assert_int_eq(a.iter, 2);
    ck_assert_int_eq(a.wins, 3);
    ck_assert_int_eq(a.draws, 1);
    for (int i = 0; i < 2; i++) {
        /* fishtest: theta + R_1 c_1 * (3 - 0) * flip, clipped */
        double want = t.params[i].start + first.gains[i].R * first.gains[i].c * 3 * first.flips[i];
        want = fmin(fmax(want, t.params[i].spsa.min), t.params[i].spsa.max);
        ck_assert_msg(a.theta[i] == want && b.theta[i] == want, "%s: %.17g %.17g %.17g",
                      t.params[i].name, a.theta[i], b.theta[i], want);
        /* played values: theta -/+ c_1 * flip, rounded for the integer */
        double plus = t.params[i].start + first.gains[i].c * first.flips[i];
        plus = fmin(fmax(plus, t.params[i].spsa.min), t.params[i].spsa.max);
        ck_assert(first.plus[i] == (i == 0 ? round(plus) : plus));
    }
    ck_assert_int_eq(a.batch.first_pair, 2);
    arena_tune_state_free(&a);
    arena_tune_state_free(&b);
    arena_tune_clear(&t);
}
END_TEST

START_TEST(refuses_a_foreign_or_repeated_game)
{
    arena_tune t;
    char err[512] = "";
    ck_assert_int_eq(load(&t, GOOD, err, sizeof err), 0);
    arena_tune_state st;
    ck_assert_int_eq(arena_tune_state_init(&st, &t), 0);
    arena_game_record r = game(4, 1); /* pair 2: the next iteration's */
    ck_assert_int_eq(arena_tune_state_add(&st, &r, NULL, err, sizeof err), ARENA_E_PARSE);
    ck_assert_msg(strstr(err, "game 4 is not one of the iteration in play"), "%s", err);
    r = game(1, 1);
    ck_assert_int_eq(arena_tune_state_add(&st, &r, NULL, err, sizeof err), 0);
    ck_assert_int_eq(arena_tune_state_add(&st, &r, NULL, err, sizeof err), ARENA_E_PARSE);
    ck_assert_msg(strstr(err, "game 1 is in twice"), "%s", err);
    arena_tune_state_free(&st);
    arena_tune_clear(&t);
}
END_TEST

START_TEST(flips_come_from_the_seed)
{
    arena_tune t;
    char err[512] = "";
    ck_assert_int_eq(load(&t, GOOD, err, sizeof err), 0);
    arena_tune_state a, b;
    ck_assert_int_eq(arena_tune_state_init(&a, &t), 0);
    ck_assert_int_eq(arena_tune_state_init(&b, &t), 0);
    int seen[2][2] = {{0}}; /* [param][flip > 0] over the iterations */
    while (!arena_tune_state_done(&a)) {
        for (int i = 0; i < 2; i++) {
            ck_assert_int_eq(a.batch.flips[i], b.batch.flips[i]);
            seen[i][a.batch.flips[i] > 0]++;
        }
        int first = 2 * a.iter, end = 2 * (a.iter + a.batch.pairs);
        for (int id = first; id < end; id++) {
            arena_game_record r = game(id, -1);
            ck_assert_int_eq(arena_tune_state_add(&a, &r, NULL, err, sizeof err), 0);
            ck_assert_int_eq(arena_tune_state_add(&b, &r, NULL, err, sizeof err), 0);
        }
    }
    /* 10 iterations: both signs drawn for each parameter */
    for (int i = 0; i < 2; i++)
        ck_assert_msg(seen[i][0] && seen[i][1], "param %d: %d -, %d +", i, seen[i][0], seen[i][1]);
    ck_assert_int_eq(a.iter, 20);
    ck_assert_int_eq(a.hist_count, 11); /* the start and every iteration (20 pairs < 500) */
    arena_tune_state_free(&a);
    arena_tune_state_free(&b);
    arena_tune_clear(&t);
}
END_TEST

/* A tune file nested past cJSON's bound says so (it read "malformed JSON
 * near byte N"). */
START_TEST(says_the_nesting_is_too_deep)
{
    char path[] = "/tmp/check_arena_tune_file.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"params\": ", f);
    for (int i = 0; i < UTIL_JSON_NESTING_MAX; i++)
        fputc('[', f);
    for (int i = 0; i < UTIL_JSON_NESTING_MAX; i++)
        fputc(']', f);
    fputs("}\n", f);
    fclose(f);
    arena_tune t;
    arena_tune_init(&t);
    char err[512], want[160];
    ck_assert_int_eq(arena_tune_load_file(&t, path, err, sizeof err), ARENA_E_PARSE);
    snprintf(want, sizeof want, "%s: lists and objects nested deeper than %d levels at byte %d",
             path, UTIL_JSON_NESTING_MAX, (int)strlen("{\"params\": ") + UTIL_JSON_NESTING_MAX - 1);
    ck_assert_msg(strstr(err, want), "%s", err);
    arena_tune_clear(&t);
    unlink(path);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"reads_a_tune_and_its_league_settings", reads_a_tune_and_its_league_settings, 10},
        {"fills_the_placeholders_integers_rounded", fills_the_placeholders_integers_rounded, 10},
        {"theta_moves_when_an_iteration_is_in_whatever_the_order",
         theta_moves_when_an_iteration_is_in_whatever_the_order, 10},
        {"refuses_a_foreign_or_repeated_game", refuses_a_foreign_or_repeated_game, 10},
        {"flips_come_from_the_seed", flips_come_from_the_seed, 10},
        {"says_the_nesting_is_too_deep", says_the_nesting_is_too_deep, 10},
    };
    const loa_loop_tcase loops[] = {
        {"rejects_a_bad_tune_naming_it", rejects_a_bad_tune_naming_it, 10, (int)LOA_COUNT(bad)},
    };
    return loa_run_suite_loops("arena_tune_file", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
