/* planner.c - which game a league plays next (results/planner.h). */
#include "results/planner.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"

/* What an id is to the planner. */
enum { TODO = 0, TAKEN, STORED, SKIP, FAILED /* not played again in this run */ };

/* A pairing: its bots, its ids in order, its score so far. */
typedef struct pairing {
    int a, b;             /* a < b, or the gauntlet bot first */
    int first, count;     /* its ids: p->ids[first .. first + count) */
    int cursor;           /* ids before it are not TODO */
    double wins, draws, losses; /* from a's side */
    int flying;
} pairing;

struct arena_planner {
    const arena_settings *s;
    int continuous;
    arena_game_spec *games; /* the schedule, by id */
    int total_ids;
    unsigned char *state;   /* by id */
    int *ids;               /* ids grouped by pairing */
    int *slot;              /* by id: its place in ids */
    pairing *pairs;
    int npairs;
    int pair_of[ARENA_MAX_BOTS][ARENA_MAX_BOTS];
    int cursor;             /* in order: ids before it are not TODO */
    int flying;
};

static int active(const arena_planner *p, int id)
{
    const arena_game_spec *g = &p->games[id];
    return !p->s->bots[g->black].retired && !p->s->bots[g->white].retired;
}

/* The pairings and their id lists, from the schedule. */
static int group(arena_planner *p)
{
    p->npairs = 0;
    for (int i = 0; i < p->total_ids; i++)
        if (p->games[i].pairing + 1 > p->npairs)
            p->npairs = p->games[i].pairing + 1;
    p->pairs = calloc((size_t)(p->npairs > 0 ? p->npairs : 1), sizeof *p->pairs);
    p->ids = malloc(sizeof *p->ids * (size_t)(p->total_ids > 0 ? p->total_ids : 1));
    p->slot = malloc(sizeof *p->slot * (size_t)(p->total_ids > 0 ? p->total_ids : 1));
    if (!p->pairs || !p->ids || !p->slot)
        return ARENA_E_NOMEM;
    for (int i = 0; i < p->total_ids; i++)
        p->pairs[p->games[i].pairing].count++;
    for (int k = 0, at = 0; k < p->npairs; k++) {
        p->pairs[k].first = at;
        at += p->pairs[k].count;
        p->pairs[k].count = 0;
    }
    for (int i = 0; i < p->total_ids; i++) {
        const arena_game_spec *g = &p->games[i];
        pairing *q = &p->pairs[g->pairing];
        if (q->count == 0) { /* its first game: black is the pairing's first bot */
            q->a = g->black;
            q->b = g->white;
            p->pair_of[g->black][g->white] = p->pair_of[g->white][g->black] = g->pairing;
        }
        p->slot[i] = q->first + q->count;
        p->ids[q->first + q->count++] = i;
    }
    return 0;
}

int arena_planner_new(const arena_settings *s, int continuous, arena_planner **out)
{
    *out = NULL;
    arena_planner *p = calloc(1, sizeof *p);
    if (!p)
        return ARENA_E_NOMEM;
    p->s = s;
    p->continuous = continuous;
    int rc = arena_schedule_build(s, &p->games, &p->total_ids);
    if (rc == 0 && !(p->state = calloc((size_t)p->total_ids, 1)))
        rc = ARENA_E_NOMEM;
    if (rc == 0)
        rc = group(p);
    if (rc) {
        arena_planner_free(p);
        return rc;
    }
    /* a run in order stops at the games a fixed run asked for, when
     * continuous mode grew the league beyond (its rounds are pairs) */
    int rounds = !continuous && s->games_target > 0 ? s->games_target / 2 : -1;
    for (int i = 0; i < p->total_ids; i++)
        if (!arena_shard_has(s, i) || (rounds >= 0 && p->games[i].round >= rounds))
            p->state[i] = SKIP;
    *out = p;
    return 0;
}

