/*
 * datagen/datagen.h - self-play data generation (docs/datagen.md): games of
 * a bot against itself, every position it searched written to a datagen
 * file (datagen/format.h) with its score, the move played and the game's
 * result; duplicates dropped, filters applied; resumable after a kill -9;
 * shards of a run merged back.
 *
 * The bot speaks the analysis protocol (analysis/engine.h,
 * docs/analysis.md): one process per worker thread, started once, asked
 * "go nodes N BOARD" for each position; it plays its own answer. Game g of
 * a run (numbered from 0) starts from opening g: an openings file's line g
 * (in file order), or g's random opening of K plies from the seed
 * (arena_openings_random: uniform among the moves that do not win, a
 * repeat redrawn). With a depth or nodes budget and a bot whose answer
 * depends only on its request (loa-ab --analyse: a cleared table each
 * time), a game depends only on its number and the settings, and the file
 * only on the settings (games are committed in their order), whatever the
 * number of workers and however often the run was interrupted.
 *
 * With DATAGEN_PROTOCOL_CODINGAME the bot plays CodinGame's protocol
 * instead: each game is run by the referee library (ref/referee.h), both
 * sides the bot, two processes a game, and a ply's score and depth are the
 * metric lines its bot printed with it (util/metric.h, docs/metrics.md).
 */
#ifndef DATAGEN_DATAGEN_H
#define DATAGEN_DATAGEN_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/engine.h"
#include "datagen/error.h"
#include "datagen/file.h"
#include "datagen/format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Default budget: loa-ab's nodes a position (issue 45's goal is set at it). */
#define DATAGEN_DEFAULT_NODES 5000
/* Default plies of a random opening. */
#define DATAGEN_DEFAULT_RANDOM_PLIES 8
/* Most worker threads. */
#define DATAGEN_MAX_WORKERS 256
/* Games a worker may run ahead of the oldest game not yet written, per
 * worker (the games finished out of order wait in memory). */
#define DATAGEN_WINDOW_PER_WORKER 4
/* How often the progress callback is called, ms. */
#define DATAGEN_PROGRESS_MS 1000

/* The filters (docs/datagen.md, "Filters"); zeroed keeps every position. */
typedef struct datagen_filter {
    int skip_plies;  /* drop positions with ply < skip_plies */
    int no_tactical; /* drop positions whose side to move can connect at once */
    int quiet;       /* keep only quiet positions: neither side can connect at once,
                        the move played captures nothing, the score is not proven */
} datagen_filter;

/* How loa-datagen talks to the bot (docs/datagen.md, "The bot"). */
typedef enum datagen_protocol {
    DATAGEN_PROTOCOL_ANALYSIS = 0, /* the analysis protocol: one process a worker, asked
                                      "go nodes N BOARD" a position at the run's budget */
    DATAGEN_PROTOCOL_CODINGAME = 1 /* CodinGame's protocol through the referee library, two
                                      processes a game, the budget the bot's own; score and
                                      depth from its metric lines (docs/metrics.md) */
} datagen_protocol;

/* A turn's limit for a bot in the CodinGame protocol, ms (its first turn
 * too): its budget is its own (its command's options), so the limit only
 * ends a bot that hangs, and is generous against a loaded machine. */
#define DATAGEN_CODINGAME_TURN_MS 1000
/* Proven results in a score metric (datagen_settings.win_score): a score S
 * with |S| > win_score - DATAGEN_WIN_SCORE_RANGE is a win (S > 0) or loss
 * win_score - |S| plies away, as loa-ab's (30000) and the file's own. */
#define DATAGEN_WIN_SCORE_RANGE 1000
/* Largest --win-score (the file's int16 scale holds its scores). */
#define DATAGEN_WIN_SCORE_MAX 1000000000

/* What makes a file: kept in its header and compared when it is resumed or
 * merged (plain value; strings borrowed). */
typedef struct datagen_settings {
    const char *bot;           /* the bot's command, run with /bin/sh -c */
    datagen_protocol protocol; /* how it is asked (0: the analysis protocol) */
    analysis_limit limit;      /* each position's budget (the analysis protocol only) */
    int win_score;             /* the CodinGame protocol: a score metric beyond
                                  win_score - DATAGEN_WIN_SCORE_RANGE is proven (above);
                                  0: scores are points only */
    int64_t seed;              /* the random openings' seed */
    int random_plies;          /* plies of a random opening, 1..REF_OPENING_MAX (no file) */
    const char *openings;      /* an openings file (arena/openings format), or NULL */
    datagen_filter filter;     /* which positions are written */
    int shard_index;           /* this run plays the games g with g % shard_count == shard_index */
    int shard_count;           /* 1: no shards */
} datagen_settings;

