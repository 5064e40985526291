/* planner.c - which game a league plays next (results/planner.h).
 *
 * The schedule is never built: a game's spec comes from its id through the
 * league's blocks (league/schedule.h), and a pairing's games are walked
 * through its segments (the blocks it is in). Memory is by pairings and
 * blocks, plus two bits a game for its state (TODO, in flight, stored,
 * failed): 25 MB for the largest league allowed (ARENA_MAX_GAMES), where
 * the whole schedule built took ~50 bytes a game (issue 40). What is
 * skipped (out of the shard; in order, rounds at or beyond the target) is
 * arithmetic, and so are the counts: arena_planner_total by pairing, not a
 * walk over the ids. */
#include "results/planner.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"
#include "league/openings.h"
#include "util/check.h"

/* What an id is to the planner (two bits). */
enum { TODO = 0, TAKEN, STORED, FAILED /* not played again in this run */ };

/* A pairing's games in one block: its positions [pos0, pos0 + 2 * rounds
 * of the block) (a position is 2 * round + swap, counted over its blocks in
 * order, so positions are in id order). */
typedef struct segment {
    int block;
    int pos0;
} segment;

/* A pairing: its bots, its segments, its score so far. */
typedef struct pairing {
    int a, b;                   /* a < b, or the gauntlet bot first */
    int seg0, nseg;             /* its segments: p->segs[seg0 .. seg0 + nseg) */
    int count;                  /* its games (positions) */
    int cursor;                 /* positions before it are not TODO */
    int counted;                /* its games not skipped (shard, target) */
    int stored;                 /* of those, stored */
    double wins, draws, losses; /* from a's side */
    int flying;
} pairing;

struct arena_planner {
    const arena_settings *s;
    int continuous;
    arena_schedule_block blocks[ARENA_SCHEDULE_MAX_BLOCKS];
    int nblocks;
    int total_ids;
    int rounds;           /* in order with a target: rounds >= it skipped; else -1 */
    unsigned char *state; /* 2 bits by id */
    segment *segs;
    pairing *pairs;
    int npairs;
    int pair_of[ARENA_MAX_BOTS][ARENA_MAX_BOTS];
    int cursor; /* in order: ids before it are not to play */
    int flying, done;
    int *fly; /* the ids in flight, [flying] of [fly_cap] */
    int fly_cap;
};

/* Where an id is: its block, pairing, round and colour. */
typedef struct where {
    int block, pairing, round, swap;
} where;

static int state_of(const arena_planner *p, int id)
{
    return p->state[id >> 2] >> ((id & 3) * 2) & 3;
}

static void put_state(arena_planner *p, int id, int to)
{
    int shift = (id & 3) * 2;
    p->state[id >> 2] = (unsigned char)((p->state[id >> 2] & ~(3 << shift)) | to << shift);
}

/* Id (0 <= id < total_ids) located: the last block starting at or before. */
static where locate(const arena_planner *p, int id)
{
    int lo = 0, hi = p->nblocks - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (p->blocks[mid].base <= id)
            lo = mid;
        else
            hi = mid - 1;
    }
    const arena_schedule_block *b = &p->blocks[lo];
    int np = b->p_hi - b->p_lo;
    int64_t slot = (id - b->base) / 2;
    return (where){lo, b->p_lo + (int)(slot % np), b->r_lo + (int)(slot / np), id % 2};
}

static int skipped(const arena_planner *p, int id, int round)
{
    return !arena_shard_has(p->s, id) || (p->rounds >= 0 && round >= p->rounds);
}

static int active(const arena_planner *p, const pairing *q)
{
    return !p->s->bots[q->a].retired && !p->s->bots[q->b].retired;
}

/* The id at position pos of pairing k (0 <= pos < its count); *round. */
static int id_at(const arena_planner *p, int k, int pos, int *round)
{
    const pairing *q = &p->pairs[k];
    int lo = q->seg0, hi = q->seg0 + q->nseg - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (p->segs[mid].pos0 <= pos)
            lo = mid;
        else
            hi = mid - 1;
    }
    const arena_schedule_block *b = &p->blocks[p->segs[lo].block];
    int rel = pos - p->segs[lo].pos0;
    *round = b->r_lo + rel / 2;
    return (int)(b->base + ((int64_t)(rel / 2) * (b->p_hi - b->p_lo) + (k - b->p_lo)) * 2 +
                 rel % 2);
}

