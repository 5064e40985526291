/*
 * bots/ab/search.c - loa-ab's search (search.h): iterative deepening over a
 * principal variation search with a transposition table, null move, late
 * move reductions and killer/history move ordering.
 *
 * This file is the iterations (search_run()) and the search's state; the
 * tree below the root is pvs.c's, the named constants search_params.h's.
 */
#include "search.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "nnstack.h"
#include "pvs.h"
#include "search_params.h"

/* ---- the interrupted iteration ---------------------------------------------- */

/* 1 if the candidate (search_root_scored()) replaces the last complete
 * iteration's move: when it is known to be better (its score beats that
 * move's exact score or upper bound at this depth, or, before this depth
 * searched it, its last score), or when that move failed low here (it is
 * refuted at this depth; then, as the whole search's result shows, the
 * interrupted iteration's best is usually the better move) and the
 * candidate is not a proven loss. Never when that move failed high. */
static int search_root_better(const search_ctx *c)
{
    if (c->root_move == LOA_MOVE_NONE || c->root_bar_kind == SEARCH_BAR_HIGH)
        return 0;
    return c->root_score > c->root_bar ||
           (c->root_bar_kind == SEARCH_BAR_UPPER && c->root_score > -SEARCH_WIN_BOUND);
}

/* ---- the context and the iterations ---------------------------------------- */

int search_init(search_ctx *c, size_t tt_mb)
{
    memset(c, 0, sizeof *c);
    for (int d = 1; d < SEARCH_MAX_DEPTH; d++)
        for (int i = 1; i < LOA_MAX_MOVES; i++)
            c->lmr[d][i] =
                (int8_t)(log((double)d) * log((double)i) / (search_p.lmr_divisor / 100.0) + 0.5);
    if (eval_nn && !(c->nn = malloc(sizeof *c->nn)))
        return -1;
    return tt_init(&c->tt, tt_mb);
}

void search_free(search_ctx *c)
{
    tt_free(&c->tt);
    free(c->nn);
    c->nn = NULL;
}

void search_clear(search_ctx *c)
{
    tt_clear(&c->tt);
    memset(c->killers, 0, sizeof c->killers);
    memset(c->history, 0, sizeof c->history);
}

/* Prepares c for a new search within lim: a new table generation, fresh
 * killers (they belong to the old tree's plies), aged history. */
static void search_start(search_ctx *c, search_limits lim)
{
    tt_new_search(&c->tt);
    c->nodes = 0;
    c->seldepth = 0;
    c->tt_probes = c->tt_hits = 0;
    c->stop = 0;
    c->use_clock = lim.use_clock;
    c->hard_us = lim.hard_us;
    c->max_nodes = lim.max_nodes;
    memset(c->killers, 0, sizeof c->killers);
    for (int s = 0; s < 2; s++)
        for (int f = 0; f < 64; f++)
            for (int t = 0; t < 64; t++)
                c->history[s][f][t] /= search_p.history_age;
}

/* One verbose line (c->verbose) about iteration d: what, then the nodes and
 * time so far. */
static void search_say(const search_ctx *c, int d, int64_t t0, const char *what)
{
    if (c->verbose)
        fprintf(stderr, "depth %d %s nodes %llu time %lld us\n", d, what,
                (unsigned long long)c->nodes, (long long)(loa_now_us() - t0));
}

/* r's move, score, depth and PV become move m (flags from the generator)
 * with score s searched to depth d and line pv[0..n-1]. */
static void search_set(search_result *r, loa_move m, int s, int d, const loa_move *pv, int n)
{
    r->best = m;
    r->score = s;
    r->depth = d;
    memcpy(r->pv, pv, (size_t)n * sizeof(loa_move));
    r->pv_len = n;
}

/* The search's counters into its result. */
static void search_counters(search_result *r, const search_ctx *c)
{
    r->nodes = c->nodes;
    r->seldepth = c->seldepth;
    r->tt_probes = c->tt_probes;
    r->tt_hits = c->tt_hits;
}

search_result search_run(search_ctx *c, const loa_board *b, search_limits lim)
{
    search_result r;
    memset(&r, 0, sizeof r);
    int64_t t0 = loa_now_us();
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    /* Before depth 1 completes: the first move, searched to depth 0. */
    loa_move first = n ? mv[0] : LOA_MOVE_PASS;
    search_set(&r, first, 0, 0, &first, 1);
    if (n <= 1) { /* a pass or a single move: nothing to think about */
        loa_board child = *b;
        loa_make_move(&child, first, NULL);
        int s;
        if (search_decided(&child, first, 0, &s))
            r.score = s; /* a forced move that ends the game: its score, not 0 */
        return r;
    }
    search_start(c, lim);
    uint64_t z = loa_zobrist_key(b);
    int max_depth = lim.max_depth < 1                  ? 1
                    : lim.max_depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH
                                                       : lim.max_depth;
    int last = 0; /* the last complete iteration's score */
    for (int d = 1; d <= max_depth; d++) {
        /* Moves of this iteration may replace the last one's only after
         * one completed (search_root_scored()). */
        c->root_keep = r.depth > 0;
        c->root_last = LOA_MOVE_SQUARES(r.best);
        c->root_bar = last;
        c->root_bar_kind = SEARCH_BAR_LAST;
        c->root_move = LOA_MOVE_NONE;
        int s, lo = -SEARCH_INF, hi = SEARCH_INF, delta = search_p.aspiration_delta;
        if (d >= ASPIRATION_MIN_DEPTH && last > -SEARCH_WIN_BOUND && last < SEARCH_WIN_BOUND)
            lo = last - delta, hi = last + delta;
        for (;;) {
            s = search_node(c, b, z, d, lo, hi, 0, 0);
            if (c->stop || (s > lo && s < hi))
                break;
            char what[80];
            snprintf(what, sizeof what, "fails %s: score %d, window %d %d",
                     s <= lo ? "low" : "high", s, lo, hi);
            search_say(c, d, t0, what);
            /* outside the window: widen that side and search again */
            delta *= ASPIRATION_GROW;
            if (s <= lo)
                lo = s - delta < -SEARCH_INF ? -SEARCH_INF : s - delta;
            else
                hi = s + delta > SEARCH_INF ? SEARCH_INF : s + delta;
            if (delta > SEARCH_WIN_BOUND)
                lo = -SEARCH_INF, hi = SEARCH_INF;
        }
        if (c->stop) {
            if (search_root_better(c)) {
                search_set(&r, c->root_move, c->root_score, d, c->root_pv, c->root_pv_len);
                r.lower_bound = c->root_lower;
            }
            char what[64], buf[LOA_MOVE_STRING_MAX];
            snprintf(what, sizeof what, "stopped: plays depth %d's %s, score %s%d", r.depth,
                     loa_move_format(r.best, buf), r.lower_bound ? ">=" : "", r.score);
            search_say(c, d, t0, what);
            break;
        }
        /* An exact score: some move raised alpha at the root, and its line
         * is the root's. */
        search_set(&r, c->pv[0][0], s, d, c->pv[0], c->pv_len[0]);
        last = s;
        char what[32];
        snprintf(what, sizeof what, "score %d", s);
        search_say(c, d, t0, what);
        if (s > SEARCH_WIN_BOUND || s < -SEARCH_WIN_BOUND)
            break; /* a forced result: deeper search cannot change it */
        if (lim.use_clock && loa_now_us() >= lim.soft_us)
            break;
        if (lim.soft_nodes && c->nodes >= lim.soft_nodes)
            break;
    }
    search_counters(&r, c);
    r.time_us = loa_now_us() - t0;
    return r;
}
