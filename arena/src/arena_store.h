/*
 * arena_store.h - the results of a league on disk, never lost.
 *
 * An output directory DIR holds:
 *   DIR/league.json   the league's identity (arena_settings_to_json): a
 *                     later run on DIR must ask for the same league;
 *   DIR/games.jsonl   one JSON line per finished game, appended and flushed
 *                     to disk (fdatasync) as each game ends;
 *   DIR/games/<id>.json  each game's full record (written by the runner).
 * A RESUME store holds an exclusive flock on games.jsonl: one arena per
 * directory (the kernel drops the lock when the process dies).
 * Opening a store reads games.jsonl back (resume). A last line without its
 * newline (a write torn by kill -9 or power loss) is dropped with a
 * warning and cut off the file so later appends start on a clean line;
 * unreadable or foreign lines are skipped with a warning, never a crash.
 *
 * arena_store is an opaque handle owning a file descriptor and the records
 * read; one thread at a time.
 */
#ifndef ARENA_STORE_H
#define ARENA_STORE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "arena_config.h"

/* Thinking times of one side in one game, in milliseconds. */
typedef struct arena_side_time {
    double first_ms; /* the bot's first turn (own limit), -1 if it had none */
    int turns;       /* later turns answered or timed out */
    double total_ms; /* sum over those later turns */
    double max_ms;   /* longest of them, 0 if none */
} arena_side_time;

/* One finished game, as one line of games.jsonl. A plain value. */
typedef struct arena_game_record {
    int id, round, pairing;
    int black, white;       /* bot indices into the league */
    int64_t seed;
    int winner;             /* 0 black, 1 white, -1 draw (or no game) */
    int scores[2];          /* CodinGame scores, [0] black */
    char reason[40];        /* ref_reason_name(): "connected", "timeout", ... */
    int fault;              /* side at fault (0 black, 1 white), -1 none */
    int plies;
    arena_side_time time[2];/* [0] black, [1] white */
    int64_t start_time;     /* seconds since the Unix epoch, UTC */
    double duration_ms;     /* wall-clock length of the game */
    char detail[256];       /* the referee's detail */
} arena_game_record;

/* The games.jsonl line of r as JSON (bot names from s). Caller owns it;
 * NULL on out of memory. */
cJSON *arena_record_to_json(const arena_game_record *r, const arena_settings *s);

/* Reads a games.jsonl object back. Returns 0 or ARENA_E_PARSE with err
 * naming the missing or bad field (unknown bot name included). */
int arena_record_from_json(const cJSON *j, const arena_settings *s, arena_game_record *r,
                           char *err, size_t errsz);

typedef struct arena_store arena_store;

/* Receives a one-line warning (no newline). */
typedef void (*arena_warn_fn)(const char *msg, void *user);

enum arena_store_mode {
    ARENA_STORE_RESUME = 0,   /* create DIR if needed, check/write league.json, append */
    ARENA_STORE_READ_ONLY = 1 /* read league.json from DIR and games.jsonl; change nothing */
};

/* Opens the store of league s in directory dir.
 * RESUME: creates dir and dir/games (mkdir -p), refuses a dir holding a
 * different league (ARENA_E_MISMATCH, err says what differs and suggests
 * --force-new), (re)writes league.json atomically, locks and opens
 * games.jsonl for appending, reads it back (truncating a torn last line).
 * READ_ONLY: s is ignored and may be NULL; the league is read from
 * dir/league.json (see arena_store_settings).
 * Records that do not belong to the schedule (wrong id, names, seed) or
 * repeat an id are skipped with a warning. Returns 0 and *out, or
 * ARENA_E_IO (cannot create/write/read: err names the path and errno text;
 * or games.jsonl is locked by another running loa-arena), ARENA_E_MISMATCH,
 * ARENA_E_PARSE (league.json unreadable), ARENA_E_NOMEM. */
int arena_store_open(const char *dir, const arena_settings *s, int mode, arena_warn_fn warn,
                     void *user, arena_store **out, char *err, size_t errsz);

/* Closes the file and frees the store. NULL is a no-op. */
void arena_store_close(arena_store *st);

/* The league's settings as stored (READ_ONLY) or as given (RESUME). Owned
 * by the store. */
const arena_settings *arena_store_settings(const arena_store *st);

/* Number of distinct finished games held, and the i-th (0 <= i < count),
 * in the order read or appended. The pointer stays valid until the next
 * append or close. */
int arena_store_count(const arena_store *st);
const arena_game_record *arena_store_get(const arena_store *st, int i);

/* 1 if game id is finished. */
int arena_store_has(const arena_store *st, int id);

/* Appends r as one line to games.jsonl, flushes it to disk (fdatasync)
 * before returning, and keeps it in memory. Returns 0, ARENA_E_INVAL
 * (read-only store, id already stored or outside the schedule), ARENA_E_IO
 * (write or sync failed: err says why) or ARENA_E_NOMEM. */
int arena_store_append(arena_store *st, const arena_game_record *r, char *err, size_t errsz);

/* Moves an existing league out of the way for --force-new: league.json,
 * games.jsonl, standings.json and games/ go into dir/previous-<UTC time>/.
 * A missing dir or file is not an error. Returns 0 or ARENA_E_IO. */
int arena_store_archive(const char *dir, char *err, size_t errsz);

/* mkdir -p path (mode 0777 & ~umask). Returns 0 or ARENA_E_IO (errno set). */
int arena_mkdirs(const char *path);

/* Writes text to path atomically: path.tmp, fsync, rename, fsync of the
 * directory. Returns 0 or ARENA_E_IO (errno set). */
int arena_write_file_atomic(const char *path, const char *text);

#endif
