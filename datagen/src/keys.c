/*
 * keys.c - the positions' set (keys.h). Linear probing on Zobrist keys,
 * whose bits are already uniform: the low bits index the table.
 */
#include "keys.h"

#include <stdlib.h>
#include <string.h>

static size_t probe(const uint64_t *slot, size_t mask, uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 32)) & mask;
    while (slot[i] && slot[i] != key)
        i = (i + 1) & mask;
    return i;
}

/* Doubles the table (16 slots at first), every key moved. */
static int grow(datagen_keys *k)
{
    size_t size = k->mask ? (k->mask + 1) * 2 : 16;
    uint64_t *slot = calloc(size, sizeof *slot);
    if (!slot)
        return -1;
    for (size_t i = 0; k->mask && i <= k->mask; i++)
        if (k->slot[i])
            slot[probe(slot, size - 1, k->slot[i])] = k->slot[i];
    free(k->slot);
    k->slot = slot;
    k->mask = size - 1;
    return 0;
}

int datagen_keys_add(datagen_keys *k, uint64_t key)
{
    if (key == 0) {
        int added = !k->has_zero;
        k->has_zero = 1;
        return added;
    }
    if ((k->count + 1) * 2 > k->mask + 1 && grow(k) != 0)
        return -1;
    size_t i = probe(k->slot, k->mask, key);
    if (k->slot[i])
        return 0;
    k->slot[i] = key;
    k->count++;
    return 1;
}

int datagen_keys_has(const datagen_keys *k, uint64_t key)
{
    if (key == 0)
        return k->has_zero;
    return k->mask && k->slot[probe(k->slot, k->mask, key)] == key;
}

void datagen_keys_free(datagen_keys *k)
{
    free(k->slot);
    memset(k, 0, sizeof *k);
}
