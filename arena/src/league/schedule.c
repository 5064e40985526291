/* schedule.c - pairings, colours and seeds (league/schedule.h). */
#include "league/schedule.h"

#include <stdlib.h>

#include "core/error.h"
#include "league/openings.h"

int arena_pairing_count(arena_format format, int bot_count)
{
    if (bot_count < 2)
        return 0;
    return format == ARENA_FORMAT_GAUNTLET ? bot_count - 1 : bot_count * (bot_count - 1) / 2;
}

int arena_pairing_bots(arena_format format, int bot_count, int gauntlet, int p, int *a, int *b)
{
    int n = arena_pairing_count(format, bot_count);
    if (p < 0 || p >= n || gauntlet < 0 || gauntlet >= bot_count)
        return ARENA_E_INVAL;
    if (format == ARENA_FORMAT_GAUNTLET) {
        *a = gauntlet;
        *b = p < gauntlet ? p : p + 1;
        return 0;
    }
    /* (0,1) (0,2) ... (0,n-1) (1,2) ... */
    int i = 0;
    while (p >= bot_count - 1 - i) {
        p -= bot_count - 1 - i;
        i++;
    }
    *a = i;
    *b = i + 1 + p;
    return 0;
}

int64_t arena_schedule_size(arena_format format, int bot_count, int games_per_pairing)
{
    return (int64_t)arena_pairing_count(format, bot_count) * games_per_pairing;
}

int arena_schedule_game(arena_format format, int bot_count, int gauntlet, int games_per_pairing,
                        int64_t master_seed, int id, arena_game_spec *out)
{
    int pairings = arena_pairing_count(format, bot_count);
    if (pairings == 0 || games_per_pairing < 2 || games_per_pairing % 2 || id < 0 ||
        (int64_t)id >= (int64_t)pairings * games_per_pairing)
        return ARENA_E_INVAL;
    int swap = id % 2;
    int slot = id / 2;
    int a, b;
    int rc = arena_pairing_bots(format, bot_count, gauntlet, slot % pairings, &a, &b);
    if (rc)
        return rc;
    out->id = id;
    out->round = slot / pairings;
    out->pairing = slot % pairings;
    out->black = swap ? b : a;
    out->white = swap ? a : b;
    out->seed = arena_seed_derive(master_seed, out->round);
    out->opening = -1;
    return 0;
}

int arena_shard_has(const arena_settings *s, int id)
{
    return s->shard_count <= 1 || (id / 2) % s->shard_count == s->shard_index;
}

int64_t arena_shard_size(const arena_settings *s)
{
    int64_t total = arena_schedule_total(s);
    if (s->shard_count <= 1)
        return total;
    int64_t pairs = total / 2, k = s->shard_index, n = s->shard_count;
    return k < pairs ? 2 * ((pairs - k + n - 1) / n) : 0;
}

typedef arena_schedule_block block;

/* (a) the new rounds of the pairings that existed, (b) every round of the
 * new pairings, per change j (steps j-1 -> j); empty ones left out. */
int arena_schedule_blocks(const arena_settings *s, arena_schedule_block *out)
{
    int n = 0, h = s->step_count;
    int64_t base = 0;
    for (int j = 0; j <= h; j++) {
        int bots = j < h ? s->steps[j].bots : s->bot_count;
        int games = j < h ? s->steps[j].games : s->games;
        int pb = j ? (j - 1 < h ? s->steps[j - 1].bots : s->bot_count) : 0;
        int pg = j ? s->steps[j - 1].games : 0;
        int pc_old = j ? arena_pairing_count(s->format, pb) : 0;
        int pc_now = arena_pairing_count(s->format, bots);
        block cand[2] = {{0, 0, pc_old, pg / 2, games / 2}, {0, pc_old, pc_now, 0, games / 2}};
        for (int c = 0; c < 2; c++) {
            block *b = &cand[c];
            if (b->p_hi <= b->p_lo || b->r_hi <= b->r_lo)
                continue;
            b->base = base;
            base += (int64_t)(b->p_hi - b->p_lo) * (b->r_hi - b->r_lo) * 2;
            out[n++] = *b;
        }
    }
    return n;
}

