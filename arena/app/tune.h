/*
 * app/tune.h - loa-tune, the SPSA tuner over the arena (docs/tuning.md):
 *
 *   loa-tune [-o DIR] [-c N] [-q] [--report N] TUNEFILE
 *
 * The tune file (tune/tune_file.h) is read, options replace its "out",
 * "concurrency" (through their rows of the settings table) and
 * "report_every", and the tune is played (tune/tune_run.h), resuming what
 * DIR holds. Not thread-safe (getopt's state, the signal handlers): call
 * from main().
 */
#ifndef ARENA_APP_TUNE_H
#define ARENA_APP_TUNE_H

/* loa-tune's whole run; returns the exit status: 0 the tune is complete
 * (its values printed), 1 an I/O failure or a game the referee could not
 * run (the games so far are kept), 2 bad input (nothing played), 3 the bot
 * failed to start, 130 interrupted (the games so far are kept). */
int arena_tune_main(int argc, char **argv);

#endif
