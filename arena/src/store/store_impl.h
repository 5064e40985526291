/*
 * store/store_impl.h - the inside of the results store, shared by its two
 * translation units: store/store.c (opening, games.jsonl, records,
 * standings) and store/store_league.c (the directory lock, league.json
 * with the bots' fingerprints, archiving). Not part of the store's API:
 * include store/store.h instead. One thread at a time, as the store.
 */
#ifndef ARENA_STORE_STORE_IMPL_H
#define ARENA_STORE_STORE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "store/store.h"

struct arena_store {
    char *dir;                  /* the results directory, as given */
    char *league_path;          /* DIR/league.json */
    char *games_path;           /* DIR/games.jsonl */
    char *records_dir;          /* DIR/games */
    char *standings_path;       /* DIR/standings.json */
    int dir_fd;                 /* DIR itself, flock'ed (RESUME, FRESH); -1 otherwise */
    int fd;                     /* games.jsonl, O_APPEND; -1 read-only */
    arena_settings settings;    /* own copy (loaded or duplicated) */
    cJSON *fingerprints;        /* {"bot name": fingerprint} as stored in
                                   league.json, NULL when it has none (a league
                                   of an older arena, or a new one) */
    char openings_sha256[65];   /* the digest of the openings file's table as
                                   stored in league.json, "" when none */
    int64_t schedule_size;
    unsigned char *has;         /* [schedule_size] */
    arena_game_record *records;
    int count, cap;
};

/* Takes the one-arena-per-directory lock: flock(LOCK_EX | LOCK_NB) on DIR
 * itself, which archiving never moves (a lock on a file inside would move
 * with it). Returns 0, ARENA_E_BUSY (another arena holds it: err says so)
 * or ARENA_E_IO. */
int arena_store_lock_dir(arena_store *st, char *err, size_t errsz);

/* Reads DIR/league.json (st->league_path) into *s (initialised here; its
 * out_dir becomes st->dir) and, when fingerprints is not NULL, its
 * "fingerprints" object into *fingerprints (NULL when absent; caller owns)
 * and its "openings_sha256" into st->openings_sha256.
 * Returns 0, ARENA_E_PARSE (unreadable or malformed: err names the file)
 * or ARENA_E_NOMEM. */
int arena_store_read_league(arena_store *st, arena_settings *s, cJSON **fingerprints,
                            char *err, size_t errsz);

/* Refuses a league whose openings file no longer holds the openings its
 * games were played from: s->openings' digest (arena_openings_digest)
 * against the one read from league.json (st->openings_sha256). Random
 * plies are drawn from the seed, so only a file is checked. Returns 0 or
 * ARENA_E_MISMATCH (err: "FILE changed since the league started"). */
int arena_store_check_openings(const arena_store *st, const arena_settings *s, char *err,
                               size_t errsz);

/* Refuses a fresh fingerprint (fresh: {"bot name": fingerprint}, borrowed)
 * of a bot that differs from the stored one (st->fingerprints) when the
 * store holds games of that bot: they were played by another program.
 * A bot without stored games, or without a stored fingerprint, passes.
 * Returns 0 or ARENA_E_CHANGED (err names the bot and the file, from
 * arena_fingerprint_diff, and suggests --force-new). */
int arena_store_check_fingerprints(const arena_store *st, const cJSON *fresh, char *err,
                                   size_t errsz);

/* (Re)writes DIR/league.json atomically: the identity of st->settings,
 * "fingerprints" (fresh when not NULL, else the stored ones, if any) and,
 * with an openings file, "openings_sha256" (the digest of its table).
 * Returns 0, ARENA_E_IO (err names the path and errno text) or
 * ARENA_E_NOMEM. */
int arena_store_write_league(arena_store *st, const cJSON *fresh, char *err, size_t errsz);

/* Writes a cJSON tree with a final newline to path atomically
 * (util_write_file_atomic): pretty-printed for the files people read
 * (league.json, standings.json), on one line when compact (game records:
 * read by tools, written once a game, half the bytes). Returns 0,
 * ARENA_E_NOMEM or ARENA_E_IO (errno set). */
int arena_store_write_json(const char *path, const cJSON *j, int compact);

#endif
