/*
 * settings.c - a run's settings as the header's JSON text, and two such
 * texts compared key by key (datagen/datagen.h): what makes a file, kept in
 * it, so that a resume or a merge never mixes two different runs.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datagen/datagen.h"
#include "util/text.h"

/* The budget: the analysis protocol's limit, or the CodinGame protocol
 * (the bot's own budget; files of the analysis protocol keep their keys). */
static int add_budget(cJSON *o, const datagen_settings *s)
{
    if (s->protocol == DATAGEN_PROTOCOL_CODINGAME)
        return cJSON_AddStringToObject(o, "protocol", "codingame") &&
               cJSON_AddNumberToObject(o, "turn_ms", DATAGEN_CODINGAME_TURN_MS) &&
               cJSON_AddNumberToObject(o, "win_score", s->win_score);
    return cJSON_AddStringToObject(o, "limit", analysis_limit_name(s->limit.kind)) &&
           cJSON_AddNumberToObject(o, "budget", (double)s->limit.value);
}

char *datagen_settings_json(const datagen_settings *s, const char *openings_hash,
                            int openings_count)
{
    cJSON *o = cJSON_CreateObject();
    char shard[48];
    snprintf(shard, sizeof shard, "%d/%d", s->shard_index, s->shard_count);
    int ok = o && cJSON_AddStringToObject(o, "tool", "loa-datagen") &&
             cJSON_AddStringToObject(o, "bot", s->bot) && add_budget(o, s) &&
             cJSON_AddNumberToObject(o, "seed", (double)s->seed) &&
             cJSON_AddNumberToObject(o, "random_plies", openings_hash ? 0 : s->random_plies) &&
             (openings_hash ? cJSON_AddStringToObject(o, "openings_hash", openings_hash)
                            : cJSON_AddNullToObject(o, "openings_hash")) &&
             cJSON_AddNumberToObject(o, "openings_count", openings_count) &&
             cJSON_AddNumberToObject(o, "skip_plies", s->filter.skip_plies) &&
             cJSON_AddBoolToObject(o, "no_tactical", s->filter.no_tactical) &&
             cJSON_AddBoolToObject(o, "quiet", s->filter.quiet) &&
             cJSON_AddStringToObject(o, "shard", shard);
    char *text = ok ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return text;
}

/* A value as short text for a message. */
static void value_text(const cJSON *v, char *buf, size_t size)
{
    char *t = v ? cJSON_PrintUnformatted(v) : NULL;
    snprintf(buf, size, "%s", t ? t : "(none)");
    free(t);
}

int datagen_settings_differ(const char *file, const char *now, int ignore_shard, char *why,
                            size_t whysz)
{
    cJSON *a = cJSON_Parse(file), *b = cJSON_Parse(now);
    int differ = 0;
    if (!cJSON_IsObject(a) || !cJSON_IsObject(b)) {
        differ = 1;
        util_fail(1, why, whysz, "its settings are not loa-datagen's");
    }
    /* every key of either side, the file's first */
    for (int side = 0; side < 2 && !differ; side++) {
        const cJSON *v, *from = side ? b : a;
        cJSON_ArrayForEach(v, from)
        {
            if (ignore_shard && strcmp(v->string, "shard") == 0)
                continue;
            const cJSON *w = cJSON_GetObjectItemCaseSensitive(side ? a : b, v->string);
            if (w && cJSON_Compare(v, w, 1))
                continue;
            char x[256], y[256];
            value_text(side ? w : v, x, sizeof x);
            value_text(side ? v : w, y, sizeof y);
            util_fail(1, why, whysz, "%s: %s in the file, %s now", v->string, x, y);
            differ = 1;
            break;
        }
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
    return differ;
}
