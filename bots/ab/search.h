/*
 * bots/ab/search.h - loa-ab's search: iterative deepening, principal
 * variation search (negamax alpha-beta with null windows), a transposition
 * table keyed by the SDK's Zobrist hash, null-move pruning, late move
 * reductions, and move ordering by hash move, captures, killer moves and
 * the history heuristic. Leaves are scored by eval_board() (eval.h).
 *
 * Game ends are judged exactly as the referee does, after every ply, with
 * loa_board_status_after() (mover connected, then opponent connected, then
 * the 150-ply draw from board.ply), so a win in one is always seen at
 * depth 1 and the ply limit is never misjudged.
 *
 * Scores are for the side to move; SEARCH_WIN - n means "wins n plies
 * from the root". Header-only, one translation unit per bot (see quads.h).
 * A search_ctx belongs to one thread.
 */
#ifndef BOTS_AB_SEARCH_H
#define BOTS_AB_SEARCH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "eval.h"

#define SEARCH_WIN 30000      /* a won position; minus the plies to get there */
#define SEARCH_INF 32000
#define SEARCH_WIN_BOUND (SEARCH_WIN - 1000) /* |score| above this is a forced result */
#define SEARCH_MAX_PLY 64     /* deepest ply from the root */
#define SEARCH_MAX_DEPTH 48   /* deepest iteration */

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* One transposition-table slot, 16 bytes. */
typedef struct tt_entry {
    uint64_t key;   /* full Zobrist key (0 = empty) */
    int16_t score;  /* bound or exact score, wins stored relative to this node */
    uint16_t move;  /* best or refutation move (LOA_MOVE_NONE if unknown) */
    int8_t depth;   /* remaining depth the score was searched to */
    uint8_t bound;  /* TT_EXACT, TT_LOWER or TT_UPPER */
    uint8_t gen;    /* search generation, for replacement */
    uint8_t pad;
} tt_entry;

/* What to search: a depth limit and, when use_clock, two deadlines on the
 * loa_now_us() clock: no new iteration starts after soft_us, and the search
 * stops (and uses the last complete result) at hard_us. */
typedef struct search_limits {
    int max_depth;    /* 1..SEARCH_MAX_DEPTH */
    int use_clock;    /* 0 = deterministic: only max_depth stops the search */
    int64_t soft_us;  /* absolute loa_now_us() times */
    int64_t hard_us;
} search_limits;

/* Result of search_run(). */
typedef struct search_result {
    loa_move best;     /* move to play (LOA_MOVE_PASS when there is none) */
    int score;         /* of the last complete iteration, side to move's view */
    int depth;         /* last complete iteration */
    uint64_t nodes;    /* positions visited, all iterations */
    int64_t time_us;   /* time spent */
    loa_move pv[SEARCH_MAX_PLY]; /* principal variation from the TT */
    int pv_len;
} search_result;

/* The search's state: TT (owned, malloc'd by search_init, freed by
 * search_free), killers, history, counters. */
typedef struct search_ctx {
    tt_entry *tt;
    uint64_t tt_mask;
    uint8_t gen;
    loa_move killers[SEARCH_MAX_PLY][2];
    int32_t history[2][64][64];
    uint64_t nodes;
    int64_t hard_us;
    int use_clock;
    int stop;
    loa_move root_best; /* best root move of the iteration in progress */
    int verbose;        /* 1: one stderr line per iteration */
} search_ctx;

/* Allocates a TT of about tt_mb MiB (rounded down to a power of two
 * entries; at least 1024). Returns 0, or -1 when out of memory. */
static inline int search_init(search_ctx *c, size_t tt_mb)
{
    memset(c, 0, sizeof *c);
    size_t n = 1024;
    while (n * 2 * sizeof(tt_entry) <= tt_mb * 1024 * 1024)
        n *= 2;
    c->tt = calloc(n, sizeof(tt_entry));
    if (!c->tt)
        return -1;
    c->tt_mask = n - 1;
    return 0;
}

/* Frees the TT; c can be search_init()ed again. */
static inline void search_free(search_ctx *c)
{
    free(c->tt);
    c->tt = NULL;
}

