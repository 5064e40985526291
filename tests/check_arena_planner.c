/*
 * check_arena_planner.c - which game a league plays next (results/planner):
 * in order, every id once, stored and failed games skipped, a game back
 * unplayed given again; a retired bot's games never; continuous mode: a
 * new pairing first, then the pairing whose score is least certain (an
 * evenly matched one before a lopsided one), the newest bot on ties, and
 * the signal to grow when the chosen pairing has played every round.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/openings.h"
#include "results/planner.h"

START_TEST(in_order_every_game_once_stored_ones_skipped)
{
    arena_settings s;
    league(&s, 3, 4); /* 3 pairings x 4 games: ids 0..11 */
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 0, &p), 0);
    arena_planner_stored(p, 0);
    arena_planner_stored(p, 5);
    ck_assert_int_eq(arena_planner_total(p), 12);
    ck_assert_int_eq(arena_planner_done(p), 2);
    arena_game_spec g;
    int seen[12] = {0}, n = 0, prev = -1;
    while (arena_planner_next(p, &g) == ARENA_PLAN_GAME) {
        ck_assert_int_eq(seen[g.id]++, 0);
        ck_assert_int_gt(g.id, prev); /* in order */
        prev = g.id;
        n++;
    }
    ck_assert_int_eq(n, 10);
    ck_assert_int_eq(seen[0] + seen[5], 0);
    /* all in flight: wait; one back unplayed: given again; the rest
     * stored (or failed, not again in this run): done */
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_WAIT);
    ck_assert_int_eq(arena_planner_in_flight(p), 10);
    arena_planner_back(p, 7, NULL, 0);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(g.id, 7);
    for (int id = 1; id < 12; id++)
        if (id != 5)
            arena_planner_back(p, id, NULL, id == 3 ? -1 : 1);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_DONE);
    ck_assert_int_eq(arena_planner_done(p), 11);
    ck_assert_int_eq(arena_planner_total(p), 12); /* the failed one still counts */
    ck_assert_int_eq(arena_planner_left(p), 0);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(a_retired_bot_is_never_scheduled_and_its_games_count_as_played)
{
    arena_settings s;
    league(&s, 3, 4);
    s.bots[0].retired = 1;
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 0, &p), 0);
    /* bot0's pairings (0,1) and (0,2): two of its games stored */
    arena_planner_stored(p, 0);
    arena_planner_stored(p, 1);
    ck_assert_int_eq(arena_planner_total(p), 2 + 4);
    arena_game_spec g;
    int n = 0;
    while (arena_planner_next(p, &g) == ARENA_PLAN_GAME) {
        ck_assert(g.black != 0 && g.white != 0);
        n++;
    }
    ck_assert_int_eq(n, 4);
    arena_planner_free(p);
    /* continuous mode never picks its pairings either */
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
        ck_assert(g.black != 0 && g.white != 0);
    }
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

/* The pairing of bots a and b in league s (round-robin of 3). */
static int pairing_of(int a, int b)
{
    return a + b - 1; /* (0,1) 0, (0,2) 1, (1,2) 2 */
}

START_TEST(continuous_plays_where_a_game_tells_most)
{
    arena_settings s;
    league(&s, 3, 200);
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    /* bot0 beat bot1 10-0 (lopsided), bot0 and bot2 10-10 (even); the pairing
     * (1,2) has no game yet: it comes first, then the even one */
    arena_planner_count(p, 0, 1, 0, 10);
    arena_planner_count(p, 0, 2, 0, 5);
    arena_planner_count(p, 2, 0, 0, 5);
    arena_game_spec g;
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(g.pairing, pairing_of(1, 2));
    ck_assert_int_eq(g.id % 2, 0); /* a pair's first game first */
    arena_planner_back(p, g.id, NULL, 0);
    /* games as they come back: bot0 goes on beating bot1, the others share
     * their points; the even pairings get more games than the lopsided one,
     * which is not starved */
    int counts[3] = {0};
    for (int k = 0; k < 100; k++) {
        ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
        int lo = g.black < g.white ? g.black : g.white;
        int lo_wins = g.pairing == pairing_of(0, 1) || counts[g.pairing] % 2;
        arena_game_record r = record_for(&s, g.id, (g.black == lo) == lo_wins ? 0 : 1);
        counts[g.pairing]++;
        arena_planner_back(p, g.id, &r, 1);
    }
    ck_assert_int_gt(counts[pairing_of(0, 2)], counts[pairing_of(0, 1)]);
    ck_assert_int_gt(counts[pairing_of(1, 2)], counts[pairing_of(0, 1)]);
    ck_assert_int_gt(counts[pairing_of(0, 1)], 0);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(continuous_asks_to_grow_when_the_pairing_has_played_every_round)
{
    arena_settings s;
    league(&s, 2, 2);
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    arena_game_spec g;
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GROW);
    ck_assert_int_eq(arena_planner_left(p), 1);
    arena_planner_free(p);
    /* ties go to the newest bot's pairing */
    arena_settings_clear(&s);
    league(&s, 3, 2);
    ck_assert_int_eq(arena_planner_new(&s, 1, &p), 0);
    ck_assert_int_eq(arena_planner_next(p, &g), ARENA_PLAN_GAME);
    ck_assert(g.black == 2 || g.white == 2);
    arena_planner_free(p);
    arena_settings_clear(&s);
}
END_TEST

