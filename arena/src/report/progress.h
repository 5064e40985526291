/*
 * report/progress.h - what loa-arena shows while a league runs.
 *
 * LIVE (stdout is a terminal): one line redrawn in place: games done/total,
 * rate, ETA, current leader (best score so far), errors so far.
 * LINES (stdout is not a terminal): one plain line per finished game.
 * QUIET: nothing.
 * Warnings go to the error stream in every mode, clearing the live line
 * first so they never garble it.
 *
 * arena_progress is an opaque handle; one thread at a time (the runner's
 * calling thread).
 */
#ifndef ARENA_REPORT_PROGRESS_H
#define ARENA_REPORT_PROGRESS_H

#include <stdio.h>

#include "league/record.h"
#include "league/settings.h"

enum arena_progress_mode {
    ARENA_PROGRESS_LIVE = 0,
    ARENA_PROGRESS_LINES = 1,
    ARENA_PROGRESS_QUIET = 2
};

typedef struct arena_progress arena_progress;

/* Creates a display for a league of total games of which done are already
 * finished (resumed). s is borrowed and must outlive the display. Returns
 * NULL on out of memory. */
arena_progress *arena_progress_create(FILE *out, FILE *err, int mode, const arena_settings *s,
                                      int total, int done);

/* The league changed while it runs (a bot added, replaced or retired;
 * continuous mode's games raised): s (borrowed, as at creation) is the
 * league now, total and done its games; the tallies (leader, errors) start
 * from nothing: count the stored games again. */
void arena_progress_set_league(arena_progress *p, const arena_settings *s, int total, int done);

/* The league's games that count are total now (a game of a bot retired
 * while it was in flight, stored after all: one more than planned). */
void arena_progress_set_total(arena_progress *p, int total);

/* Counts count stored games of black against white (bot indices of the
 * league) ending with winner (0 black, 1 white, -1 a draw), faulted 1 when
 * a side was at fault, in the tallies (leader, errors) without showing
 * them, as arena_progress_game counts each game it shows (a resume counts
 * the database's tallies, store/store.h's arena_store_tally). */
void arena_progress_count_tally(arena_progress *p, int black, int white, int winner, int faulted,
                                int count);

/* A game just finished and was recorded: counts and shows it. */
void arena_progress_game(arena_progress *p, const arena_game_record *r);

/* Redraws the live line if it is due (at most 4 times a second). */
void arena_progress_tick(arena_progress *p);

/* Prints "loa-arena: warning: <msg>" on the error stream. */
void arena_progress_warn(arena_progress *p, const char *msg);

/* Prints "loa-arena: <msg>" on the error stream (an error game's line, a
 * bot that failed to start), clearing the live line first. */
void arena_progress_note(arena_progress *p, const char *msg);

/* Sets what the live line shows instead of the total, ETA and leader
 * (an SPRT match, whose total is only a maximum: its pairs and LLR); at
 * most 159 bytes are kept. NULL or "" goes back to the default line. */
void arena_progress_set_status(arena_progress *p, const char *text);

/* Prints text (one or more whole lines, e.g. interim standings or an SPRT
 * line) on the output stream, clearing the live line first; nothing in
 * QUIET mode. The live line is drawn again at the next tick. */
void arena_progress_print(arena_progress *p, const char *text);

/* Clears the live line (before the standings are printed). */
void arena_progress_end(arena_progress *p);

/* Games finished (shown with arena_progress_game) in this run. */
int arena_progress_played(const arena_progress *p);

/* Seconds since the display was created (monotonic clock): with
 * arena_progress_played, the run's rate in games per second. */
double arena_progress_elapsed_s(const arena_progress *p);

/* Frees the display (not its streams or settings). NULL is a no-op. */
void arena_progress_free(arena_progress *p);

#endif
