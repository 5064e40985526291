/*
 * bots/ab/search.h - loa-ab's search (search.c, pvs.c): iterative deepening,
 * principal variation search (negamax alpha-beta with null windows), a
 * transposition table (tt.h), null-move pruning, late move reductions, and
 * move ordering by hash move, captures, killer moves and the history
 * heuristic. Leaves are scored by eval_board() or the network (eval.h).
 *
 * Game ends are judged exactly as the referee does, after every ply, with
 * loa_board_status_after() (mover connected, then opponent connected, then
 * the 150-ply draw from board.ply), so a win in one is always seen at
 * depth 1 and the ply limit is never misjudged.
 *
 * Scores are for the side to move (score.h); SEARCH_WIN - n means "wins n
 * plies from the root". A search_ctx belongs to one thread; distinct
 * contexts may search in parallel.
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
    int max_depth;   /* plies, 1..SEARCH_MAX_DEPTH (clamped into that range) */
    int use_clock;   /* 0: the clock never stops the search */
    int64_t soft_us; /* absolute loa_now_us() times, microseconds */
    int64_t hard_us;
    uint64_t soft_nodes; /* positions (search_result.nodes); 0 = no limit */
    uint64_t max_nodes;  /* positions; 0 = no limit */
} search_limits;

/* Result of search_run() (a plain value). best, score, depth and pv always
 * belong together: they are the last complete iteration's, or those of a
 * better move the interrupted iteration found (search_run()). */
typedef struct search_result {
    loa_move best;                      /* move to play (LOA_MOVE_PASS when there is none) */
    int score;                          /* score of best, side to move's view: exact (0 with depth
                          0, unless best itself ends the game), or a lower bound */
    int lower_bound;                    /* 1: score is a lower bound (best failed high in the
                          interrupted iteration; pv is best alone) */
    int depth;                          /* plies best was searched to (0: a forced move, or no
                          iteration completed) */
    uint64_t nodes, tt_probes, tt_hits; /* positions visited; table probes, and hits */
    int64_t time_us;                    /* time spent, microseconds */
    loa_move pv[SEARCH_MAX_PLY];        /* principal variation: best, then the line that
                          gave an exact score: depth plies, fewer only when it ends
                          the game */
    int pv_len, seldepth;               /* at least 1; the deepest ply visited (the root 0) */
} search_result;

/* What search_ctx.root_bar is: the last iteration's score (its move not
 * searched yet at this depth), its exact score, an upper bound (it failed
 * low), a lower bound (it failed high). */
enum { SEARCH_BAR_LAST, SEARCH_BAR_EXACT, SEARCH_BAR_UPPER, SEARCH_BAR_HIGH };

/* The search's constants that loa-ab's options set (--null-move-r, ...;
 * docs/tuning.md), their defaults the named constants of search_params.h
 * (what each is for is said there). Set before the first search_init();
 * read-only after. */
typedef struct search_params {
    int null_move_r;      /* null-move reduction near the leaves, plies */
    int null_move_r_deep; /* from NULL_MOVE_DEEP_DEPTH plies left on */
    int lmr_min_move;     /* first quiet move (0-based) that is reduced */
    int lmr_divisor;      /* LMR's ln(depth) * ln(i) / (lmr_divisor / 100) */
    int aspiration_delta; /* first aspiration window's half-width, points */
    int history_age;      /* the history is divided by this at each search's start */
} search_params;
extern search_params search_p;

#define SEARCH_KILLERS 2 /* killer moves kept per ply: the two latest quiet cutoffs */

/* The search's state: the table (owned: search_init() allocates it,
 * search_free() frees it), killers, history, counters. One thread. */
typedef struct search_ctx {
    tt_table tt;
    loa_move killers[SEARCH_MAX_PLY][SEARCH_KILLERS]; /* squares only, newest first */
    int32_t history[2][64][64];         /* [side][from][to]: cutoff credit of quiet moves */
    uint64_t nodes, tt_probes, tt_hits; /* positions; table probes, and those that hit */
    int64_t hard_us;
    int use_clock, seldepth; /* seldepth: the deepest ply a node was visited at */
    uint64_t max_nodes;      /* 0 = no limit (search_limits.max_nodes) */
    int stop;
    /* Triangular principal variations: pv[ply][0..pv_len[ply]-1] is the line
     * from the node at ply that gave its score (valid for an exact score). */
    loa_move pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    int pv_len[SEARCH_MAX_PLY];
    /* The iteration in progress's candidate to replace root_last, the last
     * complete iteration's move, in case the limits stop it (search_run;
     * pvs.c, search_root_scored()). */
    int root_keep;      /* 0 before an iteration completed */
    loa_move root_last; /* squares */
    int root_bar;       /* what root_last is known to be worth at this depth */
    int root_bar_kind;  /* how: SEARCH_BAR_* */
    int root_lower;     /* 1: root_score is a lower bound */
    loa_move root_move; /* LOA_MOVE_NONE: none (yet) */
    int root_score;
    loa_move root_pv[SEARCH_MAX_PLY];
    int root_pv_len;
    int verbose;         /* 1: one stderr line per iteration and per aspiration failure */
    struct nn_stack *nn; /* with eval_nn: the path's accumulators (nnstack.h), else NULL */
    int8_t lmr[SEARCH_MAX_DEPTH][LOA_MAX_MOVES]; /* late move reductions by depth and
                                                    move number (search_init) */
} search_ctx;

/* Zeroes *c and allocates a table of about tt_mb MiB (tt_init()), and the
 * path's accumulators when eval_nn is set. Returns 0, or -1 out of memory. */
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
 * pass as PV, score 0 unless it ends the game).
 *
 * When the limits stop an iteration, the last complete iteration's move P,
 * score and PV are returned, unless the interrupted iteration's best other
 * root move X (the best score above its window's alpha: exact, or a lower
 * bound when it failed high) is better: X is returned, with its own score,
 * depth and PV (X alone for a lower bound; lower_bound set), when its score
 * beats what P is known to be worth at the interrupted depth (P's exact
 * score, or the upper bound P failed low to, or, until P is searched there,
 * P's last score), or when P failed low there and X is not a proven loss.
 * Never when P failed high. (Issue 35's lost game: depth 15's fourth window,
 * after three fail lows, scored its first move d2g5 -29998, a loss in 2 but
 * above the lowered alpha, and the clock stopped the next move; P = f3c3
 * had failed low to at most -29988, so f3c3 is played, with depth 14's
 * score and PV. Before, d2g5 was played under depth 14's score.)
 *
 * With c->verbose, prints one line per iteration, aspiration failure and
 * interrupted iteration on stderr. */
search_result search_run(search_ctx *c, const loa_board *b, search_limits lim);

#endif
