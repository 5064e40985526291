/*
 * core/json.h - small helpers for the arena's JSON output (cJSON): numbers
 * that may be infinite or unknown, and adding an item that may be NULL.
 * Thread-safe (no state).
 */
#ifndef ARENA_CORE_JSON_H
#define ARENA_CORE_JSON_H

#include <cjson/cJSON.h>

/* v rounded to a multiple of quantum (quantum 0: as is); an unknown value
 * (NaN) becomes null and an infinite one the string "+inf" or "-inf" (JSON
 * has no infinity). Caller owns the item; NULL on out of memory. */
cJSON *arena_json_number(double v, double quantum);

/* Adds item under key to obj. A NULL item (a failed allocation) or a
 * failed add returns 0 and frees item; 1 on success. */
int arena_json_add(cJSON *obj, const char *key, cJSON *item);

/* arena_json_add(obj, key, arena_json_number(v, quantum)). */
int arena_json_add_number(cJSON *obj, const char *key, double v, double quantum);

/* The first key that obj holds twice (cJSON keeps both silently, and a
 * league file's second "games" must not pass unseen), NULL when none. The
 * name is obj's. */
const char *arena_json_duplicate_key(const cJSON *obj);

#endif
