/*
 * tune/tune_state.h - where a tune stands: theta, the pairs played, the
 * iteration in play and the trajectory, as a function of the games
 * finished (stats/spsa.h for the formulas, fishtest's).
 *
 * An iteration is t->batch game pairs (fewer at the end) that start after
 * `iter` pairs: every parameter gets a flip of +1 or -1 drawn from the
 * tune's seed and iter (SplitMix64, core/seed.h), so that the same tune
 * draws the same flips on every run; bot 0 ("plus") plays theta + c_k *
 * flip and bot 1 ("minus") theta - c_k * flip, pair p's games on pair p's
 * seed and opening (a league's round p), plus black in the first, white in
 * the second. When all its games are in, theta moves by R_k * c_k *
 * (plus's wins - its losses) * flip and the next iteration starts. The
 * order in which an iteration's games finish does not matter, so a resumed
 * tune that reads its games back (arena_tune_state_add, in file order)
 * stands exactly where the interrupted one stood.
 *
 * A plain value with a malloc'd trajectory: arena_tune_state_init(), then
 * arena_tune_state_free(). One thread.
 */
#ifndef ARENA_TUNE_TUNE_STATE_H
#define ARENA_TUNE_TUNE_STATE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "league/record.h"
#include "league/schedule.h"
#include "stats/spsa.h"
#include "tune/tune_file.h"

/* About this many points of the trajectory are kept (fishtest keeps 100):
 * theta after every period = max(1, pairs / ARENA_TUNE_HISTORY_POINTS)
 * pairs, and at the end. */
#define ARENA_TUNE_HISTORY_POINTS 500

/* The iteration in play: its pairs, flips, gains and the values played. */
typedef struct arena_tune_batch {
    int first_pair;                   /* = the state's iter */
    int pairs;                        /* t->batch, fewer at the end */
    int flips[ARENA_TUNE_MAX_PARAMS]; /* +1 or -1 */
    arena_spsa_gain gains[ARENA_TUNE_MAX_PARAMS];
    double plus[ARENA_TUNE_MAX_PARAMS]; /* as played (rounded for an int) */
    double minus[ARENA_TUNE_MAX_PARAMS];
} arena_tune_batch;

typedef struct arena_tune_state {
    const arena_tune *t; /* borrowed */
    arena_spsa_schedule schedule;
    int iter; /* pairs of the completed iterations */
    double theta[ARENA_TUNE_MAX_PARAMS];
    arena_tune_batch batch;                       /* the iteration in play (iter < pairs) */
    unsigned char done[2 * ARENA_TUNE_BATCH_MAX]; /* its games in, by 2 * (pair -
                                                     first_pair) + swap */
    int result;                                   /* plus's wins minus losses in it so far */
    int games;                                    /* games in, all iterations */
    int wins, draws, losses;                      /* of the + version, all iterations */
    int hist_count, hist_cap;                     /* the trajectory: theta after hist_iter[i] */
    int *hist_iter;                               /* pairs (the first point: 0, the start) */
    double *hist_theta;                           /* hist_count * param_count values */
} arena_tune_state;

/* The state of tune t before any game: theta the starts, the first
 * iteration in play. Returns 0 or ARENA_E_NOMEM. */
int arena_tune_state_init(arena_tune_state *st, const arena_tune *t);
void arena_tune_state_free(arena_tune_state *st);

/* 1 when every pair is played. */
int arena_tune_state_done(const arena_tune_state *st);

/* The game (swap 0: plus black) of pair `pair` of the iteration in play,
 * as the runner plays it: id 2 * pair + swap, round pair, its seed and
 * opening. bots 0 plus, 1 minus. */
void arena_tune_state_spec(const arena_tune_state *st, int pair, int swap, arena_game_spec *out);

/* A finished game of the iteration in play (its record: id, black, white,
 * winner): counted; when it completes the iteration, theta moves and the
 * next iteration starts (*moved set, may be NULL). Returns 0, or
 * ARENA_E_PARSE when the game is not one of the iteration's or is in
 * already (err says which). */
int arena_tune_state_add(arena_tune_state *st, const arena_game_record *r, int *moved, char *err,
                         size_t errsz);

/* The journal line of a finished game: the record's line
 * (arena_record_to_json over the tune's league) with "pair" and the values
 * both versions played ("plus", "minus": {name: value}). Caller owns;
 * NULL on out of memory. */
cJSON *arena_tune_state_line(const arena_tune_state *st, const arena_game_record *r);

/* Reads the journal's lines (tune/tune_dir.h) back into st, from the
 * start state: each must be a game of the iteration in play, played with
 * the values this tune gives it. Returns 0 or ARENA_E_PARSE (err names
 * the line: a foreign game, values that differ, a game twice). */
int arena_tune_state_replay(arena_tune_state *st, const cJSON *lines, const char *path, char *err,
                            size_t errsz);

/* The snapshot (DIR/tune-state.json, docs/tuning.md): pairs, pairs played,
 * games, theta and the values it plays, the parameters' ranges, the
 * trajectory and the command line of the values (command, {bin} and {dir}
 * expanded with bin_dir and the league's base). Caller owns; NULL on out
 * of memory. */
cJSON *arena_tune_state_json(const arena_tune_state *st, const char *bin_dir);

#endif
