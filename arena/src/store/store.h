/*
 * store.h - the results of a league, never lost. The store owns the
 * output directory DIR:
 *   DIR/league.db        the league database (leaguedb/leaguedb.h): the league's
 *                        identity and bots' fingerprints, and every finished
 *                        game, its summary and its whole record (compact,
 *                        compressed); the truth, queryable with `sqlite3`;
 *   DIR/league.json      the league, exported (a league file: `loa-arena
 *                        DIR/league.json`), rewritten when it changes;
 *   DIR/games.jsonl      one JSON line a game, exported in stored order as
 *                        games are stored (users' scripts read it); rebuilt
 *                        from the database when it lacks or has lines too many;
 *   DIR/standings.json   the standings (arena_standings_to_json).
 * Crash safety: a game is one transaction (arena_store_put); kill -9 of any
 * process at any moment loses at most the games in flight, never a stored
 * game, never half of one. One arena per league: the run lock is a row of
 * the database (leaguedb_lock), released when the arena ends or dies.
 * Older results directories (a games/<id>.json file a game) are converted
 * once, on their first opening, with a message.
 *
 * arena_store is an opaque handle owning the database connection and the
 * league; one thread at a time. Implementation: store.c, store_games.c,
 * store_export.c, store_league.c, store_legacy.c (store_impl.h).
 *
 * Errors: a failure of the league database comes up as its own code
 * (leaguedb/error.h), of the kind named below: where this header says
 * ARENA_E_IO, ARENA_E_BUSY, ARENA_E_PARSE, ARENA_E_INVAL or ARENA_E_NOMEM it
 * means that code or LEAGUEDB_E_* of the same name (arena_error_kind() tells
 * the kind, arena_strerror() either's sentence).
 */
#ifndef ARENA_STORE_H
#define ARENA_STORE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/error.h" /* arena_warn_fn */
#include "league/record.h"
#include "league/settings.h"
#include "ref/referee.h"

typedef struct arena_store arena_store;

/* A change asked of a league by a process other than the one running it
 * (psyleague's `bot add`): a bot added, a bot replaced by a new version of
 * it (its games archived, its pairings played again), a bot retired (no
 * longer scheduled, its games kept). */
typedef enum arena_change_op {
    ARENA_CHANGE_ADD = 0,
    ARENA_CHANGE_REPLACE,
    ARENA_CHANGE_RETIRE
} arena_change_op;

/* A change as asked (strings borrowed). */
typedef struct arena_change {
    arena_change_op op;
    const char *name;
    const char *command; /* ADD, REPLACE: the bot's command, as written */
    const char *cwd;     /* its working directory (absolute), NULL: the arena's */
    int no_snapshot;     /* run it where it is (--no-snapshot): not copied */
} arena_change;

/* A change the arena applied (arena_store_applied_fn): what it did. */
typedef struct arena_change_done {
    arena_change_op op;
    int bot; /* the bot's index in the league now */
    const char *name;
    int64_t archived;    /* REPLACE: games archived (and deleted) */
    const char *archive; /* REPLACE: where, "" when none */
    const char *dropped; /* not applied: why (the league changed since it
                             was asked), else NULL */
} arena_change_done;

typedef void (*arena_store_applied_fn)(const arena_change_done *d, void *user);

/* What a run asks of the store beyond arena_store_open: it is the run of
 * the league, so it applies the changes other processes queued (before
 * its league is compared with the stored one, so a league file that
 * predates them still names the league), takes the snapshots of the bots
 * that have none and no games yet (store/snapshot.h), and fingerprints
 * every bot itself (store/fingerprint.h) with `{bin}` bin_dir. */
typedef struct arena_store_run {
    const char *bin_dir;
    arena_store_applied_fn applied; /* told of each change applied; may be NULL */
    arena_warn_fn note;             /* what was copied, said (stdout); may be NULL */
    void *user;                     /* of both */
} arena_store_run;

