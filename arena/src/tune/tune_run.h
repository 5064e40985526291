/*
 * tune/tune_run.h - a tune played (docs/tuning.md): its results directory
 * opened (tune/tune_dir.h) and its games read back (a resume), then each
 * iteration's games (tune/tune_state.h) on the runner's workers
 * (run/runner.h), every finished game appended to the journal before it
 * counts, the values printed every report_every pairs and at the end with
 * the command line that plays them, the snapshot and the page written
 * with each report.
 *
 * An iteration's games are all played before the next iteration starts
 * (its flips and theta depend on them), so at most 2 * pairs_per_iteration
 * games run at once, whatever the concurrency.
 *
 * Call from one thread (main()).
 */
#ifndef ARENA_TUNE_TUNE_RUN_H
#define ARENA_TUNE_TUNE_RUN_H

#include <stdio.h>

#include "tune/tune_file.h"

typedef struct arena_tune_run_config {
    const char *bin_dir; /* `{bin}` in the command (borrowed) */
    int interrupt_fd;    /* the caller's interrupt pipe (run/signals.h), -1: none */
    FILE *out;           /* the reports (stdout) */
    int quiet;           /* only the final report */
} arena_tune_run_config;

/* Why arena_tune_run stopped early (0: the tune is complete). */
enum {
    ARENA_TUNE_STOP_INTERRUPTED = 1, /* Ctrl-C: games so far are kept */
    ARENA_TUNE_STOP_START_FAILED = 2 /* the bot did not start: err says why */
};

/* Plays tune t (its openings loaded here into t->league) to its end, or
 * until interrupted. Returns 0 with *stopped 0 (complete) or
 * ARENA_TUNE_STOP_*, or a negative ARENA_E_* code with err saying why:
 * the codes of arena_tune_dir_open (a busy or foreign directory, I/O),
 * ARENA_E_PARSE (a journal line this tune did not play), ARENA_E_CONFIG
 * (the openings), ARENA_E_IO (a game could not be appended: the games so
 * far are kept), ARENA_E_REFEREE (games the referee could not run, twice
 * in a row), ARENA_E_SYSTEM or ARENA_E_NOMEM. */
int arena_tune_run(arena_tune *t, const arena_tune_run_config *cfg, int *stopped, char *err,
                   size_t errsz);

#endif
