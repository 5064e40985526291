/*
 * bots/ab/search.c - loa-ab's search (search.h): iterative deepening over a
 * principal variation search with a transposition table, null move, late
 * move reductions and killer/history move ordering.
 *
 * The named constants below are the search's parameters, in the manner of
 * Ethereal's search.c: each says why it has its value. They were set by
 * self-play matches (loa-arena SPRTs); changing one changes the bench
 * signature (loa-ab --bench, docs/bots.md) and needs a match to justify it.
 */
#include "search.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "eval.h"

/* ---- time ------------------------------------------------------------------ */

/* The clock is read once every this many nodes (a power of two: the test is
 * a mask). At 2.5 M nodes/s that is every 0.1 ms, far inside the tens of ms
 * of margin, while loa_now_us() costs stay negligible. */
#define SEARCH_CLOCK_CHECK_NODES 256

/* ---- move ordering --------------------------------------------------------- */
/* Keys sort moves: hash move, then captures, then the killers, then quiet
 * moves by history. History is kept below SEARCH_HISTORY_MAX, so the
 * bands never overlap. */

/* The table's best move at this node: the most likely cutoff. */
#define ORDER_HASH_MOVE (1 << 30)
/* Captures: they change both sides' groups at once and are few, so they
 * go before quiet moves; plus the target's centralisation (eval_pst), so
 * captures toward the centre come first. */
#define ORDER_CAPTURE (1 << 29)
/* Killers: quiet moves that cut off at this ply in a sibling. The newer
 * killer (slot 0) gets +1 over the older. Keys below this are quiet moves
 * ordered by history only: the "quiet" moves that may be reduced. */
#define ORDER_KILLER (1 << 28)

/* ---- history heuristic ----------------------------------------------------- */

/* When a history entry passes this, the side's whole table is halved:
 * keeps entries below ORDER_KILLER (2^28) with room for depth^2 bonuses,
 * and lets old credit fade. */
#define SEARCH_HISTORY_MAX (1 << 26)
/* Divisor of that halving. */
#define SEARCH_HISTORY_HALVE 2
/* At the start of each search the history is divided by this: the last
 * turn's ordering still helps (the positions are two plies apart) but
 * must not outweigh what the new search learns. */
#define SEARCH_HISTORY_AGE 8

/* ---- null move ------------------------------------------------------------- */

/* Least remaining depth at which passing is tried: below it the reduced
 * search would be the evaluation alone, which the static check already did. */
#define NULL_MOVE_MIN_DEPTH 3
/* Depth reduction R of the null-move search, beyond the ply passed:
 * adaptive null move (E. A. Heinz, "Adaptive null-move pruning", ICCA
 * Journal 22(3), 1999): R = 2 near the leaves, where a larger R would leave
 * the verification search nothing but the evaluation, and R = 3 from
 * NULL_MOVE_DEEP_DEPTH plies, where the reduced search is still deep enough
 * to be trusted and the saving is largest. */
#define NULL_MOVE_R 2
#define NULL_MOVE_R_DEEP 3
#define NULL_MOVE_DEEP_DEPTH 6

/* ---- late move reductions -------------------------------------------------- */

/* Quiet moves (below ORDER_KILLER) from the LMR_MIN_MOVE-th on (0-based,
 * after the hash move, captures and killers have had their chance) are
 * searched LMR_R plies shallower when at least LMR_MIN_DEPTH plies
 * remain, with a null window; a fail high is re-searched at full depth. */
#define LMR_MIN_DEPTH 3
#define LMR_MIN_MOVE 3
#define LMR_R 1
/* One more ply off from the LMR_DEEP_MOVE-th move on with at least
 * LMR_DEEP_MIN_DEPTH plies left: that far down the order a move almost never
 * becomes best. */
#define LMR_DEEP_MOVE 10
#define LMR_DEEP_MIN_DEPTH 5

/* Late move reductions grow with depth and move number: from
 * LMR_LOG_MIN_DEPTH plies on, the quiet i-th move is reduced by
 * ln(depth) * ln(i) / (LMR_LOG_DIVISOR / 100) plies (rounded, at least the fixed
 * reduction above), the formula of Stockfish and Ethereal: a move that far
 * down the order of a deep node almost never becomes best, and the plies
 * saved go to the moves that matter. Kept by an SPRT (docs/bots.md). */
