/*
 * cli.h - loa-analyse's command line: its options (usage in cli.c,
 * docs/analysis.md), the combinations refused, and the one-line errors and
 * exit statuses of a bad command line. Kept apart from main.c, which runs
 * the analysis or writes the suite.
 */
#ifndef ANALYSIS_CLI_H
#define ANALYSIS_CLI_H

#include <stdint.h>

#include "analysis/analysis.h"

/* Exit statuses of loa-analyse (docs/analysis.md, "Exit status"). */
enum { EXIT_DONE = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* Most --game ids. */
#define ANALYSIS_CLI_MAX_IDS 4096
/* Largest --jobs (a bound that only refuses typos; also the most CPUs the
 * default counts). */
#define ANALYSIS_CLI_MAX_JOBS 256

/* Everything the command line decides. filter.ids points into ids, so the
 * struct must stay where it was parsed (main keeps it static: ids is 32 KiB).
 * Strings point into argv. */
typedef struct analysis_cli {
    analysis_filter filter;            /* --bot, --lost, --faults, --game */
    int64_t ids[ANALYSIS_CLI_MAX_IDS]; /* --game's ids (filter.ids) */
    analysis_options opt;              /* budget, --jobs (0: the CPUs), --engine
                                            (NULL: the default), --scale; stop_fd -1 */
    int pages;                         /* 0 with --no-pages */
    int quiet, marks, keep;            /* -q, --marks, --keep */
    const char *suite;                 /* --suite FILE, or NULL: analyse */
    int before;                        /* --before N (ANALYSIS_SUITE_BEFORE) */
    int first;                         /* argv[first..argc-1]: the games and leagues */
} analysis_cli;

/* Parses argv into *cli (initialised here). Returns 1 when there is work to
 * do; 0 when the program must exit at once with *status (--help,
 * --version: EXIT_DONE after printing on stdout; a bad command line:
 * EXIT_USAGE after one line on stderr naming the option at fault). Reads
 * the inputs only to check --bot NAME (analysis_bot_missing()). Uses
 * getopt_long's globals: not thread-safe, call once. */
int analysis_cli_parse(int argc, char **argv, analysis_cli *cli, int *status);

#endif