enum arena_store_mode {
    ARENA_STORE_RESUME = 0,    /* create DIR if needed, check/store the league, take the
                                  run lock, add games */
    ARENA_STORE_READ_ONLY = 1, /* read DIR's league and games; change nothing (an older
                                  directory, or one with an empty league.db, is read
                                  into a temporary database) */
    ARENA_STORE_FRESH = 2      /* --force-new: as RESUME, after moving an existing league
                                  into DIR/previous-<UTC time>/ (arena_store_archive)
                                  under the run lock */
};

/* Opens the store of league s in directory dir.
 * RESUME: creates dir (mkdir -p) and its database, takes the run lock
 * (ARENA_E_BUSY when another arena holds it), refuses a dir holding a
 * different league (ARENA_E_MISMATCH, err says what differs and suggests
 * --force-new), then checks the bots' fingerprints (fingerprints: {"bot
 * name": fingerprint}, borrowed; NULL: not checked): a bot that has games
 * in dir and whose fingerprint differs from the stored one is refused
 * (ARENA_E_CHANGED, err names the bot and the file that changed); a bot
 * without games takes its new fingerprint. Finally stores the league with
 * the fresh fingerprints (NULL: the stored ones), exports league.json,
 * brings games.jsonl level with the database (never emptying it for a
 * database without games: ARENA_E_MISMATCH) and sweeps temporary files of
 * writes cut short. An older directory, or one whose league.db is empty
 * (0 bytes), is converted first (its games from games.jsonl).
 * FRESH: the same after archiving dir's league under the run lock.
 * READ_ONLY: fingerprints is ignored; the league is dir's. With s NULL, a
 * league with openings reads its games' openings by text (its table is not
 * loaded). With s given, dir must hold the same league as s, any shard of
 * it, with the same games per pairing and openings digest (ARENA_E_MISMATCH
 * otherwise): then arena_store_settings is a copy of s with dir's shard (a
 * merge reads shards this way).
 * Returns 0 and *out, or ARENA_E_INVAL (NULL dir, no s for a writable
 * mode, unknown mode), ARENA_E_IO (cannot create/write/read: err names the
 * path), ARENA_E_BUSY, ARENA_E_MISMATCH, ARENA_E_CHANGED, ARENA_E_PARSE
 * (the database or an older directory unreadable), ARENA_E_NOMEM. */
int arena_store_open(const char *dir, const arena_settings *s, const cJSON *fingerprints, int mode,
                     arena_warn_fn warn, void *user, arena_store **out, char *err, size_t errsz);

/* arena_store_open (RESUME or FRESH) for the run of a league: as
 * arena_store_run says; the fingerprints are the store's own. Returns
 * arena_store_open's codes. */
int arena_store_open_run(const char *dir, const arena_settings *s, const arena_store_run *run,
                         int mode, arena_warn_fn warn, void *user, arena_store **out, char *err,
                         size_t errsz);

/* Asks the league in dir for changes c[0..n-1] (a process without the run
 * lock: --add-bot, --replace-bot, --retire): each judged against the
 * league and the changes waiting (a name taken, or waiting to be added
 * with another command, a bot unknown, a program that does not exist
 * (arena_fingerprint_program_missing), a league the change would make
 * invalid: ARENA_E_CONFIG, nothing asked), the bots
 * added or replaced copied into dir/bots/ (their snapshots, unless
 * no_snapshot; store/snapshot.h; what was copied said through note), then
 * queued all together in one transaction of the database (kill -9 at any
 * moment: all of them queued, or none), after checking in it that no
 * change of the same name was queued and no bot of the name added
 * meanwhile by another process (two --add-bot of one name at once: the
 * second is refused, ARENA_E_CONFIG naming the first; a refused request's
 * copies are removed). A change done already or waiting
 * already (an interrupted command run again) is not asked twice, a note
 * says so: an added bot whose name and command the league holds (its build
 * is not looked at: a new build of it is --replace-bot's), a replaced bot
 * whose command and build (the fingerprints' hashes) it plays already, a
 * bot retired already, to retire. The arena holding the run lock applies them
 * while it plays (arena_store_changes_pending, arena_store_apply_changes);
 * without one, the next run of the league does, first thing.
 * *holder gets the pid of the arena running the league (0: none runs);
 * *queued the changes queued now. Returns 0, ARENA_E_CONFIG, ARENA_E_IO,
 * ARENA_E_PARSE (dir holds no league), ARENA_E_BUSY or ARENA_E_NOMEM. */
