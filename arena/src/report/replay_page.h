/*
 * report/replay_page.h - the replay pages of a results directory
 * (docs/replay.md), made by the replay component (replay/league.h,
 * replay/replay.h) from the game records the store keeps.
 */
#ifndef ARENA_REPORT_REPLAY_PAGE_H
#define ARENA_REPORT_REPLAY_PAGE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Writes the replay page of game id of results directory dir
 * (docs/replay.md): the game's data, its viewer being dir/viewer.js (the
 * league's one copy, arena_replay_site_write), from its record (game id's whole record, borrowed:
 * arena_store_record): dir/games/<id>.html.
 * Callers treat a failure as a warning: results are safe in the database
 * and `loa-arena --html DIR` writes the pages again. Returns 0 or a
 * REPLAY_E_* code with err naming the file. Thread-safe for distinct
 * games. */
int arena_replay_page_write(const char *dir, int id, const cJSON *record, char *err, size_t errsz);

/* What a league's pages show (borrowed trees). */
typedef struct arena_site_data {
    const cJSON *lines;     /* games.jsonl objects listed */
    long total;             /* games in the league, -1: lines are all */
    const cJSON *standings; /* standings.json's tree, NULL: dir/standings.json */
    const cJSON *dashboard; /* the figures of report/dashboard.h, or NULL */
    int running;            /* 1: the league runs: the pages follow live.js */
    int live_only;          /* 1: dir/live.js alone (a running league's
                               update), 0: every page but the games' */
    int served;             /* 1: for loa-arena serve: every game links its
                               page, rendered on request (replay_league_data) */
} arena_site_data;

/* Writes dir's index, bot pages, shared scripts and style and live.js
 * (replay/league.h), or live.js alone. Returns 0 or a REPLAY_E_* code with err naming
 * the file; callers treat a failure as a warning. */
int arena_replay_site_write(const char *dir, const arena_site_data *d, char *err, size_t errsz);

/* The text dir/live.js would hold for d, in a new buffer (*js, malloc: the
 * caller frees; *len its length), nothing written (replay_league_live_js).
 * Returns 0 or a REPLAY_E_* code with err. */
int arena_replay_site_js(const char *dir, const arena_site_data *d, char **js, size_t *len,
                         char *err, size_t errsz);

#endif
