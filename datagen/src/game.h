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

/* The same game played by a bot speaking the CodinGame protocol, both
 * sides the command bot (run with /bin/sh -c, two processes started for
 * the game), through the referee library (ref/referee.h: CodinGame's
 * judging, the opening applied by the referee, each turn limited to
 * turn_ms ms, the seed of `random` the game's number); each ply's score
 * and depth are the metrics `score` and `depth` its bot printed on stderr
 * with it (util/metric.h, docs/metrics.md: [PDATA][turn] score = S). An
 * integer or real score is the bot's points (rounded); with win_score > 0
 * one beyond win_score - DATAGEN_WIN_SCORE_RANGE is a proven win or loss
 * win_score - |score| plies away (datagen_settings.win_score); no
 * depth: 0; the metric `nodes` summed in out->nodes. stop_fd (-1: none)
 * readable ends the game. Returns 0, DATAGEN_E_NOMEM, DATAGEN_E_OPENING,
 * DATAGEN_E_STOPPED, or DATAGEN_E_BOT with err quoting the command and the
 * game: a fault (timeout, illegal answer, crash, start) with the
 * referee's detail, a referee error, or a ply without a score metric.
 * Thread-safe (one out per call). */
int datagen_game_play_codingame(const char *bot, int turn_ms, int win_score, int stop_fd,
                                uint32_t game, const loa_move *opening, int nopen,
                                datagen_records *out, char *err, size_t errsz);

/* Appends r to out. Returns 0 or DATAGEN_E_NOMEM. */
int datagen_records_push(datagen_records *out, const datagen_record *r);

/* Labels every record of out with the game's end (its result for the
 * record's side to move) and its length in plies. */
void datagen_records_label(datagen_records *out, loa_status end, int plies);

#endif