int arena_store_request(const char *dir, const arena_change *c, int n, const char *bin_dir,
                        arena_warn_fn note, void *user, long *holder, int *queued, char *err,
                        size_t errsz);

/* 1 when changes wait for the running arena (store holding the run lock),
 * 0 when none, a negative ARENA_E_* code on failure. */
int arena_store_changes_pending(arena_store *st);

/* Applies the waiting changes (a store holding the run lock), fn told of
 * each (may be NULL): the league's settings (arena_store_settings) and
 * schedule change; a replaced bot's games are copied into
 * DIR/previous-<UTC time>-<name>/league.db (a league directory of their
 * own: --standings reads it; made as DIR/.archive-SEQ-previous-... and
 * renamed once the change committed, so a kill at any moment leaves one
 * archive or none, never two) and deleted, and games.jsonl is written anew.
 * The bots changed have no fingerprint until arena_store_set_fingerprints.
 * Returns the number applied, or a negative ARENA_E_* code (err). */
int arena_store_apply_changes(arena_store *st, arena_store_applied_fn fn, void *user, char *err,
                              size_t errsz);

/* Checks fresh fingerprints ({"bot name": fingerprint}, borrowed) against
 * the stored ones as arena_store_open does, then stores them. Returns 0,
 * ARENA_E_CHANGED, ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_set_fingerprints(arena_store *st, const cJSON *fresh, char *err, size_t errsz);

/* Raises the games per pairing of the league to games (continuous mode's
 * horizon: the schedule appends, no id moves). Returns 0, ARENA_E_CONFIG
 * (beyond the league's bounds), ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_raise_games(arena_store *st, int games, char *err, size_t errsz);

/* Releases the run lock unless changes wait (leaguedb_unlock_if_idle): 1
 * released (the store stays open, writing nothing more but standings and
 * pages), 0 changes wait (apply them, play on), or a negative code. */
int arena_store_release_if_idle(arena_store *st, char *err, size_t errsz);

/* Releases the run lock, closes the database and frees the store. NULL is
 * a no-op. */
void arena_store_close(arena_store *st);

/* The league's settings as stored (READ_ONLY) or as given (RESUME). Owned
 * by the store. */
const arena_settings *arena_store_settings(const arena_store *st);

/* Number of distinct finished games held. */
int arena_store_count(const arena_store *st);

/* 1 if game id is finished. */
int arena_store_has(const arena_store *st, int id);

/* The first finished game's id at or after from, -1 when none: the stored
 * ids in order, O(stored + schedule / 64) for them all (the store keeps a
 * bit a scheduled game), not a call a scheduled game. */
int arena_store_next_id(const arena_store *st, int from);

/* Stores finished game r (its summary: a games.jsonl line) with its whole
 * record (ref_game_to_json; borrowed; NULL: a game known by its summary
 * alone) in one transaction, then appends its games.jsonl line. Returns 0,
 * ARENA_E_INVAL (read-only store, id already stored or outside the
 * schedule), ARENA_E_IO (err says why; nothing is stored) or
 * ARENA_E_NOMEM. */
int arena_store_put(arena_store *st, const arena_game_record *r, const cJSON *record, char *err,
                    size_t errsz);

/* As arena_store_put, the record being game g's (borrowed), encoded from
 * the game itself: the fast way, without building its JSON record (a
 * record whose texts are not valid UTF-8 is built and cleaned as
 * ref_game_to_json does). */
int arena_store_put_game(arena_store *st, const arena_game_record *r, const ref_game *g, char *err,
                         size_t errsz);

