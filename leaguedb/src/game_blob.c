/* game_blob.c - a game record as two compact blobs: the encoder
 * (leaguedb/game_blob.h; the decoder is game_blob_decode.c). */
#include "leaguedb/game_blob.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "game_blob_impl.h"
#include "leaguedb/error.h"
#include "loa/loa.h"

/* One ply in binary, its stderr into err_text. 0, or -1 for a move that
 * is no move. */
static int put_ply(const leaguedb_blob_ply *p, buf *b, buf *err_text)
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
static int ply_of_json(const cJSON *p, int number, leaguedb_blob_ply *out)
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
static int pack(int codec, const buf *raw, int level, leaguedb_blob *out)
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
        return LEAGUEDB_E_NOMEM;
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
static int finish(int codec, const buf *raw, const buf *err, int level, leaguedb_blob *rec,
                  leaguedb_blob *err_text)
{
    int rc = raw->oom || err->oom ? LEAGUEDB_E_NOMEM : pack(codec, raw, level, rec);
    if (rc == 0 && err->n)
        rc = pack(LEAGUEDB_BLOB_STDERR, err, level, err_text);
    return rc;
}

int leaguedb_game_blob_encode_parts(const char *head, const leaguedb_blob_ply *plies, int n,
                                    int level, leaguedb_blob *rec, leaguedb_blob *err_text)
{
    memset(rec, 0, sizeof *rec);
    memset(err_text, 0, sizeof *err_text);
    if (!head || (n && !plies))
        return LEAGUEDB_E_INVAL;
    buf raw = {0}, err = {0};
    int rc = 0;
    put_text(&raw, head, strlen(head));
    put_varint(&raw, (uint64_t)n);
    for (int i = 0; i < n && !rc; i++)
        if (put_ply(&plies[i], &raw, &err))
            rc = LEAGUEDB_E_INVAL;
    if (!rc)
        rc = finish(LEAGUEDB_BLOB_BINARY, &raw, &err, level, rec, err_text);
    free(raw.p);
    free(err.p);
    if (rc) {
        leaguedb_game_blob_free(rec);
        leaguedb_game_blob_free(err_text);
    }
    return rc;
}

int leaguedb_game_blob_encode(const cJSON *record, int level, leaguedb_blob *rec,
                              leaguedb_blob *err_text)
{
    memset(rec, 0, sizeof *rec);
    memset(err_text, 0, sizeof *err_text);
    const cJSON *plies = record ? cJSON_GetObjectItemCaseSensitive(record, "plies") : NULL;
    if (!cJSON_IsArray(plies))
        return LEAGUEDB_E_INVAL;
    int n = cJSON_GetArraySize(plies), first = opening_plies(record) + 1, rc = 0, i = 0;
    leaguedb_blob_ply *bp = malloc(sizeof *bp * (size_t)(n ? n : 1));
    char *head = header_text(record, 0);
    if (!bp || !head) {
        rc = LEAGUEDB_E_NOMEM;
        goto done;
    }
    for (const cJSON *p = plies->child; p; p = p->next, i++)
        if (!cJSON_IsObject(p) || !ply_of_json(p, first + i, &bp[i]))
            break;
    if (i == n) {
        rc = leaguedb_game_blob_encode_parts(head, bp, n, level, rec, err_text);
    } else { /* the whole record, as it is */
        buf raw = {0}, err = {0};
        cJSON_free(head);
        if (!(head = header_text(record, 1))) {
            rc = LEAGUEDB_E_NOMEM;
            goto done;
        }
        put_text(&raw, head, strlen(head));
        rc = finish(LEAGUEDB_BLOB_JSON, &raw, &err, level, rec, err_text);
        free(raw.p);
    }
done:
    free(bp);
    cJSON_free(head);
    if (rc) {
        leaguedb_game_blob_free(rec);
        leaguedb_game_blob_free(err_text);
    }
    return rc;
}

void leaguedb_game_blob_free(leaguedb_blob *b)
{
    if (!b)
        return;
    free(b->data);
    b->data = NULL;
    b->size = 0;
}
