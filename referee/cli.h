/*
 * cli.h - loa-referee's command line: the options of CodinGame's SDK
 * referees and of the league tools that drive them (cg-brutaltester,
 * psyleague, cg-selfarena, cgarena: docs/referee.md), and this referee's
 * own long options. Kept apart from main.c, which plays the game.
 */
#ifndef LOA_REFEREE_CLI_H
#define LOA_REFEREE_CLI_H

#include "ref/referee.h"

/* Exit statuses of loa-referee (docs/referee.md, "Exit status"). */
enum { EXIT_PLAYED = 0, EXIT_REFEREE = 1, EXIT_USAGE = 2, EXIT_ABORTED = 130 };

/* Everything the command line decides. cfg.opening points into opening,
 * so the struct must outlive the game. */
typedef struct ref_cli {
    ref_config cfg;                    /* commands, names, cwds, seed, limits */
    loa_move opening[REF_OPENING_MAX]; /* --opening's plies (cfg.opening) */
    const char *record;                /* -l / --record: JSON record path, or NULL */
    const char *text_record;           /* --text-record path, or NULL */
    const char *html;                  /* --html path, or NULL */
    int have_seed;                     /* a seed was given (-d seed=, --seed, -seed) */
    int verbose;                       /* -v: every ply, and the summary line */
    int quiet;                         /* -q: no summary line even on a terminal */
    int olympiad;                      /* --olympiad: E2-E3 notation */
} ref_cli;

/* Parses argv into *cli (initialised here). Returns 1 when the game is to
 * be played; 0 when the program must exit at once with *status (--help,
 * --version: 0 after printing; a bad command line: 2 after one line on
 * stderr naming the offending word). Strings in *cli point into argv. */
int ref_cli_parse(int argc, char **argv, ref_cli *cli, int *status);

/* Whether the one-line summary goes to stderr: with -v, or when stderr is
 * a terminal and -q was not given. League tools read stderr through a pipe
 * (cg-brutaltester logs any stderr text as "Error during game N"), so they
 * never see it. stderr_is_tty is isatty(2), passed in for the tests. */
int ref_cli_wants_summary(const ref_cli *cli, int stderr_is_tty);

#endif