/* When a run ends (a plain value). */
typedef struct datagen_goal {
    int64_t games;     /* games 0..games-1 of the run (a shard's part of them); 0: no bound
                          (an openings file bounds them at its count) */
    int64_t positions; /* stop after the first game that brings the file to this many
                          records; 0: no bound */
    int workers;       /* worker threads (bots), 1..DATAGEN_MAX_WORKERS */
} datagen_goal;

/* What a run did (a plain value). */
typedef struct datagen_stats {
    int64_t positions;  /* records in the file */
    int64_t added;      /* records written by this run */
    int64_t games;      /* games written by this run */
    int64_t searched;   /* positions searched in them */
    int64_t nodes;      /* the nodes the bot reported for them (0 if it does not) */
    int64_t duplicates; /* of those, dropped as already in the file */
    int64_t filtered;   /* of those, dropped by the filters */
    int64_t next_game;  /* the next game the file would get */
    int64_t cut;        /* bytes removed from the file at its resume (a kill) */
    int resumed;        /* 1: the file existed */
    int finished;       /* 1: the goal is reached (not stopped) */
} datagen_stats;

/* Called by datagen_run() in its caller's thread every DATAGEN_PROGRESS_MS
 * and once at the end: the stats so far, the seconds since the start. */
typedef void (*datagen_progress_fn)(const datagen_stats *st, double elapsed_s, void *user);

/* The settings as the header's JSON text (cJSON; a new string, the caller
 * frees), with the openings file's digest and count (openings_hash NULL
 * without a file). NULL on out of memory. */
char *datagen_settings_json(const datagen_settings *s, const char *openings_hash,
                            int openings_count);

/* Compares two settings texts: 0 when equal, else 1 with why naming the
 * first key that differs and both values ("budget: 5000 in the file, 3000
 * now"); ignore_shard skips the key "shard" (a merge). A text that is not
 * a settings object differs. */
int datagen_settings_differ(const char *file, const char *now, int ignore_shard, char *why,
                            size_t whysz);

/* Runs (or resumes) the generation into path: creates it (its header from
 * s), or opens it DATAGEN_OPEN_RESUME and continues after its last whole
 * game when its settings are s's; starts g->workers bots; plays and writes
 * games in order until g is reached, stop_fd (-1: none; borrowed, never
 * read) becomes readable, or an error. progress (may be NULL) is called as
 * above; *st gets the final stats. Returns 0 (the goal reached, or
 * nothing left to do), DATAGEN_E_STOPPED (the file holds whole games),
 * DATAGEN_E_INVAL, DATAGEN_E_SETTINGS (the file's settings are not s's),
 * DATAGEN_E_FORMAT, DATAGEN_E_IO, DATAGEN_E_OPENING (a bad openings file:
 * err "FILE:LINE: ply N 'MOVE': why"), DATAGEN_E_BOT (err quotes the bot's
 * command and the position), DATAGEN_E_NOMEM; err is one line. A file
 * this call created is removed when it fails before writing a record.
 * Uses threads; one call at a time per path. The process must ignore
 * SIGPIPE. */
int datagen_run(const char *path, const datagen_settings *s, const datagen_goal *g, int stop_fd,
                datagen_progress_fn progress, void *user, datagen_stats *st, char *err,
                size_t errsz);

/* Merges the files inputs[0..n) into a new file out (replaced atomically:
 * written to a temp file, renamed): their records in game order (a game in
 * several inputs: the first input's first), a position kept once (its
 * first), DATAGEN_FLAG_GAME_END set anew; the shards of one run merge into
 * exactly the file the unsharded run writes. The inputs' settings must be
 * equal but for their shard (then out's settings are theirs with shard
 * "0/1"); otherwise out's settings are {"merged": [each input's]}. Every
 * input is checked as datagen_file_open(DATAGEN_OPEN_READ) does. *records
 * and *dropped (may be NULL) get the records written and the duplicates
 * dropped. Returns 0, DATAGEN_E_INVAL, DATAGEN_E_FORMAT, DATAGEN_E_IO or
 * DATAGEN_E_NOMEM; err names the file. */
int datagen_merge(const char *out, const char *const *inputs, int n, int64_t *records,
                  int64_t *dropped, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
