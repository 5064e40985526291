/*
 * store/store.h - the results of a league on disk, never lost. The store
 * owns the output directory: it builds every path in it and writes every
 * file (whole files through util_write_file_atomic: a temp file, fsync,
 * rename, fsync of the directory).
 *
 * An output directory DIR holds:
 *   DIR/league.json   the league's identity (arena_settings_to_json): a
 *                     later run on DIR must ask for the same league; and
 *                     "fingerprints", {"bot name": fingerprint} (arena_
 *                     fingerprint.h): a bot whose files changed may not add
 *                     games to its old ones;
 *   DIR/games.jsonl   one JSON line per finished game, appended and flushed
 *                     to disk (fdatasync) as each game ends;
 *   DIR/games/<id>.json  each game's full record (ref_game_to_json), 6-digit
 *                     zero-padded id;
 *   DIR/standings.json   the standings (arena_standings_to_json).
 * Crash safety: a game's record file is written before its games.jsonl
 * line (arena_store_write_game, then arena_store_append), so a line always
 * has its record; a record without a line (killed in between) belongs to a
 * game that is replayed on resume and overwritten.
 * A RESUME or FRESH store holds an exclusive flock on DIR itself (and, for
 * older arenas, on games.jsonl): one arena per directory; the kernel drops
 * the locks when the process dies. The lock is taken before anything in
 * DIR changes, archiving included.
 * Opening a store reads games.jsonl back (resume). A last line without its
 * newline (a write torn by kill -9 or power loss) is dropped with a
 * warning and cut off the file so later appends start on a clean line;
 * unreadable or foreign lines are skipped with a warning, never a crash.
 *
 * arena_store is an opaque handle owning file descriptors and the records
 * read; one thread at a time. Implementation: store/store.c and
 * store/store_league.c (store/store_impl.h).
 */
#ifndef ARENA_STORE_STORE_H
#define ARENA_STORE_STORE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/error.h" /* arena_warn_fn */
#include "league/record.h"
#include "league/settings.h"
#include "ref/referee.h"

typedef struct arena_store arena_store;

enum arena_store_mode {
    ARENA_STORE_RESUME = 0,    /* create DIR if needed, check/write league.json, append */
    ARENA_STORE_READ_ONLY = 1, /* read league.json from DIR and games.jsonl; change nothing */
    ARENA_STORE_FRESH = 2      /* --force-new: as RESUME, after moving an existing league
                                  into DIR/previous-<UTC time>/ (arena_store_archive)
                                  under the lock */
};

/* Opens the store of league s in directory dir.
 * RESUME: creates dir (mkdir -p), locks it (ARENA_E_BUSY when another
 * arena holds it), refuses a dir holding a different league
 * (ARENA_E_MISMATCH, err says what differs and suggests --force-new),
 * opens games.jsonl for appending and reads it back (truncating a torn
 * last line), creates dir/games, then checks the bots' fingerprints
 * (fingerprints: {"bot name": fingerprint}, borrowed; NULL: not checked):
 * a bot that has games in dir and whose fingerprint differs from the
 * stored one is refused (ARENA_E_CHANGED, err names the bot and the file
 * that changed, from arena_fingerprint_diff); a bot without games takes
 * its new fingerprint. Finally (re)writes league.json atomically with the
 * fresh fingerprints (NULL: the stored ones).
 * FRESH: the same after archiving dir's league under the lock.
 * READ_ONLY: fingerprints is ignored; the league is read from
 * dir/league.json (see arena_store_settings). With s NULL, a league with
 * openings reads its games' openings unchecked (its table is not loaded).
 * With s given, dir must hold the same league as s, any shard of it, with
 * the same games per pairing and openings digest (ARENA_E_MISMATCH
 * otherwise), and its games are read against s (its opening table): then
 * arena_store_settings is a copy of s with dir's shard (a merge reads
 * shards this way).
 * Records that do not belong to the schedule (wrong id, names, seed) or
 * repeat an id are skipped with a warning. Returns 0 and *out, or
 * ARENA_E_INVAL (NULL dir, no s for a writable mode, unknown mode),
 * ARENA_E_IO (cannot create/write/read: err names the path and errno
 * text), ARENA_E_BUSY, ARENA_E_MISMATCH, ARENA_E_CHANGED, ARENA_E_PARSE
 * (league.json unreadable), ARENA_E_NOMEM. */