/* ---- the planner as it was (a whole schedule, a state a game), kept
 * as the reference of the order the lazy planner must keep ---- */

enum { R_TODO = 0, R_TAKEN, R_STORED, R_SKIP, R_FAILED };

typedef struct ref_planner {
    const arena_settings *s;
    int continuous, total, npairs, cursor, flying;
    arena_game_spec *games;
    unsigned char *state;
    int *pcursor, *pflying, *pa, *pb;
    double *wins, *draws, *losses;
} ref_planner;

static void ref_new(ref_planner *r, const arena_settings *s, int continuous)
{
    memset(r, 0, sizeof *r);
    r->s = s;
    r->continuous = continuous;
    r->total = (int)arena_schedule_total(s);
    r->games = calloc((size_t)r->total, sizeof *r->games);
    r->state = calloc((size_t)r->total, 1);
    r->npairs = arena_pairing_count(s->format, s->bot_count);
    r->pcursor = calloc((size_t)r->npairs, sizeof(int));
    r->pflying = calloc((size_t)r->npairs, sizeof(int));
    r->pa = calloc((size_t)r->npairs, sizeof(int));
    r->pb = calloc((size_t)r->npairs, sizeof(int));
    r->wins = calloc((size_t)r->npairs, sizeof(double));
    r->draws = calloc((size_t)r->npairs, sizeof(double));
    r->losses = calloc((size_t)r->npairs, sizeof(double));
    int rounds = !continuous && s->games_target > 0 ? s->games_target / 2 : -1;
    for (int i = 0; i < r->total; i++) {
        ck_assert_int_eq(arena_schedule_spec(s, i, &r->games[i]), 0);
        r->games[i].opening = arena_openings_for_round(s->openings, r->games[i].round);
        if (!arena_shard_has(s, i) || (rounds >= 0 && r->games[i].round >= rounds))
            r->state[i] = R_SKIP;
    }
    for (int k = 0; k < r->npairs; k++)
        ck_assert_int_eq(arena_league_pairing(s, k, &r->pa[k], &r->pb[k]), 0);
}

static void ref_free(ref_planner *r)
{
    free(r->games);
    free(r->state);
    free(r->pcursor);
    free(r->pflying);
    free(r->pa);
    free(r->pb);
    free(r->wins);
    free(r->draws);
    free(r->losses);
}

static int ref_active(const ref_planner *r, int id)
{
    return !r->s->bots[r->games[id].black].retired && !r->s->bots[r->games[id].white].retired;
}

/* The position of id among its pairing's ids (in id order). */
static int ref_pos(const ref_planner *r, int id)
{
    int n = 0;
    for (int i = 0; i < id; i++)
        n += r->games[i].pairing == r->games[id].pairing;
    return n;
}

static void ref_set(ref_planner *r, int id, int to)
{
    if (id < 0 || id >= r->total || r->state[id] == R_SKIP)
        return;
    int k = r->games[id].pairing, was = r->state[id];
    r->flying += (to == R_TAKEN) - (was == R_TAKEN);
    r->pflying[k] += (to == R_TAKEN) - (was == R_TAKEN);
    r->state[id] = (unsigned char)to;
    if (to == R_TODO) {
        if (id < r->cursor)
            r->cursor = id;
        if (ref_pos(r, id) < r->pcursor[k])
            r->pcursor[k] = ref_pos(r, id);
    }
}