#define LMR_LOG_MIN_DEPTH 3
#define LMR_LOG_DIVISOR 200 /* hundredths: 2.0 */
/* Most plies one move is reduced by, so the reduced search keeps some depth. */
#define LMR_MAX_REDUCTION 4

/* ---- aspiration windows ---------------------------------------------------- */

/* From ASPIRATION_MIN_DEPTH on, an iteration first searches a window of
 * ASPIRATION_DELTA around the last score (about a third of a group's worth,
 * 32): most iterations stay inside it and cost less; a score outside is
 * searched again with the window widened by ASPIRATION_GROW on that side
 * until it fits. */
#define ASPIRATION_MIN_DEPTH 5
#define ASPIRATION_DELTA 12
#define ASPIRATION_GROW 4

/* The constants loa-ab's options set (search.h), their defaults the above. */
search_params search_p = {NULL_MOVE_R, NULL_MOVE_R_DEEP, LMR_MIN_MOVE, LMR_LOG_DIVISOR,
                          ASPIRATION_DELTA, SEARCH_HISTORY_AGE};

/* ---- helpers --------------------------------------------------------------- */

/* Score of the position after moving (child already made, capture flag in m):
 * 1 if decided, with *score from the mover's view, else 0. */
static int search_decided(const loa_board *child, loa_move m, int ply, int *score)
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

/* 1 once the hard deadline has passed or the node limit is reached; sets
 * c->stop, which unwinds the search. The node limit is exact (tested on
 * every node): a node-limited search stops at the same node on every
 * machine. */
static int search_time_up(search_ctx *c)
{
    if (c->max_nodes && c->nodes >= c->max_nodes)
        c->stop = 1;
    else if (c->use_clock && (c->nodes & (SEARCH_CLOCK_CHECK_NODES - 1)) == 0 &&
             loa_now_us() >= c->hard_us)
        c->stop = 1;
    return c->stop;
}

/* Ordering keys of mv[0..n-1] (see ORDER_*). */
static void search_score_moves(const search_ctx *c, const loa_board *b, int ply,
                               const loa_move *mv, int n, loa_move hash_move, int32_t *keys)
{
    for (int i = 0; i < n; i++) {
        loa_move sq = LOA_MOVE_SQUARES(mv[i]);
        if (sq == LOA_MOVE_SQUARES(hash_move))
            keys[i] = ORDER_HASH_MOVE;
        else if (mv[i] & LOA_MOVE_CAPTURE)
            keys[i] = ORDER_CAPTURE + eval_pst[LOA_MOVE_TO(mv[i])];
        else if (sq == c->killers[ply][0])
            keys[i] = ORDER_KILLER + 1;
        else if (sq == c->killers[ply][1])
            keys[i] = ORDER_KILLER;
        else
            keys[i] = c->history[b->side][LOA_MOVE_FROM(mv[i])][LOA_MOVE_TO(mv[i])];
    }
}

/* Swaps the best-keyed move among mv[i..n-1] into mv[i]. */
static void search_pick(loa_move *mv, int32_t *keys, int i, int n)
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

/* A quiet move m of the side to move in b cut off at `ply` with `depth`
 * plies left: it becomes the newest killer and earns depth^2 history (deep
 * cutoffs save the most work: the usual depth-squared bonus). */
static void search_reward_quiet(search_ctx *c, const loa_board *b, loa_move m, int ply,
                                int depth)
{
    loa_move sq = LOA_MOVE_SQUARES(m);
    if (c->killers[ply][0] != sq) {
        c->killers[ply][1] = c->killers[ply][0];
        c->killers[ply][0] = sq;
    }
    int32_t *h = &c->history[b->side][LOA_MOVE_FROM(m)][LOA_MOVE_TO(m)];
    *h += depth * depth;
    if (*h > SEARCH_HISTORY_MAX)
        for (int f = 0; f < 64; f++)
            for (int t = 0; t < 64; t++)
                c->history[b->side][f][t] /= SEARCH_HISTORY_HALVE;
}