int arena_store_open(const char *dir, const arena_settings *s, const cJSON *fingerprints,
                     int mode, arena_warn_fn warn, void *user, arena_store **out, char *err,
                     size_t errsz);

/* Closes the file and frees the store. NULL is a no-op. */
void arena_store_close(arena_store *st);

/* The league's settings as stored (READ_ONLY) or as given (RESUME). Owned
 * by the store. */
const arena_settings *arena_store_settings(const arena_store *st);

/* Number of distinct finished games held. */
int arena_store_count(const arena_store *st);

/* The i-th finished game (0 <= i < count) in the order read or appended,
 * NULL for i out of range. Owned by the store; the pointer stays valid
 * until the next append or close. */
const arena_game_record *arena_store_get(const arena_store *st, int i);

/* 1 if game id is finished. */
int arena_store_has(const arena_store *st, int id);

/* Appends r as one line to games.jsonl, flushes it to disk (fdatasync)
 * before returning, and keeps it in memory. Returns 0, ARENA_E_INVAL
 * (read-only store, id already stored or outside the schedule), ARENA_E_IO
 * (write or sync failed: err says why) or ARENA_E_NOMEM. */
int arena_store_append(arena_store *st, const arena_game_record *r, char *err, size_t errsz);

/* Writes game id's full record (ref_game_to_json of g, borrowed) to
 * DIR/games/<id>.json atomically; an existing file (from a run killed
 * before the game's line) is replaced. Call it before arena_store_append()
 * of the same game. Returns 0, ARENA_E_INVAL (read-only store, NULL g, id
 * outside the schedule), ARENA_E_IO (err names the path and errno text) or
 * ARENA_E_NOMEM. */
int arena_store_write_game(arena_store *st, int id, const ref_game *g, char *err,
                           size_t errsz);

/* The bots' fingerprints stored in DIR/league.json ({"bot name": {file:
 * sha256}}), NULL when it has none. Owned by the store. */
const cJSON *arena_store_fingerprints(const arena_store *st);

/* The path of DIR/games.jsonl, for messages. Owned by the store. */
const char *arena_store_games_path(const arena_store *st);

/* Longest game record file copied by arena_store_copy_record, bytes. */
#define ARENA_RECORD_MAX (64 * 1024 * 1024)

/* Copies game id's record file DIR/games/<id>.json from src (any store)
 * into dst (a writable store) atomically, before the game's games.jsonl
 * line is appended to dst (the store's crash-safety order). err may be
 * NULL (errsz 0). Returns 0,
 * ARENA_E_IO (err names the file: a record that is missing or unreadable,
 * or the copy that cannot be written), ARENA_E_INVAL (dst read-only) or
 * ARENA_E_NOMEM. */
int arena_store_copy_record(arena_store *dst, const arena_store *src, int id, char *err,
                            size_t errsz);

/* 1 when game id's record file DIR/games/<id>.json exists in st. */
int arena_store_has_record(const arena_store *st, int id);

/* The path of DIR/standings.json. Owned by the store. */
const char *arena_store_standings_path(const arena_store *st);

/* Writes the standings (borrowed tree) pretty-printed with a final newline
 * to DIR/standings.json atomically. Returns 0, ARENA_E_INVAL (NULL
 * argument or a READ_ONLY store, which changes nothing),
 * ARENA_E_IO (err: "cannot write PATH: errno text") or ARENA_E_NOMEM. */
int arena_store_write_standings(arena_store *st, const cJSON *standings, char *err,
                                size_t errsz);

/* Moves an existing league out of the way for --force-new: league.json,
 * games.jsonl, standings.json, index.html and games/ go into
 * dir/previous-<UTC time>/. A missing dir or file is not an error. Takes no
 * lock: a running arena opens its store with ARENA_STORE_FRESH instead,
 * which archives under the lock. Returns 0 or ARENA_E_IO. */
int arena_store_archive(const char *dir, char *err, size_t errsz);

#endif
