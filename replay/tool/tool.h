/*
 * tool.h - loa-replay's commands that give a bot the input of a recorded
 * game (internal to the executable): --input and --turn-only (input.c),
 * --through and --lost-by (through.c, lost_by.c). They sit in a unit of
 * their own (replay/tool/, CONTRIBUTING.md's Layers) because they call the
 * referee, the one writer of the protocol's input (ref/turn_input.h) and
 * the owner of processes and clocks (ref/through.h); the replay library
 * below it never does.
 */
#ifndef REPLAY_TOOL_H
#define REPLAY_TOOL_H

#include <stdint.h>
#include <stdio.h>

#include "loa/loa.h"
#include "ref/referee.h"
#include "replay/replay.h"

/* Exit statuses of loa-replay (docs/replay.md). */
enum { EXIT_DONE = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2, EXIT_BOT_FAILED = 3 };

/* A recorded game as the referee's walk takes it (owned arrays). */
typedef struct tool_game {
    loa_move *moves;       /* every ply applied, the opening first */
    unsigned char *random; /* per ply: 1 where the answer was `random` */
    int plies, opening_plies;
    int failed_turn; /* 1: an answer without a move ended the game at plies + 1 */
    int64_t seed;
    ref_limits limits;
    ref_time_mode time_mode;
} tool_game;

/* g's moves, flags, seed and limits into *t (free with tool_game_free).
 * Returns 0, or REPLAY_E_NOMEM / REPLAY_E_FIELD with err. */
int tool_game_of(const replay_game *g, tool_game *t, char *err, size_t errsz);
void tool_game_free(tool_game *t);

/* Checks that ply is a turn a bot played in g (not 0, not the opening's,
 * not past the end): 0, or REPLAY_E_PLY with err saying which. */
int tool_check_ply(const replay_game *g, int ply, char *err, size_t errsz);

/* Writes to out exactly the bytes the mover of ply read on its stdin from
 * the start of the game through that turn (turn_only: that turn's alone).
 * Nothing is written on a failure. Returns 0, REPLAY_E_PLY, REPLAY_E_NOMEM
 * or REPLAY_E_IO, with err. */
int tool_print_input(const replay_game *g, int ply, int turn_only, FILE *out, char *err,
                     size_t errsz);

/* What --through and --lost-by run. */
typedef struct tool_through {
    const char *command; /* the bot's shell command */
    int side;            /* 0 black, 1 white */
    int from_ply;        /* report from this ply on (0: all) */
    int quiet;           /* 1: no line per turn (--lost-by) */
} tool_through;

/* The counts of one or more runs. */
typedef struct tool_tally {
    int games, turns, same, different, faults;
} tool_tally;

/* Runs o->command through g on o->side (ref_through_run), printing a line
 * per reported turn and a summary to out; adds to *tally. Returns 0 (the
 * bot's faults are counted, not errors) or a REPLAY_E_* code with err. */
int tool_through_game(const replay_game *g, const tool_through *o, FILE *out, tool_tally *tally,
                      char *err, size_t errsz);

/* --lost-by: o->command run, on name's side, through every game of the
 * league in dir that name lost; a line a game, then the table. Returns the
 * exit status (said on stderr when not EXIT_DONE). */
int tool_lost_by(const char *dir, const char *name, const tool_through *o, FILE *out);

#endif
