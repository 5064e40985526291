/*
 * store_impl.h - the inside of the results store, shared by its
 * translation units, each calling only those listed after it: store.c
 * (opening, closing), store_resume.c (the league asked for against the
 * stored one), store_changes.c (changes applied), store_legacy.c (an older
 * results directory converted to the database), store_export.c
 * (games.jsonl), store_games.c (games in and out, a game's games.jsonl
 * line), store_bots.c (a run's bots at open), store_league.c (the league's
 * identity and fingerprints in the database and league.json, archiving),
 * store_base.c (warnings, the ids stored, accessors: the bottom). Not part
 * of the store's API: include store/store.h instead.
 * One thread at a time, as the store.
 */
#ifndef ARENA_STORE_IMPL_H
#define ARENA_STORE_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "leaguedb/game_blob.h"
#include "leaguedb/leaguedb.h"
#include "leaguedb/metrics.h"
#include "store/snapshot.h"
#include "store/store.h"
#include "util/check.h"

struct arena_store {
    char *dir;                /* the results directory, as given */
    char *league_path;        /* DIR/league.json (an export of the league) */
    char *games_path;         /* DIR/games.jsonl (an export of the games) */
    char *standings_path;     /* DIR/standings.json */
    leaguedb *db;             /* DIR/league.db (a read-only store of an older
                                   directory: tmp_dir's, arena_store_read_legacy) */
    char *tmp_dir;            /* that temporary database's directory, removed at
                                   close; NULL */
    int writable;             /* RESUME or FRESH: holds the run lock */
    int games_fd;             /* games.jsonl, O_APPEND; -1 read-only */
    arena_settings settings;  /* own copy (loaded or duplicated) */
    cJSON *fingerprints;      /* {"bot name": fingerprint} as stored, NULL when none */
    char openings_sha256[65]; /* the digest of the openings file's table as
                                   stored, "" when none */
    int64_t schedule_size;
    uint64_t *has;                                  /* bit id of [schedule_size / 64 + 1]: game id
                                   is stored (a bit, not a byte, a game:
                                   12.5 MB at ARENA_MAX_GAMES, issue 40) */
    int count;                                      /* the bits set in has (arena_store_check) */
    int released;                                   /* a writable store's run lock given back
                                   (arena_store_release_if_idle) */
    int applied_at_open;                            /* changes applied as it opened (their bots
                                   are not news to the run) */
    unsigned char replaced_at_open[ARENA_MAX_BOTS]; /* [bot]: replaced then: the
                                   stored league's entry is the bot's, whatever
                                   the league asked for (written before) says */
    arena_warn_fn warn;
    void *user;
};

/* ---- store_base.c: the store's checker (util/check.h) ---- */

/* Asserts (LOA_ASSERT) what an open store holds between its calls: count
 * is the number of games marked in has, all inside the schedule (walked
 * whole up to ARENA_STORE_CHECK_WALK games, bounded beyond); a writable
 * store not released holds the run lock (this process is the database's
 * holder) and a read-only one writes nothing (no games.jsonl open). Called
 * at the store's transitions (opened, a game or a merge's games stored,
 * ids reloaded, released) in the builds with LOA_CHECKS; aborts on a
 * failure. One thread at a time, as the store. */
void arena_store_check(const arena_store *st);

/* Games up to which arena_store_check counts the whole bitmap (a walk a
 * game stored: a league's checks cost O(games^2) words / 64 below it). */
#define ARENA_STORE_CHECK_WALK (1 << 20)

/* The blob checker: rec and ste (as stored) decode to record, the same
 * JSON text (decode(encode(r)) == r). Called as a game is stored in the
 * builds with LOA_CHECKS; aborts on a failure. Thread-safe. */
/* A played game's metrics as the database keeps them (store_metrics.c):
 * m, whose series point into what the holder owns. */
typedef struct arena_store_metrics {
    leaguedb_game_metrics m;
    leaguedb_metric_series *series;
    struct building *b;
    int n, cap;
} arena_store_metrics;

/* Fills *h with game g's metrics (game id id): a series a side a name
 * (names past UTIL_METRIC_GAME_SERIES_MAX dropped and counted), turns
 * keyed by the record's ply number; texts borrowed from g. Returns 0 or
 * ARENA_E_NOMEM (*h empty). Free with arena_store_metrics_free. */