static void ref_count(ref_planner *r, int black, int white, int winner)
{
    for (int k = 0; k < r->npairs; k++)
        if ((r->pa[k] == black && r->pb[k] == white) || (r->pa[k] == white && r->pb[k] == black)) {
            if (winner < 0)
                r->draws[k]++;
            else if (winner == (r->pa[k] == black ? 0 : 1))
                r->wins[k]++;
            else
                r->losses[k]++;
        }
}

static int ref_next(ref_planner *r, arena_game_spec *out)
{
    if (!r->continuous) {
        for (; r->cursor < r->total; r->cursor++)
            if (r->state[r->cursor] == R_TODO && ref_active(r, r->cursor)) {
                ref_set(r, r->cursor, R_TAKEN);
                *out = r->games[r->cursor];
                return ARENA_PLAN_GAME;
            }
        return r->flying ? ARENA_PLAN_WAIT : ARENA_PLAN_DONE;
    }
    int best = -1;
    double best_se = -1;
    for (int k = 0; k < r->npairs; k++) {
        if (r->s->bots[r->pa[k]].retired || r->s->bots[r->pb[k]].retired)
            continue;
        double w = r->wins[k] + 1, l = r->losses[k] + 1, d = r->draws[k], n = w + l + d;
        double mean = (w + d / 2) / n, v = (w + d / 4) / n - mean * mean;
        double se = sqrt((v > 0 ? v : 0) / (n + r->pflying[k]));
        int top = r->pa[k] > r->pb[k] ? r->pa[k] : r->pb[k];
        int best_top = best < 0 ? -1 : r->pa[best] > r->pb[best] ? r->pa[best] : r->pb[best];
        if (se > best_se + 1e-12 || (fabs(se - best_se) <= 1e-12 && best >= 0 && top > best_top)) {
            best = k;
            best_se = se;
        }
    }
    if (best < 0)
        return r->flying ? ARENA_PLAN_WAIT : ARENA_PLAN_DONE;
    for (int i = 0, pos = 0; i < r->total; i++) {
        if (r->games[i].pairing != best)
            continue;
        if (pos++ >= r->pcursor[best] && r->state[i] == R_TODO) {
            r->pcursor[best] = pos - 1;
            ref_set(r, i, R_TAKEN);
            *out = r->games[i];
            return ARENA_PLAN_GAME;
        }
    }
    return ARENA_PLAN_GROW;
}

static int ref_total(const ref_planner *r)
{
    int n = 0;
    for (int i = 0; i < r->total; i++)
        n += r->state[i] == R_STORED || (r->state[i] != R_SKIP && ref_active(r, i));
    return n;
}

static int ref_done(const ref_planner *r)
{
    int n = 0;
    for (int i = 0; i < r->total; i++)
        n += r->state[i] == R_STORED;
    return n;
}

/* League s played by both planners alike, stored and taken games given
 * first, then games handed out and given back (stored with a result, back
 * unplayed, failed) in a pseudo-random mix: every answer the same. */
