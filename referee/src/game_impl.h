/*
 * game_impl.h - the inside of a ref_game (internal), shared by the one-game
 * referee (game.c) that fills it, its storage (game_data.c) and the record
 * writers (record_json.c, record_text.c) that read it.
 */
#ifndef REF_GAME_IMPL_H
#define REF_GAME_IMPL_H

#include <stdint.h>

#include "metric_scan.h"
#include "ref/referee.h"

struct ref_game {
    char *name[2]; /* display names (the command when none given) */
    char *command[2];
    ref_sandbox sandbox[2]; /* how each bot was confined */
    int64_t seed;
    int64_t start_time;  /* seconds since the epoch, UTC */
    int64_t duration_us; /* wall time of ref_game_run(), bots' start and end included */
    ref_limits limits;   /* as configured (a wall cap of 0: 4x each turn's limit) */
    ref_time_mode time_mode;
    ref_cpu_method cpu_method; /* CPU mode: the method that measured; else AUTO */
    loa_move *opening;         /* the plies applied before the bots played; owned */
    int opening_plies;
    ref_ply *plies; /* every turn answered or failed; strings owned */
    int nplies, cap;
    ref_result result;
};

/* A finished game's checker (util/check.h): asserts that it has one reason
 * (not "none", a reason of the table) and that its winner, fault and
 * scores are that reason's: a bot at fault loses (-1 against 0, the other
 * wins); a connection has a winner (1 against 0) and no fault; a draw, a
 * referee error or an abort has neither (0 0). Called as ref_game_run()
 * returns in the builds with LOA_CHECKS; aborts on a failure. */
void ref_game_check(const ref_game *g);

/* A new game with its players' names and commands copied from cfg and no
 * ply; result "none" with no winner and no fault. NULL on out of memory. */
ref_game *ref_game_new(const ref_config *cfg);

/* Appends a ply of player (0 black, 1 white) with the bot's raw output
 * (out_len bytes, NULL: none) and stderr tail (err_len bytes) copied; move
 * NONE, comment "". A C string cannot hold a NUL byte: in the output it
 * becomes '?', in the stderr U+2400 (the symbol for NUL, "\xe2\x90\x80"),
 * so that the rest of the text is kept and the byte still shows. Returns
 * the ply (owned by g, valid until the next append), or NULL on out of
 * memory. */
ref_ply *ref_game_add_ply(ref_game *g, int player, const char *out, size_t out_len, const char *err,
                          size_t err_len);

/* Replaces a ply's comment by a copy of c[0..n). Returns 0 or -1 (out of
 * memory: the comment stays ""). */
int ref_ply_set_comment(ref_ply *p, const char *c, size_t n);

/* Sets a ply's metrics to a copy of the scan's (one allocation: the
 * array and its texts), its dropped count to the scan's. Returns 0 or -1
 * (out of memory: the ply has none). */
int ref_ply_set_metrics(ref_ply *p, const ref_metric_scan *s);

/* A metric value as JSON: an integer with all its digits (raw), a real a
 * number, a text a string. NULL on out of memory. */
cJSON *ref_metric_value_json(const util_metric_value *v);

/* Adds ply pl's metrics to its record object o: "metrics" (the bot's turn
 * metrics), "match_metrics" (the turn's match data), "metrics_dropped"
 * (when > 0); each only when it has something. 0 or -1 (out of memory). */
int ref_record_ply_metrics(cJSON *o, const ref_ply *pl);

/* Adds the record's "metrics" when the game has game values: {"black":
 * {...}, "white": {...}, "match": {...}} ([PDATA] / [TDATA] name = value;
 * the last value given wins). 0 or -1 (out of memory). */
int ref_record_game_metrics(cJSON *root, const ref_game *g);

/* Display form of bytes for details and text records: printable ASCII kept,
 * other bytes as \xNN, cut to fit with "..." (always NUL-terminated when
 * size > 0). Returns buf. */
char *ref_escape(const char *s, size_t n, char *buf, size_t size);

#endif
