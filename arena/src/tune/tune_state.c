/* tune_state.c - a tune's state as its games come in (tune/tune_state.h). */
#include "tune/tune_state.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/seed.h"
#include "league/command.h"
#include "league/openings.h"
#include "util/error.h"
#include "util/text.h"

/* Tag mixed into the flips' stream, so that it is not a game seed's. */
#define TUNE_FLIP_TAG 0x53505341464c4950ULL /* "SPSAFLIP" */

/* Appends theta as the point of the trajectory after iter pairs. */
static int history_add(arena_tune_state *st)
{
    int n = st->t->param_count;
    if (st->hist_count == st->hist_cap) {
        int cap = st->hist_cap ? 2 * st->hist_cap : 64;
        int *it = realloc(st->hist_iter, (size_t)cap * sizeof *it);
        if (it)
            st->hist_iter = it;
        double *th = realloc(st->hist_theta, (size_t)cap * (size_t)n * sizeof *th);
        if (th)
            st->hist_theta = th;
        if (!it || !th)
            return ARENA_E_NOMEM;
        st->hist_cap = cap;
    }
    st->hist_iter[st->hist_count] = st->iter;
    memcpy(st->hist_theta + (size_t)st->hist_count * (size_t)n, st->theta,
           (size_t)n * sizeof *st->theta);
    st->hist_count++;
    return 0;
}

/* The iteration starting at st->iter: flips from the seed, gains, probes. */
static void batch_start(arena_tune_state *st)
{
    const arena_tune *t = st->t;
    arena_tune_batch *b = &st->batch;
    memset(b, 0, sizeof *b);
    memset(st->done, 0, sizeof st->done);
    st->result = 0;
    b->first_pair = st->iter;
    b->pairs = t->pairs - st->iter < t->batch ? t->pairs - st->iter : t->batch;
    uint64_t stream = (uint64_t)arena_seed_derive(t->league.seed, st->iter) ^ TUNE_FLIP_TAG;
    for (int i = 0; i < t->param_count; i++) {
        const arena_spsa_param *p = &t->params[i].spsa;
        b->flips[i] = (arena_seed_next(&stream) >> 63) ? 1 : -1;
        b->gains[i] = arena_spsa_gain_at(&st->schedule, p, st->iter);
        b->plus[i] =
            arena_tune_played(t, i, arena_spsa_probe(p, st->theta[i], b->gains[i], b->flips[i], 1));
        b->minus[i] =
            arena_tune_played(t, i,
                              arena_spsa_probe(p, st->theta[i], b->gains[i], b->flips[i], -1));
    }
}

int arena_tune_state_init(arena_tune_state *st, const arena_tune *t)
{
    memset(st, 0, sizeof *st);
    st->t = t;
    st->schedule = arena_tune_schedule(t);
    for (int i = 0; i < t->param_count; i++)
        st->theta[i] = t->params[i].start;
    batch_start(st);
    return history_add(st);
}

void arena_tune_state_free(arena_tune_state *st)
{
    free(st->hist_iter);
    free(st->hist_theta);
    st->hist_iter = NULL;
    st->hist_theta = NULL;
    st->hist_count = st->hist_cap = 0;
}

int arena_tune_state_done(const arena_tune_state *st)
{
    return st->iter >= st->t->pairs;
}

void arena_tune_state_spec(const arena_tune_state *st, int pair, int swap, arena_game_spec *out)
{
    const arena_settings *s = &st->t->league;
    out->id = 2 * pair + swap;
    out->round = pair;
    out->pairing = 0;
    out->black = swap;
    out->white = 1 - swap;
    out->seed = arena_seed_derive(s->seed, pair);
    out->opening = s->openings ? arena_openings_for_round(s->openings, pair) : -1;
}

/* The iteration is complete: theta moves, the trajectory may get a point,
 * the next iteration starts. */
