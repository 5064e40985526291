/*
 * bots/mcts/judge.c - how loa-mcts judges a position and plays a playout
 * (mcts.h): loa-ab's evaluation (bots/ab/eval.c) or four SDK features as
 * a win probability (a logistic of the score), and epsilon-greedy
 * playouts on a cheap move score.
 */
#include <limits.h>
#include <math.h>

#include "loa/features.h"
#include "loa/playout.h"

#include "../ab/eval.h"
#include "mcts.h"

/* One side's position in feature points (loa/features.h): a group fewer is
 * worth 32, a square of surplus distance 8, as loa-ab weighs them. */
static double side_score(loa_bitboard bb)
{
    int n = loa_popcount(bb);
    return -8.0 * loa_concentration(bb) - 8.0 * loa_euler4(bb) +
           2.0 * loa_centralisation(bb, NULL) / n - loa_bounding_area(bb);
}

/* The judge: loa-ab's evaluation (bots/ab/eval.h: the features it weighs,
 * with mobility and the side to move's bonus; MC-LOA judges with MIA's),
 * or the four features above. */
double mcts_chance(const mcts *m, const loa_board *b, int c)
{
    double d = m->judge == JUDGE_AB ? ((int)b->side == c ? 1 : -1) * (double)eval_board(b)
                                    : side_score(b->pieces[c]) - side_score(b->pieces[1 - c]);
    return 1 / (1 + exp(-d / m->scale));
}

double mcts_result_for_black(const mcts *m, loa_status st, const loa_board *b)
{
    if (st == LOA_ONGOING)
        return mcts_chance(m, b, LOA_BLACK);
    return st == LOA_BLACK_WINS ? 1 : st == LOA_WHITE_WINS ? 0 : 0.5;
}

/* The playout policy's move in b: the best by a cheap score of the move
 * alone (MC-LOA weighs moves by capture and centre: Winands et al. 2010):
 * a square nearer the mover's centre of mass is worth 8 (loa-ab's
 * concentration weight), a point of the centralisation table a quarter,
 * a capture 8; ties at random. LOA_MOVE_PASS when there is no move. */
static loa_move greedy_move(const loa_board *b, loa_rng *rng)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0)
        return LOA_MOVE_PASS;
    int com = loa_com_square(loa_com_of(b->pieces[b->side]));
    int best = INT_MIN, pick = 0;
    for (int i = 0; i < n; i++) {
        int from = LOA_MOVE_FROM(mv[i]), to = LOA_MOVE_TO(mv[i]);
        int score = 32 * (loa_distance(from, com) - loa_distance(to, com)) +
                    (loa_centre_table[to] - loa_centre_table[from]) +
                    (mv[i] & LOA_MOVE_CAPTURE ? 32 : 0);
        score = score * 8 + (int)loa_rng_below(rng, 8); /* ties at random */
        if (score > best)
            best = score, pick = i;
    }
    return mv[pick];
}

/* Plays up to `plies` plies on *b as loa_playout does, each a random move
 * with probability epsilon, else greedy_move's (epsilon-greedy playouts). */
loa_status mcts_play_out(mcts *m, loa_board *b, int plies)
{
    if (m->epsilon >= 1)
        return loa_playout(b, &m->rng, plies);
    uint32_t random_below = (uint32_t)(m->epsilon * 65536);
    for (int k = 0; k < plies; k++) {
        loa_move mv = loa_rng_below(&m->rng, 65536) < random_below ? loa_random_move(b, &m->rng)
                                                                   : greedy_move(b, &m->rng);
        loa_make_move(b, mv, NULL);
        loa_status st = loa_board_status_after(b, mv != LOA_MOVE_PASS && (mv & LOA_MOVE_CAPTURE),
                                               LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            return st;
    }
    return LOA_ONGOING;
}
