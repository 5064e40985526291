/*
 * cli.h - loa-datagen's command line: its options (usage in cli.c,
 * docs/datagen.md), the combinations refused, and the one-line errors and
 * exit statuses of a bad command line. Kept apart from main.c, which runs
 * what it asks.
 */
#ifndef DATAGEN_CLI_H
#define DATAGEN_CLI_H

#include "datagen/datagen.h"

/* Exit statuses of loa-datagen (docs/datagen.md, "Options"). */
enum { EXIT_DONE = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* Largest --concurrency (a bound that only refuses typos; also the most
 * CPUs the default counts). */
#define DATAGEN_CLI_MAX_WORKERS DATAGEN_MAX_WORKERS
/* Largest --seed: 2^53 - 1, so that the header's JSON number holds it exactly. */
#define DATAGEN_CLI_MAX_SEED 9007199254740991LL

typedef enum datagen_task { DATAGEN_TASK_RUN, DATAGEN_TASK_MERGE, DATAGEN_TASK_INFO } datagen_task;

/* Everything the command line decides (strings point into argv). */
typedef struct datagen_cli {
    datagen_task task;    /* generate (the default), --merge, --info */
    datagen_settings set; /* bot NULL: the default (loa-ab beside loa-datagen) */
    datagen_goal goal;    /* workers 0: the CPUs */
    const char *out;      /* -o FILE */
    int quiet;            /* -q: no progress line */
    int first;            /* argv[first..argc-1]: --merge's and --info's files */
} datagen_cli;

/* Parses argv into *cli (initialised here). Returns 1 when there is work to
 * do; 0 when the program must exit at once with *status (--help,
 * --version: EXIT_DONE after printing on stdout; a bad command line:
 * EXIT_USAGE after one line on stderr naming the option at fault). Uses
 * getopt_long's globals: not thread-safe, call once. */
int datagen_cli_parse(int argc, char **argv, datagen_cli *cli, int *status);

#endif
