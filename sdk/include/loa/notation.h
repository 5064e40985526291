/*
 * loa/notation.h - move text in the notations LOA players meet.
 *
 *   CodinGame: `e2e3` (lower-case, 4 chars) and `pass`.
 *   Olympiad / Ludii / Discord Computer Olympiad Interface: `E2-E3`.
 *
 * Squares are a1 = 0 .. h8 = 63 (see bitboard.h). Pure and thread-safe.
 */
#ifndef LOA_NOTATION_H
#define LOA_NOTATION_H

#include "loa/movegen.h"
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Longest move text written below, NUL included ("E2-E3" + NUL). */
#define LOA_MOVE_STRING_MAX 8

/* Parses a square such as "e2" (lower-case file a..h, rank 1..8) from the
 * first two chars of text. Returns 0..63, or LOA_E_MOVE_SYNTAX. */
int loa_square_parse(const char *text);

/* Writes "e2" for sq (0..63) into buf[3]. */
void loa_square_format(int sq, char buf[3]);

/* Parses exactly a CodinGame move: "e2e3" or "pass", nothing before or
 * after. Case-sensitive, as on CodinGame. Returns 0 and sets *m, or
 * LOA_E_INVAL (NULL argument), LOA_E_MOVE_SYNTAX, LOA_E_MOVE_SAME_SQUARE.
 * The move is not checked against any position. */
int loa_move_parse(const char *text, loa_move *m);

/* Parses exactly an Olympiad move "E2-E3" (upper- or lower-case files accepted;
 * Ludii and the DCOI print upper-case) or "pass". Errors as loa_move_parse. */
int loa_move_parse_olympiad(const char *text, loa_move *m);

/* Writes "e2e3" or "pass" for m into buf (at least LOA_MOVE_STRING_MAX bytes).
 * LOA_MOVE_NONE is written as "null" (the protocol's lastMove before any
 * move). Returns buf. */
char *loa_move_format(loa_move m, char *buf);

/* Writes "E2-E3" or "pass" for m into buf (LOA_MOVE_STRING_MAX bytes). */
char *loa_move_format_olympiad(loa_move m, char *buf);

#ifdef __cplusplus
}
#endif
#endif
