/* standings.c - the standings computed: per-bot totals, matrices, the fit,
 * distinct games, game pairs, an SPRT's state (results/standings.h). */
#include "results/standings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "league/schedule.h"
#include "results/diversity.h"
#include "results/pairs.h"
#include "results/sprt_match.h"

int arena_reason_kind(ref_reason reason)
{
    switch (reason) {
    case REF_REASON_TIMEOUT: return ARENA_FAULT_TIMEOUT;
    case REF_REASON_INVALID_UNKNOWN_MOVE:
    case REF_REASON_INVALID_PASS:
    case REF_REASON_INVALID_EMPTY:
    case REF_REASON_INVALID_NOT_A_MOVE:
    case REF_REASON_INVALID_LINE_TOO_LONG: return ARENA_FAULT_INVALID;
    case REF_REASON_CRASHED:
    case REF_REASON_CLOSED_OUTPUT: return ARENA_FAULT_CRASH;
    case REF_REASON_FAILED_TO_START: return ARENA_FAULT_START;
    default: return ARENA_FAULT_OTHER;
    }
}

static double rank_key(const arena_standings *st, int i)
{
    double e = st->ratings.elo[i];
    return isnan(e) ? -HUGE_VAL : e;
}

static int better(const arena_standings *st, int a, int b)
{
    double ea = rank_key(st, a), eb = rank_key(st, b);
    if (ea != eb)
        return ea > eb;
    const arena_bot_stats *x = &st->bots[a], *y = &st->bots[b];
    double fa = x->games ? x->points / x->games : -1, fb = y->games ? y->points / y->games : -1;
    if (fa != fb)
        return fa > fb;
    return a < b;
}

/* Counts one game into its two bots' totals and their pairing. */
static void count_game(arena_standings *out, const arena_game_record *r)
{
    int n = out->n, side[2] = {r->black, r->white};
    out->games++;
    for (int c = 0; c < 2; c++) {
        arena_bot_stats *b = &out->bots[side[c]];
        int o = side[1 - c];
        b->games++;
        out->pair_games[side[c] * n + o] += 1;
        if (r->winner == c) {
            b->wins++;
            b->points += 1;
            out->pair_points[side[c] * n + o] += 1;
            out->pair_wins[side[c]][o]++;
        } else if (r->winner < 0) {
            b->draws++;
            b->points += 0.5;
            out->pair_points[side[c] * n + o] += 0.5;
        } else {
            b->losses++;
        }
        if (r->fault == c) {
            switch (arena_reason_kind(r->reason)) {
            case ARENA_FAULT_TIMEOUT:
                b->timeouts++;
                b->timeouts_under_load += r->under_load == 1;
                break;
            case ARENA_FAULT_INVALID: b->invalid++; break;
            case ARENA_FAULT_CRASH: b->crashes++; break;
            case ARENA_FAULT_START: b->failed_to_start++; break;
            default: b->other_faults++; break;
            }
        }
        const arena_side_time *t = &r->time[c];
        b->late += t->late;
        if (t->cpu_total_ms >= 0) {
            b->cpu_turns += t->turns;
            b->cpu_total_ms += t->cpu_total_ms;
        }
        b->turns += t->turns;
        b->total_ms += t->total_ms;
        if (t->max_ms > b->max_ms)
            b->max_ms = t->max_ms;
        if (t->first_ms > b->first_max_ms)
            b->first_max_ms = t->first_ms;
    }
}

/* The distinct games over every pairing; a bot with a repetitive pairing
 * has unreliable intervals. */
static void diversity(arena_standings *out)
{
    int n = out->n;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            out->distinct_games += out->pair_distinct[i * n + j];
            if (arena_distinct_is_low(out->pair_known[i * n + j], out->pair_distinct[i * n + j])) {
                out->repetitive_pairings++;
                out->unreliable[i] = out->unreliable[j] = 1;
            }
        }
}

/* The bots best first (insertion sort: n <= 64). */
static void rank(arena_standings *out)
{
    for (int i = 0; i < out->n; i++)
        out->order[i] = i;
    for (int i = 1; i < out->n; i++)
        for (int j = i; j > 0 && better(out, out->order[j], out->order[j - 1]); j--) {
            int t = out->order[j];
            out->order[j] = out->order[j - 1];
            out->order[j - 1] = t;
        }
}

/* The games league s expects of its bots that are not retired (those of
 * retired bots count as they are played: arena_standings_acc_add). */
static int expected_active(const arena_settings *s)
{
    int any = 0;
    for (int i = 0; i < s->bot_count; i++)
        any |= s->bots[i].retired;
    if (!any)
        return (int)arena_shard_size(s);
    /* by blocks and pairings: a loop over the ids took 12 s at 10^8 games
     * (the report at a Ctrl-C, issue 40) */
    return (int)arena_schedule_active_games(s, NULL);
}

