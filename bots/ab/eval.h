/*
 * bots/ab/eval.h - loa-ab's static evaluation, built from the features of
 * the LOA literature (M. H. M. Winands, "Informed Search in Complex Games",
 * PhD thesis, Maastricht 2004, ch. 3-4: the MIA evaluation; and Winands,
 * van den Herik, Uiterwijk, "An evaluation function for Lines of Action",
 * Advances in Computer Games 10, 2003):
 *   - concentration: distance of every checker to the side's centre of mass,
 *     minus the least total distance that many checkers could have;
 *   - centralisation: a piece-square table, averaged over the checkers;
 *   - centre of mass: how far it sits from the board's centre;
 *   - quads: the Euler number 4E = Q1 - Q3 - 2*Qd (bots/ab/quads.h), an
 *     approximation of the number of groups;
 *   - uniformity: the area of the rectangle bounding the checkers;
 *   - mobility: the number of legal moves (walls of checkers that block
 *     the opponent show up as their low mobility);
 *   - a small bonus for the side to move.
 * Scores are from the side to move's point of view, in points where a
 * group joined is worth about 30. Header-only (see quads.h); call
 * quads_init() before eval_board(). Pure, thread-safe after quads_init().
 */
#ifndef BOTS_AB_EVAL_H
#define BOTS_AB_EVAL_H

#include <stdlib.h>

#include "loa/loa.h"
#include "quads.h"

/* Weights. Change them and re-run tests/bots_match.sh to measure. */
#define EVAL_W_CONCENTRATION 8 /* per square of surplus distance to the centre of mass */
#define EVAL_W_EULER4 8        /* per unit of 4E (so 32 per group) */
#define EVAL_W_CENTRE_PST 2    /* per point of the average table value */
#define EVAL_W_COM_CENTRE 4    /* per square between the centre of mass and the centre */
#define EVAL_W_AREA 1          /* per square of bounding rectangle */
#define EVAL_W_MOBILITY 2      /* per legal move */
#define EVAL_TEMPO 15          /* side to move */

/* Centralisation table (after MIA's): edges bad, corners worst, centre best.
 * Symmetric, so a1 = 0 .. h8 = 63 order does not matter. */
static const int eval_pst[64] = {
    -80, -25, -20, -20, -20, -20, -25, -80,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  50,  50,  25,  10, -20,
    -20,  10,  25,  25,  25,  25,  10, -20,
    -25,  10,  10,  10,  10,  10,  10, -25,
    -80, -25, -20, -20, -20, -20, -25, -80,
};

/* Least possible sum of king-step distances from n checkers to their centre
 * square: 1 checker on it, 8 at distance 1, the rest at distance 2. */
static const int eval_min_spread[13] = {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14};

/* Features of one colour, exposed for tests and for bots that want to
 * weigh them differently. */
typedef struct eval_terms {
    int count;         /* checkers */
    int com_file;      /* centre of mass, rounded to a square: file 0..7 */
    int com_rank;      /*                                      rank 0..7 */
    int surplus;       /* sum of king-step distances to the centre of mass, minus the least possible */
    int pst_avg;       /* average centralisation table value */
    int com_off;       /* king-step distance of the centre of mass from the central 2x2 */
    int euler4;        /* 4E = Q1 - Q3 - 2*Qd */
    int area;          /* squares of the bounding rectangle */
} eval_terms;

/* Fills the static features of bitboard bb (not empty). */
static inline void eval_terms_of(loa_bitboard bb, eval_terms *t)
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
    t->surplus = spread - eval_min_spread[n > 12 ? 12 : n];
    t->pst_avg = pst / n;
    /* distance from the central squares d4 e4 d5 e5 */
    int cf = t->com_file < 3 ? 3 - t->com_file : t->com_file > 4 ? t->com_file - 4 : 0;
    int cr = t->com_rank < 3 ? 3 - t->com_rank : t->com_rank > 4 ? t->com_rank - 4 : 0;
    t->com_off = cf > cr ? cf : cr;
    t->euler4 = quads_euler4(bb);
    t->area = (fmax - fmin + 1) * (rmax - rmin + 1);
}

/* Static score of one colour's features (higher is better for it). */
static inline int eval_terms_score(const eval_terms *t)
{
    return -EVAL_W_CONCENTRATION * t->surplus - EVAL_W_EULER4 * t->euler4 +
           EVAL_W_CENTRE_PST * t->pst_avg - EVAL_W_COM_CENTRE * t->com_off -
           EVAL_W_AREA * t->area;
}

/* Evaluation of b for its side to move (an ongoing position: both sides
 * have checkers). */
static inline int eval_board(const loa_board *b)
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

#endif