static void same_order(const arena_settings *s, int continuous)
{
    ref_planner r;
    ref_new(&r, s, continuous);
    arena_planner *p = NULL;
    ck_assert_int_eq(arena_planner_new(s, continuous, &p), 0);
    for (int id = 0; id < r.total; id++)
        if (id % 5 == 1 || id == r.total - 1) {
            arena_planner_stored(p, id);
            ref_set(&r, id, R_STORED);
        }
    arena_planner_taken(p, 3);
    ref_set(&r, 3, R_TAKEN);
    int fly[4096], nfly = 0, steps = 0;
    unsigned rng = 12345;
    for (int ended = 0; !ended && steps < 3000; steps++) {
        ck_assert_int_eq(arena_planner_total(p), ref_total(&r));
        ck_assert_int_eq(arena_planner_done(p), ref_done(&r));
        ck_assert_int_eq(arena_planner_in_flight(p), r.flying);
        rng = rng * 1103515245u + 12345u;
        if (nfly > 0 && (rng >> 16) % 3 == 0) { /* one back */
            int i = (int)((rng >> 8) % (unsigned)nfly), id = fly[i], how = (int)(rng >> 20) % 4;
            fly[i] = fly[--nfly];
            int kept = how < 2 ? 1 : how == 2 ? 0 : -1;
            arena_game_record rec;
            memset(&rec, 0, sizeof rec);
            rec.id = id;
            rec.black = r.games[id].black;
            rec.white = r.games[id].white;
            rec.winner = (int)(rng >> 24) % 3 - 1;
            arena_planner_back(p, id, &rec, kept);
            if (r.state[id] == R_TAKEN) {
                ref_set(&r, id, kept > 0 ? R_STORED : kept < 0 ? R_FAILED : R_TODO);
                if (kept > 0)
                    ref_count(&r, rec.black, rec.white, rec.winner);
            }
            continue;
        }
        arena_game_spec g, want;
        int got = arena_planner_next(p, &g), exp = ref_next(&r, &want);
        ck_assert_int_eq(got, exp);
        if (got == ARENA_PLAN_GAME) {
            ck_assert_int_eq(g.id, want.id);
            ck_assert_int_eq(g.round, want.round);
            ck_assert_int_eq(g.pairing, want.pairing);
            ck_assert_int_eq(g.black, want.black);
            ck_assert_int_eq(g.white, want.white);
            ck_assert(g.seed == want.seed);
            ck_assert_int_eq(g.opening, want.opening);
            ck_assert_int_lt(nfly, 4096);
            fly[nfly++] = g.id;
        } else if (got != ARENA_PLAN_WAIT) {
            ended = nfly == 0 || got == ARENA_PLAN_GROW;
        }
    }
    int ids[4096], n = arena_planner_flying(p, ids, 4096);
    ck_assert_int_eq(n, r.flying);
    for (int i = 0, at = 0; i < r.total; i++)
        if (r.state[i] == R_TAKEN)
            ck_assert_int_eq(ids[at++], i); /* ascending, as it was */
    arena_planner_free(p);
    ref_free(&r);
}

/* A league of `bots` that was 3 bots x 4 games, then 4 x 4, then 4 x 6. */
static void grown(arena_settings *s, int bots, int games, arena_format format)
{
    league(s, bots, games);
    s->format = format;
    s->steps[0] = (arena_league_step){3, 4};
    s->steps[1] = (arena_league_step){4, 4};
    s->steps[2] = (arena_league_step){4, 6};
    s->step_count = 3;
    s->seed = 77;
}

START_TEST(the_lazy_planner_hands_out_the_ids_the_whole_schedule_did)
{
    for (int f = 0; f < 2; f++)
        for (int v = 0; v < 6; v++)
            for (int continuous = 0; continuous < 2; continuous++) {
                arena_settings s;
                grown(&s, 6, 10, f ? ARENA_FORMAT_GAUNTLET : ARENA_FORMAT_ROUND_ROBIN);
                if (v == 1 || v == 5) { /* shard 1/3 */
                    s.shard_index = 1;
                    s.shard_count = 3;
                }
                if (v == 2 || v == 5)
                    s.games_target = 4; /* in order: rounds 0 and 1 only */
                if (v == 3 || v == 5)
                    s.bots[1].retired = 1;
                if (v == 4) /* a league that never changed shape */
                    s.step_count = 0;
                same_order(&s, continuous);
                arena_settings_clear(&s);
            }
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"in_order_every_game_once_stored_ones_skipped",
         in_order_every_game_once_stored_ones_skipped, 10},
        {"a_retired_bot_is_never_scheduled_and_its_games_count_as_played",
         a_retired_bot_is_never_scheduled_and_its_games_count_as_played, 10},
        {"continuous_plays_where_a_game_tells_most", continuous_plays_where_a_game_tells_most, 10},
        {"continuous_asks_to_grow_when_the_pairing_has_played_every_round",
         continuous_asks_to_grow_when_the_pairing_has_played_every_round, 10},
        {"the_lazy_planner_hands_out_the_ids_the_whole_schedule_did",
         the_lazy_planner_hands_out_the_ids_the_whole_schedule_did, 30},
    };
    return loa_run_suite("arena_planner", cases, LOA_COUNT(cases));
}
