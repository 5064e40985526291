/* record_metrics.c - the metrics of a game's JSON record (docs/record.md,
 * "Metrics"): a ply's "metrics" (its bot's turn metrics), "match_metrics"
 * (the match data of that turn) and "metrics_dropped", and the record's
 * "metrics": the game values of black, white and the match. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "game_impl.h"

cJSON *ref_metric_value_json(const util_metric_value *v)
{
    char buf[32];
    switch (v->type) {
    case UTIL_METRIC_INT:
        /* exact digits: a double loses integers past 2^53 */
        snprintf(buf, sizeof buf, "%" PRId64, v->i);
        return cJSON_CreateRaw(buf);
    case UTIL_METRIC_REAL: return cJSON_CreateNumber(v->d);
    case UTIL_METRIC_TEXT: return cJSON_CreateString(v->text);
    case UTIL_METRIC_NONE: break;
    }
    return cJSON_CreateNull();
}

/* Sets obj[name] to v's JSON (replacing an earlier value). 0 or -1. */
static int put(cJSON *obj, const char *name, const util_metric_value *v)
{
    cJSON *j = ref_metric_value_json(v);
    if (!j)
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(obj, name))
        return cJSON_ReplaceItemInObjectCaseSensitive(obj, name, j) ? 0 : -1;
    cJSON_AddItemToObject(obj, name, j);
    return 0;
}

/* obj[key], made an empty object when missing; NULL on out of memory. */
static cJSON *member(cJSON *obj, const char *key)
{
    cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, key);
    return m ? m : cJSON_AddObjectToObject(obj, key);
}

int ref_record_ply_metrics(cJSON *o, const ref_ply *pl)
{
    for (int k = 0; k < pl->n_metrics; k++) {
        const ref_metric *m = &pl->metrics[k];
        if (m->scope != UTIL_METRIC_TURN && m->scope != UTIL_METRIC_MATCH_TURN)
            continue;
        cJSON *into = member(o, m->scope == UTIL_METRIC_TURN ? "metrics" : "match_metrics");
        if (!into || put(into, m->name, &m->value))
            return -1;
    }
    if (pl->metrics_dropped > 0 &&
        !cJSON_AddNumberToObject(o, "metrics_dropped", pl->metrics_dropped))
        return -1;
    return 0;
}

int ref_record_game_metrics(cJSON *root, const ref_game *g)
{
    static const char *const side[3] = {"black", "white", "match"};
    cJSON *all = NULL;
    for (int want = 0; want < 3; want++) {
        cJSON *into = NULL;
        for (int i = 0; i < g->nplies; i++) {
            const ref_ply *pl = &g->plies[i];
            for (int k = 0; k < pl->n_metrics; k++) {
                const ref_metric *m = &pl->metrics[k];
                int of = m->scope == UTIL_METRIC_MATCH  ? 2
                         : m->scope == UTIL_METRIC_GAME ? pl->player
                                                        : -1;
                if (of != want)
                    continue;
                if (!all && !(all = cJSON_AddObjectToObject(root, "metrics")))
                    return -1;
                if ((!into && !(into = cJSON_AddObjectToObject(all, side[want]))) ||
                    put(into, m->name, &m->value))
                    return -1;
            }
        }
    }
    return 0;
}
