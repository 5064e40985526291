/*
 * app/cli.h - loa-arena's command line: argv (fastchess's words first,
 * app/cli_words.h; then getopt_long over the options of the settings table,
 * league/setting.h, and the app's own) and the optional league file become
 * a request: the league's settings, the task, the flags of the run.
 *
 *   loa-arena [OPTIONS] [LEAGUE.json]
 *   loa-arena --out DIR [OPTIONS]     (DIR's own league: DIR/league.json)
 *   loa-arena --standings DIR
 *   loa-arena --html DIR
 *   loa-arena --merge OUT DIR...
 *   loa-arena --add-bot NAME=COMMAND --out DIR
 *   loa-arena --replace-bot NAME=COMMAND --out DIR
 *   loa-arena --retire NAME --out DIR
 *
 * A league file is read first, then every setting given as an option
 * replaces its value (--bot appends bots). The result is validated as a
 * whole and its openings read. Messages are one line, without the program
 * name. Not thread-safe (getopt's state): call from main().
 */
#ifndef ARENA_APP_CLI_H
#define ARENA_APP_CLI_H

#include <stdio.h>

#include "app/analyse.h"
#include "league/settings.h"
#include "store/store.h" /* arena_change */

/* What loa-arena does. */
typedef enum arena_task {
    ARENA_TASK_RUN = 0,   /* play the league (app/league_run.h) */
    ARENA_TASK_CHANGE,    /* --add-bot, --replace-bot, --retire: the changes asked of
                             DIR's league (handed to the arena running it, or
                             applied and played here) */
    ARENA_TASK_STANDINGS, /* --standings DIR: print its standings */
    ARENA_TASK_HTML,      /* --html DIR: (re)write its pages */
    ARENA_TASK_SERVE,     /* serve DIR, --serve DIR: its pages over HTTP (app/serve.h) */
    ARENA_TASK_MERGE,     /* --merge OUT DIR...: merge result directories */
    ARENA_TASK_HELP,      /* --help */
    ARENA_TASK_VERSION    /* --version */
} arena_task;

typedef struct arena_request {
    arena_settings settings; /* the league asked for (validated, its openings
                                 read, for RUN; for CHANGE, DIR's league with the
                                 run's options; STANDINGS: only --anchor;
                                 MERGE: only --pages) */
    arena_task task;
    char *league_file; /* positional argument, NULL if none */
    char *dir;         /* STANDINGS, HTML, SERVE: DIR; MERGE: OUT */
    char *listen;      /* SERVE: --listen ADDR:PORT, NULL: ARENA_SERVE_LISTEN */
    char **dirs;       /* MERGE: the DIRs (copies), dir_count of them */
    int dir_count;
    arena_change *changes; /* --add-bot NAME=COMMAND, --replace-bot NAME=COMMAND,
                                 --retire NAME (repeatable, in order; strings owned:
                                 name and command malloc'd), change_count */
    int change_count;
    int no_snapshot; /* --no-snapshot: the bots joining the league run
                                 where they are, not copied (store/snapshot.h) */
    int apply_only;  /* CHANGE of --retire only: apply, play nothing */
    char **exclude;  /* --exclude NAME with --standings (repeatable) */
    int exclude_count;
    char *filter;       /* --filter EXPR with --standings: the games counted (results/filter.h) */
    char *opening;      /* --opening MOVES with --standings: only the games from it */
    int metrics;        /* --metrics with --standings: the metrics bots reported, summed up */
    char *metrics_only; /* --metrics=NAMES: only those (comma-separated); NULL: all */
    /* the flags of the run */
    int force_new;               /* --force-new: archive an existing league in DIR */
    int quiet;                   /* --quiet: no progress, no per-game lines */
    int help, version;           /* --help, --version (the task too) */
    int anchor_set;              /* --anchor given (overrides a stored league's) */
    int keep_going;              /* --keep-going: a bot that fails to start forfeits
                                 its games instead of stopping the league */
    int out_derived;             /* out_dir is arena_settings_default_out() */
    int out_league;              /* no league file nor bots, and --out DIR holds a
                                 league: league_file is DIR/league.json */
    arena_analyse_which analyse; /* --analyse WHICH: loa-analyse once the league
                                 is played (app/analyse.h) */
} arena_request;

/* Parses argv into *req (which this initialises; free with
 * arena_cli_clear). Returns 0, ARENA_E_CONFIG (bad option or setting),
 * ARENA_E_PARSE (league file unreadable or malformed) or ARENA_E_NOMEM,
 * with err holding one line naming the bad input. */
int arena_cli_parse(int argc, char **argv, arena_request *req, char *err, size_t errsz);

/* Frees what *req owns. */
void arena_cli_clear(arena_request *req);

/* Prints the usage text: the settings' options from their table. */
void arena_cli_usage(FILE *out);

#endif