/* Forgets everything learnt (TT, killers, history): after this the next
 * search depends only on its position and limits. */
static inline void search_clear(search_ctx *c)
{
    memset(c->tt, 0, (c->tt_mask + 1) * sizeof(tt_entry));
    memset(c->killers, 0, sizeof c->killers);
    memset(c->history, 0, sizeof c->history);
    c->gen = 0;
}

/* TT key: the Zobrist key, plus the ply near the 150-ply limit, where the
 * same position is a draw at one ply and not at another. */
static inline uint64_t search_tt_key(uint64_t zobrist, const loa_board *b)
{
    if (b->ply >= LOA_MAX_PLIES - SEARCH_MAX_PLY)
        zobrist ^= (uint64_t)b->ply * 0x9E3779B97F4A7C15ULL;
    return zobrist ? zobrist : 1;
}

/* Wins are stored relative to the node, read back relative to the root. */
static inline int search_score_to_tt(int s, int ply)
{
    return s > SEARCH_WIN_BOUND ? s + ply : s < -SEARCH_WIN_BOUND ? s - ply : s;
}

static inline int search_score_from_tt(int s, int ply)
{
    return s > SEARCH_WIN_BOUND ? s - ply : s < -SEARCH_WIN_BOUND ? s + ply : s;
}

/* Stores a search result of the node with TT key `key`, `ply` plies below
 * the root (for the win-score adjustment). */
static inline void search_tt_store(search_ctx *c, uint64_t key, int depth, int score,
                                   int bound, loa_move move, int ply)
{
    tt_entry *e = &c->tt[key & c->tt_mask];
    /* Replace an older generation's entry, or one searched less deep. */
    if (e->key != key && e->gen == c->gen && e->depth > depth)
        return;
    if (e->key == key && move == LOA_MOVE_NONE)
        move = e->move;
    e->key = key;
    e->score = (int16_t)search_score_to_tt(score, ply);
    e->move = move;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
    e->gen = c->gen;
}

/* Score of the position after moving (child already made, capture flag in m):
 * 1 if decided, with *score from the mover's view, else 0. */
static inline int search_decided(const loa_board *child, loa_move m, int ply, int *score)
{
    loa_status st = loa_board_status_after(child, (m & LOA_MOVE_CAPTURE) != 0, LOA_MAX_PLIES);
    if (st == LOA_ONGOING)
        return 0;
    if (st == LOA_DRAW) {
        *score = 0;
        return 1;
    }
    loa_color winner = st == LOA_BLACK_WINS ? LOA_BLACK : LOA_WHITE;
    *score = winner == child->side ? -(SEARCH_WIN - (ply + 1)) : SEARCH_WIN - (ply + 1);
    return 1;
}

/* 1 once the hard deadline has passed (checked every 256 nodes: about
 * 0.1 ms at 2.5 M nodes/s); sets c->stop, which unwinds the search. */
static inline int search_time_up(search_ctx *c)
{
    if (c->use_clock && (c->nodes & 255) == 0 && loa_now_us() >= c->hard_us)
        c->stop = 1;
    return c->stop;
}

/* Ordering keys: hash move, then captures, then killers, then history. */
static inline void search_score_moves(const search_ctx *c, const loa_board *b, int ply,
                                      const loa_move *mv, int n, loa_move hash_move,
                                      int32_t *keys)
{
    for (int i = 0; i < n; i++) {
        loa_move sq = LOA_MOVE_SQUARES(mv[i]);
        if (sq == LOA_MOVE_SQUARES(hash_move))
            keys[i] = 1 << 30;
        else if (mv[i] & LOA_MOVE_CAPTURE)
            keys[i] = (1 << 29) + eval_pst[LOA_MOVE_TO(mv[i])];
        else if (sq == c->killers[ply][0])
            keys[i] = (1 << 28) + 1;
        else if (sq == c->killers[ply][1])
            keys[i] = 1 << 28;
        else
            keys[i] = c->history[b->side][LOA_MOVE_FROM(mv[i])][LOA_MOVE_TO(mv[i])];
    }
}

