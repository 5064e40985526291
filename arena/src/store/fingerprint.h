/*
 * store/fingerprint.h - what a bot is made of, so that a league never mixes
 * a rebuilt bot into results played by its older self.
 *
 * A bot's fingerprint is the SHA-256 (libcrypto) of every existing file its
 * command line names (league/command_words.h splits it): the program
 * (looked up in PATH when the word has no '/', as the shell does) and any
 * other word that names an existing regular file (the script in `python3
 * bot.py`, the jar in `java -jar bot.jar`), relative to the bot's working
 * directory, or to the directory of a `cd DIR` before it (`cd dir &&
 * ./bot` fingerprints dir/bot). A word `{out}/...` names a bot's snapshot
 * in the league's directory (store/snapshot.h). The shell's own words
 * (options starting with '-', operators such as `&&`, `;`, `|`,
 * redirections, leading VAR=value assignments, `exec`) are not files, nor
 * is a word the shell would expand ($VAR, a glob): such words are never
 * guessed. A file is hashed whole, so any rebuild that changes a byte
 * changes the fingerprint; touching it does not.
 *
 * The fingerprint is a JSON object {"<path as written>": "<64 hex digits>",
 * ...} in the order the words appear, ready for league.json.
 *
 * Limits: files the bot opens at run time (weights, a second script it
 * imports) are not seen unless named on the command line; a `cd` to a
 * directory that does not exist, or through a variable, cannot be followed
 * (the relative words after it are not looked at).
 *
 * Thread-safe: no shared state.
 */
#ifndef ARENA_STORE_FINGERPRINT_H
#define ARENA_STORE_FINGERPRINT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/error.h"
#include "league/command_words.h"
#include "league/settings.h"

/* Computes the fingerprint of the bot run as `/bin/sh -c command` in cwd
 * (NULL: the current directory), `{out}` naming out_dir (absolute; NULL:
 * such words are not looked at). On success *out is a new JSON object (the
 * caller owns it: cJSON_Delete), empty when no word names a file that
 * could be read (a shell builtin, a program through a variable): callers
 * warn. Returns 0, ARENA_E_INVAL (NULL command or out), ARENA_E_NOMEM, or
 * ARENA_E_IO when a named file exists but cannot be read (err names it and
 * says why). */
int arena_fingerprint_compute_in(const char *command, const char *cwd, const char *out_dir,
                                 cJSON **out, char *err, size_t errsz);

/* The SHA-256 of the file at path, as 64 lowercase hex digits and a NUL
 * into hex. Returns 0, ARENA_E_IO (err: "cannot read PATH: why") or
 * ARENA_E_NOMEM. */
int arena_fingerprint_sha256(const char *path, char hex[65], char *err, size_t errsz);

/* The file word w names (its role and text, in directory dir, NULL: the
 * current one; lost: a `cd` before it could not be followed), as the
 * fingerprint finds it: path[size] written, and 1 when it is an existing
 * regular file; 0 when w names no file to look at. */
int arena_fingerprint_file_of(const arena_word *w, const char *dir, int lost, const char *out_dir,
                              char *path, size_t size);

/* Whether the programs of command (already expanded: arena_command_expand)
 * exist, as the shell run in cwd (NULL: the current directory) would find
 * them: a program named by a path must be an executable regular file
 * (relative to cwd, or to the directory of a `cd` before it); a name
 * without '/' must be a shell builtin or an executable file in PATH. Words
 * the shell expands, and relative ones after a `cd` that cannot be
 * followed, are not judged (nothing can be said of them before they run).
 * A `cd` to a directory that does not exist is missing too ("cd 'x': no
 * such directory"). Returns 0 when every program judged exists, 1 when one
 * does not (why: "'./nosuch' is no file" / "... is not executable" / "...
 * is a directory" / "'nosuch' is not found in PATH"), ARENA_E_NOMEM. Thread-safe (reads
 * PATH from the environment). */
int arena_fingerprint_program_missing(const char *command, const char *cwd, char *why,
                                      size_t whysz);

/* Compares a stored fingerprint with a fresh one. Returns 0 when they hold
 * the same files with the same hashes, 1 when a stored file changed or is
 * gone (what says which: "bot.py changed", "bot.py is gone"), 2 when the
 * fresh one only has files more (what: "lib.so is new"; an older arena saw
 * fewer, as the program after a `cd`), or ARENA_E_INVAL when either is not
 * an object of strings. */
int arena_fingerprint_diff(const cJSON *stored, const cJSON *fresh, char *what, size_t whatsz);

/* The fingerprints of every bot of league s, as DIR/league.json keeps them:
 * {"bot name": fingerprint, ...}, each computed on the command the league
 * runs for the bot (its snapshot's, arena_bot_run_command) as the runner
 * runs it (arena_command_expand with bin_dir and s->base_dir; `{seed}` as
 * 0, a number and never a file; `{out}` out_dir, the league's directory,
 * absolute) in the bot's cwd. A bot (not retired) whose fingerprint is
 * empty because a word of its command could not be followed (a program,
 * argument or cd directory the shell expands, or a relative word after a
 * cd that cannot be followed) is said through warn (may be NULL), naming
 * the word: nothing would tell its rebuilt version from the old. A command
 * whose files do not exist is not said here: it fails to start. On success *out is a new object the caller owns
 * (cJSON_Delete). Returns 0, ARENA_E_INVAL (NULL s or out), ARENA_E_NOMEM,
 * or ARENA_E_IO (err: "bot 'NAME': cannot read PATH: why"). */
int arena_fingerprint_league(const arena_settings *s, const char *bin_dir, const char *out_dir,
                             arena_warn_fn warn, void *user, cJSON **out, char *err, size_t errsz);

#endif
