/*
 * league/league_file.h - reads a league file (JSON, schema in docs/arena.md)
 * into an arena_settings. Input from users is hostile: unknown keys, wrong
 * types, duplicate keys, trailing text and oversized files are refused with
 * a one-line message naming the file, line/column or key. Not thread-safe on
 * the same arena_settings; distinct values may be used from distinct
 * threads.
 */
#ifndef ARENA_LEAGUE_LEAGUE_FILE_H
#define ARENA_LEAGUE_LEAGUE_FILE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "league/settings.h"

/* Largest league file read, in bytes. */
#define ARENA_FILE_MAX (1024 * 1024)

/* Reads the league file at path into *s (which must be freshly initialised
 * or hold flags' values to be overridden by the file: fields present in the
 * file replace them, bots are appended). Relative `out` and `cwd` resolve
 * against the file's directory. Without "out", out_dir defaults to
 * "<file without .json>-results". Returns 0, ARENA_E_PARSE (unreadable,
 * too big, malformed JSON: err gives "FILE:LINE:COL: ..."), ARENA_E_CONFIG
 * (unknown key, wrong type, bad value: err gives "FILE: path: ..."), or
 * ARENA_E_NOMEM. Does not run arena_settings_validate(). */
int arena_settings_load_file(arena_settings *s, const char *path, char *err, size_t errsz);

/* Same as arena_settings_load_file on an in-memory text; name is used in
 * messages and base_dir for relative paths (NULL: "."). */
int arena_settings_load_text(arena_settings *s, const char *text, size_t len, const char *name,
                             const char *base_dir, char *err, size_t errsz);

/* Same as arena_settings_load_text on a parsed tree (borrowed, not
 * changed): the store reads DIR/league.json this way after taking out what
 * only the store writes there (the bots' fingerprints). */
int arena_settings_load_json(arena_settings *s, const cJSON *root, const char *name,
                             const char *base_dir, char *err, size_t errsz);

#endif
