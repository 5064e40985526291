/*
 * leaguedb/src/game_blob_impl.h - what the encoder (game_blob.c) and the decoder
 * (game_blob_decode.c) of the compact game record share: the ply's members
 * and flags, byte buffers, LEB128 varints. Not an API: include
 * leaguedb/game_blob.h.
 */
#ifndef LEAGUEDB_GAME_BLOB_IMPL_H
#define LEAGUEDB_GAME_BLOB_IMPL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* The members of a ply, in the record's order (record_json.c). */
static const char *const ply_keys[]
    __attribute__((unused)) = {"ply",    "player",  "color",  "output", "move",  "comment",
                               "random", "time_us", "cpu_us", "late",   "stderr"};
#define PLY_KEYS (sizeof ply_keys / sizeof ply_keys[0])

/* The top-level members rebuilt from the others. */
static const char *const derived_keys[]
    __attribute__((unused)) = {"moves", "plies", "scores", "errors"};

enum {
    F_WHITE = 1 << 0,
    F_OUTPUT_NULL = 1 << 1,
    F_OUTPUT = 1 << 2,
    F_MOVE_NULL = 1 << 3,
    F_RANDOM = 1 << 4,
    F_LATE = 1 << 5,
    F_CPU = 1 << 6,
    F_TIME_NULL = 1 << 7
};

/* A growing byte buffer; on out of memory it stops growing and says so. */
typedef struct buf {
    unsigned char *p;
    size_t n, cap;
    int oom;
} buf;

static inline void put(buf *b, const void *s, size_t n)
{
    if (b->oom || n == 0)
        return;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n)
            cap *= 2;
        unsigned char *q = realloc(b->p, cap);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static inline void put_byte(buf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    put(b, &c, 1);
}

static inline void put_varint(buf *b, uint64_t v)
{
    unsigned char t[10];
    size_t n = 0;
    do {
        t[n] = (unsigned char)(v & 0x7f);
        v >>= 7;
        if (v)
            t[n] |= 0x80;
        n++;
    } while (v);
    put(b, t, n);
}

static inline void put_text(buf *b, const char *s, size_t n)
{
    put_varint(b, n);
    put(b, s, n);
}

/* A reader over bytes; any read past the end sets bad. */
typedef struct rd {
    const unsigned char *p, *end;
    int bad;
} rd;

static inline uint64_t get_varint(rd *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end) {
            r->bad = 1;
            return 0;
        }
        unsigned c = *r->p++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80))
            return v;
    }
    r->bad = 1;
    return 0;
}

static inline const unsigned char *get_bytes(rd *r, size_t n)
{
    if ((size_t)(r->end - r->p) < n) {
        r->bad = 1;
        return NULL;
    }
    const unsigned char *s = r->p;
    r->p += n;
    return s;
}

/* An integral JSON number in 0..2^53 (the record's times and counts). */
static inline int get_count(const cJSON *j, uint64_t *out)
{
    if (!cJSON_IsNumber(j) && !cJSON_IsRaw(j))
        return 0;
    double v = cJSON_IsRaw(j) ? strtod(j->valuestring, NULL) : j->valuedouble;
    if (!(v >= 0 && v <= 9007199254740992.0) || v != (double)(uint64_t)v)
        return 0;
    *out = (uint64_t)v;
    return 1;
}

static inline int is_text(const cJSON *j)
{
    return cJSON_IsString(j) && j->valuestring;
}

/* The opening's plies: the number of moves in the record's "opening". */
static inline int opening_plies(const cJSON *record)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(record, "opening");
    if (!is_text(o) || !o->valuestring[0])
        return 0;
    int n = 1;
    for (const char *s = o->valuestring; *s; s++)
        n += *s == ' ';
    return n;
}

#endif
