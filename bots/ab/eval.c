/*
 * bots/ab/eval.c - loa-ab's static evaluation (eval.h: the features, their
 * sources and weights).
 */
#include "eval.h"

#include <stdlib.h>

#include "quads.h"

/* Symmetric, so a1 = 0 .. h8 = 63 order does not matter. */
const int eval_pst[64] = {
    -80, -25, -20, -20, -20, -20, -25, -80,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -80, -25, -20, -20, -20, -20, -25, -80,
};

/* The most checkers eval_min_spread covers: a side starts with 12 and never
 * gains any. */
#define EVAL_MAX_CHECKERS 12

/* Least possible sum of king-step distances from n checkers to their centre
 * square: 1 checker on it, 8 at distance 1, the rest at distance 2. */
static const int eval_min_spread[EVAL_MAX_CHECKERS + 1] = {0, 0, 1, 2, 3, 4, 5,
                                                           6, 7, 8, 10, 12, 14};

void eval_terms_of(loa_bitboard bb, eval_terms *t)
{
    int n = 0, sf = 0, sr = 0, pst = 0, fmin = 7, fmax = 0, rmin = 7, rmax = 0;
    for (loa_bitboard b = bb; b;) {
        int s = loa_pop_lsb(&b), f = LOA_FILE(s), r = LOA_RANK(s);
        n++, sf += f, sr += r, pst += eval_pst[s];
        fmin = f < fmin ? f : fmin, fmax = f > fmax ? f : fmax;
        rmin = r < rmin ? r : rmin, rmax = r > rmax ? r : rmax;
    }
    t->count = n;
    t->com_file = (sf + n / 2) / n;
    t->com_rank = (sr + n / 2) / n;
    int spread = 0;
    for (loa_bitboard b = bb; b;) {
        int s = loa_pop_lsb(&b);
        int df = abs(LOA_FILE(s) - t->com_file), dr = abs(LOA_RANK(s) - t->com_rank);
        spread += df > dr ? df : dr;
    }
    t->surplus = spread - eval_min_spread[n > EVAL_MAX_CHECKERS ? EVAL_MAX_CHECKERS : n];
    t->pst_avg = pst / n;
    /* distance from the central squares d4 e4 d5 e5 (files and ranks 3..4) */
    int cf = t->com_file < 3 ? 3 - t->com_file : t->com_file > 4 ? t->com_file - 4 : 0;
    int cr = t->com_rank < 3 ? 3 - t->com_rank : t->com_rank > 4 ? t->com_rank - 4 : 0;
    t->com_off = cf > cr ? cf : cr;
    t->euler4 = quads_euler4(bb);
    t->area = (fmax - fmin + 1) * (rmax - rmin + 1);
}

int eval_terms_score(const eval_terms *t)
{
    return -EVAL_W_CONCENTRATION * t->surplus - EVAL_W_EULER4 * t->euler4 +
           EVAL_W_CENTRE_PST * t->pst_avg - EVAL_W_COM_CENTRE * t->com_off -
           EVAL_W_AREA * t->area;
}

int eval_board(const loa_board *b)
{
    eval_terms us, them;
    eval_terms_of(b->pieces[b->side], &us);
    eval_terms_of(b->pieces[b->side ^ 1], &them);
    loa_board other = *b;
    other.side = (loa_color)(b->side ^ 1);
    int mobility = loa_count_moves(b) - loa_count_moves(&other);
    return eval_terms_score(&us) - eval_terms_score(&them) + EVAL_W_MOBILITY * mobility +
           EVAL_TEMPO;
}