int arena_store_metrics_of(const ref_game *g, int64_t id, arena_store_metrics *h);
void arena_store_metrics_free(arena_store_metrics *h);

/* Sets texts[i] to ply i's stderr without its metric lines
 * (util_metric_strip): the database keeps the metrics in their tables,
 * not their lines in the record. Returns the buffer the texts point into
 * (the caller frees it after them), or NULL on out of memory. */
char *arena_store_strip_stderr(const ref_game *g, const char **texts);

/* Deletes a record's metrics members (the record's "metrics", a ply's
 * "metrics", "match_metrics", "metrics_dropped") and the metric lines of
 * its plies' "stderr" (and of "errors", which repeats them): the record
 * the league database keeps for a game. */
void arena_store_strip_metrics(cJSON *record);

void arena_store_check_blob(const leaguedb_blob *rec, const leaguedb_blob *ste,
                            const cJSON *record);

/* ---- store_resume.c: the league asked for against the stored one ---- */

/* The changes queued while no arena ran, applied to the stored league
 * before the league asked for is compared with it (through run->applied;
 * a replaced bot remembered in st->replaced_at_open). Returns 0 or the
 * store's negative ARENA_E_* code (err). */
int arena_store_apply_at_open(arena_store *st, const arena_store_run *run, char *err, size_t errsz);

/* RESUME and FRESH: the league asked for (s) against the one stored, if
 * any, into st->settings: the same league, or the stored one grown (bots
 * added, more games; a bot replaced at open as stored), or, when no game
 * is stored, the league as asked (said); the games a run in order plays to
 * (games_target). Returns 0, ARENA_E_MISMATCH (err: "DIR holds a
 * different league (why) ..."), ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_resume_league(arena_store *st, const char *dir, const arena_settings *s, char *err,
                              size_t errsz);

/* ---- store_bots.c: a run's bots as the store opens ---- */

/* A new league's bots (not retired, without a copy): each one's program
 * must exist (arena_fingerprint_program_missing) before its directory is
 * made. Returns 0, ARENA_E_CONFIG (err: "bot 'NAME' cannot start: why
 * (command: ...)") or ARENA_E_NOMEM. */
int arena_store_check_programs(const arena_settings *s, const char *bin_dir, char *err,
                               size_t errsz);

/* The bots of st's league without games: their program checked (as
 * above), copied (store/snapshot.h) when they have no copy or one older
 * than their working copy; each copy said through run->note. Returns 0,
 * ARENA_E_CONFIG, ARENA_E_IO or ARENA_E_NOMEM (err). */
int arena_store_snapshot_new_bots(arena_store *st, const arena_store_run *run, char *err,
                                  size_t errsz);

/* Says (st->warn) each bot whose working copy differs from the league's
 * copy, naming the file, the copy and the two ways on. Returns 0 or
 * ARENA_E_NOMEM. */
int arena_store_warn_rebuilt(arena_store *st, const arena_store_run *run);

/* The run's own fingerprints of the league's bots (their copies), *fp
 * new (caller frees). Returns 0, ARENA_E_IO or ARENA_E_NOMEM (err). */
int arena_store_run_fingerprints(arena_store *st, const arena_store_run *run, cJSON **fp, char *err,
                                 size_t errsz);

/* The archives in the making (store_changes.c) that a kill left in the
 * results directory: removed where their change still waits (it is made
 * again), given their final name where it was committed. Under the run
 * lock, before the changes are applied. Returns 0 or ARENA_E_IO (err). */
int arena_store_sweep_archives(arena_store *st, char *err, size_t errsz);

/* The meta keys of the league (leaguedb/leaguedb.h): its identity JSON (as
 * league.json, without the following), the fingerprints, the openings'
 * digest, the directory `{dir}` stood for. */
#define ARENA_META_LEAGUE "league"
#define ARENA_META_FINGERPRINTS "fingerprints"
#define ARENA_META_OPENINGS "openings_sha256"
#define ARENA_META_DIR "dir"