/* The position of the located game w in its pairing. */
static int position(const arena_planner *p, where w)
{
    const pairing *q = &p->pairs[w.pairing];
    for (int i = q->seg0; i < q->seg0 + q->nseg; i++)
        if (p->segs[i].block == w.block)
            return p->segs[i].pos0 + (w.round - p->blocks[w.block].r_lo) * 2 + w.swap;
    return 0; /* not reached: every id is in a segment of its pairing */
}

/* The pairings, their bots and segments, from the blocks. */
static int group(arena_planner *p)
{
    p->npairs = arena_pairing_count(p->s->format, p->s->bot_count);
    int nsegs = 0;
    for (int i = 0; i < p->nblocks; i++)
        nsegs += p->blocks[i].p_hi - p->blocks[i].p_lo;
    p->pairs = calloc((size_t)(p->npairs > 0 ? p->npairs : 1), sizeof *p->pairs);
    p->segs = malloc(sizeof *p->segs * (size_t)(nsegs > 0 ? nsegs : 1));
    if (!p->pairs || !p->segs)
        return ARENA_E_NOMEM;
    for (int i = 0; i < p->nblocks; i++)
        for (int k = p->blocks[i].p_lo; k < p->blocks[i].p_hi; k++)
            p->pairs[k].nseg++;
    for (int k = 0, at = 0; k < p->npairs; k++) {
        pairing *q = &p->pairs[k];
        if (arena_league_pairing(p->s, k, &q->a, &q->b))
            return ARENA_E_INVAL;
        p->pair_of[q->a][q->b] = p->pair_of[q->b][q->a] = k;
        q->seg0 = at;
        at += q->nseg;
        q->nseg = 0;
    }
    for (int i = 0; i < p->nblocks; i++)
        for (int k = p->blocks[i].p_lo; k < p->blocks[i].p_hi; k++) {
            pairing *q = &p->pairs[k];
            p->segs[q->seg0 + q->nseg++] = (segment){i, q->count};
            q->count += 2 * (p->blocks[i].r_hi - p->blocks[i].r_lo);
            q->counted += arena_block_games(p->s, &p->blocks[i], k, p->rounds);
        }
    return 0;
}

int arena_planner_new(const arena_settings *s, int continuous, arena_planner **out)
{
    *out = NULL;
    int64_t total = arena_schedule_total(s);
    if (total <= 0 || total > INT32_MAX || s->games % 2)
        return ARENA_E_INVAL;
    arena_planner *p = calloc(1, sizeof *p);
    if (!p)
        return ARENA_E_NOMEM;
    p->s = s;
    p->continuous = continuous;
    p->total_ids = (int)total;
    p->nblocks = arena_schedule_blocks(s, p->blocks);
    /* a run in order stops at the games a fixed run asked for, when
     * continuous mode grew the league beyond (its rounds are pairs) */
    p->rounds = !continuous && s->games_target > 0 ? s->games_target / 2 : -1;
    int rc = (p->state = calloc((size_t)total / 4 + 1, 1)) ? group(p) : ARENA_E_NOMEM;
    if (rc) {
        arena_planner_free(p);
        return rc;
    }
    if (p->total_ids <= ARENA_PLANNER_CHECK_WALK)
        LOA_CHECK(arena_planner_check(p));
    *out = p;
    return 0;
}

void arena_planner_free(arena_planner *p)
{
    if (!p)
        return;
    free(p->state);
    free(p->segs);
    free(p->pairs);
    free(p->fly);
    free(p);
}

/* The in-flight list follows id moving from state was to state to. */
static void follow_flight(arena_planner *p, pairing *q, int id, int was, int to)
{
    if (to == TAKEN && was != TAKEN) {
        if (p->flying == p->fly_cap) {
            int cap = p->fly_cap ? 2 * p->fly_cap : 64;
            int *f = realloc(p->fly, sizeof *f * (size_t)cap);
            if (!f)
                return; /* (its id is not listed by arena_planner_flying) */
            p->fly = f;
            p->fly_cap = cap;
        }
        p->fly[p->flying++] = id;
        q->flying++;
    } else if (was == TAKEN && to != TAKEN) {
        for (int i = 0; i < p->flying; i++)
            if (p->fly[i] == id) {
                p->fly[i] = p->fly[--p->flying];
                q->flying--;
                break;
            }
    }
}

