/* arena_game_blob.c - a game record as two compact blobs
 * (arena_game_blob.h). */
#include "arena_game_blob.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "arena_error.h"
#include "loa/loa.h"

/* The members of a ply, in the record's order (record_json.c). */
static const char *const ply_keys[] = {"ply",     "player", "color",   "output",
                                       "move",    "comment", "random", "time_us",
                                       "cpu_us",  "late",   "stderr"};
#define PLY_KEYS (sizeof ply_keys / sizeof ply_keys[0])

/* The top-level members rebuilt from the others. */
static const char *const derived_keys[] = {"moves", "plies", "scores", "errors"};

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

static void put(buf *b, const void *s, size_t n)
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

static void put_byte(buf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    put(b, &c, 1);
}

static void put_varint(buf *b, uint64_t v)
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

static void put_text(buf *b, const char *s, size_t n)
{
    put_varint(b, n);
    put(b, s, n);
}

/* A reader over bytes; any read past the end sets bad. */
typedef struct rd {
    const unsigned char *p, *end;
    int bad;
} rd;

static uint64_t get_varint(rd *r)
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

static const unsigned char *get_bytes(rd *r, size_t n)
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
static int get_count(const cJSON *j, uint64_t *out)
{
    if (!cJSON_IsNumber(j) && !cJSON_IsRaw(j))
        return 0;
    double v = cJSON_IsRaw(j) ? strtod(j->valuestring, NULL) : j->valuedouble;
    if (!(v >= 0 && v <= 9007199254740992.0) || v != (double)(uint64_t)v)
        return 0;
    *out = (uint64_t)v;
    return 1;
}

static int is_text(const cJSON *j)
{
    return cJSON_IsString(j) && j->valuestring;
}

/* The opening's plies: the number of moves in the record's "opening". */
static int opening_plies(const cJSON *record)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(record, "opening");
    if (!is_text(o) || !o->valuestring[0])
        return 0;
    int n = 1;
    for (const char *s = o->valuestring; *s; s++)
        n += *s == ' ';
    return n;
}

/* One ply in binary, its stderr into err_text. 0, or -1 for a move that
 * is no move. */
static int put_ply(const arena_blob_ply *p, buf *b, buf *err_text)
{
    unsigned flags = p->player ? F_WHITE : 0;
    loa_move mv = LOA_MOVE_NONE;
    if (!p->move)
        flags |= F_MOVE_NULL;
    else if (loa_move_parse(p->move, &mv) != 0)
        return -1;
    flags |= p->time_us < 0 ? F_TIME_NULL : 0;
    flags |= p->cpu_us >= 0 ? F_CPU : 0;
    flags |= p->random ? F_RANDOM : 0;
    flags |= p->late ? F_LATE : 0;
    const char *comment = p->comment ? p->comment : "";
    size_t clen = strlen(comment);
    if (!p->output) {
        flags |= F_OUTPUT_NULL;
    } else {
        /* the usual line: the move, then " comment" when there is one */
        const char *o = p->output;
        size_t ml = p->move ? strlen(p->move) : 0;
        int derived = p->move && strncmp(o, p->move, ml) == 0 &&
                      (clen ? o[ml] == ' ' && strcmp(o + ml + 1, comment) == 0 : !o[ml]);
        if (!derived)
            flags |= F_OUTPUT;
    }
    put_byte(b, flags);
    if (!(flags & F_MOVE_NULL)) {
        if (mv == LOA_MOVE_PASS) {
            put_byte(b, 255);
            put_byte(b, 255);
        } else {
            put_byte(b, (unsigned)LOA_MOVE_FROM(mv));
            put_byte(b, (unsigned)LOA_MOVE_TO(mv));
        }
    }
    if (!(flags & F_TIME_NULL))
        put_varint(b, (uint64_t)p->time_us);
    if (flags & F_CPU)
        put_varint(b, (uint64_t)p->cpu_us);
    put_text(b, comment, clen);
    if (flags & F_OUTPUT)
        put_text(b, p->output, strlen(p->output));
    const char *e = p->stderr_text ? p->stderr_text : "";
    size_t elen = strlen(e);
    put_varint(b, elen);
    put(err_text, e, elen);
    return 0;
}

