/* json.c - JSON output helpers (core/json.h). */
#include "core/json.h"

#include <math.h>
#include <string.h>

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
