/* game_blob_decode.c - a game record from its two compact blobs
 * (leaguedb/game_blob.h; the encoder is game_blob.c). */
#include "leaguedb/game_blob.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "game_blob_impl.h"
#include "leaguedb/error.h"
#include "loa/loa.h"

/* Inflates a blob of codec `codec` into *out (malloc'd, NUL-terminated,
 * *n bytes). Returns 0 or LEAGUEDB_E_PARSE / LEAGUEDB_E_NOMEM. */
static int unpack(const void *data, size_t size, int codec, unsigned char **out, size_t *n)
{
    rd r = {data, (const unsigned char *)data + size, 0};
    const unsigned char *c = get_bytes(&r, 1);
    uint64_t len = get_varint(&r);
    if (r.bad || !c || *c != codec || len > LEAGUEDB_BLOB_MAX)
        return LEAGUEDB_E_PARSE;
    unsigned char *p = malloc((size_t)len + 1);
    if (!p)
        return LEAGUEDB_E_NOMEM;
    uLongf got = (uLongf)len;
    if (uncompress(p, &got, r.p, (uLong)(r.end - r.p)) != Z_OK || got != len) {
        free(p);
        return LEAGUEDB_E_PARSE;
    }
    p[len] = '\0';
    *out = p;
    *n = (size_t)len;
    return 0;
}

/* Adds to o the member key: a string of n bytes at s (NULL: null). */
static int add_bytes(cJSON *o, const char *key, const unsigned char *s, size_t n)
{
    cJSON *v;
    if (!s) {
        v = cJSON_CreateNull();
    } else {
        char *t = malloc(n + 1);
        if (!t)
            return 0;
        memcpy(t, s, n);
        t[n] = '\0';
        v = cJSON_CreateString(t);
        free(t);
    }
    return v && cJSON_AddItemToObject(o, key, v) ? 1 : (cJSON_Delete(v), 0);
}

static int add_number(cJSON *o, const char *key, double v)
{
    return cJSON_AddNumberToObject(o, key, v) != NULL;
}

/* One binary ply back into a record's ply object (appended to plies), its
 * move to moves; stderr from *err (advanced). 1, or 0 on corrupt input or
 * out of memory (*oom set). */
static int decode_ply(rd *r, rd *err, int number, cJSON *plies, cJSON *moves, int *oom)
{
    const unsigned char *fb = get_bytes(r, 1);
    if (!fb)
        return 0;
    unsigned flags = *fb;
    char ms[LOA_MOVE_STRING_MAX] = "";
    if (!(flags & F_MOVE_NULL)) {
        const unsigned char *sq = get_bytes(r, 2);
        if (!sq || (sq[0] == 255) != (sq[1] == 255) || (sq[0] != 255 && (sq[0] > 63 || sq[1] > 63)))
            return 0;
        loa_move_format(sq[0] == 255 ? LOA_MOVE_PASS : LOA_MOVE_MAKE(sq[0], sq[1]), ms);
    }
    uint64_t time_us = flags & F_TIME_NULL ? 0 : get_varint(r);
    uint64_t cpu_us = flags & F_CPU ? get_varint(r) : 0;
    uint64_t clen = get_varint(r);
    const unsigned char *comment = get_bytes(r, (size_t)clen);
    uint64_t olen = flags & F_OUTPUT ? get_varint(r) : 0;
    const unsigned char *output = flags & F_OUTPUT ? get_bytes(r, (size_t)olen) : NULL;
    uint64_t elen = get_varint(r);
    const unsigned char *stderr_text = r->bad ? NULL : get_bytes(err, (size_t)elen);
    if (r->bad || err->bad)
        return 0;
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(plies, o)) {
        cJSON_Delete(o);
        *oom = 1;
        return 0;
    }
    /* the usual line: the move, then " comment" */
    char *line = NULL;
    if (!(flags & (F_OUTPUT | F_OUTPUT_NULL))) {
        size_t ml = strlen(ms);
        if (!(line = malloc(ml + 1 + (size_t)clen + 1))) {
            *oom = 1;
            return 0;
        }
        memcpy(line, ms, ml);
        if (clen) {
            line[ml] = ' ';
            memcpy(line + ml + 1, comment, (size_t)clen);
            ml += 1 + (size_t)clen;
        }
        line[ml] = '\0';
        output = (const unsigned char *)line;
        olen = ml;
    }
    int white = flags & F_WHITE ? 1 : 0;
    int ok =
        add_number(o, "ply", number) && add_number(o, "player", white) &&
        cJSON_AddStringToObject(o, "color", white ? "white" : "black") &&
        add_bytes(o, "output", flags & F_OUTPUT_NULL ? NULL : output, (size_t)olen) &&
        add_bytes(o, "move", flags & F_MOVE_NULL ? NULL : (const unsigned char *)ms, strlen(ms)) &&
        add_bytes(o, "comment", comment ? comment : (const unsigned char *)"", (size_t)clen) &&
        cJSON_AddBoolToObject(o, "random", (flags & F_RANDOM) != 0) &&
        (flags & F_TIME_NULL ? cJSON_AddNullToObject(o, "time_us") != NULL
                             : add_number(o, "time_us", (double)time_us)) &&
        (flags & F_CPU ? add_number(o, "cpu_us", (double)cpu_us)
                       : cJSON_AddNullToObject(o, "cpu_us") != NULL) &&
        cJSON_AddBoolToObject(o, "late", (flags & F_LATE) != 0) &&
        add_bytes(o, "stderr", stderr_text ? stderr_text : (const unsigned char *)"", (size_t)elen);
    if (ok && !(flags & F_MOVE_NULL))
        ok = cJSON_AddItemToArray(moves, cJSON_CreateString(ms));
    free(line);
    if (!ok)
        *oom = 1;
    return ok;
}

