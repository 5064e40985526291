/*
 * loa/loa.h - the LOA bot SDK, everything in one include.
 *
 *   bitboard.h  squares (a1 = 0 .. h8 = 63), bitboards, connection test
 *   board.h     position, status after a ply, board string
 *   movegen.h   moves, generation (fast and CodinGame order), make/unmake, perft
 *   notation.h  `e2e3`, `pass`, `E2-E3`
 *   random.h    java.util.Random-compatible generator (CodinGame's `random`)
 *   zobrist.h   position hashing
 *   timer.h     monotonic milliseconds
 *   turn.h      read a turn from the referee, write the answer
 *   answer.h    judge an answer line as the referee does (move, random, pass, invalid)
 *   error.h     error codes, loa_strerror()
 *
 * Link with -lloa (pkg-config: loa; CMake: find_package(loa) -> loa::loa).
 */
#ifndef LOA_LOA_H
#define LOA_LOA_H

#define LOA_VERSION_MAJOR 0
#define LOA_VERSION_MINOR 1
#define LOA_VERSION_PATCH 0

#include "loa/error.h"
#include "loa/bitboard.h"
#include "loa/board.h"
#include "loa/movegen.h"
#include "loa/notation.h"
#include "loa/random.h"
#include "loa/zobrist.h"
#include "loa/timer.h"
#include "loa/turn.h"
#include "loa/answer.h"

#endif
