/*
 * ref/turn_input.h - the bytes of a turn's input to a bot, public: the one
 * writer of CodinGame's protocol input (ref_turn_input, what the referee
 * writes every turn of every game) and a recorded game walked turn by turn
 * as the referee played it (ref_input_walk), so that a tool gives a bot the
 * exact bytes it read in a game (`loa-replay --input`, `--through`).
 *
 * The protocol (docs/referee.md, "The protocol and judging"), one line
 * each: the bot's colour `b`/`w` on its own first turn only; the 8 rows,
 * rank 8 first, `.bw` from file a to h; lastMove (`null` before any move,
 * `pass`, or `e2e3`); moveCount and the moves in byte order, or `1` and
 * `pass` when there is no legal move. A game's opening (ref_config.opening)
 * is applied by the referee, not sent: each bot's first input shows the
 * position after it, lastMove its last move.
 *
 * Pure (no I/O, no allocation); thread-safe on distinct walks.
 */
#ifndef REF_TURN_INPUT_H
#define REF_TURN_INPUT_H

#include <stddef.h>

#include "loa/loa.h"
#include "ref/referee.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes enough for any turn: colour, 8 rows, lastMove, count, 96 moves. */
#define REF_TURN_INPUT_MAX (2 + 8 * 9 + 5 + 4 + LOA_MAX_MOVES * 5 + 16)

/* Writes the input of the side to move in b into buf (REF_TURN_INPUT_MAX
 * bytes; no NUL added) and returns its length. last is the previous ply's
 * move (LOA_MOVE_NONE before any, LOA_MOVE_PASS); sorted[0..n) the legal
 * moves in byte order (loa_sort_moves), n = 0 for none. */
size_t ref_turn_input(char *buf, const loa_board *b, int first_turn, loa_move last,
                      const loa_move *sorted, int n);

/* A recorded game walked as the referee played it: the opening applied
 * first (no input), then one turn a ply. A value; the moves are borrowed. */
typedef struct ref_input_walk {
    loa_board board;             /* the position of the next turn */
    loa_move last;               /* lastMove of the next turn's input */
    int first[2];                /* 1 until black's, white's first turn was played */
    const loa_move *moves;       /* every ply applied in the game, the opening first */
    int plies, opening_plies;    /* their number, and the opening's */
    int next;                    /* plies applied: the next turn is ply next + 1 */
    loa_move gen[LOA_MAX_MOVES]; /* the next turn's legal moves, generation order
                                   (what `random` indexes: ref_answer_judge) */
    int n;                       /* their number (0: the side must pass) */
} ref_input_walk;

/* Starts a walk of moves[0..plies) (opening_plies of them the opening's,
 * 0 <= opening_plies <= plies) and applies the opening. Returns 0, or
 * REF_E_INVAL (a NULL argument, bad counts) or REF_E_OPENING (a ply of the
 * opening that is not legal: err, may be NULL, names it). */
int ref_input_walk_init(ref_input_walk *w, const loa_move *moves, int plies, int opening_plies,
                        char *err, size_t errsz);

/* The input of the next turn, ply w->next + 1 of w->board.side, into buf
 * (REF_TURN_INPUT_MAX bytes; no NUL added); returns its length. Valid also
 * when w->next == w->plies: the turn whose answer ended the game without a
 * move (a timeout, an invalid action). Does not change the walk. */
size_t ref_input_walk_turn(const ref_input_walk *w, char *buf);

/* Applies the next recorded ply (moves[w->next]). Returns 0, or REF_E_INVAL
 * when none is left or it is not legal in the position (err, may be NULL,
 * names the ply and the move). */
int ref_input_walk_apply(ref_input_walk *w, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
