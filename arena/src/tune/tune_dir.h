/*
 * tune/tune_dir.h - a tune's results directory DIR (docs/tuning.md):
 *   DIR/tune.json        the tune's identity (arena_tune_identity), written
 *                        once; a later run must ask for the same tune
 *   DIR/tune-games.jsonl every finished game, one line each (the game's
 *                        record as a league's games.jsonl line, with "pair"
 *                        and the values both versions played), appended and
 *                        fdatasync'd as it ends: the tune's state (theta,
 *                        iteration, history) is a function of these lines,
 *                        so a kill -9 loses only the games in flight
 *   DIR/tune-state.json  that state as a snapshot for readers (theta, the
 *                        trajectory, the command line): rewritten atomically
 *   DIR/index.html       its page (the replay component, report/tune_page.h)
 *   DIR/tune.lock        held (flock) while a loa-tune runs on DIR.
 * Files are written through util_write_file_atomic or appended with one
 * write() and fdatasync; a torn last line (a crash mid-append) is cut on
 * open.
 *
 * arena_tune_dir is an opaque handle owning its descriptors; one thread.
 */
#ifndef ARENA_TUNE_TUNE_DIR_H
#define ARENA_TUNE_TUNE_DIR_H

#include <stddef.h>

#include <cjson/cJSON.h>

typedef struct arena_tune_dir arena_tune_dir;

/* Largest tune-games.jsonl read back, bytes. */
#define ARENA_TUNE_JOURNAL_MAX (1024u << 20)

/* Opens (creating) the results directory dir for the tune whose identity
 * is identity (borrowed): takes the lock, writes tune.json or compares it
 * with the stored one, cuts a torn last line of tune-games.jsonl and reads
 * its lines into *lines (a cJSON array the caller frees; objects in file
 * order). *torn (may be NULL) is set when a torn line was cut. Returns 0
 * and *out, ARENA_E_IO (err names the file and errno's reason),
 * ARENA_E_BUSY (another loa-tune holds dir), ARENA_E_MISMATCH (dir holds
 * another tune: err names the first differing key), ARENA_E_PARSE (a line
 * that is not JSON, before the last) or ARENA_E_NOMEM. */
int arena_tune_dir_open(const char *dir, const cJSON *identity, arena_tune_dir **out, cJSON **lines,
                        int *torn, char *err, size_t errsz);

/* Appends line (borrowed) to tune-games.jsonl as one compact JSON text and
 * a newline, in one write(), then fdatasync. Returns 0, ARENA_E_NOMEM or
 * ARENA_E_IO (err names the file). */
int arena_tune_dir_append(arena_tune_dir *d, const cJSON *line, char *err, size_t errsz);

/* Writes state (borrowed) as DIR/tune-state.json, atomically. Returns 0,
 * ARENA_E_NOMEM or ARENA_E_IO. */
int arena_tune_dir_write_state(const arena_tune_dir *d, const cJSON *state, char *err,
                               size_t errsz);

/* DIR as given (owned by d). */
const char *arena_tune_dir_path(const arena_tune_dir *d);

/* Releases the lock and frees d. NULL is a no-op. */
void arena_tune_dir_close(arena_tune_dir *d);

#endif
