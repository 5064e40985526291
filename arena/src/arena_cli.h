/*
 * arena_cli.h - loa-arena's command line: options (getopt_long), the
 * optional league file, and the flags that override it.
 *
 *   loa-arena [OPTIONS] [LEAGUE.json]
 *   loa-arena --out DIR [OPTIONS]     (DIR's own league: DIR/league.json)
 *   loa-arena --standings DIR
 *   loa-arena --html DIR
 *   loa-arena --merge OUT DIR...
 *
 * A league file is read first, then every flag given replaces its value
 * (--bot appends bots). The result is validated as a whole. Messages are
 * one line, without the program name. Not thread-safe (getopt state).
 */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H

#include <stdio.h>

#include "arena_analyse.h"
#include "arena_settings.h"

typedef struct arena_cli {
    arena_settings settings;  /* the league asked for (validated unless
                                 standings_dir, help or version is set) */
    char *league_file;        /* positional argument, NULL if none */
    char *standings_dir;      /* --standings DIR: only print standings */
    char *html_dir;           /* --html DIR: only (re)write DIR's pages */
    char *merge_out;          /* --merge OUT DIR...: merge result directories */
    char **merge_dirs;        /* the DIRs (copies), merge_count of them */
    int merge_count;
    char **add_bots;          /* --add-bot NAME=COMMAND (repeatable), add_bot_count */
    int add_bot_count;
    char **exclude;           /* --exclude NAME with --standings (repeatable) */
    int exclude_count;
    int force_new;            /* --force-new: archive an existing league in DIR */
    int quiet;                /* --quiet: no progress, no per-game lines */
    int help, version;        /* --help, --version */
    int anchor_set;           /* --anchor given (overrides a stored league's) */
    int keep_going;           /* --keep-going: a bot that fails to start forfeits
                                 its games instead of stopping the league */
    int out_derived;          /* out_dir is arena_settings_default_out() */
    int out_league;           /* no league file nor bots, and --out DIR holds a
                                 league: league_file is DIR/league.json */
    int sandbox;              /* --sandbox (1) / --sandbox-rw (2): every bot, over
                                 the league file's "sandbox" */
    arena_analyse_which analyse; /* --analyse WHICH: loa-analyse after the league */
} arena_cli;

/* Parses argv into *cli (which this initialises; free with
 * arena_cli_clear). Returns 0, ARENA_E_CONFIG (bad option or setting),
 * ARENA_E_PARSE (league file unreadable or malformed) or ARENA_E_NOMEM,
 * with err holding one line naming the bad input. */
int arena_cli_parse(int argc, char **argv, arena_cli *cli, char *err, size_t errsz);

/* Frees what *cli owns. */
void arena_cli_clear(arena_cli *cli);

/* Prints the usage text. */
void arena_cli_usage(FILE *out);

#endif