/* Id moves to state to (the in-flight and stored counts follow). */
static void set(arena_planner *p, int id, int to)
{
    if (id < 0 || id >= p->total_ids)
        return;
    where w = locate(p, id);
    if (skipped(p, id, w.round))
        return;
    pairing *q = &p->pairs[w.pairing];
    int was = state_of(p, id);
    follow_flight(p, q, id, was, to);
    q->stored += (to == STORED) - (was == STORED);
    p->done += (to == STORED) - (was == STORED);
    put_state(p, id, to);
    if (to == TODO) { /* back: the cursors go back to it */
        if (id < p->cursor)
            p->cursor = id;
        int pos = position(p, w);
        if (pos < q->cursor)
            q->cursor = pos;
    }
    LOA_ASSERT(q->stored >= 0 && q->stored <= q->count && q->flying >= 0 && p->done >= 0);
    if (p->total_ids <= ARENA_PLANNER_CHECK_WALK)
        LOA_CHECK(arena_planner_check(p));
}

/* ---- the checker ---- */

/* The ids in flight are listed once each, each in flight. */
static void check_flight(const arena_planner *p)
{
    LOA_ASSERT(p->flying >= 0 && p->flying <= p->fly_cap);
    for (int i = 0; i < p->flying; i++) {
        LOA_ASSERT(p->fly[i] >= 0 && p->fly[i] < p->total_ids);
        LOA_ASSERT(state_of(p, p->fly[i]) == TAKEN);
        for (int j = 0; j < i; j++)
            LOA_ASSERT(p->fly[j] != p->fly[i]);
    }
}

void arena_planner_check(const arena_planner *p)
{
    LOA_ASSERT(p && p->state && p->pairs && p->segs);
    LOA_ASSERT(p->cursor >= 0 && p->cursor <= p->total_ids);
    int flying = 0, stored = 0;
    for (int k = 0; k < p->npairs; k++) {
        const pairing *q = &p->pairs[k];
        LOA_ASSERT(q->cursor >= 0 && q->cursor <= q->count);
        LOA_ASSERT(q->stored >= 0 && q->stored <= q->count && q->flying >= 0);
        flying += q->flying;
        stored += q->stored;
    }
    LOA_ASSERT(flying == p->flying && stored == p->done);
    check_flight(p);
    /* one state per game: the states say what the counts say */
    int taken = 0, kept = 0;
    for (int id = 0; id < p->total_ids; id++) {
        int state = state_of(p, id);
        if (skipped(p, id, locate(p, id).round)) {
            LOA_ASSERT(state == TODO); /* never handed out, never counted */
            continue;
        }
        taken += state == TAKEN;
        kept += state == STORED;
    }
    LOA_ASSERT(taken == p->flying && kept == p->done);
}

void arena_planner_corrupt(arena_planner *p, int id)
{
    if (id >= 0 && id < p->total_ids)
        put_state(p, id, STORED);
}

void arena_planner_stored(arena_planner *p, int id)
{
    set(p, id, STORED);
}

void arena_planner_taken(arena_planner *p, int id)
{
    set(p, id, TAKEN);
}

void arena_planner_count(arena_planner *p, int black, int white, int winner, int count)
{
    if (black < 0 || black >= ARENA_MAX_BOTS || white < 0 || white >= ARENA_MAX_BOTS ||
        black == white)
        return;
    int k = p->pair_of[black][white];
    pairing *q = k < p->npairs ? &p->pairs[k] : NULL;
    if (!q || !((q->a == black && q->b == white) || (q->a == white && q->b == black)))
        return;
    int a_side = q->a == black ? 0 : 1;
    if (winner < 0)
        q->draws += count;
    else if (winner == a_side)
        q->wins += count;
    else
        q->losses += count;
}

/* The standard error of pairing q's mean score per game (its docs). */
static double uncertainty(const pairing *q)
{
    double w = q->wins + 1, l = q->losses + 1, d = q->draws, n = w + l + d;
    double mean = (w + d / 2) / n, sq = (w + d / 4) / n;
    double v = sq - mean * mean;
    return sqrt((v > 0 ? v : 0) / (n + q->flying));
}

/* Game id (round) taken: *out its spec, with its round's opening. */
static int hand_out(arena_planner *p, int id, arena_game_spec *out)
{
    where w = locate(p, id);
    const pairing *q = &p->pairs[w.pairing];
    set(p, id, TAKEN);
    *out = (arena_game_spec){.id = id,
                             .round = w.round,
                             .pairing = w.pairing,
                             .black = w.swap ? q->b : q->a,
                             .white = w.swap ? q->a : q->b,
                             .seed = arena_seed_derive(p->s->seed, w.round),
                             .opening = arena_openings_for_round(p->s->openings, w.round)};
    return ARENA_PLAN_GAME;
}