/* A record's ply object as a blob ply: 1, or 0 when the binary form cannot
 * say it exactly (another member or order, another type, a negative time,
 * a ply numbered out of turn). */
static int ply_of_json(const cJSON *p, int number, arena_blob_ply *out)
{
    const cJSON *m[PLY_KEYS];
    size_t k = 0;
    for (const cJSON *c = p->child; c; c = c->next, k++)
        if (k >= PLY_KEYS || !c->string || strcmp(c->string, ply_keys[k]) != 0)
            return 0;
        else
            m[k] = c;
    if (k != PLY_KEYS)
        return 0;
    uint64_t ply, player, time_us = 0, cpu_us = 0;
    loa_move mv;
    if (!get_count(m[0], &ply) || ply != (uint64_t)number || !get_count(m[1], &player) ||
        player > 1 || !is_text(m[2]) ||
        strcmp(m[2]->valuestring, player ? "white" : "black") != 0 || !is_text(m[5]) ||
        !cJSON_IsBool(m[6]) || !cJSON_IsBool(m[9]) || !is_text(m[10]) ||
        !(cJSON_IsNull(m[3]) || is_text(m[3])) ||
        !(cJSON_IsNull(m[4]) || (is_text(m[4]) && loa_move_parse(m[4]->valuestring, &mv) == 0)) ||
        !(cJSON_IsNull(m[7]) || get_count(m[7], &time_us)) ||
        !(cJSON_IsNull(m[8]) || get_count(m[8], &cpu_us)))
        return 0;
    out->player = (int)player;
    out->output = cJSON_IsNull(m[3]) ? NULL : m[3]->valuestring;
    out->move = cJSON_IsNull(m[4]) ? NULL : m[4]->valuestring;
    out->comment = m[5]->valuestring;
    out->random = cJSON_IsTrue(m[6]);
    out->time_us = cJSON_IsNull(m[7]) ? -1 : (long long)time_us;
    out->cpu_us = cJSON_IsNull(m[8]) ? -1 : (long long)cpu_us;
    out->late = cJSON_IsTrue(m[9]);
    out->stderr_text = m[10]->valuestring;
    return 1;
}

/* zlib, sized for the input: compress2() sets up its largest state (a
 * 32 KB window, 256 KB in all) for every call, and allocating and clearing
 * that took more CPU than compressing a game's 2 KB. A 4 KB window and
 * memLevel 5 (32 KB in all) compress a game as well; a long stderr gets
 * the largest window. */
static int deflate_into(const unsigned char *in, size_t n, int level, unsigned char *out,
                        size_t *outn)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    int bits = n > 16384 ? 15 : 12;
    if (deflateInit2(&z, level, Z_DEFLATED, bits, bits == 15 ? 8 : 5, Z_DEFAULT_STRATEGY) != Z_OK)
        return -1;
    z.next_in = (Bytef *)(in ? in : (const unsigned char *)"");
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)*outn;
    int rc = deflate(&z, Z_FINISH);
    *outn = z.total_out;
    deflateEnd(&z);
    return rc == Z_STREAM_END ? 0 : -1;
}

/* codec byte, raw length, zlib of raw: into *out (malloc'd). */
static int pack(int codec, const buf *raw, int level, arena_blob *out)
{
    buf b = {0};
    put_byte(&b, (unsigned)codec);
    put_varint(&b, raw->n);
    size_t head = b.n, zn = compressBound((uLong)raw->n);
    if (!b.oom) {
        unsigned char *q = realloc(b.p, head + zn);
        if (!q)
            b.oom = 1;
        else
            b.p = q;
    }
    if (b.oom || deflate_into(raw->p, raw->n, level, b.p + head, &zn) != 0) {
        free(b.p);
        return ARENA_E_NOMEM;
    }
    out->data = b.p;
    out->size = head + zn;
    return 0;
}

