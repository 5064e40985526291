/*
 * bots/ab/search_params.h - loa-ab's search parameters: the named constants
 * of the tree search (pvs.c) and of the iterations (search.c), and the
 * defaults of search_p (search.h), which loa-ab's options set.
 *
 * The named constants below are the search's parameters, in the manner of
 * Ethereal's search.c: each says why it has its value. They were set by
 * self-play matches (loa-arena SPRTs); changing one changes the bench
 * signature (loa-ab --bench, docs/bots.md) and needs a match to justify it.
 * Declarations only.
 */
#ifndef BOTS_AB_SEARCH_PARAMS_H
#define BOTS_AB_SEARCH_PARAMS_H

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

#endif
