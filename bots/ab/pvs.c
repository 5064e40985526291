/*
 * bots/ab/pvs.c - loa-ab's principal variation search below the root
 * (pvs.h): negamax alpha-beta with null windows over the transposition
 * table, null-move pruning, late move reductions, killer/history move
 * ordering, the triangular principal variations, and each root move's
 * score for the iterations of search.c. Its constants are
 * search_params.h's.
 */
#include "pvs.h"

#include <string.h>

#include "eval.h"
#include "nnstack.h"
#include "search_params.h"

/* The constants loa-ab's options set (search.h), their defaults
 * search_params.h's. Defined here, in the file below search.c, so that
 * calls and data point one way: search.c reads them too. */
search_params search_p = {NULL_MOVE_R,     NULL_MOVE_R_DEEP, LMR_MIN_MOVE,
                          LMR_LOG_DIVISOR, ASPIRATION_DELTA, SEARCH_HISTORY_AGE};

/* ---- helpers --------------------------------------------------------------- */

/* The evaluation of b, the node at ply: the network through the path's
 * accumulators (nnstack.h) when there are some, else eval_position(). */
static int search_eval(search_ctx *c, const loa_board *b, int ply)
{
    return c->nn ? nn_stack_eval(c->nn, eval_nn, ply) : eval_position(b);
}

/* The child reached by m from the node at ply is about to be searched. */
static void search_path_move(search_ctx *c, int ply, loa_move m)
{
    if (c->nn)
        c->nn->move[ply] = m;
}

int search_decided(const loa_board *child, loa_move m, int ply, int *score)
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
static void search_score_moves(const search_ctx *c, const loa_board *b, int ply, const loa_move *mv,
                               int n, loa_move hash_move, int32_t *keys)
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
static void search_reward_quiet(search_ctx *c, const loa_board *b, loa_move m, int ply, int depth)
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
        (c->root_move != LOA_MOVE_NONE && LOA_MOVE_SQUARES(m) != LOA_MOVE_SQUARES(c->root_move) &&
         s <= c->root_score))
        return;
    c->root_move = m;
    c->root_score = s;
    c->root_lower = s >= beta;
    c->root_pv_len = c->root_lower ? 1 : c->pv_len[0];
    memcpy(c->root_pv, c->pv[0], (size_t)c->root_pv_len * sizeof(loa_move));
}

/* ---- the search ------------------------------------------------------------ */

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
    search_path_move(c, ply, LOA_MOVE_PASS);
    s = -search_node(c, &child, loa_zobrist_update(zobrist, b, LOA_MOVE_PASS), depth - 1 - r, -beta,
                     -beta + 1, ply + 1, 0);
    if (c->stop) {
        *score = 0;
        return 1;
    }
    if (s < beta)
        return 0;
    *score = s >= SEARCH_WIN_BOUND ? beta : s; /* never trust a win found by passing */
    return 1;
}

int search_node(search_ctx *c, const loa_board *b, uint64_t zobrist, int depth, int alpha, int beta,
                int ply, int null_ok)
{
    if (c->stop) /* unwinding: a caller's re-search after a stop visits nothing */
        return 0;
    c->nodes++;
    if (c->nn)
        nn_stack_enter(c->nn, b, ply);
    if (ply > c->seldepth)
        c->seldepth = ply;
    c->pv_len[ply] = 0;
    if (search_time_up(c))
        return 0;
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1)
        return search_eval(c, b, ply);

    const int pv_node = beta - alpha > 1;
    const uint64_t key = tt_key(zobrist, b);
    const tt_entry *e = tt_probe(&c->tt, key);
    c->tt_probes++;
    c->tt_hits += e != NULL;
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
        search_path_move(c, ply, LOA_MOVE_PASS);
        s = -search_node(c, &child, loa_zobrist_update(zobrist, b, LOA_MOVE_PASS), depth - 1, -beta,
                         -alpha, ply + 1, 1);
        search_pv_update(c, ply, LOA_MOVE_PASS, 1);
        return s;
    }

    /* Not with a forced result in the window: passing proves nothing there. */
    if (null_ok && !pv_node && depth >= NULL_MOVE_MIN_DEPTH && beta < SEARCH_WIN_BOUND &&
        beta > -SEARCH_WIN_BOUND && search_eval(c, b, ply) >= beta) {
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
            search_path_move(c, ply, m);
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