/* Reads the league stored in the database into *s (initialised here; its
 * out_dir becomes st->dir), the fingerprints into *fingerprints (NULL when
 * none; caller owns; may be NULL) and the openings' digest into
 * st->openings_sha256. *found is 0 when the database holds no league yet
 * (then *s is only initialised). Returns 0, ARENA_E_PARSE (malformed: err
 * names the database), ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_read_league(arena_store *st, arena_settings *s, cJSON **fingerprints, int *found,
                            char *err, size_t errsz);

/* Parses a league.json text (the league's identity with "fingerprints",
 * "openings_sha256" and "dir" beside it) as arena_store_read_league does;
 * name names it in messages, base_dir is where relative paths point. */
int arena_store_parse_league(arena_store *st, const char *text, size_t len, const char *name,
                             arena_settings *s, cJSON **fingerprints, char *err, size_t errsz);

/* Refuses a league whose openings file no longer holds the openings its
 * games were played from: s->openings' digest (arena_openings_digest)
 * against the stored one (st->openings_sha256). Returns 0 or
 * ARENA_E_MISMATCH (err: "FILE changed since the league started"). */
int arena_store_check_openings(const arena_store *st, const arena_settings *s, char *err,
                               size_t errsz);

/* Refuses a fresh fingerprint (fresh: {"bot name": fingerprint}, borrowed)
 * of a bot that differs from the stored one when the store holds games of
 * that bot. Returns 0, ARENA_E_CHANGED (err names the bot and the file) or
 * ARENA_E_IO. */
int arena_store_check_fingerprints(const arena_store *st, const cJSON *fresh, char *err,
                                   size_t errsz);

/* Stores the league st->settings in the database (meta and the bots
 * table, one transaction) with its fingerprints (fresh when not NULL, else
 * the stored ones) and the openings' digest, then exports it as
 * DIR/league.json (atomically). Returns 0, ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_write_league(arena_store *st, const cJSON *fresh, char *err, size_t errsz);

/* What a transaction writing the league does besides (a change's row
 * deleted, a replaced bot's games): 0 or an error (err). */
typedef int (*arena_store_tx_fn)(arena_store *st, void *user, char *err, size_t errsz);

/* arena_store_write_league, with also(st, user) in the same transaction
 * (NULL: nothing more). */
int arena_store_write_league_tx(arena_store *st, const cJSON *fresh, arena_store_tx_fn also,
                                void *user, char *err, size_t errsz);

/* The league's schedule size and its games' ids read again into st->has
 * and st->count (after the league changed shape, or lost games). Returns
 * 0, ARENA_E_NOMEM or ARENA_E_IO. */
int arena_store_reload_ids(arena_store *st, char *err, size_t errsz);

/* Game id (0 <= id < schedule_size) marked stored in st->has; returns 1 if
 * it was not (st->count is the caller's). */
int arena_store_mark(arena_store *st, int64_t id);

/* The meta key set when games were deleted (a replaced bot's) and
 * games.jsonl is not yet written anew: its opening writes it anew. */
#define ARENA_META_EXPORT_STALE "games_export_stale"
/* The games per pairing a fixed run plays to after continuous mode grew
 * the league beyond them (arena_settings.games_target); "0" or none: the
 * league's games */
#define ARENA_META_GAMES_TARGET "games_target"

/* A bot's entry of league.json (its name, command, cwd, sandbox, snapshot,
 * retirement) read into *one (a league of that bot alone, initialised
 * here; cleared by the caller). Returns 0, ARENA_E_PARSE (err) or
 * ARENA_E_NOMEM. */
int arena_store_bot_of_json(const char *text, arena_settings *one, char *err, size_t errsz);

/* Bot b of s as its league.json entry (compact; malloc'd, caller frees);
 * NULL on out of memory. */
char *arena_store_bot_json(const arena_settings *s, int b);

/* Converts the results directory dir of an older loa-arena (league.json,
 * games.jsonl, games/<id>.json, no league.db) into its database, once:
 * every game with its record, nothing lost (each record is decoded back and
 * compared before its file is removed; a record that does not come back
 * whole keeps its file, with a warning). Holds the directory lock of older
 * arenas (flock on dir) meanwhile. Says what it did through warn. Returns 0,
 * ARENA_E_BUSY (an older arena runs there), ARENA_E_PARSE, ARENA_E_IO or
 * ARENA_E_NOMEM. */
int arena_store_convert_legacy(const char *dir, arena_warn_fn warn, void *user, char *err,
                               size_t errsz);

