/*
 * merge.c - datagen_merge (datagen/datagen.h): files merged in game order,
 * each position once. The shards of a run hold disjoint games, each file
 * in game order, and a position's first occurrence in the run is the first
 * in its shard: so merging them by game, dropping repeats, gives the
 * unsharded run's records exactly.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "datagen/datagen.h"
#include "keys.h"
#include "util/text.h"

/* One input: its file and the record at its head. */
typedef struct source {
    datagen_file *f;
    int64_t at, count;
    datagen_record head;
} source;

static int advance(source *s, char *err, size_t errsz)
{
    if (++s->at >= s->count)
        return 0;
    return datagen_file_read(s->f, s->at, 1, &s->head, err, errsz);
}

/* The output's settings: the inputs' own, shard "0/1", when they agree
 * but for their shard; else {"merged": [...]}. A new string. */
static char *merged_settings(source *src, int n)
{
    int same = 1;
    char why[256];
    for (int i = 1; i < n && same; i++)
        same = !datagen_settings_differ(datagen_file_settings(src[0].f),
                                        datagen_file_settings(src[i].f), 1, why, sizeof why);
    cJSON *o = NULL;
    if (same && (o = cJSON_Parse(datagen_file_settings(src[0].f))) && cJSON_IsObject(o)) {
        cJSON_DeleteItemFromObjectCaseSensitive(o, "shard");
        cJSON_AddStringToObject(o, "shard", "0/1");
    } else {
        cJSON_Delete(o);
        o = cJSON_CreateObject();
        cJSON *list = o ? cJSON_AddArrayToObject(o, "merged") : NULL;
        for (int i = 0; list && i < n; i++) {
            cJSON *v = cJSON_Parse(datagen_file_settings(src[i].f));
            cJSON_AddItemToArray(list, v ? v : cJSON_CreateNull());
        }
    }
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return text;
}

/* The records of src[0..n) in game order, each position once, into w; a
 * record is held until the next one says whether it ends its game. */
static int merge_into(datagen_file *w, source *src, int n, int64_t *written, int64_t *dropped,
                      char *err, size_t errsz)
{
    datagen_keys keys = {0};
    datagen_record held;
    int have = 0, rc = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (src[i].at < src[i].count && (best < 0 || src[i].head.game < src[best].head.game))
                best = i;
        if (best < 0)
            break;
        datagen_record r = src[best].head;
        int added = datagen_keys_add(&keys, datagen_record_key(&r));
        if (added < 0 || (rc = advance(&src[best], err, errsz)) != 0) {
            rc = rc ? rc : util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
            break;
        }
        if (!added) {
            (*dropped)++;
            continue;
        }
        r.flags &= (uint8_t)~DATAGEN_FLAG_GAME_END;
        if (have) {
            if (held.game != r.game)
                held.flags |= DATAGEN_FLAG_GAME_END;
            if ((rc = datagen_file_append(w, &held, 1, err, errsz)))
                break;
            (*written)++;
        }
        held = r;
        have = 1;
    }
    if (!rc && have) {
        held.flags |= DATAGEN_FLAG_GAME_END;
        if (!(rc = datagen_file_append(w, &held, 1, err, errsz)))
            (*written)++;
    }
    datagen_keys_free(&keys);
    return rc;
}

int datagen_merge(const char *out, const char *const *inputs, int n, int64_t *records,
                  int64_t *dropped, char *err, size_t errsz)
{
    int64_t written = 0, drops = 0;
    if (n < 1)
        return util_fail(DATAGEN_E_INVAL, err, errsz, "no file to merge");
    source *src = calloc((size_t)n, sizeof *src);
    if (!src)
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        rc = datagen_file_open(inputs[i], DATAGEN_OPEN_READ, &src[i].f, err, errsz);
        src[i].at = -1;
        src[i].count = rc ? 0 : datagen_file_count(src[i].f);
        if (!rc)
            rc = advance(&src[i], err, errsz);
    }
    char *tmp = NULL, *json = rc ? NULL : merged_settings(src, n);
    datagen_file *w = NULL;
    if (!rc && (!json || !(tmp = malloc(strlen(out) + 16))))
        rc = util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    if (!rc) {
        sprintf(tmp, "%s.merging", out);
        unlink(tmp);
        rc = datagen_file_create(tmp, json, &w, err, errsz);
    }
    if (!rc)
        rc = merge_into(w, src, n, &written, &drops, err, errsz);
    datagen_file_close(w);
    if (!rc && rename(tmp, out) != 0)
        rc = util_fail(DATAGEN_E_IO, err, errsz, "cannot write %s", out);
    if (rc && tmp)
        unlink(tmp);
    for (int i = 0; i < n; i++)
        datagen_file_close(src[i].f);
    free(src);
    free(json);
    free(tmp);
    if (records)
        *records = written;
    if (dropped)
        *dropped = drops;
    return rc;
}
