/*
 * bots/ab/eval.h - loa-ab's static evaluation (eval.c), built from the
 * features of the LOA literature (M. H. M. Winands, "Informed Search in
 * Complex Games", PhD thesis, Maastricht 2004, ch. 3-4: the MIA evaluation;
 * and Winands, van den Herik, Uiterwijk, "An evaluation function for Lines
 * of Action", Advances in Computer Games 10, 2003):
 *   - concentration: distance of every checker to the side's centre of mass,
 *     minus the least total distance that many checkers could have;
 *   - centralisation: a piece-square table, averaged over the checkers;
 *   - centre of mass: how far it sits from the board's centre;
 *   - quads: the Euler number 4E = Q1 - Q3 - 2*Qd (quads.h), an
 *     approximation of the number of groups;
 *   - uniformity: the area of the rectangle bounding the checkers;
 *   - mobility: the number of legal moves (walls of checkers that block
 *     the opponent show up as their low mobility);
 *   - a small bonus for the side to move.
 * Scores are from the side to move's point of view, in points where a
 * group joined is worth about 30. Call quads_init() before eval_board().
 * Pure, thread-safe after quads_init().
 */
#ifndef BOTS_AB_EVAL_H
#define BOTS_AB_EVAL_H

#include "loa/loa.h"

/* Weights. Change them and re-run tests/bots_match.sh to measure (the
 * bench signature changes with them: see docs/bots.md). */
#define EVAL_W_CONCENTRATION 8 /* per square of surplus distance to the centre of mass */
#define EVAL_W_EULER4 8        /* per unit of 4E (so 32 per group) */
#define EVAL_W_CENTRE_PST 2    /* per point of the average table value */
#define EVAL_W_COM_CENTRE 4    /* per square between the centre of mass and the centre */
#define EVAL_W_AREA 1          /* per square of bounding rectangle */
#define EVAL_W_MOBILITY 2      /* per legal move */
#define EVAL_TEMPO 15          /* side to move */

/* Centralisation table (after MIA's), indexed by square a1=0..h8=63: edges
 * bad (-20..-25), corners worst (-80), the central 2x2 best (50). Also the
 * search's order among captures (toward the centre first). Read-only. */
extern const int eval_pst[64];

/* Features of one colour, exposed for tests and for bots that want to
 * weigh them differently (a plain value). */
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

/* Fills *t with the static features of bitboard bb, which must not be
 * empty (an ongoing position has checkers of both colours). quads_init()
 * first. */
void eval_terms_of(loa_bitboard bb, eval_terms *t);

/* Static score of one colour's features (higher is better for it), in
 * evaluation points: the weighted sum of the features above. */
int eval_terms_score(const eval_terms *t);

/* Evaluation of b for its side to move, in evaluation points: own
 * features minus the opponent's, plus mobility and the tempo bonus. b must
 * be ongoing (both sides have checkers). quads_init() first. */
int eval_board(const loa_board *b);

#endif
