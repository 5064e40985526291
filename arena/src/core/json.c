/* json.c - JSON helpers: numbers, items, bounded integers, atomic files
 * (core/json.h). */
#include "core/json.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "util/file.h"
#include "util/parse.h"
#include "util/text.h"

cJSON *arena_json_number(double v, double quantum)
{
    if (isnan(v))
        return cJSON_CreateNull();
    if (isinf(v))
        return cJSON_CreateString(v > 0 ? "+inf" : "-inf");
    return cJSON_CreateNumber(quantum > 0 ? round(v / quantum) * quantum : v);
}

int arena_json_add(cJSON *obj, const char *key, cJSON *item)
{
    if (!item)
        return 0;
    if (!cJSON_AddItemToObject(obj, key, item)) {
        cJSON_Delete(item);
        return 0;
    }
    return 1;
}

int arena_json_add_number(cJSON *obj, const char *key, double v, double quantum)
{
    return arena_json_add(obj, key, arena_json_number(v, quantum));
}

const char *arena_json_duplicate_key(const cJSON *obj)
{
    for (const cJSON *a = obj ? obj->child : NULL; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (a->string && b->string && strcmp(a->string, b->string) == 0)
                return a->string;
    return NULL;
}

int arena_json_int(const cJSON *it, const char *src, const char *key, int64_t min, int64_t max,
                   int *out, char *err, size_t errsz)
{
    if (!cJSON_IsNumber(it))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s: \"%s\" must be an integer", src, key);
    int64_t v;
    if (util_double_to_i64(it->valuedouble, min, max, &v))
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s: \"%s\" must be an integer in %" PRId64 "..%" PRId64 " (%.6g given)",
                         src, key, min, max, it->valuedouble);
    *out = (int)v;
    return 0;
}

int arena_json_write_file(const char *path, const cJSON *j, int compact)
{
    char *text = !j ? NULL : compact ? cJSON_PrintUnformatted(j) : cJSON_Print(j);
    if (!text)
        return ARENA_E_NOMEM;
    size_t len = strlen(text);
    char *buf = malloc(len + 1);
    if (!buf) {
        cJSON_free(text);
        return ARENA_E_NOMEM;
    }
    memcpy(buf, text, len);
    buf[len] = '\n';
    cJSON_free(text);
    int rc = util_write_file_atomic(path, buf, len + 1) ? ARENA_E_IO : 0;
    int e = errno;
    free(buf);
    errno = e;
    return rc;
}