/* The first TODO id of pairing k (its cursor moved past the others), -1. */
static int first_todo(arena_planner *p, int k)
{
    pairing *q = &p->pairs[k];
    for (; q->cursor < q->count; q->cursor++) {
        int round, id = id_at(p, k, q->cursor, &round);
        if (!skipped(p, id, round) && state_of(p, id) == TODO)
            return id;
    }
    return -1;
}

static int next_continuous(arena_planner *p, arena_game_spec *out)
{
    int best = -1;
    double best_se = -1;
    for (int k = 0; k < p->npairs; k++) {
        pairing *q = &p->pairs[k];
        if (q->count == 0 || !active(p, q))
            continue;
        double se = uncertainty(q);
        /* ties: the newest bot's pairing (a higher index) */
        int newer = best >= 0 &&
                    (q->a > q->b ? q->a : q->b) >
                        (p->pairs[best].a > p->pairs[best].b ? p->pairs[best].a : p->pairs[best].b);
        if (se > best_se + 1e-12 || (fabs(se - best_se) <= 1e-12 && newer)) {
            best = k;
            best_se = se;
        }
    }
    if (best < 0)
        return p->flying ? ARENA_PLAN_WAIT : ARENA_PLAN_DONE;
    int id = first_todo(p, best);
    return id < 0 ? ARENA_PLAN_GROW : hand_out(p, id, out);
}

/* In order: the first id at or after from to play (TODO, of bots not
 * retired, not skipped), or total_ids. Skipped ids are jumped over by
 * arithmetic: the rest of a block past the target round, the pairs of
 * other shards. */
static int scan(const arena_planner *p, int from)
{
    const arena_settings *s = p->s;
    int64_t id = from;
    while (id < p->total_ids) {
        where w = locate(p, (int)id);
        if (p->rounds >= 0 && w.round >= p->rounds) { /* the block's rounds are in order */
            id = w.block + 1 < p->nblocks ? p->blocks[w.block + 1].base : p->total_ids;
            continue;
        }
        if (!arena_shard_has(s, (int)id)) {
            int64_t k = id / 2, n = s->shard_count;
            id = 2 * (k + ((s->shard_index - k % n) % n + n) % n);
            continue;
        }
        if (state_of(p, (int)id) == TODO && active(p, &p->pairs[w.pairing]))
            return (int)id;
        id++;
    }
    return p->total_ids;
}

int arena_planner_next(arena_planner *p, arena_game_spec *out)
{
    if (p->continuous)
        return next_continuous(p, out);
    p->cursor = scan(p, p->cursor);
    if (p->cursor < p->total_ids)
        return hand_out(p, p->cursor, out);
    return p->flying ? ARENA_PLAN_WAIT : ARENA_PLAN_DONE;
}

void arena_planner_back(arena_planner *p, int id, const arena_game_record *r, int kept)
{
    if (id < 0 || id >= p->total_ids || state_of(p, id) != TAKEN)
        return;
    if (kept > 0) {
        set(p, id, STORED);
        if (r)
            arena_planner_count(p, r->black, r->white, r->winner, 1);
    } else {
        set(p, id, kept < 0 ? FAILED : TODO);
    }
}

int arena_planner_total(const arena_planner *p)
{
    int n = 0;
    for (int k = 0; k < p->npairs; k++)
        n += active(p, &p->pairs[k]) ? p->pairs[k].counted : p->pairs[k].stored;
    return n;
}

int arena_planner_done(const arena_planner *p)
{
    return p->done;
}

int arena_planner_in_flight(const arena_planner *p)
{
    return p->flying;
}

static int ascending(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

int arena_planner_flying(const arena_planner *p, int *ids, int max)
{
    int n = p->flying < max ? p->flying : max;
    if (n > 0) {
        memcpy(ids, p->fly, sizeof *ids * (size_t)n);
        qsort(ids, (size_t)n, sizeof *ids, ascending);
    }
    return n;
}

int arena_planner_left(const arena_planner *p)
{
    if (!p->continuous)
        return scan(p, p->cursor) < p->total_ids;
    for (int k = 0; k < p->npairs; k++)
        if (p->pairs[k].count && active(p, &p->pairs[k]))
            return 1;
    return 0;
}
