/*
 * game.h - one self-play game of the bot (an analysis engine) from an
 * opening: every position after the opening searched, the bot's move
 * played, until the game ends; a record per position, labelled with the
 * result once it is known.
 */
#ifndef DATAGEN_GAME_H
#define DATAGEN_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/engine.h"
#include "datagen/format.h"
#include "loa/loa.h"

/* A growable array of records (owned: free rec). */
typedef struct datagen_records {
    datagen_record *rec;
    int n, cap;
    int64_t nodes; /* the nodes the bot reported for them (0 when it does not say) */
} datagen_records;

/* Plays game number game from the start position and opening[0..nopen)
 * (legal plies leaving the game on: ref_opening_check) with engine e at
 * budget lim: out (emptied first) gets one record per position searched
 * (datagen_record_of), in ply order, each with the game's result for its
 * side to move and game_plies. Returns 0, DATAGEN_E_NOMEM, DATAGEN_E_OPENING
 * (the opening ends the game or is illegal: err says which ply), or
 * DATAGEN_E_BOT / DATAGEN_E_STOPPED with err from the engine (its command
 * and the position). Thread-safe for distinct engines and outputs. */
int datagen_game_play(analysis_engine *e, analysis_limit lim, uint32_t game,
                      const loa_move *opening, int nopen, datagen_records *out, char *err,
                      size_t errsz);

#endif