/* The record's top level as compact JSON, the derived members null. */
static char *header_text(const cJSON *record, int keep_plies)
{
    cJSON *h = cJSON_CreateObject();
    if (!h)
        return NULL;
    for (const cJSON *c = record->child; c; c = c->next) {
        int derived = 0;
        for (size_t i = 0; i < 4; i++)
            derived |= strcmp(c->string, derived_keys[i]) == 0 &&
                       !(keep_plies && strcmp(c->string, "plies") == 0);
        cJSON *v = derived ? cJSON_CreateNull() : cJSON_Duplicate(c, 1);
        if (!v || !cJSON_AddItemToObject(h, c->string, v)) {
            cJSON_Delete(v);
            cJSON_Delete(h);
            return NULL;
        }
    }
    char *t = cJSON_PrintUnformatted(h);
    cJSON_Delete(h);
    return t;
}

/* Packs raw (and err) into the two blobs. */
static int finish(int codec, const buf *raw, const buf *err, int level, arena_blob *rec,
                  arena_blob *err_text)
{
    int rc = raw->oom || err->oom ? ARENA_E_NOMEM : pack(codec, raw, level, rec);
    if (rc == 0 && err->n)
        rc = pack(ARENA_BLOB_STDERR, err, level, err_text);
    return rc;
}

int arena_game_blob_encode_parts(const char *head, const arena_blob_ply *plies, int n, int level,
                                 arena_blob *rec, arena_blob *err_text)
{
    memset(rec, 0, sizeof *rec);
    memset(err_text, 0, sizeof *err_text);
    if (!head || (n && !plies))
        return ARENA_E_INVAL;
    buf raw = {0}, err = {0};
    int rc = 0;
    put_text(&raw, head, strlen(head));
    put_varint(&raw, (uint64_t)n);
    for (int i = 0; i < n && !rc; i++)
        if (put_ply(&plies[i], &raw, &err))
            rc = ARENA_E_INVAL;
    if (!rc)
        rc = finish(ARENA_BLOB_BINARY, &raw, &err, level, rec, err_text);
    free(raw.p);
    free(err.p);
    if (rc) {
        arena_game_blob_free(rec);
        arena_game_blob_free(err_text);
    }
    return rc;
}

int arena_game_blob_encode(const cJSON *record, int level, arena_blob *rec,
                           arena_blob *err_text)
{
    memset(rec, 0, sizeof *rec);
    memset(err_text, 0, sizeof *err_text);
    const cJSON *plies = record ? cJSON_GetObjectItemCaseSensitive(record, "plies") : NULL;
    if (!cJSON_IsArray(plies))
        return ARENA_E_INVAL;
    int n = cJSON_GetArraySize(plies), first = opening_plies(record) + 1, rc = 0, i = 0;
    arena_blob_ply *bp = malloc(sizeof *bp * (size_t)(n ? n : 1));
    char *head = header_text(record, 0);
    if (!bp || !head) {
        rc = ARENA_E_NOMEM;
        goto done;
    }
    for (const cJSON *p = plies->child; p; p = p->next, i++)
        if (!cJSON_IsObject(p) || !ply_of_json(p, first + i, &bp[i]))
            break;
    if (i == n) {
        rc = arena_game_blob_encode_parts(head, bp, n, level, rec, err_text);
    } else { /* the whole record, as it is */
        buf raw = {0}, err = {0};
        cJSON_free(head);
        if (!(head = header_text(record, 1))) {
            rc = ARENA_E_NOMEM;
            goto done;
        }
        put_text(&raw, head, strlen(head));
        rc = finish(ARENA_BLOB_JSON, &raw, &err, level, rec, err_text);
        free(raw.p);
    }
done:
    free(bp);
    cJSON_free(head);
    if (rc) {
        arena_game_blob_free(rec);
        arena_game_blob_free(err_text);
    }
    return rc;
}

