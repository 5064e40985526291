/* diversity.c - distinct games per pairing (results/diversity.h). */
#include "results/diversity.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

static int key_cmp(const void *x, const void *y)
{
    const arena_game_key *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return p->hash < q->hash ? -1 : p->hash > q->hash;
}

int arena_game_key_of(const arena_game_record *r, int n, arena_game_key *k)
{
    if (!r->moves_hash || r->black < 0 || r->black >= n || r->white < 0 || r->white >= n ||
        r->black == r->white)
        return 0;
    k->a = r->black < r->white ? r->black : r->white;
    k->b = r->black < r->white ? r->white : r->black;
    k->hash = r->moves_hash;
    return 1;
}

int arena_distinct_keys(int n, arena_game_key *keys, int count, int *known, int *distinct)
{
    if (n < 1 || n > ARENA_MAX_BOTS || !known || !distinct || count < 0 || (count > 0 && !keys))
        return ARENA_E_INVAL;
    memset(known, 0, sizeof *known * (size_t)n * (size_t)n);
    memset(distinct, 0, sizeof *distinct * (size_t)n * (size_t)n);
    /* Sorted, equal games are neighbours: a pairing's distinct games are
     * its runs. */
    if (count > 0)
        qsort(keys, (size_t)count, sizeof *keys, key_cmp);
    for (int k = 0; k < count; k++) {
        int a = keys[k].a, b = keys[k].b;
        if (a < 0 || b >= n || a >= b)
            return ARENA_E_INVAL;
        known[a * n + b]++;
        if (k == 0 || key_cmp(&keys[k - 1], &keys[k]) != 0)
            distinct[a * n + b]++;
    }
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            known[b * n + a] = known[a * n + b];
            distinct[b * n + a] = distinct[a * n + b];
        }
    return 0;
}

int arena_distinct_games(int n, const arena_game_record *records, int count, int *known,
                         int *distinct)
{
    if (n < 1 || n > ARENA_MAX_BOTS || !known || !distinct || count < 0 || (count > 0 && !records))
        return ARENA_E_INVAL;
    arena_game_key *keys = malloc(sizeof *keys * (size_t)(count > 0 ? count : 1));
    if (!keys)
        return ARENA_E_NOMEM;
    int m = 0;
    for (int k = 0; k < count; k++)
        m += arena_game_key_of(&records[k], n, &keys[m]);
    int rc = arena_distinct_keys(n, keys, m, known, distinct);
    free(keys);
    return rc;
}

int arena_distinct_is_low(int known, int distinct)
{
    return known >= 2 && (int64_t)distinct * 100 < (int64_t)known * ARENA_DISTINCT_MIN_PERCENT;
}