/* Late move reduction of the i-th move (0-based) with `depth` plies left:
 * the table of ln(depth) * ln(i) / (lmr_divisor / 100), at least the fixed
 * reductions, at most LMR_MAX_REDUCTION and never below one ply left. */
static int search_reduction(const search_ctx *c, int depth, int i, int quiet)
{
    if (depth < LMR_MIN_DEPTH || !quiet || i < search_p.lmr_min_move)
        return 0;
    int r = LMR_R + (i >= LMR_DEEP_MOVE && depth >= LMR_DEEP_MIN_DEPTH);
    if (depth >= LMR_LOG_MIN_DEPTH) {
        int d = depth < SEARCH_MAX_DEPTH ? depth : SEARCH_MAX_DEPTH - 1;
        int k = i < LOA_MAX_MOVES ? i : LOA_MAX_MOVES - 1;
        if (c->lmr[d][k] > r)
            r = c->lmr[d][k];
    }
    if (r > LMR_MAX_REDUCTION)
        r = LMR_MAX_REDUCTION;
    return r < depth - 1 ? r : depth - 1;
}

/* ---- principal variations ------------------------------------------------- */

/* m raised alpha at `ply`: the node's line becomes m followed by the line
 * of the child it led to (child_searched: 0 when m ended the game, so the
 * child has no line). */
static void search_pv_update(search_ctx *c, int ply, loa_move m, int child_searched)
{
    int n = child_searched ? c->pv_len[ply + 1] : 0;
    c->pv[ply][0] = m;
    memcpy(&c->pv[ply][1], c->pv[ply + 1], (size_t)n * sizeof(loa_move));
    c->pv_len[ply] = n + 1;
}

/* Root move m scored s in the window (alpha, beta) of this iteration
 * (search_run(), search.h). The last complete iteration's move: what it is
 * now known to be worth. Another move that beat alpha: the candidate when it
 * beats the one so far (or is the same move, searched again), with its line
 * (c->pv[0], the root's since s > alpha) when s is exact, alone when s is a
 * lower bound (it failed high: no line was searched beyond it). */
static void search_root_scored(search_ctx *c, loa_move m, int s, int alpha, int beta)
{
    if (LOA_MOVE_SQUARES(m) == c->root_last) {
        c->root_bar = s;
        c->root_bar_kind = s >= beta    ? SEARCH_BAR_HIGH
                           : s <= alpha ? SEARCH_BAR_UPPER
                                        : SEARCH_BAR_EXACT;
        return;
    }
    if (!c->root_keep || s <= alpha ||
        (c->root_move != LOA_MOVE_NONE &&
         LOA_MOVE_SQUARES(m) != LOA_MOVE_SQUARES(c->root_move) && s <= c->root_score))
        return;
    c->root_move = m;
    c->root_score = s;
    c->root_lower = s >= beta;
    c->root_pv_len = c->root_lower ? 1 : c->pv_len[0];
    memcpy(c->root_pv, c->pv[0], (size_t)c->root_pv_len * sizeof(loa_move));
}

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

/* ---- the search ------------------------------------------------------------ */

static int search_node(search_ctx *c, const loa_board *b, uint64_t zobrist, int depth,
                       int alpha, int beta, int ply, int null_ok);

/* Null-move pruning at b (side to move passes): if passing still fails high
 * at reduced depth, so would a real move (LOA has no zugzwang to speak of).
 * Returns 1 with *score to return, or 0 to search on. */
static int search_null_move(search_ctx *c, const loa_board *b, uint64_t zobrist, int depth,
                            int beta, int ply, int *score)
{
    loa_board child = *b;
    loa_make_move(&child, LOA_MOVE_PASS, NULL);
    int s;
    if (search_decided(&child, LOA_MOVE_PASS, ply, &s))
        return 0;
    int r = depth >= NULL_MOVE_DEEP_DEPTH ? search_p.null_move_r_deep : search_p.null_move_r;
    s = -search_node(c, &child, loa_zobrist_update(zobrist, b, LOA_MOVE_PASS), depth - 1 - r,
                     -beta, -beta + 1, ply + 1, 0);
    if (c->stop) {
        *score = 0;
        return 1;
    }
    if (s < beta)
        return 0;
    *score = s >= SEARCH_WIN_BOUND ? beta : s; /* never trust a win found by passing */
    return 1;
}

