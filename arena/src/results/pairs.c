/* pairs.c - colour-swapped pairs and their pentanomial counts
 * (results/pairs.h). */
#include "results/pairs.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"

int arena_pairs_half_points(const arena_game_record *r, int bot)
{
    int side = r->black == bot ? 0 : r->white == bot ? 1 : -1;
    if (side < 0)
        return -1;
    return r->winner < 0 ? 1 : r->winner == side ? 2 : 0;
}

static int by_id(const void *a, const void *b)
{
    const arena_game_record *x = *(const arena_game_record *const *)a;
    const arena_game_record *y = *(const arena_game_record *const *)b;
    return (x->id > y->id) - (x->id < y->id);
}

int arena_pairs_pentanomial(const arena_game_record *records, int count, int n, int *penta)
{
    if (n < 1 || count < 0)
        return ARENA_E_INVAL;
    memset(penta, 0, sizeof *penta * (size_t)n * (size_t)n * ARENA_PENTA_BINS);
    if (count == 0)
        return 0;
    /* Sorted by id, the two games of a pair (2k, 2k+1) are neighbours. */
    const arena_game_record **sorted = malloc(sizeof *sorted * (size_t)count);
    if (!sorted)
        return ARENA_E_NOMEM;
    for (int i = 0; i < count; i++)
        sorted[i] = &records[i];
    qsort(sorted, (size_t)count, sizeof *sorted, by_id);
    int rc = 0;
    for (int i = 0; i + 1 < count && !rc; i++) {
        const arena_game_record *g0 = sorted[i], *g1 = sorted[i + 1];
        if (g0->id % 2 != 0 || g1->id != g0->id + 1)
            continue;
        i++; /* the pair is used up */
        int a = g0->black, b = g0->white;
        if (a < 0 || a >= n || b < 0 || b >= n || a == b || g1->black != b || g1->white != a) {
            rc = ARENA_E_INVAL;
            break;
        }
        int bin = arena_penta_bin(arena_pairs_half_points(g0, a), arena_pairs_half_points(g1, a));
        if (bin < 0) {
            rc = ARENA_E_INVAL;
            break;
        }
        penta[((size_t)a * n + b) * ARENA_PENTA_BINS + bin]++;
        penta[((size_t)b * n + a) * ARENA_PENTA_BINS + (ARENA_PENTA_BINS - 1 - bin)]++;
    }
    free(sorted);
    return rc;
}

int arena_pair_tally_init(arena_pair_tally *t, int bot, int opponent, int max_pairs)
{
    memset(t, 0, sizeof *t);
    if (max_pairs < 1 || bot == opponent || bot < 0 || opponent < 0)
        return ARENA_E_INVAL;
    t->half = malloc((size_t)max_pairs);
    if (!t->half)
        return ARENA_E_NOMEM;
    memset(t->half, -1, (size_t)max_pairs);
    t->bot = bot;
    t->opponent = opponent;
    t->max_pairs = max_pairs;
    return 0;
}

int arena_pair_tally_add(arena_pair_tally *t, const arena_game_record *r)
{
    int other = r->black == t->bot ? r->white : r->black;
    int h = arena_pairs_half_points(r, t->bot);
    if (h < 0 || other != t->opponent || r->id < 0 || r->id / 2 >= t->max_pairs)
        return 0;
    /* Which game of the pair came first does not matter: the bin is the
     * sum of the two scores. Marking the pair done ignores a repeated id. */
    signed char *slot = &t->half[r->id / 2];
    if (*slot == 3)
        return 0;
    if (*slot < 0) {
        *slot = (signed char)(h | (r->id % 2) << 2); /* remember which game it was */
        return 0;
    }
    if ((*slot >> 2) == r->id % 2) /* the same game again */
        return 0;
    t->penta[(*slot & 3) + h]++;
    t->pairs++;
    *slot = 3;
    return 1;
}

void arena_pair_tally_free(arena_pair_tally *t)
{
    if (!t)
        return;
    free(t->half);
    t->half = NULL;
}
