/* standings.c - the standings computed: per-bot totals, matrices, the fit,
 * distinct games, game pairs, an SPRT's state (results/standings.h). */
#include "results/standings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/diversity.h"
#include "core/error.h"
#include "results/pairs.h"
#include "results/sprt_match.h"
#include "league/schedule.h"

int arena_reason_kind(ref_reason reason)
{
    switch (reason) {
    case REF_REASON_TIMEOUT:
        return ARENA_FAULT_TIMEOUT;
    case REF_REASON_INVALID_UNKNOWN_MOVE:
    case REF_REASON_INVALID_PASS:
    case REF_REASON_INVALID_EMPTY:
    case REF_REASON_INVALID_NOT_A_MOVE:
    case REF_REASON_INVALID_LINE_TOO_LONG:
        return ARENA_FAULT_INVALID;
    case REF_REASON_CRASHED:
    case REF_REASON_CLOSED_OUTPUT:
        return ARENA_FAULT_CRASH;
    case REF_REASON_FAILED_TO_START:
        return ARENA_FAULT_START;
    default:
        return ARENA_FAULT_OTHER;
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

/* An SPRT match's state, its games replayed in stored order: the decision
 * is the first crossing. */
static int sprt_state(const arena_settings *s, const arena_game_record *records, int count,
                      arena_standings *out)
{
    int t = arena_sprt_tested_bot(s);
    arena_sprt_match m;
    int rc = arena_sprt_match_init(&m, &s->sprt_params, t, 1 - t,
                                   out->expected / 2 > 0 ? out->expected / 2 : 1);
    if (rc)
        return rc;
    for (int k = 0; k < count; k++)
        arena_sprt_match_add(&m, &records[k]);
    out->sprt = m.status;
    out->have_sprt = 1;
    arena_sprt_match_free(&m);
    return 0;
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

int arena_standings_compute(const arena_settings *s, const arena_game_record *records,
                            int count, int anchor, arena_standings *out)
{
    int n = s->bot_count;
    if (n < 1 || n > ARENA_MAX_BOTS)
        return ARENA_E_INVAL;
    memset(out, 0, sizeof *out);
    out->n = n;
    out->expected = (int)arena_shard_size(s);
    for (int k = 0; k < count; k++) {
        const arena_game_record *r = &records[k];
        if (r->black < 0 || r->black >= n || r->white < 0 || r->white >= n ||
            r->black == r->white)
            return ARENA_E_INVAL;
        count_game(out, r);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            out->los_h2h[i][j] = i == j ? NAN
                                        : arena_los_wl(out->pair_wins[i][j], out->pair_wins[j][i]);
    /* the pairs first: the ratings' variance is theirs */
    int rc = arena_pairs_pentanomial(records, count, n, out->pair_penta);
    if (rc || (rc = arena_ratings_fit(n, out->pair_games, out->pair_points, anchor, -1,
                                      out->pair_penta, &out->ratings)))
        return rc;
    if ((rc = arena_distinct_games(n, records, count, out->pair_known, out->pair_distinct)))
        return rc;
    if (s->sprt && n == 2 && s->shard_count <= 1 && (rc = sprt_state(s, records, count, out)))
        return rc;
    diversity(out);
    rank(out);
    return 0;
}
