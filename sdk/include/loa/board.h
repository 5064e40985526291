/*
 * loa/board.h - the position: two bitboards, side to move, ply count; game
 * status exactly as the CodinGame referee judges it; the one-line board
 * string.
 *
 * Rules source: CodinGame's online referee for Lines of Action, as restated
 * in docs/rules.md ("End of the game").
 *
 * loa_board is a plain value (copy it freely, no resources). Functions are
 * thread-safe as long as two threads do not write the same board.
 */
#ifndef LOA_BOARD_H
#define LOA_BOARD_H

#include "loa/bitboard.h"
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Colours. Black moves first; on CodinGame black is player index 0 ("p1"). */
typedef enum loa_color { LOA_BLACK = 0, LOA_WHITE = 1 } loa_color;

/* Total plies after which an undecided game is a draw (CodinGame rule). */
#define LOA_MAX_PLIES 150

/* Checkers of a side at the start, hence at most ever (a move never adds
 * one). Parsers refuse more; move lists are sized for it. */
#define LOA_MAX_CHECKERS 12

/* Longest board string loa_board_format() writes, NUL included. */
#define LOA_BOARD_STRING_MAX 96

typedef struct loa_board {
    loa_bitboard pieces[2]; /* pieces[LOA_BLACK], pieces[LOA_WHITE]; disjoint */
    loa_color side;         /* side to move */
    int ply;                /* plies played so far (passes count), 0 at start */
} loa_board;

/* Result of judging a position, see loa_board_status(). */
typedef enum loa_status {
    LOA_ONGOING = 0,
    LOA_BLACK_WINS = 1,
    LOA_WHITE_WINS = 2,
    LOA_DRAW = 3
} loa_status;

/* Sets *b to the start position: black b1-g1 and b8-g8, white a2-a7 and
 * h2-h7, black to move, ply 0. */
void loa_board_init(loa_board *b);

/* Judges the position right after a ply, in the referee's order:
 *   1. the mover (the side NOT to move now) is one group -> the mover wins
 *      (so a move that connects both sides wins for the mover);
 *   2. else the side to move is one group -> it wins;
 *   3. else b->ply >= max_plies -> draw (max_plies is LOA_MAX_PLIES on
 *      CodinGame; 0 or less means no limit);
 *   4. else ongoing.
 * A side with a single checker is connected. Pure; no allocation. */
loa_status loa_board_status(const loa_board *b, int max_plies);

/* Same as loa_board_status(b, LOA_MAX_PLIES) but skips the check of the side
 * to move when `opponent_changed` is 0. The side to move can only become
 * connected through a capture, so a search that only reaches positions whose
 * parent was ongoing may pass 0 after a non-capture: exactly the same answer,
 * about half the work. */
loa_status loa_board_status_after(const loa_board *b, int opponent_changed, int max_plies);

/* Parses the one-line board string: the 8 rows from rank 8 down to rank 1,
 * each 8 characters from the a-file to the h-file ('.' empty, 'b' black,
 * 'w' white), separated by '/', then one space and the side to move ('b' or
 * 'w'), then optionally one space and the ply count (default 0), e.g.
 *   .bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b
 * Returns 0 and fills *b, or LOA_E_INVAL (NULL argument), LOA_E_BOARD_ROWS,
 * LOA_E_BOARD_ROW_LENGTH, LOA_E_BOARD_CHAR, LOA_E_BOARD_SIDE,
 * LOA_E_BOARD_PLY, LOA_E_BOARD_NO_CHECKERS (a side has no checker),
 * LOA_E_BOARD_TOO_MANY (a side has more than LOA_MAX_CHECKERS) or
 * LOA_E_BOARD_TRAILING; *b is untouched on error. */
int loa_board_parse(const char *text, loa_board *b);

/* Writes the board string of b (side to move, and the ply when it is not 0)
 * into buf. Returns 0, or LOA_E_INVAL when buf is NULL or size is smaller
 * than LOA_BOARD_STRING_MAX. */
int loa_board_format(const loa_board *b, char *buf, size_t size);

/* The character of square sq (0..63): 'b', 'w' or '.'. */
char loa_board_square_char(const loa_board *b, int sq);

#ifdef __cplusplus
}
#endif
#endif
