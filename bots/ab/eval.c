/*
 * bots/ab/eval.c - loa-ab's static evaluation (eval.h: the features, their
 * sources and weights). Every feature is an SDK call (loa/features.h);
 * this file only weighs them.
 */
#include "eval.h"

eval_weights eval_w = {EVAL_W_CONCENTRATION, EVAL_W_EULER4,   EVAL_W_CENTRE_PST, EVAL_W_COM_CENTRE,
                       EVAL_W_AREA,          EVAL_W_MOBILITY, EVAL_TEMPO};

void eval_terms_of(loa_bitboard bb, eval_terms *t)
{
    loa_com com = loa_com_of(bb);
    int n = com.count, centre = loa_com_square(com);
    t->count = n;
    t->com_file = LOA_FILE(centre);
    t->com_rank = LOA_RANK(centre);
    t->surplus = loa_distance_sum(bb, centre) - loa_distance_min(n);
    t->pst_avg = loa_centralisation(bb, eval_pst) / n;
    t->com_off = loa_centre_distance(centre);
    t->euler4 = loa_euler4(bb);
    t->area = loa_bounding_area(bb);
}

int eval_terms_score(const eval_terms *t)
{
    return -eval_w.concentration * t->surplus - eval_w.euler4 * t->euler4 +
           eval_w.centre_pst * t->pst_avg - eval_w.com_centre * t->com_off - eval_w.area * t->area;
}

int eval_board(const loa_board *b)
{
    eval_terms us, them;
    eval_terms_of(b->pieces[b->side], &us);
    eval_terms_of(b->pieces[b->side ^ 1], &them);
    int mobility = loa_mobility(b, b->side, NULL) - loa_mobility(b, (loa_color)(b->side ^ 1), NULL);
    return eval_terms_score(&us) - eval_terms_score(&them) + eval_w.mobility * mobility +
           eval_w.tempo;
}

const loa_nn *eval_nn;

int eval_position(const loa_board *b)
{
    return eval_nn ? loa_nn_eval(eval_nn, b) : eval_board(b);
}
