/*
 * bots/ab/search.h - loa-ab's search (search.c): iterative deepening,
 * principal variation search (negamax alpha-beta with null windows), a
 * transposition table (tt.h), null-move pruning, late move reductions, and
 * move ordering by hash move, captures, killer moves and the history
 * heuristic. Leaves are scored by eval_board() (eval.h).
 *
 * Game ends are judged exactly as the referee does, after every ply, with
 * loa_board_status_after() (mover connected, then opponent connected, then
 * the 150-ply draw from board.ply), so a win in one is always seen at
 * depth 1 and the ply limit is never misjudged.
 *
 * Scores are for the side to move (score.h); SEARCH_WIN - n means "wins n
 * plies from the root". A search_ctx belongs to one thread; distinct
 * contexts may search in parallel once quads_init() has run.
 */
#ifndef BOTS_AB_SEARCH_H
#define BOTS_AB_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "loa/loa.h"
#include "score.h"
#include "tt.h"

/* What to search: a depth limit; when use_clock, two deadlines on the
 * loa_now_us() clock: no new iteration starts after soft_us, and the search
 * stops at hard_us; and, independently of the clock, two node counts: no new
 * iteration starts once soft_nodes positions were visited, and the search
 * stops at the max_nodes-th. A search limited by depth and nodes only gives
 * the same result on every machine. A plain value. */
typedef struct search_limits {
    int max_depth;    /* plies, 1..SEARCH_MAX_DEPTH (clamped into that range) */
    int use_clock;    /* 0: the clock never stops the search */
    int64_t soft_us;  /* absolute loa_now_us() times, microseconds */
    int64_t hard_us;
    uint64_t soft_nodes; /* positions (search_result.nodes); 0 = no limit */
    uint64_t max_nodes;  /* positions; 0 = no limit */
} search_limits;

/* Result of search_run() (a plain value). best, score, depth and pv always
 * belong together: they are the last complete iteration's, or, when the
 * limits stopped the next iteration after one of its later root moves got
 * an exact score above that iteration's, that move's. */
typedef struct search_result {
    loa_move best;     /* move to play (LOA_MOVE_PASS when there is none) */
    int score;         /* exact score of best, side to move's view (0 with depth 0,
                          unless best itself ends the game) */
    int depth;         /* plies best was searched to (0: a forced move, or no
                          iteration completed) */
    uint64_t nodes;    /* positions visited, all iterations */
    int64_t time_us;   /* time spent, microseconds */
    loa_move pv[SEARCH_MAX_PLY]; /* principal variation: best, then the line that
                          gave score: depth plies, fewer only when it ends the game */
    int pv_len;        /* at least 1 */
} search_result;

/* Killer moves remembered per ply (the two latest quiet cutoffs). */
#define SEARCH_KILLERS 2

/* The search's state: the table (owned: search_init() allocates it,
 * search_free() frees it), killers, history, counters. One thread. */
typedef struct search_ctx {
    tt_table tt;
    loa_move killers[SEARCH_MAX_PLY][SEARCH_KILLERS]; /* squares only, newest first */
    int32_t history[2][64][64]; /* [side][from][to]: cutoff credit of quiet moves */
    uint64_t nodes;
    int64_t hard_us;
    int use_clock;
    uint64_t max_nodes; /* 0 = no limit (search_limits.max_nodes) */
    int stop;
    /* Triangular principal variations: pv[ply][0..pv_len[ply]-1] is the line
     * from the node at ply that gave its score (valid for an exact score). */
    loa_move pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    int pv_len[SEARCH_MAX_PLY];
    /* The iteration in progress's better root move, kept in case the limits
     * stop it (search_run): a move after the first whose exact score beats
     * root_bar, the last complete iteration's score, while root_keep. */
    int root_keep;
    int root_bar;
    loa_move root_move; /* LOA_MOVE_NONE: none (yet) */
    int root_score;
    loa_move root_pv[SEARCH_MAX_PLY];
    int root_pv_len;
    int verbose;        /* 1: one stderr line per iteration and per aspiration
                           failure */
    int8_t lmr[SEARCH_MAX_DEPTH][LOA_MAX_MOVES]; /* late move reductions by depth and
                                                    move number (search_init) */
} search_ctx;

/* Zeroes *c and allocates a table of about tt_mb MiB (tt_init()). Returns
 * 0, or -1 when out of memory. */
int search_init(search_ctx *c, size_t tt_mb);

/* Frees the table; c can be search_init()ed again. */
void search_free(search_ctx *c);

/* Forgets everything learnt (table, killers, history): after this the next
 * search depends only on its position and limits. */
void search_clear(search_ctx *c);

/* Searches the ongoing position b within lim and returns the move to play
 * and what was learnt. Never returns LOA_MOVE_NONE: with moves available
 * the first generated move is the fallback before depth 1 completes; with
 * one move or none it returns at once (depth 0, no nodes, that move or the
 * pass as PV, score 0 unless it ends the game). quads_init() first.
 *
 * When the limits stop an iteration, its result is used only through a
 * root move searched after the first one whose exact score (inside the
 * window, not a bound) beats the last complete iteration's score, and never
 * once the iteration failed low (every root move scored at most the
 * window's low end, below that score: a re-search's move could beat it only
 * by the search's instability, and its first move is merely the least
 * refuted). Otherwise the last complete iteration's move, score and PV are
 * returned.
 *
 * With c->verbose, prints one line per iteration, aspiration failure and
 * interrupted iteration on stderr. */
search_result search_run(search_ctx *c, const loa_board *b, search_limits lim);

#endif
