/* standings_json.c - the standings as standings.json (docs/arena.md)
 * (report/standings_json.h). */
#include "report/standings_json.h"

#include <math.h>
#include <stdio.h>

#include "core/json.h"
#include "report/sprt_report.h"
#include "results/diversity.h"

/* The league's and the fit's figures at the top of standings.json. */
static int add_summary(cJSON *root, const arena_standings *st, const arena_settings *s)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%lld", (long long)s->seed);
    return arena_json_add(root, "format", cJSON_CreateString(arena_format_name(s->format))) &&
           arena_json_add(root, "seed", cJSON_CreateString(seed)) &&
           arena_json_add_number(root, "games", st->games, 0) &&
           arena_json_add_number(root, "expected_games", st->expected, 0) &&
           arena_json_add(root, "complete", cJSON_CreateBool(st->games == st->expected)) &&
           arena_json_add_number(root, "turn_ms", s->limits.turn_ms, 0) &&
           arena_json_add_number(root, "first_turn_ms", s->limits.first_turn_ms, 0) &&
           arena_json_add(root, "anchor",
                          st->ratings.anchor >= 0
                              ? cJSON_CreateString(s->bots[st->ratings.anchor].name)
                              : cJSON_CreateNull()) &&
           arena_json_add(root, "rating_fit_converged", cJSON_CreateBool(st->ratings.converged)) &&
           arena_json_add_number(root, "rating_prior_draws", st->ratings.prior_draws, 0) &&
           arena_json_add_number(root, "distinct_games", st->distinct_games, 0) &&
           arena_json_add_number(root, "repetitive_pairings", st->repetitive_pairings, 0) &&
           arena_json_add(root, "intervals_reliable",
                          cJSON_CreateBool(st->repetitive_pairings == 0));
}

/* A bot's "errors": its games lost by its own fault, by kind. */
static cJSON *bot_errors(const arena_bot_stats *b)
{
    cJSON *err = cJSON_CreateObject();
    if (err && arena_json_add_number(err, "timeout", b->timeouts, 0) &&
        arena_json_add_number(err, "timeout_under_load", b->timeouts_under_load, 0) &&
        arena_json_add_number(err, "invalid", b->invalid, 0) &&
        arena_json_add_number(err, "crashed", b->crashes, 0) &&
        arena_json_add_number(err, "failed_to_start", b->failed_to_start, 0) &&
        arena_json_add_number(err, "other", b->other_faults, 0))
        return err;
    cJSON_Delete(err);
    return NULL;
}

/* The bot ranked r in "bots". */
static int add_bot(cJSON *bots, const arena_standings *st, const arena_settings *s, int r)
{
    int i = st->order[r];
    const arena_bot_stats *b = &st->bots[i];
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(bots, o)) {
        cJSON_Delete(o);
        return 0;
    }
    return arena_json_add_number(o, "rank", r + 1, 0) &&
           arena_json_add(o, "name", cJSON_CreateString(s->bots[i].name)) &&
           arena_json_add(o, "retired", cJSON_CreateBool(s->bots[i].retired)) &&
           arena_json_add_number(o, "elo", st->ratings.elo[i], 0.1) &&
           arena_json_add_number(o, "elo_ci95", st->ratings.ci95[i], 0.1) &&
           arena_json_add(o, "elo_ci95_reliable", cJSON_CreateBool(!st->unreliable[i])) &&
           arena_json_add_number(o, "games", b->games, 0) &&
           arena_json_add_number(o, "wins", b->wins, 0) &&
           arena_json_add_number(o, "draws", b->draws, 0) &&
           arena_json_add_number(o, "losses", b->losses, 0) &&
           arena_json_add_number(o, "points", b->points, 0) &&
           arena_json_add_number(o, "score", b->games ? b->points / b->games : NAN, 1e-4) &&
           arena_json_add(o, "errors", bot_errors(b)) &&
           arena_json_add_number(o, "turns", b->turns, 0) &&
           arena_json_add_number(o, "avg_ms", b->turns ? b->total_ms / b->turns : 0, 0.001) &&
           arena_json_add_number(o, "max_ms", b->max_ms, 0.001) &&
           arena_json_add_number(o, "first_turn_max_ms", b->first_max_ms, 0.001) &&
           arena_json_add_number(o, "late", b->late, 0) &&
           (!b->cpu_turns ||
            arena_json_add_number(o, "avg_cpu_ms", b->cpu_total_ms / b->cpu_turns, 0.001));
}

/* The pairing of bots i < j in "pairs". */
static int add_pair(cJSON *pairs, const arena_standings *st, const arena_settings *s, int i, int j)
{
    int n = st->n;
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(pairs, o)) {
        cJSON_Delete(o);
        return 0;
    }
    double g = st->pair_games[i * n + j];
    const int *penta = &st->pair_penta[(i * n + j) * ARENA_PENTA_BINS];
    int known = st->pair_known[i * n + j], distinct = st->pair_distinct[i * n + j];
    return arena_json_add(o, "a", cJSON_CreateString(s->bots[i].name)) &&
           arena_json_add(o, "b", cJSON_CreateString(s->bots[j].name)) &&
           arena_json_add_number(o, "games", g, 0) &&
           arena_json_add(o, "distinct_games",
                          known ? cJSON_CreateNumber(distinct) : cJSON_CreateNull()) &&
           arena_json_add(o, "repetitive",
                          cJSON_CreateBool(arena_distinct_is_low(known, distinct))) &&
           arena_json_add_number(o, "a_wins", st->pair_wins[i][j], 0) &&
           arena_json_add_number(o, "b_wins", st->pair_wins[j][i], 0) &&
           arena_json_add_number(o, "draws", g - st->pair_wins[i][j] - st->pair_wins[j][i], 0) &&
           arena_json_add_number(o, "a_points", st->pair_points[i * n + j], 0) &&
           arena_json_add_number(o, "los_a_stronger", st->ratings.los[i][j], 1e-5) &&
           arena_json_add_number(o, "los_head_to_head", st->los_h2h[i][j], 1e-5) &&
           arena_json_add(o, "game_pairs", arena_penta_to_json(penta));
}

cJSON *arena_standings_to_json(const arena_standings *st, const arena_settings *s)
{
    int n = st->n;
    cJSON *root = cJSON_CreateObject();
    int ok = root && add_summary(root, st, s);
    cJSON *bots = ok ? cJSON_AddArrayToObject(root, "bots") : NULL;
    cJSON *pairs = bots ? cJSON_AddArrayToObject(root, "pairs") : NULL;
    ok = pairs != NULL;
    for (int r = 0; r < n && ok; r++)
        ok = add_bot(bots, st, s, r);
    for (int i = 0; i < n && ok; i++)
        for (int j = i + 1; j < n && ok; j++)
            ok = add_pair(pairs, st, s, i, j);
    if (ok && st->have_sprt) {
        int t = arena_sprt_tested_bot(s);
        ok = arena_json_add(root, "sprt",
                            arena_sprt_to_json(&st->sprt, s->bots[t].name, s->bots[1 - t].name));
    }
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}
