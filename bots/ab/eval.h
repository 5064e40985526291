/*
 * bots/ab/eval.h - loa-ab's static evaluation (eval.c): a weighted sum of
 * the features of the LOA literature, each computed by the SDK
 * (loa/features.h gives their definitions and sources: M. H. M. Winands,
 * H. J. van den Herik, J. W. H. M. Uiterwijk, "An evaluation function for
 * Lines of Action", Advances in Computer Games 10, 2003, MIA's evaluation;
 * Winands et al., "The quad heuristic in Lines of Action", ICGA Journal
 * 24(1), 2001):
 *   - concentration: the surplus of the checkers' distances to their
 *     centre of mass over the least possible (loa_concentration);
 *   - centralisation: the SDK's table, averaged over the checkers;
 *   - centre of mass: how far it sits from the board's centre;
 *   - quads: the Euler number 4E = Q1 - Q3 - 2*Qd (loa_euler4), an
 *     approximation of the number of groups;
 *   - uniformity: the area of the rectangle bounding the checkers;
 *   - mobility: the number of legal moves (walls of checkers that block
 *     the opponent show up as their low mobility);
 *   - a small bonus for the side to move.
 * Scores are from the side to move's point of view, in points where a
 * group joined is worth about 30. Pure and thread-safe.
 */
#ifndef BOTS_AB_EVAL_H
#define BOTS_AB_EVAL_H

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/nn.h"

/* Default weights (the values of loa-ab's --w-* options; changing one
 * changes the bench signature: docs/bots.md; tuning them: docs/tuning.md). */
#define EVAL_W_CONCENTRATION 8 /* per square of surplus distance to the centre of mass */
#define EVAL_W_EULER4 8        /* per unit of 4E (so 32 per group) */
#define EVAL_W_CENTRE_PST 2    /* per point of the average table value */
#define EVAL_W_COM_CENTRE 4    /* per square between the centre of mass and the centre */
#define EVAL_W_AREA 1          /* per square of bounding rectangle */
#define EVAL_W_MOBILITY 2      /* per legal move */
#define EVAL_TEMPO 15          /* side to move */

/* The weights in use: the defaults above unless loa-ab's options set them
 * (before the first search; read-only after). */
typedef struct eval_weights {
    int concentration, euler4, centre_pst, com_centre, area, mobility, tempo;
} eval_weights;
extern eval_weights eval_w;

/* Centralisation table: the SDK's (loa_centre_table, after MIA's), indexed
 * by square a1=0..h8=63: edges bad (-20..-25), corners worst (-80), the
 * central 2x2 best (50). Also the search's order among captures (toward
 * the centre first). Read-only. */
#define eval_pst loa_centre_table

/* Features of one colour, exposed for tests and for bots that want to
 * weigh them differently (a plain value). */
typedef struct eval_terms {
    int count;    /* checkers */
    int com_file; /* centre of mass, rounded to a square: file 0..7 */
    int com_rank; /*                                      rank 0..7 */
    int surplus;  /* sum of king-step distances to the centre of mass, minus the least possible */
    int pst_avg;  /* average centralisation table value */
    int com_off;  /* king-step distance of the centre of mass from the central 2x2 */
    int euler4;   /* 4E = Q1 - Q3 - 2*Qd */
    int area;     /* squares of the bounding rectangle */
} eval_terms;

/* Fills *t with the static features of bitboard bb, which must not be
 * empty (an ongoing position has checkers of both colours). */
void eval_terms_of(loa_bitboard bb, eval_terms *t);

/* Static score of one colour's features (higher is better for it), in
 * evaluation points: the weighted sum of the features above. */
int eval_terms_score(const eval_terms *t);

/* Evaluation of b for its side to move, in evaluation points: own
 * features minus the opponent's, plus mobility and the tempo bonus. b must
 * be ongoing (both sides have checkers). */
int eval_board(const loa_board *b);

/* The network the search evaluates with (loa-ab --eval nn), or NULL for
 * eval_board: set before the first search, read-only after. */
extern const loa_nn *eval_nn;

/* The search's evaluation of b for its side to move, in points:
 * loa_nn_eval(eval_nn, b) when a network is set, else eval_board(b). */
int eval_position(const loa_board *b);

#endif
