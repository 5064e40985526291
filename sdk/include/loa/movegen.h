/*
 * loa/movegen.h - moves, legal move generation, make/unmake.
 *
 * A loa_move packs from (bits 0-5) and to (bits 6-11) squares, plus
 * LOA_MOVE_CAPTURE (bit 12) when the destination holds an opponent checker.
 * LOA_MOVE_PASS is the pass; LOA_MOVE_NONE (0) means "no move" (a1a1 is never
 * a move). Move lists are caller-supplied arrays of LOA_MAX_MOVES entries.
 *
 * Rules (docs/rules.md): a checker moves along its row,
 * column or diagonal exactly as many squares as there are checkers of both
 * colours on that whole line; it may jump its own checkers, never an opponent
 * checker; it lands on an empty square or captures an opponent checker, never
 * on its own checker.
 *
 * Line-occupancy tables (generated at build time, see sdk/tools/gen_tables.c)
 * give the move set of a whole row, column or diagonal from its own/opponent
 * patterns, so generation costs one lookup per line, not per checker.
 * Everything here is pure and thread-safe (the tables are const).
 */
#ifndef LOA_MOVEGEN_H
#define LOA_MOVEGEN_H

#include "loa/board.h"
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint16_t loa_move;

/* Upper bound on the legal moves of a position: 12 checkers x 8 directions. */
#define LOA_MAX_MOVES 96

#define LOA_MOVE_NONE ((loa_move)0)
#define LOA_MOVE_PASS ((loa_move)0xFFFF)
#define LOA_MOVE_CAPTURE ((loa_move)0x1000)

#define LOA_MOVE_MAKE(from, to) ((loa_move)((from) | ((to) << 6)))
#define LOA_MOVE_FROM(m) ((int)((m)&63))
#define LOA_MOVE_TO(m) ((int)(((m) >> 6) & 63))
/* Two moves with the same squares compare equal whatever their flags. */
#define LOA_MOVE_SQUARES(m) ((loa_move)((m)&0x0FFF))

/* Undo record filled by loa_make_move(), consumed by loa_unmake_move(). */
typedef struct loa_undo {
    loa_move move; /* the move made (LOA_MOVE_PASS for a pass) */
    int captured;  /* 1 if an opponent checker was removed */
} loa_undo;

/* Writes the legal moves of the side to move into moves[0..n-1] (n returned,
 * at most LOA_MAX_MOVES) in the SDK's fast order (line by line; no ordering
 * guarantee a caller may rely on). 0 means the side must pass. Captures carry
 * LOA_MOVE_CAPTURE. A side with more than LOA_MAX_CHECKERS checkers (no LOA
 * position; the parsers refuse it) gets 0 moves, so the buffer is never
 * overrun. */
int loa_generate_moves(const loa_board *b, loa_move *moves);

/* Same set of moves (and the same LOA_MAX_CHECKERS guard) in the CodinGame
 * referee's generation order (the order
 * in which `random` and prefix matching pick moves; see the reference,
 * "`random` is reproducible"): rows rank 1..8, columns a..h, the file+rank
 * diagonals from a2..a8 then h2..h7, the file-rank diagonals from a1..a7 then
 * b1..g1; on each line cells in line order, each own checker trying the
 * move toward the line's start, then toward its end. */
int loa_generate_moves_cg(const loa_board *b, loa_move *moves);

/* Number of legal moves of the side to move, without listing them (the
 * perft leaf count). */
int loa_count_moves(const loa_board *b);

/* 1 if m (flags ignored) is a legal move of the side to move in b, else 0.
 * LOA_MOVE_PASS is legal exactly when there is no legal move. */
int loa_is_legal(const loa_board *b, loa_move m);

/* Sorts moves[0..n-1] into plain byte order of their `e2e3` strings (the
 * order in which the referee lists moves to bots): from file, from rank,
 * to file, to rank. */
void loa_sort_moves(loa_move *moves, int n);

/* Plays m (a legal move or LOA_MOVE_PASS) for the side to move: moves the
 * checker, removes a captured one, flips the side, increments the ply.
 * Fills *u (may be NULL when the caller never unmakes). m is not checked:
 * an illegal m gives an unspecified but memory-safe board. */
void loa_make_move(loa_board *b, loa_move m, loa_undo *u);

/* Takes back the move recorded in *u, which must be the last one made. */
void loa_unmake_move(loa_board *b, const loa_undo *u);

/* Number of positions at exactly `depth` plies from b (perft). A position
 * won by either side (loa_board_status != ONGOING, ply limit ignored) is not
 * expanded, and a won b gives 0; a side with no move passes (one move).
 * depth 0 returns 1. No allocation and no global state (thread-safe); uses
 * about 7 KB of stack plus about 0.6 KB per ply of depth. */
uint64_t loa_perft(const loa_board *b, int depth);

#ifdef __cplusplus
}
#endif
#endif