/* "scores" and "errors", CodinGame's log keys, from result.scores and the
 * plies' stderr (record_json.c: an empty stderr is null, the other bot's
 * entry too). */
static int add_codingame_keys(cJSON *record, cJSON *scores, cJSON *errors)
{
    const cJSON *rs =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(record, "result"),
                                         "scores");
    const cJSON *plies = cJSON_GetObjectItemCaseSensitive(record, "plies");
    static const char *const key[2] = {"0", "1"};
    for (int s = 0; s < 2; s++) {
        const cJSON *v = cJSON_GetArrayItem(rs, s);
        cJSON *frames = cJSON_CreateArray();
        if (!cJSON_IsNumber(v) || !frames ||
            !cJSON_AddNumberToObject(scores, key[s], v->valuedouble) ||
            !cJSON_AddItemToObject(errors, key[s], frames)) {
            cJSON_Delete(frames);
            return 0;
        }
        for (const cJSON *p = plies ? plies->child : NULL; p; p = p->next) {
            const cJSON *pl = cJSON_GetObjectItemCaseSensitive(p, "player");
            const cJSON *e = cJSON_GetObjectItemCaseSensitive(p, "stderr");
            int mine = cJSON_IsNumber(pl) && pl->valueint == s && is_text(e) && e->valuestring[0];
            cJSON *x = mine ? cJSON_CreateString(e->valuestring) : cJSON_CreateNull();
            if (!x || !cJSON_AddItemToArray(frames, x))
                return (cJSON_Delete(x), 0);
        }
    }
    return 1;
}

/* Replaces the placeholder member key of root by v (taken). */
static int fill(cJSON *root, const char *key, cJSON *v)
{
    if (!v)
        return 0;
    if (!cJSON_GetObjectItemCaseSensitive(root, key)) {
        cJSON_Delete(v);
        return 1; /* a record without it: stays without it */
    }
    return cJSON_ReplaceItemInObjectCaseSensitive(root, key, v) ? 1 : (cJSON_Delete(v), 0);
}

/* "seed" with all its digits: JSON numbers are doubles in cJSON. */
static int exact_seed(cJSON *root)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(root, "seed_text");
    if (!cJSON_GetObjectItemCaseSensitive(root, "seed") || !is_text(t))
        return 1;
    return fill(root, "seed", cJSON_CreateRaw(t->valuestring));
}

int leaguedb_game_blob_decode(const void *rec, size_t rec_size, const void *err_text,
                              size_t err_size, cJSON **out)
{
    *out = NULL;
    if (!rec || rec_size < 2)
        return LEAGUEDB_E_PARSE;
    int codec = *(const unsigned char *)rec;
    unsigned char *raw = NULL, *errs = NULL;
    size_t n = 0, en = 0;
    int rc =
        unpack(rec, rec_size,
               codec == LEAGUEDB_BLOB_JSON ? LEAGUEDB_BLOB_JSON : LEAGUEDB_BLOB_BINARY, &raw, &n);
    if (rc == 0 && err_size)
        rc = unpack(err_text, err_size, LEAGUEDB_BLOB_STDERR, &errs, &en);
    if (rc) {
        free(raw);
        return rc;
    }
    rd r = {raw, raw + n, 0}, er = {errs, errs + en, 0};
    uint64_t hl = get_varint(&r);
    const unsigned char *h = get_bytes(&r, (size_t)hl);
    cJSON *root = h ? cJSON_ParseWithLength((const char *)h, (size_t)hl) : NULL;
    int oom = 0;
    if (!cJSON_IsObject(root)) {
        rc = LEAGUEDB_E_PARSE;
    } else if (codec == LEAGUEDB_BLOB_JSON) {
        cJSON *moves = cJSON_CreateArray();
        const cJSON *plies = cJSON_GetObjectItemCaseSensitive(root, "plies");
        for (const cJSON *p = plies ? plies->child : NULL; p && moves; p = p->next) {
            const cJSON *m = cJSON_GetObjectItemCaseSensitive(p, "move");
            if (is_text(m))
                cJSON_AddItemToArray(moves, cJSON_CreateString(m->valuestring));
        }
        oom = !fill(root, "moves", moves);
    } else {
        cJSON *moves = cJSON_CreateArray(), *plies = cJSON_CreateArray();
        uint64_t count = get_varint(&r);
        int first = opening_plies(root) + 1;
        for (uint64_t i = 0; i < count && moves && plies && !r.bad && !oom; i++)
            if (!decode_ply(&r, &er, first + (int)i, plies, moves, &oom) && !oom)
                r.bad = 1;
        if (!moves || !plies)
            oom = 1;
        if (r.bad || oom || r.p != r.end || er.p != er.end) {
            cJSON_Delete(moves);
            cJSON_Delete(plies);
            rc = oom ? LEAGUEDB_E_NOMEM : LEAGUEDB_E_PARSE;
        } else {
            oom = !fill(root, "moves", moves) || !fill(root, "plies", plies);
        }
    }
    if (rc == 0 && !oom) {
        cJSON *scores = cJSON_CreateObject(), *errors = cJSON_CreateObject();
        if (!scores || !errors || !add_codingame_keys(root, scores, errors)) {
            /* a record without result.scores (not one of ours): leave them */
            cJSON_Delete(scores);
            cJSON_Delete(errors);
        } else {
            oom = !fill(root, "scores", scores) || !fill(root, "errors", errors);
        }
        oom = oom || !exact_seed(root);
    }
    if (rc == 0 && oom)
        rc = LEAGUEDB_E_NOMEM;
    free(raw);
    free(errs);
    if (rc)
        cJSON_Delete(root);
    else
        *out = root;
    return rc;
}
