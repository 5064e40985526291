/*
 * keys.h - the set of positions a file holds, by Zobrist key (loa/zobrist.h):
 * the duplicates a file drops. An open-addressing table of 64-bit keys that
 * doubles at half full. One thread at a time (the run holds its lock).
 */
#ifndef DATAGEN_KEYS_H
#define DATAGEN_KEYS_H

#include <stddef.h>
#include <stdint.h>

typedef struct datagen_keys {
    uint64_t *slot; /* 0: empty (key 0 is kept apart, in has_zero) */
    size_t mask;    /* slots - 1 (a power of two), or 0 before the first insert */
    size_t count;
    int has_zero;
} datagen_keys;

/* Adds key. Returns 1 when it was new, 0 when already there, -1 when out
 * of memory (the set unchanged). *k starts zeroed. */
int datagen_keys_add(datagen_keys *k, uint64_t key);

/* 1 if key is in k. */
int datagen_keys_has(const datagen_keys *k, uint64_t key);

/* Frees the table; k is zeroed (empty, usable again). */
void datagen_keys_free(datagen_keys *k);

#endif
