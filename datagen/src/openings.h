/*
 * openings.h - where a run's games start (docs/datagen.md, "Openings"):
 * game g plays line g of an openings file (the arena's format:
 * arena/openings/README.md), or a random opening of K plies drawn from the
 * seed and g alone (so a game depends on nothing but its number).
 *
 * The file reader restates arena_openings_load (arena/src/league/openings.c:
 * the arena's sources are private to it); both parse a line with the
 * referee's ref_opening_parse, which holds the rules of an opening.
 */
#ifndef DATAGEN_OPENINGS_H
#define DATAGEN_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "loa/loa.h"
#include "ref/referee.h"

/* Longest openings file read, bytes (the arena's bound). */
#define DATAGEN_OPENINGS_FILE_MAX (16 * 1024 * 1024)
/* Draws of a random opening before giving up (each redrawn when every
 * move of some position would end the game). */
#define DATAGEN_OPENING_ATTEMPTS 64

/* An openings file's table (owned: datagen_openings_free). */
typedef struct datagen_openings {
    loa_move (*moves)[REF_OPENING_MAX]; /* moves[i][0..plies[i]) */
    int *plies;
    int count;
    uint64_t hash; /* FNV-1a over every opening's moves: the file's identity */
} datagen_openings;

/* Reads an openings file: one opening a line, moves separated by spaces or
 * commas, '#' starts a comment, blank lines skipped; each checked by
 * ref_opening_parse (legal plies, no side connected). Returns 0 and *o,
 * DATAGEN_E_OPENING (err: "FILE:LINE: ply N 'MOVE': why", a file
 * unreadable, too large, with NUL bytes, or without an opening) or
 * DATAGEN_E_NOMEM. */
int datagen_openings_load(const char *path, datagen_openings *o, char *err, size_t errsz);

/* Frees o's table; o is zeroed. */
void datagen_openings_free(datagen_openings *o);

/* Game's random opening of plies plies (1..REF_OPENING_MAX) from seed into
 * m: each ply uniform among the moves (in CodinGame's order; the pass when
 * there is none) that do not end the game, from a generator seeded by seed
 * and game; redrawn from the next seed when a position has only winning
 * moves. Returns 0, or -1 when DATAGEN_OPENING_ATTEMPTS draws failed. Pure. */
int datagen_opening_random(int64_t seed, uint64_t game, int plies, loa_move *m);

#endif