/* Swaps the best-keyed move among mv[i..n-1] into mv[i]. */
static inline void search_pick(loa_move *mv, int32_t *keys, int i, int n)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (keys[j] > keys[best])
            best = j;
    loa_move m = mv[i];
    int32_t k = keys[i];
    mv[i] = mv[best], keys[i] = keys[best];
    mv[best] = m, keys[best] = k;
}

/* Negamax PVS on an ongoing position b with Zobrist key `zobrist`, to
 * `depth` plies, window (alpha, beta), `ply` plies below the root. */
static int search_node(search_ctx *c, const loa_board *b, uint64_t zobrist, int depth,
                       int alpha, int beta, int ply, int null_ok)
{
    c->nodes++;
    if (search_time_up(c))
        return 0;
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1)
        return eval_board(b);

    const int pv_node = beta - alpha > 1;
    const uint64_t key = search_tt_key(zobrist, b);
    tt_entry *e = &c->tt[key & c->tt_mask];
    loa_move hash_move = LOA_MOVE_NONE;
    if (e->key == key) {
        hash_move = e->move;
        int s = search_score_from_tt(e->score, ply);
        if (!pv_node && e->depth >= depth &&
            (e->bound == TT_EXACT || (e->bound == TT_LOWER && s >= beta) ||
             (e->bound == TT_UPPER && s <= alpha)))
            return s;
    }

    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0) { /* no move: the side passes (not a loss) */
        loa_board child = *b;
        loa_make_move(&child, LOA_MOVE_PASS, NULL);
        int s;
        if (search_decided(&child, LOA_MOVE_PASS, ply, &s))
            return s;
        return -search_node(c, &child, loa_zobrist_update(zobrist, b, LOA_MOVE_PASS), depth - 1,
                            -beta, -alpha, ply + 1, 1);
    }

    /* Null move: if passing still fails high at reduced depth, so will a
     * real move (LOA has no zugzwang to speak of). */
    if (null_ok && !pv_node && depth >= 3 && beta < SEARCH_WIN_BOUND && beta > -SEARCH_WIN_BOUND &&
        eval_board(b) >= beta) {
        loa_board child = *b;
        loa_make_move(&child, LOA_MOVE_PASS, NULL);
        int s;
        if (!search_decided(&child, LOA_MOVE_PASS, ply, &s)) {
            int r = depth >= 6 ? 3 : 2;
            s = -search_node(c, &child, loa_zobrist_update(zobrist, b, LOA_MOVE_PASS),
                             depth - 1 - r, -beta, -beta + 1, ply + 1, 0);
            if (c->stop)
                return 0;
            if (s >= beta) /* never trust a win found by passing */
                return s >= SEARCH_WIN_BOUND ? beta : s;
        }
    }

    int32_t keys[LOA_MAX_MOVES];
    search_score_moves(c, b, ply, mv, n, hash_move, keys);
    const int alpha0 = alpha;
    int best = -SEARCH_INF;
    loa_move best_move = LOA_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        search_pick(mv, keys, i, n);
        loa_move m = mv[i];
        loa_board child = *b;
        loa_make_move(&child, m, NULL);
        int s;
        if (!search_decided(&child, m, ply, &s)) {
            uint64_t z = loa_zobrist_update(zobrist, b, m);
            int quiet = keys[i] < (1 << 28);
            if (i == 0) {
                s = -search_node(c, &child, z, depth - 1, -beta, -alpha, ply + 1, 1);
            } else {
                /* Late move reductions for quiet moves late in the order. */
                int r = (depth >= 3 && quiet && i >= 3) ? 1 + (i >= 10 && depth >= 5) : 0;
                s = -search_node(c, &child, z, depth - 1 - r, -alpha - 1, -alpha, ply + 1, 1);
                if (s > alpha && r)
                    s = -search_node(c, &child, z, depth - 1, -alpha - 1, -alpha, ply + 1, 1);
                if (s > alpha && s < beta)
                    s = -search_node(c, &child, z, depth - 1, -beta, -alpha, ply + 1, 1);
            }
            if (c->stop)
                return 0;
        }
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                if (ply == 0)
                    c->root_best = m;
                if (s >= beta) {
                    if (!(m & LOA_MOVE_CAPTURE)) {
                        loa_move sq = LOA_MOVE_SQUARES(m);
                        if (c->killers[ply][0] != sq) {
                            c->killers[ply][1] = c->killers[ply][0];
                            c->killers[ply][0] = sq;
                        }
                        int32_t *h = &c->history[b->side][LOA_MOVE_FROM(m)][LOA_MOVE_TO(m)];
                        *h += depth * depth;
                        if (*h > (1 << 26))
                            for (int f = 0; f < 64; f++)
                                for (int t = 0; t < 64; t++)
                                    c->history[b->side][f][t] /= 2;
                    }
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    search_tt_store(c, key, depth, best, bound, LOA_MOVE_SQUARES(best_move), ply);
    return best;
}