static int batch_end(arena_tune_state *st)
{
    const arena_tune *t = st->t;
    const arena_tune_batch *b = &st->batch;
    for (int i = 0; i < t->param_count; i++)
        st->theta[i] = arena_spsa_update(&t->params[i].spsa, st->theta[i], b->gains[i], b->flips[i],
                                         st->result);
    int before = st->iter, period = t->pairs / ARENA_TUNE_HISTORY_POINTS;
    st->iter += b->pairs;
    if (period < 1)
        period = 1;
    int rc = 0;
    if (st->iter / period > before / period || st->iter >= t->pairs)
        rc = history_add(st);
    if (!arena_tune_state_done(st))
        batch_start(st);
    return rc;
}

int arena_tune_state_add(arena_tune_state *st, const arena_game_record *r, int *moved, char *err,
                         size_t errsz)
{
    int pair = r->id / 2, swap = r->id % 2, slot = 2 * (pair - st->batch.first_pair) + swap;
    if (moved)
        *moved = 0;
    if (arena_tune_state_done(st) || r->id < 0 || pair < st->batch.first_pair ||
        pair >= st->batch.first_pair + st->batch.pairs || r->black != swap)
        return util_fail(ARENA_E_PARSE, err, errsz,
                         "game %d is not one of the iteration in play (pairs %d..%d)", r->id,
                         st->batch.first_pair, st->batch.first_pair + st->batch.pairs - 1);
    if (st->done[slot])
        return util_fail(ARENA_E_PARSE, err, errsz, "game %d is in twice", r->id);
    st->done[slot] = 1;
    st->games++;
    /* plus is bot 0: black in the first game of a pair, white in the second */
    int score = r->winner < 0 ? 0 : r->winner == swap ? 1 : -1;
    st->result += score;
    st->wins += score > 0;
    st->draws += score == 0;
    st->losses += score < 0;
    for (int i = 0; i < 2 * st->batch.pairs; i++)
        if (!st->done[i])
            return 0;
    if (moved)
        *moved = 1;
    return batch_end(st) ? util_fail(ARENA_E_NOMEM, err, errsz, "out of memory") : 0;
}

/* {name: value} of the parameters. */
static cJSON *values_json(const arena_tune *t, const double *v)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; o && i < t->param_count; i++)
        if (!cJSON_AddNumberToObject(o, t->params[i].name, v[i])) {
            cJSON_Delete(o);
            return NULL;
        }
    return o;
}

cJSON *arena_tune_state_line(const arena_tune_state *st, const arena_game_record *r)
{
    cJSON *line = arena_record_to_json(r, &st->t->league);
    cJSON_DeleteItemFromObjectCaseSensitive(line, "record"); /* a tune keeps no record files */
    if (line && cJSON_AddNumberToObject(line, "pair", r->id / 2) &&
        cJSON_AddItemToObject(line, "plus", values_json(st->t, st->batch.plus)) &&
        cJSON_AddItemToObject(line, "minus", values_json(st->t, st->batch.minus)))
        return line;
    cJSON_Delete(line);
    return NULL;
}

/* 1 when the line's "plus" and "minus" are the values the iteration in
 * play gives: the line was played by this tune, in this state. */
static int same_values(const arena_tune_state *st, const cJSON *line)
{
    cJSON *plus = values_json(st->t, st->batch.plus), *minus = values_json(st->t, st->batch.minus);
    int same = plus && minus &&
               cJSON_Compare(cJSON_GetObjectItemCaseSensitive(line, "plus"), plus, 1) &&
               cJSON_Compare(cJSON_GetObjectItemCaseSensitive(line, "minus"), minus, 1);
    cJSON_Delete(plus);
    cJSON_Delete(minus);
    return same;
}

