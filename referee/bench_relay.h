/*
 * bench_relay.h - the floor of loa-referee-bench: the least any referee can
 * do for a game between two loa-first bots. It spawns both bots directly
 * (posix_spawn, no shell), writes each turn exactly the bytes the referee
 * would (ref_turn_input), reads the answer line with blocking reads, and
 * judges nothing, times nothing, records nothing. The referee's throughput
 * against it is the price of everything the referee does besides.
 *
 * Thread-safe: a relay_game is read-only once prepared; each relay_play
 * call owns its processes.
 */
#ifndef REF_BENCH_RELAY_H
#define REF_BENCH_RELAY_H

#include <stddef.h>
#include <stdint.h>

typedef struct relay_game {
    char *bytes;    /* every turn's input, back to back (owned) */
    size_t *offset; /* turn i is bytes[offset[i] .. offset[i + 1]) (owned) */
    int plies;      /* turns */
} relay_game;

/* The inputs of loa-first against loa-first (each answers the first listed
 * move) up to max_plies, from the SDK's rules. Returns 0 or -1 (memory). */
int relay_prepare(relay_game *g, int max_plies);
void relay_free(relay_game *g);

/* Plays g once with two processes of bot (an executable path, run without
 * a shell) and returns 0 with the wall time in *us, or -1 (a spawn or pipe
 * failed, or a bot answered no line: errno-like text in err). */
int relay_play(const relay_game *g, const char *bot, int64_t *us, char *err, size_t errsz);

#endif
