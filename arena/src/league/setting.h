/*
 * league/setting.h - the rows of the settings table (ARENA_SETTING_MAP,
 * league/setting_table.h) as data, and what is made of a row: a setting
 * read from a command-line value (setting.c) or a league-file item
 * (setting_json.c), checked, written into the identity, compared, shown in
 * messages and in --help. From them come the league-file reader
 * (league/league_file.c), the option table and --help of loa-arena
 * (app/cli.c, app/cli_usage.c), the identity JSON and its comparison
 * (league/settings_identity.c) and the range checks with their messages
 * (league/settings_check.c).
 *
 * The rows are constant data; the functions are pure (they change only the
 * settings given): thread-safe on distinct settings. Messages are one line
 * without the program name, written into err[errsz].
 */
#ifndef ARENA_LEAGUE_SETTING_H
#define ARENA_LEAGUE_SETTING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "league/setting_table.h"
#include "league/settings.h"

/* One row of ARENA_SETTING_MAP. */
typedef struct arena_setting {
    arena_setting_id id;
    size_t offset;      /* of the field in arena_settings */
    const char *key;    /* league-file key */
    const char *option; /* long option, NULL: none */
    int letter;         /* short option, 0: none */
    const char *word;   /* fastchess word taking the same value, NULL: none */
    arena_setting_type type;
    const arena_word_list *words; /* WORD: its words */
    int64_t min, max, def;
    const char *unit;
    arena_setting_identity identity;
    arena_setting_section section;
    const char *arg, *what, *help;
} arena_setting;

/* The rows, indexed by arena_setting_id. */
extern const arena_setting arena_setting_table[ARENA_SETTING_COUNT];

/* The row of a league-file key, or of a long option; NULL for none. */
const arena_setting *arena_setting_by_key(const char *key);
const arena_setting *arena_setting_by_option(const char *option);

/* Reads row's setting from a command-line value (text NULL for a FLAG or
 * SANDBOX option; option is the long option as given, "sandbox-rw" for the
 * writable sandbox) into *s. Returns 0, ARENA_E_CONFIG with err naming the
 * option and the value ("--turn-ms: '0' is not an integer in 1..3600000"),
 * or ARENA_E_NOMEM. A DIR is kept without detours, a FILE made absolute
 * against the current directory. */
int arena_setting_from_text(arena_settings *s, const arena_setting *row, const char *option,
                            const char *text, char *err, size_t errsz);

/* Reads row's setting from the league file's item (borrowed) into *s: the
 * same values as arena_setting_from_text accepts, in JSON. src names the
 * file in messages ("l.json: \"turn_ms\" must be an integer in
 * 1..3600000 (0 given)"); a relative FILE or DIR resolves against
 * base_dir (NULL: "."). Returns 0, ARENA_E_CONFIG or ARENA_E_NOMEM. */
int arena_setting_from_json(arena_settings *s, const arena_setting *row, const cJSON *item,
                            const char *src, const char *base_dir, char *err, size_t errsz);

/* A bot's own "sandbox" in the league file (bots[i].sandbox), read as the
 * league's: true, false or "rw"; where names it in the message. Returns 0
 * or ARENA_E_CONFIG. */
int arena_setting_bot_sandbox(const cJSON *item, const char *where, int *out, char *err,
                              size_t errsz);

/* Checks that row's setting of *s is within the row's bounds (or its
 * "not set" default). Returns 0 or ARENA_E_CONFIG ("turn limit must be in
 * 1..3600000 ms (0 given)"). */
int arena_setting_check(const arena_settings *s, const arena_setting *row, char *err, size_t errsz);

/* Adds row's setting to the identity object obj when it belongs there
 * (identity rows; those whose absence means the default only when not the
 * default). Returns 1, or 0 on out of memory. */
int arena_setting_to_json(const arena_settings *s, const arena_setting *row, cJSON *obj);

/* 1 when a and b hold the same value of row's setting (a gauntlet bot: the
 * same bot in a gauntlet; a shard: 0/1 and none are the whole league). */
int arena_setting_equal(const arena_settings *a, const arena_settings *b, const arena_setting *row);

/* Row's value in *s as text for messages ("150", "gauntlet", "none",
 * "elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized"), into buf. */
void arena_setting_format(const arena_settings *s, const arena_setting *row, char *buf,
                          size_t size);

/* Writes the --help lines of row's options (none without an option): the
 * option and its argument in a column of width 27, the help wrapped to
 * 80 columns, with the words, the default and the bounds the row gives. */
void arena_setting_help(const arena_setting *row, FILE *out);

#endif
