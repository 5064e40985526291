/*
 * bots/ab/score.h - loa-ab's score scale and ply bounds, shared by the
 * search (search.c, pvs.c) and the transposition table (tt.c).
 *
 * Scores are for the side to move, in evaluation points (eval.h: a group
 * joined is worth about 30). A won position scores SEARCH_WIN minus the
 * plies from the root to the win, so the search prefers the fastest win and
 * the slowest loss, and a table entry stores wins relative to its own node
 * (tt.h). Declarations only.
 */
#ifndef BOTS_AB_SCORE_H
#define BOTS_AB_SCORE_H

/* A win at the root; a win n plies away scores SEARCH_WIN - n. Far above
 * any evaluation (|eval| stays under a few thousand) and, with
 * SEARCH_INF, inside the int16_t of a table entry. */
#define SEARCH_WIN 30000

/* Beyond every score: the initial window and the "nothing searched yet"
 * best score. */
#define SEARCH_INF 32000

/* |score| above this is a forced win or loss: SEARCH_WIN minus at most
 * SEARCH_MAX_PLY plies, with room to spare. */
#define SEARCH_WIN_BOUND (SEARCH_WIN - 1000)

/* Deepest ply below the root (the sizes of the killer and PV arrays); a
 * node there is scored by the evaluation. Extensions do not exist, so
 * depth never exceeds SEARCH_MAX_DEPTH < SEARCH_MAX_PLY plies. */
#define SEARCH_MAX_PLY 64

/* Deepest iteration of the iterative deepening (--depth's upper bound).
 * Below SEARCH_MAX_PLY and within the int8_t depth of a table entry. */
#define SEARCH_MAX_DEPTH 48

#endif