void arena_planner_free(arena_planner *p)
{
    if (!p)
        return;
    free(p->games);
    free(p->state);
    free(p->ids);
    free(p->slot);
    free(p->pairs);
    free(p);
}

/* Id moves to state to (the in-flight counts follow). */
static void set(arena_planner *p, int id, int to)
{
    if (id < 0 || id >= p->total_ids || p->state[id] == SKIP)
        return;
    pairing *q = &p->pairs[p->games[id].pairing];
    int was = p->state[id];
    p->flying += (to == TAKEN) - (was == TAKEN);
    q->flying += (to == TAKEN) - (was == TAKEN);
    p->state[id] = (unsigned char)to;
    if (to == TODO) { /* back: the cursors go back to it */
        if (id < p->cursor)
            p->cursor = id;
        if (p->slot[id] - q->first < q->cursor)
            q->cursor = p->slot[id] - q->first;
    }
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

/* The first TODO id of pairing q (its cursor moved past the others), -1. */
static int first_todo(arena_planner *p, pairing *q)
{
    for (; q->cursor < q->count; q->cursor++) {
        int id = p->ids[q->first + q->cursor];
        if (p->state[id] == TODO)
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
        if (q->count == 0 || p->s->bots[q->a].retired || p->s->bots[q->b].retired)
            continue;
        double se = uncertainty(q);
        /* ties: the newest bot's pairing (a higher index) */
        int newer = best >= 0 && (q->a > q->b ? q->a : q->b) >
                                     (p->pairs[best].a > p->pairs[best].b ? p->pairs[best].a
                                                                          : p->pairs[best].b);
        if (se > best_se + 1e-12 || (fabs(se - best_se) <= 1e-12 && newer)) {
            best = k;
            best_se = se;
        }
    }
    if (best < 0)
        return p->flying ? ARENA_PLAN_WAIT : ARENA_PLAN_DONE;
    int id = first_todo(p, &p->pairs[best]);
    if (id < 0)
        return ARENA_PLAN_GROW;
    set(p, id, TAKEN);
    *out = p->games[id];
    return ARENA_PLAN_GAME;
}

int arena_planner_next(arena_planner *p, arena_game_spec *out)
{
    if (p->continuous)
        return next_continuous(p, out);
    for (; p->cursor < p->total_ids; p->cursor++) {
        int id = p->cursor;
        if (p->state[id] == TODO && active(p, id)) {
            set(p, id, TAKEN);
            *out = p->games[id];
            return ARENA_PLAN_GAME;
        }
    }
    return p->flying ? ARENA_PLAN_WAIT : ARENA_PLAN_DONE;
}

void arena_planner_back(arena_planner *p, int id, const arena_game_record *r, int kept)
{
    if (id < 0 || id >= p->total_ids || p->state[id] != TAKEN)
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
    for (int i = 0; i < p->total_ids; i++)
        n += p->state[i] == STORED || (p->state[i] != SKIP && active(p, i));
    return n;
}

int arena_planner_done(const arena_planner *p)
{
    int n = 0;
    for (int i = 0; i < p->total_ids; i++)
        n += p->state[i] == STORED;
    return n;
}

int arena_planner_in_flight(const arena_planner *p)
{
    return p->flying;
}

int arena_planner_flying(const arena_planner *p, int *ids, int max)
{
    int n = 0;
    for (int i = 0; i < p->total_ids && n < max; i++)
        if (p->state[i] == TAKEN)
            ids[n++] = i;
    return n;
}

int arena_planner_left(const arena_planner *p)
{
    for (int k = 0; p->continuous && k < p->npairs; k++)
        if (p->pairs[k].count && !p->s->bots[p->pairs[k].a].retired &&
            !p->s->bots[p->pairs[k].b].retired)
            return 1;
    for (int i = p->continuous ? p->total_ids : 0; i < p->total_ids; i++)
        if (p->state[i] == TODO && active(p, i))
            return 1;
    return 0;
}