int arena_tune_state_replay(arena_tune_state *st, const cJSON *lines, const char *path, char *err,
                            size_t errsz)
{
    int n = 0, rc = 0;
    char why[512];
    for (const cJSON *line = lines ? lines->child : NULL; line && !rc; line = line->next) {
        arena_game_record r;
        n++;
        rc = arena_record_from_json(line, &st->t->league, &r, why, sizeof why);
        if (!rc && !arena_tune_state_done(st) && !same_values(st, line))
            rc = util_fail(ARENA_E_PARSE, why, sizeof why,
                           "game %d was played with other values than this tune gives it "
                           "(\"plus\", \"minus\")",
                           r.id);
        if (!rc)
            rc = arena_tune_state_add(st, &r, NULL, why, sizeof why);
        if (rc == ARENA_E_NOMEM)
            return util_fail(rc, err, errsz, "out of memory");
        if (rc)
            util_fail(ARENA_E_PARSE, err, errsz, "%s:%d: %s", path, n, why);
    }
    return rc;
}

/* "params": each parameter's range, start, theta and the value it plays. */
static cJSON *params_json(const arena_tune_state *st)
{
    const arena_tune *t = st->t;
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; arr && i < t->param_count; i++) {
        const arena_tune_param *p = &t->params[i];
        cJSON *o = cJSON_CreateObject();
        if (!cJSON_AddItemToArray(arr, o) || !cJSON_AddStringToObject(o, "name", p->name) ||
            !cJSON_AddStringToObject(o, "type", p->integer ? "int" : "real") ||
            !cJSON_AddNumberToObject(o, "start", p->start) ||
            !cJSON_AddNumberToObject(o, "min", p->spsa.min) ||
            !cJSON_AddNumberToObject(o, "max", p->spsa.max) ||
            !cJSON_AddNumberToObject(o, "c_end", p->spsa.c_end) ||
            !cJSON_AddNumberToObject(o, "r_end", p->spsa.r_end) ||
            !cJSON_AddNumberToObject(o, "theta", st->theta[i]) ||
            !cJSON_AddNumberToObject(o, "value", arena_tune_played(t, i, st->theta[i]))) {
            cJSON_Delete(arr);
            return NULL;
        }
    }
    return arr;
}

/* "history": {"pairs": [...], "theta": {name: [...]}}. */
static cJSON *history_json(const arena_tune_state *st)
{
    int n = st->t->param_count;
    cJSON *h = cJSON_CreateObject(), *th = cJSON_AddObjectToObject(h, "theta");
    int ok = th &&
             cJSON_AddItemToObject(h, "pairs", cJSON_CreateIntArray(st->hist_iter, st->hist_count));
    for (int i = 0; ok && i < n; i++) {
        cJSON *arr = cJSON_AddArrayToObject(th, st->t->params[i].name);
        for (int k = 0; arr && k < st->hist_count; k++)
            if (!cJSON_AddItemToArray(arr, cJSON_CreateNumber(st->hist_theta[(size_t)k * n + i])))
                arr = NULL;
        ok = arr != NULL;
    }
    if (ok)
        return h;
    cJSON_Delete(h);
    return NULL;
}

cJSON *arena_tune_state_json(const arena_tune_state *st, const char *bin_dir)
{
    const arena_tune *t = st->t;
    char *filled = arena_tune_fill(t, st->theta);
    char *cmd =
        filled ? arena_command_expand(filled, bin_dir, t->league.base_dir, t->league.seed) : NULL;
    cJSON *o = cJSON_CreateObject();
    int ok = cmd && o && cJSON_AddNumberToObject(o, "pairs", t->pairs) &&
             cJSON_AddNumberToObject(o, "pairs_played", st->iter) &&
             cJSON_AddNumberToObject(o, "games", st->games) &&
             cJSON_AddBoolToObject(o, "complete", arena_tune_state_done(st)) &&
             cJSON_AddNumberToObject(o, "pairs_per_iteration", t->batch) &&
             cJSON_AddNumberToObject(o, "A", st->schedule.A) &&
             cJSON_AddNumberToObject(o, "alpha", t->alpha) &&
             cJSON_AddNumberToObject(o, "gamma", t->gamma) &&
             cJSON_AddStringToObject(o, "command", cmd) &&
             cJSON_AddItemToObject(o, "params", params_json(st)) &&
             cJSON_AddItemToObject(o, "history", history_json(st));
    free(filled);
    free(cmd);
    if (ok)
        return o;
    cJSON_Delete(o);
    return NULL;
}
