/*
 * loa/features.h - the evaluation features of the strongest LOA programs,
 * as SDK calls, so that a bot weighs them instead of writing them again.
 *
 * Sources:
 *   [W03] M. H. M. Winands, H. J. van den Herik, J. W. H. M. Uiterwijk,
 *         "An evaluation function for Lines of Action", Advances in
 *         Computer Games 10 (Kluwer, 2003): the evaluator of MIA, the
 *         Computer Olympiad champion, built from nine features:
 *         concentration, centralisation, centre-of-mass position, quads,
 *         mobility, walls, connectedness, uniformity and the player to move.
 *   [W01] M. H. M. Winands, J. W. H. M. Uiterwijk, H. J. van den Herik,
 *         "The quad heuristic in Lines of Action", ICGA Journal 24(1),
 *         2001: the quad counts and the Euler number of a side's checkers.
 *   [G71] S. B. Gray, "Local properties of binary images in two
 *         dimensions", IEEE Trans. Computers 20(5), 1971: the Euler number
 *         of an 8-connected set from its 2x2 windows.
 * Each call below states the exact definition it computes (the SDK's,
 * where [W03] leaves details open), its units and its range, and
 * tests/check_features.c checks it against a plain implementation of that
 * definition over many random positions. How MIA combines them (weights,
 * averages, the player to move) is the bot's business: bots/ab/eval.c is
 * one evaluation built on these calls.
 *
 * Distances are king steps (Chebyshev: max(|files|, |ranks|)); squares are
 * a1 = 0 .. h8 = 63. Every call takes one colour's checkers as a bitboard
 * (or a position), allocates nothing and is pure: thread-safe.
 */
#ifndef LOA_FEATURES_H
#define LOA_FEATURES_H

#include "loa/board.h"
#include "loa/movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- centre of mass, concentration ----------------------------------- */

/* The centre of mass of a set of checkers as exact sums (a plain value):
 * the mean file is file_sum / count, the mean rank rank_sum / count. */
typedef struct loa_com {
    int count;    /* checkers, 0..64 */
    int file_sum; /* sum of their files, a = 0 .. h = 7 */
    int rank_sum; /* sum of their ranks, 1 = 0 .. 8 = 7 */
} loa_com;

/* The centre of mass of bb (popcounts, no loop over the checkers). */
loa_com loa_com_of(loa_bitboard bb);

/* The square nearest the centre of mass: file (file_sum + count / 2) /
 * count, rank likewise (halves round up); -1 when count is 0. The square
 * MIA measures concentration from [W03]. */
int loa_com_square(loa_com c);

/* King-step distance between squares a and b, 0..7. */
int loa_distance(int a, int b);

/* Sum of the king-step distances of the checkers of bb to square sq, in
 * king steps: 0 .. 7 * popcount(bb). */
int loa_distance_sum(loa_bitboard bb, int sq);

/* The least sum of king-step distances that n checkers can have to one
 * square: one on it, 8 at distance 1, 16 at distance 2, 8d at distance d
 * (rings cut by the board's edge are not considered: exact for n <= 25).
 * n <= 0 gives 0. For n = 0..12: 0 0 1 2 3 4 5 6 7 8 10 12 14. */
int loa_distance_min(int n);

/* Concentration as MIA measures it [W03]: the sum of the checkers'
 * king-step distances to their centre of mass (loa_com_square), minus the
 * least that many checkers can have (loa_distance_min): the "surplus of
 * distances", 0 for a side as tight as it can be. King steps, 0 .. 31 for
 * 12 checkers (a search over placements finds no more); 0 for an empty
 * bb. (MIA turns it into the inverse of the average distance per checker;
 * a bot may use the surplus directly.) */
int loa_concentration(loa_bitboard bb);

/* ---- centralisation, centre-of-mass position ------------------------- */

/* The default centralisation table (a piece-square table after MIA's
 * [W03], as LOA programs publish it), by square a1 = 0 .. h8 = 63:
 * corners -80, the other edge squares -25 beside a corner and -20 else,
 * the next ring 10, then 25, the central 2x2 50. Symmetric under every
 * rotation and reflection of the board. Read-only. */
extern const int loa_centre_table[64];

/* Centralisation [W03]: the sum of table[sq] over the checkers of bb, in
 * table points (the default table gives -520 .. 400 for 12 checkers);
 * table NULL means loa_centre_table. MIA uses the average per checker. */
int loa_centralisation(loa_bitboard bb, const int *table);

/* Centre-of-mass position [W03]: the king-step distance of square sq (a
 * centre of mass, loa_com_square) from the central 2x2 block d4 e4 d5 e5,
 * 0 (in it) .. 3 (on the edge). A bot that prefers a table reads its own
 * at loa_com_square() instead. */
int loa_centre_distance(int sq);

/* ---- quads and the Euler number -------------------------------------- */

