/*
 * app/cli_options.h - loa-arena's options (internal to app/): getopt_long's
 * table and which options take a value, shared by cli.c (the getopt loop)
 * and cli_words.c (the word after an option that takes a value is that
 * value, never a fastchess word). Not thread-safe, as the command line.
 */
#ifndef ARENA_APP_CLI_OPTIONS_H
#define ARENA_APP_CLI_OPTIONS_H

#include <getopt.h>
#include <stddef.h>

#include "league/setting.h"

/* getopt_long's values: a setting's is ARENA_OPT_SETTING + its row's id (the
 * writable sandbox, ARENA_OPT_SANDBOX_RW); the app's own options follow. */
enum {
    ARENA_OPT_SETTING = 1000,
    ARENA_OPT_SANDBOX_RW = ARENA_OPT_SETTING + ARENA_SETTING_COUNT,
    ARENA_OPT_FORCE_NEW = 2000,
    ARENA_OPT_STANDINGS,
    ARENA_OPT_KEEP_GOING,
    ARENA_OPT_HTML,
    ARENA_OPT_ADD_BOT,
    ARENA_OPT_EXTEND,
    ARENA_OPT_EXCLUDE,
    ARENA_OPT_MERGE,
    ARENA_OPT_REPLACE_BOT,
    ARENA_OPT_RETIRE,
    ARENA_OPT_NO_SNAPSHOT,
    ARENA_OPT_ANALYSE,
    ARENA_OPT_SERVE,
    ARENA_OPT_LISTEN,
    ARENA_OPT_FILTER,
    ARENA_OPT_OPENING,
    ARENA_OPT_METRICS
};

/* The number of the app's own options (--bot, --merge, ...: not settings of
 * the league). */
#define ARENA_CLI_APP_OPTIONS 21

/* Room for every option: the settings' (and --sandbox-rw), the app's, and
 * the terminating entry. */
#define ARENA_CLI_MAX_OPTIONS (ARENA_SETTING_COUNT + 1 + ARENA_CLI_APP_OPTIONS + 1)

/* Fills opts[ARENA_CLI_MAX_OPTIONS] with getopt_long's table and shorts
 * (shorts_size bytes; 64 hold them) with its short options (':' after
 * those that take a value). */
void arena_cli_option_table(struct option *opts, char *shorts, size_t shorts_size);

/* 1 when argument a (as written: "--out", "-o") is an option whose value
 * is the next argument. */
int arena_cli_takes_value(const char *a);

#endif
