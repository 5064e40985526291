/*
 * loa/zobrist.h - Zobrist hashing of positions (Zobrist 1970): the key is the
 * XOR of one fixed random 64-bit number per (colour, square) occupied, plus
 * one for "white to move". The numbers are generated at build time with
 * splitmix64 from a fixed seed, so keys are the same on every build and
 * machine. The ply count is not hashed (positions repeat across plies).
 * Const data: thread-safe. (In a single-file bot made by loa-bundle the
 * same numbers are computed before main() runs, and LOA_TABLES_CONST is
 * defined empty there; read them, never write them.)
 */
#ifndef LOA_ZOBRIST_H
#define LOA_ZOBRIST_H

#include "loa/movegen.h"
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef LOA_TABLES_CONST
#define LOA_TABLES_CONST const
#endif

extern LOA_TABLES_CONST uint64_t loa_zobrist_piece[2][64]; /* [colour][square] */
extern LOA_TABLES_CONST uint64_t loa_zobrist_side;         /* XORed in when white is to move */

/* Key of b computed from scratch. */
uint64_t loa_zobrist_key(const loa_board *b);

/* Key after playing m (legal, or LOA_MOVE_PASS) from a position with key
 * `key`, board b (before the move): the incremental update a search uses
 * instead of loa_zobrist_key() on the child. */
uint64_t loa_zobrist_update(uint64_t key, const loa_board *b, loa_move m);

#ifdef __cplusplus
}
#endif
#endif