/* Quad counts [W01]: the 2x2 windows of the board by what they hold of one
 * colour's checkers, over all 81 windows, the ones hanging over the edge
 * included (their outside squares are empty). q0 = 81 - the others. */
typedef struct loa_quads {
    int q1; /* windows with one checker */
    int q2; /* two checkers side by side (a row or a column) */
    int qd; /* two checkers on a diagonal */
    int q3; /* three checkers */
    int q4; /* four checkers */
} loa_quads;

/* The quad counts of bb, with bitboard operations over all windows at
 * once (no loop over windows or checkers). */
loa_quads loa_quad_counts(loa_bitboard bb);

/* 4 times the Euler number of bb: 4E = Q1 - Q3 - 2 Qd [G71, W01], where E
 * = groups (8-connected) - holes (empty areas they enclose). So E is at
 * most the number of groups, equal when no empty square is enclosed, and
 * E > 1 proves the side is not connected: a quick estimate of the groups.
 * At most 4 * popcount(bb); below 4 only when checkers enclose squares. */
int loa_euler4(loa_bitboard bb);

/* ---- uniformity, connectedness, walls -------------------------------- */

/* Uniformity [W03]: the area, in squares, of the smallest rectangle (sides
 * along the files and ranks) covering the checkers of bb, 1..64; 0 for an
 * empty bb. The smaller, the more uniformly close the checkers are. */
int loa_bounding_area(loa_bitboard bb);

/* Connectedness [W03]: the number of pairs of checkers of bb on adjacent
 * squares (8-neighbours), each pair once, 0 .. 4 * popcount(bb). MIA uses
 * the average per checker. */
int loa_connections(loa_bitboard bb);

/* Walls [W03] (MIA rewards checkers that fence the opponent's in on the
 * board's edge). The SDK's exact form: the number of checkers of opp on an
 * edge square whose every square one step off the edge holds a checker of
 * own: the three on the next rank or file for an edge square, the one
 * diagonal neighbour (b2, g2, b7, g7) for a corner. Such a checker can
 * move only along the edge: landing on a wall checker would need a
 * distance of 1 on a line that holds at least 2 checkers, and it may not
 * jump one. Checkers, 0..12. */
int loa_walls(loa_bitboard own, loa_bitboard opp);

/* ---- mobility -------------------------------------------------------- */

/* Weights of the move kinds for loa_mobility(), in any integer unit. */
typedef struct loa_mobility_weights {
    int quiet;        /* a move to an empty square off the edge */
    int capture;      /* a capture on a square off the edge */
    int quiet_edge;   /* a move to an empty edge square */
    int capture_edge; /* a capture on an edge square */
} loa_mobility_weights;

/* Weights after MIA's [W03], which counts a capture above a quiet move and
 * a move onto the board's edge below one: here, in half moves, a capture
 * double and a move onto the edge half, {2, 4, 1, 2}. A starting point to
 * tune, not a measured optimum. Read-only. */
extern const loa_mobility_weights loa_mobility_mia;

/* Mobility [W03]: the weighted sum of the legal moves that `side` would
 * have in b if it were to move (b->side and b->ply are ignored), each move
 * weighted by its kind. w NULL counts every move 1 (loa_count_moves() of
 * that side). 0 .. 96 * the largest weight. */
int loa_mobility(const loa_board *b, loa_color side, const loa_mobility_weights *w);

/* ---- the incremental form -------------------------------------------- */

/* What MIA keeps incrementally [W01, W03]: each colour's centre of mass
 * and quad counts, updated by the squares a move changes instead of
 * recomputed (a square's change is one lookup by its 8 neighbours). A
 * plain value: copy it with the board for copy-make. */
typedef struct loa_feature_state {
    loa_com com[2];    /* [LOA_BLACK], [LOA_WHITE] */
    uint64_t quads[2]; /* packed quad counts: read them with loa_features_quads() */
} loa_feature_state;

/* Sets *f from the checkers of b. */
void loa_features_init(loa_feature_state *f, const loa_board *b);

/* Updates *f for move m (a legal move or LOA_MOVE_PASS) of b->side, with b
 * the position BEFORE the move, like loa_zobrist_update(): call it, then
 * loa_make_move(b, m, ...). Afterwards *f equals what loa_features_init()
 * gives for the position after m. */
void loa_features_move(loa_feature_state *f, const loa_board *b, loa_move m);

/* Undoes loa_features_move(f, b, m): b is again the position before m
 * (call it after loa_unmake_move()). */
void loa_features_unmove(loa_feature_state *f, const loa_board *b, loa_move m);

/* The quad counts of colour c in *f: what loa_quad_counts() gives for
 * that colour's checkers. */
loa_quads loa_features_quads(const loa_feature_state *f, loa_color c);

/* 4E of colour c in *f: loa_euler4() of its checkers. */
int loa_features_euler4(const loa_feature_state *f, loa_color c);

#ifdef __cplusplus
}
#endif
#endif