int arena_league_pairing(const arena_settings *s, int p, int *a, int *b)
{
    int gauntlet = arena_settings_gauntlet_index(s);
    if (s->step_count == 0 || s->format == ARENA_FORMAT_GAUNTLET)
        return arena_pairing_bots(s->format, s->bot_count, gauntlet, p, a, b);
    /* round-robin that gained bots: the first league's pairings in their
     * order, then each added bot x against 0 .. x-1 */
    int b0 = s->steps[0].bots, first = arena_pairing_count(s->format, b0);
    if (p < 0 || p >= arena_pairing_count(s->format, s->bot_count))
        return ARENA_E_INVAL;
    if (p < first)
        return arena_pairing_bots(s->format, b0, 0, p, a, b);
    int q = p - first, x = b0;
    while (q >= x) {
        q -= x;
        x++;
    }
    *a = q;
    *b = x;
    return 0;
}

int64_t arena_schedule_total(const arena_settings *s)
{
    block blocks[ARENA_SCHEDULE_MAX_BLOCKS];
    int n = arena_schedule_blocks(s, blocks);
    if (n == 0)
        return 0;
    const block *l = &blocks[n - 1];
    return l->base + (int64_t)(l->p_hi - l->p_lo) * (l->r_hi - l->r_lo) * 2;
}

int arena_schedule_spec(const arena_settings *s, int id, arena_game_spec *out)
{
    block blocks[ARENA_SCHEDULE_MAX_BLOCKS];
    int n = arena_schedule_blocks(s, blocks);
    if (id < 0 || n == 0 || s->games % 2)
        return ARENA_E_INVAL;
    int k = n - 1;
    while (k > 0 && blocks[k].base > id)
        k--;
    const block *b = &blocks[k];
    int np = b->p_hi - b->p_lo;
    int64_t slot = (id - b->base) / 2;
    if (slot >= (int64_t)np * (b->r_hi - b->r_lo))
        return ARENA_E_INVAL;
    int x, y;
    int rc = arena_league_pairing(s, b->p_lo + (int)(slot % np), &x, &y);
    if (rc)
        return rc;
    out->id = id;
    out->round = b->r_lo + (int)(slot / np);
    out->pairing = b->p_lo + (int)(slot % np);
    out->black = id % 2 ? y : x;
    out->white = id % 2 ? x : y;
    out->seed = arena_seed_derive(s->seed, out->round);
    out->opening = -1;
    return 0;
}

int arena_block_games(const arena_settings *s, const arena_schedule_block *b, int pairing,
                      int round_cap)
{
    int hi = round_cap >= 0 && round_cap < b->r_hi ? round_cap : b->r_hi;
    if (hi <= b->r_lo || pairing < b->p_lo || pairing >= b->p_hi)
        return 0;
    if (s->shard_count <= 1)
        return 2 * (hi - b->r_lo);
    int n = 0, np = b->p_hi - b->p_lo;
    for (int r = b->r_lo; r < hi; r++) { /* the pair k = id / 2 of each round */
        int64_t k = b->base / 2 + (int64_t)(r - b->r_lo) * np + (pairing - b->p_lo);
        n += 2 * (k % s->shard_count == s->shard_index);
    }
    return n;
}

int64_t arena_schedule_active_games(const arena_settings *s, const unsigned char *exclude)
{
    arena_schedule_block blocks[ARENA_SCHEDULE_MAX_BLOCKS];
    int nblocks = arena_schedule_blocks(s, blocks);
    int64_t n = 0;
    for (int i = 0; i < nblocks; i++)
        for (int k = blocks[i].p_lo; k < blocks[i].p_hi; k++) {
            int a, b;
            if (arena_league_pairing(s, k, &a, &b) == 0 && !s->bots[a].retired &&
                !s->bots[b].retired && (!exclude || (!exclude[a] && !exclude[b])))
                n += arena_block_games(s, &blocks[i], k, -1);
        }
    return n;
}

int arena_schedule_build(const arena_settings *s, arena_game_spec **out, int *count)
{
    int64_t n = arena_schedule_total(s);
    if (n <= 0 || n > INT32_MAX || s->games % 2)
        return ARENA_E_INVAL;
    arena_game_spec *g = malloc((size_t)n * sizeof *g);
    if (!g)
        return ARENA_E_NOMEM;
    for (int i = 0; i < (int)n; i++) {
        int rc = arena_schedule_spec(s, i, &g[i]);
        if (rc) {
            free(g);
            return rc;
        }
        g[i].opening = arena_openings_for_round(s->openings, g[i].round);
    }
    *out = g;
    *count = (int)n;
    return 0;
}
