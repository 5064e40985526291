/*
 * game_impl.h - the inside of a ref_game (internal), shared by the one-game
 * referee (game.c) that fills it and the record writers (record_json.c,
 * record_text.c) that read it.
 */
#ifndef REF_GAME_IMPL_H
#define REF_GAME_IMPL_H

#include <stdint.h>

#include "ref/referee.h"

struct ref_game {
    char *name[2];          /* display names (the command when none given) */
    char *command[2];
    int64_t seed;
    int64_t start_time;     /* seconds since the epoch, UTC */
    int64_t duration_us;    /* wall time of ref_game_run(), bots' start and end included */
    int first_turn_ms, turn_ms, max_plies;
    ref_ply *plies;         /* every turn answered or failed; strings owned */
    int nplies, cap;
    ref_result result;
};

/* Display form of bytes for details and text records: printable ASCII kept,
 * other bytes as \xNN, cut to fit with "..." (always NUL-terminated when
 * size > 0). Returns buf. */
char *ref_escape(const char *s, size_t n, char *buf, size_t size);

#endif