/* Reads the results directory dir of an older loa-arena (as
 * arena_store_convert_legacy converts it) into a database in a new
 * temporary directory ($TMPDIR or /tmp), writing nothing in dir (a
 * read-only store: --standings only reads). *tmpdir: that directory
 * (malloc'd; arena_store_remove_tmpdir removes and frees it), NULL on
 * failure. Says what it did through warn. Returns 0, ARENA_E_PARSE,
 * ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_read_legacy(const char *dir, arena_warn_fn warn, void *user, char **tmpdir,
                            char *err, size_t errsz);

/* Removes arena_store_read_legacy's temporary directory (its database's
 * files, then it) and frees tmpdir; NULL is a no-op. */
void arena_store_remove_tmpdir(char *tmpdir);

/* 1 when dir holds a league of an older loa-arena, or one whose database
 * is missing: league.json, and no league.db or an empty one (0 bytes: no
 * database, so its games are those of games.jsonl). */
int arena_store_is_legacy(const char *dir);

/* The database row of record r (a finished game) with its blobs (rec,
 * stderr_blob: borrowed, may be empty), the opening's text from s's table
 * written into opening[opening_size] (REF_OPENING_TEXT_MAX holds any). */
void arena_store_row_of(const arena_game_record *r, const arena_settings *s,
                        const leaguedb_blob *rec, const leaguedb_blob *stderr_blob,
                        leaguedb_game *row, char *opening, size_t opening_size);

/* Formats a message (printf's fmt) and hands it to warn with user; nothing
 * when warn is NULL. Messages longer than 1199 bytes are cut. */
void arena_store_warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Says what a snapshot of bot name (store/snapshot.h) did, through note
 * (nothing when NULL): the files copied into dir/info->dir and a word the
 * shell expands that could not be (copied: 1), or that nothing of its
 * command could be copied (copied: 0). */
void arena_store_note_snapshot(arena_warn_fn note, void *user, const char *dir, const char *name,
                               int copied, const arena_snapshot_info *info);

/* The record of row g, checked against st's league (bots, schedule) into
 * *r: 0, or -1 with why (why[whysz]: what is wrong with the row, its column
 * and value: "game N: column black is 7, not a bot of the league (0..3)"). */
int arena_store_record_of_row(const arena_store *st, const leaguedb_game *g, arena_game_record *r,
                              char *why, size_t whysz);

/* The games.jsonl line of r in league s, with its newline: malloc'd
 * (caller frees), *len its bytes; NULL on out of memory. */
char *arena_store_jsonl_line(const arena_game_record *r, const arena_settings *s, size_t *len);

/* A walk of the database's rows from param (leaguedb_foreach_from's skip,
 * leaguedb_foreach_index's max). */
typedef int (*leaguedb_walk_fn)(leaguedb *db, int64_t param, leaguedb_game_fn fn, void *user,
                                char *err, size_t errsz);

/* The rows walk gives, each as its record checked against st's league,
 * to fn (as arena_store_foreach). */
int arena_store_walk(const arena_store *st, leaguedb_walk_fn walk, int64_t param, arena_game_fn fn,
                     void *user, char *err, size_t errsz);

/* Brings games.jsonl level with the database, a line a game in stored
 * order, and opens it for appending (st->games_fd). Lines written before
 * a kill are kept and the missing ones appended (the common case: the
 * arena died between a commit and its line); a torn last line is cut; a
 * file with more lines than games (a power loss took commits the file
 * kept) is written anew, but never emptied: a file with games when the
 * database has none (and no deletion is pending) is refused,
 * ARENA_E_MISMATCH (err says how to rebuild the database from it). Returns
 * 0, ARENA_E_IO, ARENA_E_NOMEM, ARENA_E_MISMATCH or ARENA_E_PARSE (a row
 * that is no game of the league). */
int arena_store_sync_games_export(arena_store *st, char *err, size_t errsz);

/* Archives st's league for --force-new, st holding the run lock: the
 * database copied whole into DIR/previous-<UTC time>/league.db and
 * emptied, the exports moved there. Returns 0, ARENA_E_IO or
 * ARENA_E_NOMEM. */
int arena_store_archive_locked(arena_store *st, char *err, size_t errsz);

#endif