/* Calls fn for every stored game in the order stored (a resumed SPRT
 * replays them so), each as its record (borrowed for the call; the opening
 * -1 when the league's table is not loaded). The records are read from the
 * database one by one: memory does not grow with the league. fn returns 0
 * to go on; its non-zero value ends the walk and is returned. Returns 0,
 * fn's value, ARENA_E_IO or ARENA_E_PARSE (a row that is no game of the
 * league). */
int arena_store_foreach(const arena_store *st, arena_game_fn fn, void *user, char *err,
                        size_t errsz);

/* arena_store_foreach as an arena_games_walk_fn (league/record.h) over
 * source, a const arena_store *: the error's text is not kept. */
int arena_store_games_walk(void *source, arena_game_fn fn, void *user);

/* The games an index page lists (report/replay_page.h), as games.jsonl
 * lines (arena_record_to_json) in stored order: the max newest games and
 * the max newest games lost by a fault, so that a million-game league's
 * index stays a page (*lines: a cJSON array, caller owns). Returns 0,
 * ARENA_E_NOMEM, ARENA_E_IO or ARENA_E_PARSE. */
int arena_store_index_lines(const arena_store *st, int max, cJSON **lines, char *err, size_t errsz);

/* The games counted by the database, without a walk: fn(black, white,
 * winner, faulted, count, user) for every distinct result of a pairing
 * and colours (winner 0 black, 1 white, -1 a draw; faulted 1 when a side
 * was at fault), count games each. fn returns 0 to go on. Returns 0, fn's
 * non-zero value, ARENA_E_IO or ARENA_E_PARSE (a game of a bot outside the
 * league). */
typedef int (*arena_store_tally_fn)(int black, int white, int winner, int faulted, int count,
                                    void *user);
int arena_store_tally(const arena_store *st, arena_store_tally_fn fn, void *user, char *err,
                      size_t errsz);

/* Game id's whole record (*out, caller owns: cJSON_Delete), as
 * ref_game_to_json wrote it. Returns 0, ARENA_E_INVAL (no game id, or one
 * stored without its record), ARENA_E_PARSE (its stored record is corrupt),
 * ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_record(const arena_store *st, int id, cJSON **out, char *err, size_t errsz);

/* The bots' fingerprints stored ({"bot name": {file: sha256}}), NULL when
 * it has none. Owned by the store. */
const cJSON *arena_store_fingerprints(const arena_store *st);

/* The path of DIR/league.db, for messages. Owned by the store. */
const char *arena_store_db_path(const arena_store *st);

/* The database, for the merge's queries. Owned by the store. */
struct leaguedb *arena_store_db(const arena_store *st);

/* The path of DIR/standings.json. Owned by the store. */
const char *arena_store_standings_path(const arena_store *st);

/* Writes the standings (borrowed tree) pretty-printed with a final newline
 * to DIR/standings.json atomically. Returns 0, ARENA_E_INVAL (NULL
 * argument or a READ_ONLY store, which changes nothing),
 * ARENA_E_IO (err: "cannot write PATH: errno text") or ARENA_E_NOMEM. */
int arena_store_write_standings(arena_store *st, const cJSON *standings, char *err, size_t errsz);

/* Rewrites DIR/games.jsonl from the database (atomically). Returns 0,
 * ARENA_E_INVAL (read-only), ARENA_E_IO or ARENA_E_NOMEM. */
int arena_store_export_games(arena_store *st, char *err, size_t errsz);

/* Moves an existing league out of the way for --force-new: league.db (with
 * its -wal and -shm), league.json, games.jsonl, standings.json, index.html
 * and games/ go into dir/previous-<UTC time>/. A missing dir or file is not
 * an error. Takes no lock: a running arena opens its store with
 * ARENA_STORE_FRESH instead, which archives under the run lock. Returns 0
 * or ARENA_E_IO. */
int arena_store_archive(const char *dir, char *err, size_t errsz);

#endif