/* Inflates a blob of codec `codec` into *out (malloc'd, NUL-terminated,
 * *n bytes). Returns 0 or ARENA_E_PARSE / ARENA_E_NOMEM. */
static int unpack(const void *data, size_t size, int codec, unsigned char **out, size_t *n)
{
    rd r = {data, (const unsigned char *)data + size, 0};
    const unsigned char *c = get_bytes(&r, 1);
    uint64_t len = get_varint(&r);
    if (r.bad || !c || *c != codec || len > ARENA_BLOB_MAX)
        return ARENA_E_PARSE;
    unsigned char *p = malloc((size_t)len + 1);
    if (!p)
        return ARENA_E_NOMEM;
    uLongf got = (uLongf)len;
    if (uncompress(p, &got, r.p, (uLong)(r.end - r.p)) != Z_OK || got != len) {
        free(p);
        return ARENA_E_PARSE;
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
    int ok = add_number(o, "ply", number) && add_number(o, "player", white) &&
             cJSON_AddStringToObject(o, "color", white ? "white" : "black") &&
             add_bytes(o, "output", flags & F_OUTPUT_NULL ? NULL : output, (size_t)olen) &&
             add_bytes(o, "move", flags & F_MOVE_NULL ? NULL : (const unsigned char *)ms,
                       strlen(ms)) &&
             add_bytes(o, "comment", comment ? comment : (const unsigned char *)"",
                       (size_t)clen) &&
             cJSON_AddBoolToObject(o, "random", (flags & F_RANDOM) != 0) &&
             (flags & F_TIME_NULL ? cJSON_AddNullToObject(o, "time_us") != NULL
                                  : add_number(o, "time_us", (double)time_us)) &&
             (flags & F_CPU ? add_number(o, "cpu_us", (double)cpu_us)
                            : cJSON_AddNullToObject(o, "cpu_us") != NULL) &&
             cJSON_AddBoolToObject(o, "late", (flags & F_LATE) != 0) &&
             add_bytes(o, "stderr", stderr_text ? stderr_text : (const unsigned char *)"",
                       (size_t)elen);
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
    const cJSON *rs = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(record, "result"), "scores");
    const cJSON *plies = cJSON_GetObjectItemCaseSensitive(record, "plies");
    static const char *const key[2] = {"0", "1"};
    for (int s = 0; s < 2; s++) {
        const cJSON *v = cJSON_GetArrayItem(rs, s);
        cJSON *frames = cJSON_CreateArray();
        if (!cJSON_IsNumber(v) || !frames || !cJSON_AddNumberToObject(scores, key[s], v->valuedouble) ||
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

int arena_game_blob_decode(const void *rec, size_t rec_size, const void *err_text,
                           size_t err_size, cJSON **out)
{
    *out = NULL;
    if (!rec || rec_size < 2)
        return ARENA_E_PARSE;
    int codec = *(const unsigned char *)rec;
    unsigned char *raw = NULL, *errs = NULL;
    size_t n = 0, en = 0;
    int rc = unpack(rec, rec_size, codec == ARENA_BLOB_JSON ? ARENA_BLOB_JSON : ARENA_BLOB_BINARY,
                    &raw, &n);
    if (rc == 0 && err_size)
        rc = unpack(err_text, err_size, ARENA_BLOB_STDERR, &errs, &en);
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
        rc = ARENA_E_PARSE;
    } else if (codec == ARENA_BLOB_JSON) {
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
            rc = oom ? ARENA_E_NOMEM : ARENA_E_PARSE;
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
        rc = ARENA_E_NOMEM;
    free(raw);
    free(errs);
    if (rc)
        cJSON_Delete(root);
    else
        *out = root;
    return rc;
}

void arena_game_blob_free(arena_blob *b)
{
    if (!b)
        return;
    free(b->data);
    b->data = NULL;
    b->size = 0;
}
