/*
 * league/record.h - one finished game as the arena keeps it: the plain value
 * arena_game_record, its filling from a schedule entry and a played
 * ref_game (record.c), and its games.jsonl line (JSON, schema in
 * docs/arena.md) and back (record_json.c).
 *
 * The end reason is the referee's enum (ref_reason); it becomes its stable
 * name (ref_reason_name) only in the JSON mapping here, so no other file
 * compares reason strings.
 *
 * Pure functions on caller-owned values: thread-safe on distinct records.
 */
#ifndef ARENA_LEAGUE_RECORD_H
#define ARENA_LEAGUE_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/digest.h"
#include "league/pressure_source.h"
#include "league/schedule.h"
#include "league/settings.h"
#include "ref/referee.h"

/* Thinking times of one side in one game, in milliseconds. */
typedef struct arena_side_time {
    double first_ms;     /* the bot's first turn (own limit), -1 if it had none */
    int turns;           /* later turns answered or timed out */
    double total_ms;     /* sum over those later turns */
    double max_ms;       /* longest of them, 0 if none */
    int late;            /* answers accepted within the time margin (any turn) */
    double cpu_total_ms; /* cpu time mode: CPU time of the later turns, summed; */
    double cpu_max_ms;   /* and the most of one; both -1 in wall mode */
} arena_side_time;

/* One finished game, as one line of games.jsonl. A plain value. */
typedef struct arena_game_record {
    int id, round, pairing;
    int black, white; /* bot indices into the league */
    int64_t seed;
    int opening;       /* index into the league's opening table, -1 none
                               ("opening" in JSON is its text, "" for none) */
    int winner;        /* 0 black, 1 white, -1 draw (or no game) */
    int scores[2];     /* CodinGame scores, [0] black */
    ref_reason reason; /* why the game ended; "reason" in JSON is its name */
    int fault;         /* side at fault (0 black, 1 white), -1 none */
    int plies;
    arena_side_time time[2]; /* [0] black, [1] white */
    int64_t start_time;      /* seconds since the Unix epoch, UTC */
    double duration_ms;      /* wall-clock length of the game */
    char detail[256];        /* the referee's detail */
    int capped;              /* a CPU-mode timeout at the wall-clock cap with
                               the bot's CPU under its limit (ref_result.capped);
                               not stored: under_load says what it meant */
    int under_load;          /* a wall-clock timeout (wall mode, or CPU mode's
                               cap: capped): 1 when the machine was
                               overloaded as it happened (run/pressure.h),
                               0 when not, -1 unknown or not such a timeout */
    double pressure;         /* what was measured then (under_load >= 0): the
                               PSI share 0..1, or the mean runnable tasks */
    int pressure_source;     /* an arena_pressure_source (league/pressure_source.h) */
    uint64_t moves_hash;     /* the game's identity for counting distinct games:
                               the first 64 bits (big-endian) of the SHA-256 of
                               its applied moves as text, "b1d3 a8c6 ... pass"
                               (one space between moves, passes as "pass", the
                               opening's moves first once there are openings);
                               0: unknown (a games.jsonl line written before
                               the field existed) */
} arena_game_record;

/* Called with each game of a walk (r valid during the call): 0 to go on,
 * anything else stops the walk, which returns it. */
typedef int (*arena_game_fn)(const arena_game_record *r, void *user);

/* A walk over a set of finished games (a store's, in stored order): calls
 * fn(r, user) for each; returns 0, fn's non-zero value, or the source's
 * own negative error code. */
typedef int (*arena_games_walk_fn)(void *source, arena_game_fn fn, void *user);

/* Fills the record's game fields (opening included) from a schedule entry: no result yet
 * (draw, no fault, REF_REASON_NONE, no turns, under_load -1). */
void arena_record_from_spec(arena_game_record *r, const arena_game_spec *g);

/* Fills the result fields of r (winner, scores, reason, fault, plies,
 * detail, start time, duration, per-side thinking times, moves_hash) from a
 * played game
 * g (borrowed; not changed). r must hold the spec fields already
 * (arena_record_from_spec); its times must still be the initial ones. */
void arena_record_set_result(arena_game_record *r, const ref_game *g);

/* The games.jsonl line of r as JSON (bot names from s, reason as its
 * ref_reason_name, moves_hash as 16 lower-case hex digits, omitted when 0,
 * "opening" as the opening's moves, "" without one). Caller owns the tree
 * (cJSON_Delete); NULL on out of memory. */
cJSON *arena_record_to_json(const arena_game_record *r, const arena_settings *s);

/* Reads a games.jsonl object back into *r (overwritten). Lines of older
 * arenas, without "moves_hash" (moves_hash 0) or "opening" (none), are
 * read. Returns 0 or ARENA_E_PARSE with err naming the missing or bad field
 * (an unknown bot name, a reason name that is unknown or "none", a
 * moves_hash that is not 16 hex digits, an "opening" that is not the
 * text of the round's opening in s->openings, or not "" in a league without
 * openings). A league with openings whose table is not loaded (read back
 * from DIR/league.json) takes the line's opening unchecked (opening -1). */
int arena_record_from_json(const cJSON *j, const arena_settings *s, arena_game_record *r, char *err,
                           size_t errsz);

#endif
