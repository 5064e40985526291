/*
 * label.h - what a position's record says besides the board: its flags by
 * the rules (a connection available, a threat, a capture), the bot's score
 * in the file's int16 scale, the game's result for the side to move, and
 * the filters that keep or drop it (docs/datagen.md, "Filters"). Pure
 * functions: thread-safe.
 */
#ifndef DATAGEN_LABEL_H
#define DATAGEN_LABEL_H

#include <stdint.h>

#include "analysis/engine.h"
#include "datagen/datagen.h"
#include "datagen/format.h"
#include "loa/loa.h"

/* 1 if the side to move in b has a legal move that wins at once (its
 * checkers connected after it: loa_board_status says the mover wins, a
 * move that connects both sides included), else 0. */
int datagen_can_connect(const loa_board *b);

/* The flags the rules give position b and the move m played from it
 * (legal squares, or LOA_MOVE_PASS): DATAGEN_FLAG_CONNECT,
 * DATAGEN_FLAG_THREAT (the opponent can connect were it to move),
 * DATAGEN_FLAG_CAPTURE. */
unsigned datagen_position_flags(const loa_board *b, loa_move m);

/* The reply's score in the file's scale (format.h): points clamped to
 * +-(DATAGEN_SCORE_PROVEN - 1); a proven win P plies away
 * DATAGEN_SCORE_WIN - P, a loss its negation, P capped at
 * DATAGEN_SCORE_WIN - DATAGEN_SCORE_PROVEN. */
int16_t datagen_score_of(const analysis_reply *r);

/* The record of position b, its reply r and game number game (result,
 * game_plies and DATAGEN_FLAG_GAME_END left 0). */
datagen_record datagen_record_of(const loa_board *b, const analysis_reply *r, uint32_t game);

/* 1 if f keeps r, else 0. */
int datagen_filter_keeps(const datagen_filter *f, const datagen_record *r);

#endif