/* Negamax PVS on an ongoing position b with Zobrist key `zobrist`, to
 * `depth` plies, window (alpha, beta), `ply` plies below the root;
 * null_ok: a null move may be tried here (not right after one). */
static int search_node(search_ctx *c, const loa_board *b, uint64_t zobrist, int depth,
                       int alpha, int beta, int ply, int null_ok)
{
    if (c->stop) /* unwinding: a caller's re-search after a stop visits nothing */
        return 0;
    c->nodes++;
    c->pv_len[ply] = 0;
    if (search_time_up(c))
        return 0;
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1)
        return eval_board(b);

    const int pv_node = beta - alpha > 1;
    const uint64_t key = tt_key(zobrist, b);
    const tt_entry *e = tt_probe(&c->tt, key);
    loa_move hash_move = LOA_MOVE_NONE;
    if (e) {
        hash_move = e->move;
        int s = tt_score_from(e->score, ply);
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
        if (search_decided(&child, LOA_MOVE_PASS, ply, &s)) {
            search_pv_update(c, ply, LOA_MOVE_PASS, 0);
            return s;
        }
        s = -search_node(c, &child, loa_zobrist_update(zobrist, b, LOA_MOVE_PASS), depth - 1,
                         -beta, -alpha, ply + 1, 1);
        search_pv_update(c, ply, LOA_MOVE_PASS, 1);
        return s;
    }

    /* Not with a forced result in the window: passing proves nothing there. */
    if (null_ok && !pv_node && depth >= NULL_MOVE_MIN_DEPTH && beta < SEARCH_WIN_BOUND &&
        beta > -SEARCH_WIN_BOUND && eval_board(b) >= beta) {
        int s;
        if (search_null_move(c, b, zobrist, depth, beta, ply, &s))
            return s;
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
        const int searched = !search_decided(&child, m, ply, &s);
        if (searched) {
            uint64_t z = loa_zobrist_update(zobrist, b, m);
            if (i == 0) {
                s = -search_node(c, &child, z, depth - 1, -beta, -alpha, ply + 1, 1);
            } else {
                int r = search_reduction(c, depth, i, keys[i] < ORDER_KILLER);
                s = -search_node(c, &child, z, depth - 1 - r, -alpha - 1, -alpha, ply + 1, 1);
                if (s > alpha && r)
                    s = -search_node(c, &child, z, depth - 1, -alpha - 1, -alpha, ply + 1, 1);
                if (s > alpha && s < beta)
                    s = -search_node(c, &child, z, depth - 1, -beta, -alpha, ply + 1, 1);
            }
            if (c->stop)
                return 0;
        }
        if (s > alpha && pv_node)
            search_pv_update(c, ply, m, searched);
        if (ply == 0)
            search_root_scored(c, m, s, alpha, beta);
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                if (s >= beta) {
                    if (!(m & LOA_MOVE_CAPTURE))
                        search_reward_quiet(c, b, m, ply, depth);
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? TT_LOWER : best > alpha0 ? TT_EXACT : TT_UPPER;
    tt_store(&c->tt, key, depth, best, bound, LOA_MOVE_SQUARES(best_move), ply);
    return best;
}

/* ---- the context and the iterations ---------------------------------------- */

int search_init(search_ctx *c, size_t tt_mb)
{
    memset(c, 0, sizeof *c);
    for (int d = 1; d < SEARCH_MAX_DEPTH; d++)
        for (int i = 1; i < LOA_MAX_MOVES; i++)
            c->lmr[d][i] = (int8_t)(log((double)d) * log((double)i) /
                                   (search_p.lmr_divisor / 100.0) + 0.5);
    return tt_init(&c->tt, tt_mb);
}

void search_free(search_ctx *c)
{
    tt_free(&c->tt);
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
            snprintf(what, sizeof what, "fails %s: score %d, window %d %d", s <= lo ? "low" : "high",
                     s, lo, hi);
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
    r.nodes = c->nodes;
    r.time_us = loa_now_us() - t0;
    return r;
}
