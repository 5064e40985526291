/* pairs.c - colour-swapped pairs and their pentanomial counts
 * (results/pairs.h). */
#include "results/pairs.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"

int arena_pairs_half_points(const arena_game_record *r, int bot)
{
    int side = r->black == bot ? 0 : r->white == bot ? 1 : -1;
    if (side < 0)
        return -1;
    return r->winner < 0 ? 1 : r->winner == side ? 2 : 0;
}

void arena_pair_game_of(const arena_game_record *r, arena_pair_game *g)
{
    g->id = r->id;
    g->black = (signed char)(r->black >= 0 && r->black < ARENA_MAX_BOTS ? r->black : -1);
    g->white = (signed char)(r->white >= 0 && r->white < ARENA_MAX_BOTS ? r->white : -1);
    g->winner = (signed char)(r->winner == 0 || r->winner == 1 ? r->winner : -1);
}

static int by_id(const void *a, const void *b)
{
    const arena_pair_game *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* Half points of the side `side` (0 black, 1 white) of game g. */
static int half_of(const arena_pair_game *g, int side)
{
    return g->winner < 0 ? 1 : g->winner == side ? 2 : 0;
}

int arena_pairs_pentanomial_games(arena_pair_game *games, int count, int n, int *penta)
{
    if (n < 1 || n > ARENA_MAX_BOTS || count < 0)
        return ARENA_E_INVAL;
    memset(penta, 0, sizeof *penta * (size_t)n * (size_t)n * ARENA_PENTA_BINS);
    /* Sorted by id, the two games of a pair (2k, 2k+1) are neighbours. */
    if (count > 0)
        qsort(games, (size_t)count, sizeof *games, by_id);
    for (int i = 0; i + 1 < count; i++) {
        const arena_pair_game *g0 = &games[i], *g1 = &games[i + 1];
        if (g0->id % 2 != 0 || g1->id != g0->id + 1)
            continue;
        i++; /* the pair is used up */
        int a = g0->black, b = g0->white;
        if (a < 0 || a >= n || b < 0 || b >= n || a == b || g1->black != b || g1->white != a)
            return ARENA_E_INVAL;
        /* a is black in g0, white in g1 */
        int bin = arena_penta_bin(half_of(g0, 0), half_of(g1, 1));
        penta[((size_t)a * n + b) * ARENA_PENTA_BINS + bin]++;
        penta[((size_t)b * n + a) * ARENA_PENTA_BINS + (ARENA_PENTA_BINS - 1 - bin)]++;
    }
    return 0;
}

int arena_pairs_pentanomial(const arena_game_record *records, int count, int n, int *penta)
{
    if (n < 1 || n > ARENA_MAX_BOTS || count < 0)
        return ARENA_E_INVAL;
    arena_pair_game *games = malloc(sizeof *games * (size_t)(count > 0 ? count : 1));
    if (!games)
        return ARENA_E_NOMEM;
    for (int i = 0; i < count; i++)
        arena_pair_game_of(&records[i], &games[i]);
    int rc = arena_pairs_pentanomial_games(games, count, n, penta);
    free(games);
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
