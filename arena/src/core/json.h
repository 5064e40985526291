/*
 * core/json.h - small helpers for the arena's JSON (cJSON): numbers that
 * may be infinite or unknown, adding an item that may be NULL, an integer
 * item read within bounds, a tree written to a file atomically.
 * Thread-safe (no state).
 */
#ifndef ARENA_CORE_JSON_H
#define ARENA_CORE_JSON_H

#include <stddef.h>
#include <stdint.h>

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

/* The integer item it (a JSON number, whole, in min..max: range checked
 * before any conversion, util_double_to_i64) into *out. src (the file) and
 * key name it in err: `src: "key" must be an integer in min..max (x
 * given)`. Returns 0 or ARENA_E_CONFIG. */
int arena_json_int(const cJSON *it, const char *src, const char *key, int64_t min, int64_t max,
                   int *out, char *err, size_t errsz);

/* Writes the tree j with a final newline to path atomically
 * (util_write_file_atomic): pretty-printed for the files people read,
 * compact on request. Returns 0, ARENA_E_NOMEM (NULL j too) or ARENA_E_IO
 * (errno set). */
int arena_json_write_file(const char *path, const cJSON *j, int compact);

#endif
