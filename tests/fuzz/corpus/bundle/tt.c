/*
 * bots/ab/tt.c - loa-ab's transposition table (tt.h).
 */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

#include "score.h"

/* Smallest table, in entries (16 KiB), whatever mb asks: a table must
 * exist, and a few thousand entries hold a shallow search. (--hash is at
 * least 1 MiB, 65,536 entries, so only callers passing 0 get this.) */
#define TT_MIN_ENTRIES 1024

/* Bytes in a MiB (--hash is in MiB). */
#define TT_BYTES_PER_MIB (1024 * 1024)

/* Near the ply limit the ply is part of the key: from this ply on a search
 * of SEARCH_MAX_PLY plies can reach the 150-ply draw. */
#define TT_PLY_KEY_FROM (LOA_MAX_PLIES - SEARCH_MAX_PLY)

/* Multiplier mixing the ply into the key: 2^64 / golden ratio (Knuth's
 * multiplicative hashing), which spreads small plies over all 64 bits. */
#define TT_PLY_KEY_MIX 0x9E3779B97F4A7C15ULL

int tt_init(tt_table *t, size_t mb)
{
    memset(t, 0, sizeof *t);
    size_t n = TT_MIN_ENTRIES;
    while (n * 2 * sizeof(tt_entry) <= mb * TT_BYTES_PER_MIB)
        n *= 2;
    t->entries = calloc(n, sizeof(tt_entry));
    if (!t->entries)
        return -1;
    t->mask = n - 1;
    return 0;
}

void tt_free(tt_table *t)
{
    free(t->entries);
    t->entries = NULL;
}

void tt_clear(tt_table *t)
{
    memset(t->entries, 0, (t->mask + 1) * sizeof(tt_entry));
    t->gen = 0;
}

void tt_new_search(tt_table *t)
{
    t->gen++;
}

uint64_t tt_key(uint64_t zobrist, const loa_board *b)
{
    if (b->ply >= TT_PLY_KEY_FROM)
        zobrist ^= (uint64_t)b->ply * TT_PLY_KEY_MIX;
    return zobrist ? zobrist : 1;
}

const tt_entry *tt_probe(const tt_table *t, uint64_t key)
{
    const tt_entry *e = &t->entries[key & t->mask];
    return e->key == key ? e : NULL;
}

/* Wins are stored relative to the node, read back relative to the root. */
static int tt_score_to(int s, int ply)
{
    return s > SEARCH_WIN_BOUND ? s + ply : s < -SEARCH_WIN_BOUND ? s - ply : s;
}

int tt_score_from(int s, int ply)
{
    return s > SEARCH_WIN_BOUND ? s - ply : s < -SEARCH_WIN_BOUND ? s + ply : s;
}

void tt_store(tt_table *t, uint64_t key, int depth, int score, int bound, loa_move move, int ply)
{
    tt_entry *e = &t->entries[key & t->mask];
    /* Replace an older generation's entry, or one searched less deep. */
    if (e->key != key && e->gen == t->gen && e->depth > depth)
        return;
    if (e->key == key && move == LOA_MOVE_NONE)
        move = e->move;
    e->key = key;
    e->score = (int16_t)tt_score_to(score, ply);
    e->move = move;
    e->depth = (int8_t)depth;
    e->bound = (uint8_t)bound;
    e->gen = t->gen;
}
