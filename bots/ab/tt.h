/*
 * bots/ab/tt.h - loa-ab's transposition table (tt.c): one 16-byte entry per
 * slot, indexed by the low bits of the position's key, replaced by depth
 * and search generation.
 *
 * The key is the SDK's Zobrist hash (loa_zobrist_key/_update) with the ply
 * mixed in near the 150-ply limit (tt_key()). Scores are stored relative to
 * the node (a win n plies below the node, not below the root), so an entry
 * reached through a transposition at another ply reads back correctly.
 * A tt_table belongs to one thread (no locking).
 */
#ifndef BOTS_AB_TT_H
#define BOTS_AB_TT_H

#include <stddef.h>
#include <stdint.h>

#include "loa/loa.h"

/* What an entry's score is: the exact value, or a bound on it. */
enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* One transposition-table slot, 16 bytes. */
typedef struct tt_entry {
    uint64_t key;  /* full key from tt_key() (0 = empty; tt_key() never returns 0) */
    int16_t score; /* bound or exact score, wins stored relative to this node */
    uint16_t move; /* best or refutation move, squares only (LOA_MOVE_NONE if unknown) */
    int8_t depth;  /* remaining depth the score was searched to, plies */
    uint8_t bound; /* TT_EXACT, TT_LOWER or TT_UPPER */
    uint8_t gen;   /* search generation, for replacement */
    uint8_t pad;
} tt_entry;

/* The table: a power-of-two array of entries (owned: tt_init() allocates,
 * tt_free() frees) and the generation of the search in progress. */
typedef struct tt_table {
    tt_entry *entries;
    uint64_t mask; /* entries - 1 */
    uint8_t gen;   /* bumped by tt_new_search(); wraps at 256 */
} tt_table;

/* Allocates a table of about mb MiB: the largest power of two of entries
 * that fits, at least TT_MIN_ENTRIES (tt.c). Returns 0, or -1 when out of
 * memory (t then holds no table). */
int tt_init(tt_table *t, size_t mb);

/* Frees the entries; t can be tt_init()ed again. Safe on a freed table. */
void tt_free(tt_table *t);

/* Empties every entry and resets the generation: after this no search
 * result survives. */
void tt_clear(tt_table *t);

/* Starts a new search: older entries become the first to be replaced. */
void tt_new_search(tt_table *t);

/* Key of position b whose Zobrist key is `zobrist`: the Zobrist key, plus
 * the ply near the 150-ply limit, where the same position is a draw at one
 * ply and not at another. Never 0 (0 marks an empty entry). Pure. */
uint64_t tt_key(uint64_t zobrist, const loa_board *b);

/* The entry stored under `key`, or NULL when its slot holds another
 * position or nothing. Valid until the next tt_store(), tt_clear() or
 * tt_free(). */
const tt_entry *tt_probe(const tt_table *t, uint64_t key);

/* A score read from an entry, made relative to the root for a node `ply`
 * plies below it (wins get further by ply). */
int tt_score_from(int stored, int ply);

/* Stores the search result of the node with key `key`, `ply` plies below
 * the root (for the win-score adjustment): `score` searched to `depth`
 * plies, a `bound` (TT_EXACT, TT_LOWER, TT_UPPER), its best move's squares
 * (LOA_MOVE_NONE keeps the move already stored for the same position). The
 * slot keeps a deeper entry of another position from the same search. */
void tt_store(tt_table *t, uint64_t key, int depth, int score, int bound, loa_move move, int ply);

#endif