struct arena_standings_acc {
    const arena_settings *s; /* borrowed */
    int anchor;
    arena_standings *st;    /* the totals so far */
    arena_pair_game *pairs; /* every game, for the pentanomial counts */
    arena_game_key *keys;   /* the games whose moves are known */
    int npairs, nkeys, cap; /* cap: both arrays' */
    int have_sprt;
    arena_sprt_match sprt; /* an SPRT match, its games in stored order:
                                   the decision is the first crossing */
    int failed;            /* an add failed: finish says so */
};

int arena_standings_acc_new(const arena_settings *s, int anchor, arena_standings_acc **out)
{
    *out = NULL;
    int n = s->bot_count;
    if (n < 1 || n > ARENA_MAX_BOTS || anchor >= n)
        return ARENA_E_INVAL;
    arena_standings_acc *a = calloc(1, sizeof *a);
    if (!a || !(a->st = calloc(1, sizeof *a->st))) {
        free(a);
        return ARENA_E_NOMEM;
    }
    a->s = s;
    a->anchor = anchor;
    a->st->n = n;
    a->st->expected = expected_active(s);
    if (s->sprt && n == 2 && s->shard_count <= 1) {
        int t = arena_sprt_tested_bot(s);
        int pairs = a->st->expected / 2 > 0 ? a->st->expected / 2 : 1;
        int rc = arena_sprt_match_init(&a->sprt, &s->sprt_params, t, 1 - t, pairs);
        if (rc) {
            arena_standings_acc_free(a);
            return rc;
        }
        a->have_sprt = 1;
    }
    *out = a;
    return 0;
}

/* Room for one more game in the arrays (doubling). */
static int grow(arena_standings_acc *a)
{
    if (a->npairs < a->cap)
        return 0;
    int cap = a->cap ? 2 * a->cap : 1024;
    arena_pair_game *p = realloc(a->pairs, sizeof *p * (size_t)cap);
    if (p)
        a->pairs = p;
    arena_game_key *k = p ? realloc(a->keys, sizeof *k * (size_t)cap) : NULL;
    if (!k)
        return ARENA_E_NOMEM;
    a->keys = k;
    a->cap = cap;
    return 0;
}

int arena_standings_acc_add(arena_standings_acc *a, const arena_game_record *r)
{
    int n = a->st->n;
    if (r->black < 0 || r->black >= n || r->white < 0 || r->white >= n || r->black == r->white)
        return a->failed = ARENA_E_INVAL;
    if (grow(a))
        return a->failed = ARENA_E_NOMEM;
    count_game(a->st, r);
    if (a->s->bots[r->black].retired || a->s->bots[r->white].retired) {
        a->st->expected++; /* a retired bot's games: as played */
        a->st->retired_games++;
    }
    arena_pair_game_of(r, &a->pairs[a->npairs++]);
    a->nkeys += arena_game_key_of(r, n, &a->keys[a->nkeys]);
    if (a->have_sprt)
        arena_sprt_match_add(&a->sprt, r);
    return 0;
}

int arena_standings_acc_finish(arena_standings_acc *a, arena_standings *out)
{
    if (a->failed)
        return a->failed;
    arena_standings *st = a->st;
    int n = st->n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            st->los_h2h[i][j] =
                i == j ? NAN : arena_los_wl(st->pair_wins[i][j], st->pair_wins[j][i]);
    /* the pairs first: the ratings' variance is theirs */
    int rc = arena_pairs_pentanomial_games(a->pairs, a->npairs, n, st->pair_penta);
    if (rc || (rc = arena_ratings_fit(n, st->pair_games, st->pair_points, a->anchor, -1,
                                      st->pair_penta, &st->ratings)))
        return rc;
    if ((rc = arena_distinct_keys(n, a->keys, a->nkeys, st->pair_known, st->pair_distinct)))
        return rc;
    if (a->have_sprt) {
        st->sprt = a->sprt.status;
        st->have_sprt = 1;
    }
    diversity(st);
    rank(st);
    memcpy(out, st, sizeof *out);
    return 0;
}

void arena_standings_acc_free(arena_standings_acc *a)
{
    if (!a)
        return;
    if (a->have_sprt)
        arena_sprt_match_free(&a->sprt);
    free(a->st);
    free(a->pairs);
    free(a->keys);
    free(a);
}

int arena_standings_compute(const arena_settings *s, const arena_game_record *records, int count,
                            int anchor, arena_standings *out)
{
    arena_standings_acc *a = NULL;
    int rc = arena_standings_acc_new(s, anchor, &a);
    for (int k = 0; k < count && !rc; k++)
        rc = arena_standings_acc_add(a, &records[k]);
    if (rc == 0)
        rc = arena_standings_acc_finish(a, out);
    arena_standings_acc_free(a);
    return rc;
}