/* Principal variation by following hash moves from b (at most max plies). */
static inline int search_pv(const search_ctx *c, loa_board b, loa_move *pv, int max)
{
    int n = 0;
    uint64_t z = loa_zobrist_key(&b);
    while (n < max) {
        const tt_entry *e = &c->tt[search_tt_key(z, &b) & c->tt_mask];
        if (e->key != search_tt_key(z, &b) || e->move == LOA_MOVE_NONE ||
            !loa_is_legal(&b, e->move))
            break;
        loa_move m = e->move;
        if (b.pieces[b.side ^ 1] >> LOA_MOVE_TO(m) & 1)
            m |= LOA_MOVE_CAPTURE;
        pv[n++] = m;
        z = loa_zobrist_update(z, &b, m);
        loa_make_move(&b, m, NULL);
        if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
            break;
    }
    return n;
}

/* Searches the ongoing position b within lim and returns the move to play
 * and what was learnt. Never returns LOA_MOVE_NONE: with moves available
 * the first generated move is the fallback before depth 1 completes. */
static inline search_result search_run(search_ctx *c, const loa_board *b, search_limits lim)
{
    search_result r;
    memset(&r, 0, sizeof r);
    int64_t t0 = loa_now_us();
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    r.best = n ? mv[0] : LOA_MOVE_PASS;
    if (n <= 1) /* a pass or a single move: nothing to think about */
        return r;
    c->gen++;
    c->nodes = 0;
    c->stop = 0;
    c->use_clock = lim.use_clock;
    c->hard_us = lim.hard_us;
    memset(c->killers, 0, sizeof c->killers);
    for (int s = 0; s < 2; s++)
        for (int f = 0; f < 64; f++)
            for (int t = 0; t < 64; t++)
                c->history[s][f][t] /= 8;
    uint64_t z = loa_zobrist_key(b);
    int max_depth = lim.max_depth < 1 ? 1 : lim.max_depth > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : lim.max_depth;
    for (int d = 1; d <= max_depth; d++) {
        c->root_best = LOA_MOVE_NONE;
        int s = search_node(c, b, z, d, -SEARCH_INF, SEARCH_INF, 0, 0);
        if (c->stop) {
            /* A root move that beat the first one in a full-window search
             * is better than last iteration's choice. */
            if (c->root_best != LOA_MOVE_NONE)
                r.best = c->root_best;
            break;
        }
        r.best = c->root_best;
        r.score = s;
        r.depth = d;
        if (c->verbose)
            fprintf(stderr, "depth %d score %d nodes %llu time %lld us\n", d, s,
                    (unsigned long long)c->nodes, (long long)(loa_now_us() - t0));
        if (s > SEARCH_WIN_BOUND || s < -SEARCH_WIN_BOUND)
            break; /* a forced result: deeper search cannot change it */
        if (lim.use_clock && loa_now_us() >= lim.soft_us)
            break;
    }
    /* root_best carries the capture flag from the generator */
    r.nodes = c->nodes;
    r.time_us = loa_now_us() - t0;
    r.pv_len = search_pv(c, *b, r.pv, SEARCH_MAX_PLY);
    if (r.pv_len == 0 || LOA_MOVE_SQUARES(r.pv[0]) != LOA_MOVE_SQUARES(r.best)) {
        r.pv[0] = r.best;
        r.pv_len = 1;
    }
    return r;
}

#endif
