/*
 * store/fingerprint.h - what a bot is made of, so that a league never mixes
 * a rebuilt bot into results played by its older self.
 *
 * A bot's fingerprint is the SHA-256 (libcrypto) of every existing file its
 * command line names: the program (looked up in PATH when the word has no
 * '/', as the shell does) and any other word that names an existing regular
 * file relative to the bot's working directory (the script in `python3
 * bot.py`, the jar in `java -jar bot.jar`). The shell's own words (options
 * starting with '-', operators such as `&&`, `;`, `|`, leading VAR=value
 * assignments, `exec`) are not files. A file is hashed whole, so any rebuild
 * that changes a byte changes the fingerprint; touching it does not.
 *
 * The fingerprint is a JSON object {"<path as written>": "<64 hex digits>",
 * ...} in the order the words appear, ready for league.json.
 *
 * Limits: files the bot opens at run time (weights, a second script it
 * imports) are not seen unless named on the command line; a command that
 * changes directory first (`cd dir && ./bot`) is resolved against the bot's
 * cwd, not dir.
 *
 * Thread-safe: no shared state.
 */
#ifndef ARENA_STORE_FINGERPRINT_H
#define ARENA_STORE_FINGERPRINT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "league/settings.h"

/* Computes the fingerprint of the bot run as `/bin/sh -c command` in cwd
 * (NULL: the current directory). On success *out is a new JSON object (the
 * caller owns it: cJSON_Delete), possibly empty when no word names a file
 * (a shell builtin). Returns 0, ARENA_E_INVAL (NULL command or out),
 * ARENA_E_NOMEM, or ARENA_E_IO when a named file exists but cannot be read
 * (err names it and says why). */
int arena_fingerprint_compute(const char *command, const char *cwd, cJSON **out, char *err,
                              size_t errsz);

/* Compares a stored fingerprint with a fresh one. Returns 0 when they hold
 * the same files with the same hashes, 1 when they differ (what says which
 * file: "bot.py changed", "bot.py is gone", "lib.so is new"), or
 * ARENA_E_INVAL when either is not an object of strings. */
int arena_fingerprint_diff(const cJSON *stored, const cJSON *fresh, char *what, size_t whatsz);

/* The fingerprints of every bot of league s, as DIR/league.json keeps them:
 * {"bot name": fingerprint, ...}, each computed on the bot's command as the
 * runner runs it (arena_command_expand with bin_dir and s->base_dir;
 * `{seed}` as 0, a number and never a file) in the bot's cwd. On success
 * *out is a new object the caller owns (cJSON_Delete). Returns 0,
 * ARENA_E_INVAL (NULL s or out), ARENA_E_NOMEM, or ARENA_E_IO (err: "bot
 * 'NAME': cannot read PATH: why"). */
int arena_fingerprint_league(const arena_settings *s, const char *bin_dir, cJSON **out,
                             char *err, size_t errsz);

#endif
