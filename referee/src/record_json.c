/*
 * record_json.c - the JSON game record (schema: docs/record.md), built with
 * cJSON and written atomically (util_write_file_atomic: a temp file in the
 * target's directory, fsync, rename), so that a reader never sees half a
 * record.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "game_impl.h"
#include "util/file.h"

#define RECORD_FORMAT "loa-arena-record"
#define RECORD_VERSION 1

/* Length of the valid UTF-8 sequence at p (1..4), 0 when the byte at p
 * starts none: no overlong 3/4-byte forms, no surrogates, nothing past
 * U+10FFFF. */
static int utf8_seq(const unsigned char *p)
{
    int len = 0;
    unsigned c = p[0];
    if (c < 0x80)
        len = 1;
    else if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4;
    for (int i = 1; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    if (len == 3 && ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0)))
        return 0;
    if (len == 4 && ((c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] >= 0x90)))
        return 0;
    return len;
}

/* 1 when s is valid UTF-8 (what bots write, nearly always). */
static int utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    for (int len; *p; p += len)
        if (!(len = utf8_seq(p)))
            return 0;
    return 1;
}

/* Copy of s that is valid UTF-8: each byte of an invalid sequence becomes
 * U+FFFD (bots write arbitrary bytes; JSON text must be UTF-8). Control
 * characters are left to cJSON, which escapes them. NULL on out of memory. */
static char *utf8_clean(const char *s)
{
    size_t n = strlen(s);
    char *d = malloc(n * 3 + 1), *o = d;
    if (!d)
        return NULL;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int len = utf8_seq(p);
        if (len) {
            memcpy(o, p, (size_t)len);
            o += len;
            p += len;
        } else {
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
            p++;
        }
    }
    *o = '\0';
    return d;
}

/* Adds item under key, a string literal: cJSON keeps the pointer instead of
 * a copy (a record has some 2000 members: half its allocations were keys).
 * Takes item (NULL: out of memory). Returns 0 or -1. */
static int add_item(cJSON *obj, const char *key, cJSON *item)
{
    if (item && cJSON_AddItemToObjectCS(obj, key, item))
        return 0;
    cJSON_Delete(item);
    return -1;
}

/* Adds a string member (NULL s: JSON null). The empty string is a
 * reference to a literal, not a copy (most plies' comment and stderr).
 * Returns 0 or -1. */
static int add_str(cJSON *obj, const char *key, const char *s)
{
    if (!s)
        return add_item(obj, key, cJSON_CreateNull());
    if (!*s)
        return add_item(obj, key, cJSON_CreateStringReference(""));
    if (utf8_valid(s))
        return add_item(obj, key, cJSON_CreateString(s));
    char *c = utf8_clean(s);
    if (!c)
        return -1;
    int rc = add_item(obj, key, cJSON_CreateString(c));
    free(c);
    return rc;
}

static int add_int(cJSON *obj, const char *key, int64_t v)
{
    /* Exact digits: a double (cJSON numbers) loses 64-bit integers past
     * 2^53, and seeds are full 64-bit values. */
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRId64, v);
    return add_item(obj, key, cJSON_CreateRaw(buf));
}

static int add_bool(cJSON *obj, const char *key, int v)
{
    return add_item(obj, key, cJSON_CreateBool(v));
}

static const char *color_name(int player)
{
    return player == 0 ? "black" : player == 1 ? "white" : NULL;
}

static int add_players(cJSON *root, const ref_game *g)
{
    cJSON *arr = cJSON_AddArrayToObject(root, "players");
    if (!arr)
        return -1;
    for (int i = 0; i < 2; i++) {
        cJSON *p = cJSON_CreateObject();
        if (!p)
            return -1;
        cJSON_AddItemToArray(arr, p);
        if (add_str(p, "color", color_name(i)) || add_str(p, "name", g->name[i]) ||
            add_str(p, "command", g->command[i]) ||
            (g->sandbox[i] && add_str(p, "sandbox", ref_sandbox_name(g->sandbox[i]))))
            return -1;
    }
    return 0;
}

static int add_plies(cJSON *root, const ref_game *g)
{
    cJSON *moves = cJSON_AddArrayToObject(root, "moves");
    cJSON *plies = cJSON_AddArrayToObject(root, "plies");
    if (!moves || !plies)
        return -1;
    for (int i = 0; i < g->nplies; i++) {
        const ref_ply *pl = &g->plies[i];
        char m[LOA_MOVE_STRING_MAX];
        /* "ply" is the game's ply number: the opening's plies come first. */
        int ply = g->opening_plies + i + 1;
        const char *ms = pl->move == LOA_MOVE_NONE ? NULL : loa_move_format(pl->move, m);
        if (ms) {
            cJSON *s = cJSON_CreateString(ms);
            if (!s)
                return -1;
            cJSON_AddItemToArray(moves, s);
        }
        cJSON *o = cJSON_CreateObject();
        if (!o)
            return -1;
        cJSON_AddItemToArray(plies, o);
        if (add_int(o, "ply", ply) || add_int(o, "player", pl->player) ||
            add_item(o, "color", cJSON_CreateStringReference(color_name(pl->player))) ||
            add_str(o, "output", pl->output) || add_str(o, "move", ms) ||
            add_str(o, "comment", pl->comment) || add_bool(o, "random", pl->random) ||
            add_int(o, "time_us", pl->time_us) ||
            (pl->cpu_us >= 0 ? add_int(o, "cpu_us", pl->cpu_us) : add_str(o, "cpu_us", NULL)) ||
            add_bool(o, "late", pl->late) || add_str(o, "stderr", pl->stderr_tail) ||
            ref_record_ply_metrics(o, pl))
            return -1;
    }
    return 0;
}

static int add_result(cJSON *root, const ref_game *g)
{
    const ref_result *r = &g->result;
    cJSON *o = cJSON_AddObjectToObject(root, "result");
    if (!o)
        return -1;
    cJSON *scores;
    if (add_str(o, "winner", color_name(r->winner)) ||
        add_str(o, "reason", ref_reason_name(r->reason)) ||
        !(scores = cJSON_AddArrayToObject(o, "scores")))
        return -1;
    for (int i = 0; i < 2; i++) {
        cJSON *s = cJSON_CreateNumber(r->scores[i]);
        if (!s)
            return -1;
        cJSON_AddItemToArray(scores, s);
    }
    int crash = r->reason == REF_REASON_CRASHED || r->reason == REF_REASON_FAILED_TO_START;
    if (add_str(o, "fault", color_name(r->fault)) || add_int(o, "plies", r->plies) ||
        (crash && r->exit_status >= 0 ? add_int(o, "exit_status", r->exit_status)
                                      : !cJSON_AddNullToObject(o, "exit_status")) ||
        (crash && r->term_signal > 0 ? add_int(o, "term_signal", r->term_signal)
                                     : !cJSON_AddNullToObject(o, "term_signal")) ||
        add_str(o, "detail", r->detail))
        return -1;
    cJSON *late = cJSON_AddArrayToObject(o, "late");
    for (int i = 0; late && i < 2; i++) {
        cJSON *n = cJSON_CreateNumber(r->late[i]);
        if (!n)
            return -1;
        cJSON_AddItemToArray(late, n);
    }
    return late ? 0 : -1;
}

/* limits.time_mode and what goes with it (docs/record.md): the margin
 * always, the wall-clock caps and the CPU method in CPU mode. */
static int add_time_mode(cJSON *limits, const ref_game *g)
{
    if (add_str(limits, "time_mode", ref_time_mode_name(g->time_mode)) ||
        add_int(limits, "time_margin_ms", g->limits.time_margin_ms))
        return -1;
    if (g->time_mode != REF_TIME_CPU)
        return 0;
    int cap_first = ref_limits_wall_cap(&g->limits, g->limits.first_turn_ms);
    int cap_later = ref_limits_wall_cap(&g->limits, g->limits.turn_ms);
    return add_int(limits, "first_turn_wall_cap_ms", cap_first) ||
                   add_int(limits, "turn_wall_cap_ms", cap_later) ||
                   add_str(limits, "cpu_method", ref_cpu_method_name(g->cpu_method))
               ? -1
               : 0;
}

/* The keys the CodinGame SDK's game log has, for the scripts of league
 * tools that read `-l` (psyleague's and cgarena's play_game.py):
 * "scores": {"0": black, "1": white}, and "errors": {"0": [...], "1": [...]}
 * with one entry per frame. A frame here is one turn of the bots, the
 * elements of "plies" in order (the opening's plies, applied by the
 * referee, are none): the mover's entry is the stderr kept with that ply,
 * the other bot's is null, and an empty stderr is null too, as in the SDK. */
static int add_codingame_keys(cJSON *root, const ref_game *g)
{
    static const char *const key[2] = {"0", "1"};
    cJSON *scores = cJSON_AddObjectToObject(root, "scores");
    cJSON *errors = cJSON_AddObjectToObject(root, "errors");
    if (!scores || !errors)
        return -1;
    for (int p = 0; p < 2; p++) {
        cJSON *frames;
        if (!cJSON_AddNumberToObject(scores, key[p], g->result.scores[p]) ||
            !(frames = cJSON_AddArrayToObject(errors, key[p])))
            return -1;
        for (int i = 0; i < g->nplies; i++) {
            const ref_ply *pl = &g->plies[i];
            const char *text = pl->player == p ? pl->stderr_tail : NULL;
            cJSON *e;
            if (text && text[0]) {
                char *c = utf8_clean(text);
                e = c ? cJSON_CreateString(c) : NULL;
                free(c);
            } else {
                e = cJSON_CreateNull();
            }
            if (!e)
                return -1;
            cJSON_AddItemToArray(frames, e);
        }
    }
    return 0;
}

/* The record, or its head (plies and what derives from them null). */
static cJSON *to_json(const ref_game *g, int head)
{
    if (!g)
        return NULL;
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return NULL;
    char when[32] = "";
    struct tm tm;
    time_t t = (time_t)g->start_time;
    if (gmtime_r(&t, &tm))
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char seed_text[32];
    snprintf(seed_text, sizeof seed_text, "%" PRId64, g->seed);
    char opening[REF_OPENING_TEXT_MAX];
    cJSON *limits = NULL;
    if (add_str(root, "format", RECORD_FORMAT) || add_int(root, "version", RECORD_VERSION) ||
        add_int(root, "seed", g->seed) || add_str(root, "seed_text", seed_text) ||
        add_str(root, "start_time", when) || add_int(root, "start_unix", g->start_time) ||
        add_int(root, "duration_us", g->duration_us) ||
        !(limits = cJSON_AddObjectToObject(root, "limits")) ||
        add_int(limits, "first_turn_ms", g->limits.first_turn_ms) ||
        add_int(limits, "turn_ms", g->limits.turn_ms) ||
        add_int(limits, "max_plies", g->limits.max_plies) || add_time_mode(limits, g) ||
        add_players(root, g) ||
        add_str(root, "opening",
                ref_opening_format(g->opening, g->opening_plies, opening, sizeof opening)) ||
        (head ? !cJSON_AddNullToObject(root, "moves") || !cJSON_AddNullToObject(root, "plies")
              : add_plies(root, g)) ||
        add_result(root, g) ||
        (head ? !cJSON_AddNullToObject(root, "scores") || !cJSON_AddNullToObject(root, "errors")
              : add_codingame_keys(root, g) || ref_record_game_metrics(root, g))) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

cJSON *ref_game_to_json(const ref_game *g)
{
    return to_json(g, 0);
}

cJSON *ref_game_to_json_head(const ref_game *g)
{
    return to_json(g, 1);
}

int ref_game_write_json(const ref_game *g, const char *path)
{
    if (!g || !path || !path[0])
        return REF_E_IO;
    cJSON *j = ref_game_to_json(g);
    if (!j)
        return REF_E_NOMEM;
    char *text = cJSON_Print(j);
    cJSON_Delete(j);
    if (!text)
        return REF_E_NOMEM;
    /* The record ends with a newline, like every text file. */
    size_t len = strlen(text);
    char *withnl = malloc(len + 1);
    if (!withnl) {
        cJSON_free(text);
        return REF_E_NOMEM;
    }
    memcpy(withnl, text, len);
    withnl[len] = '\n';
    cJSON_free(text);
    int rc = util_write_file_atomic(path, withnl, len + 1) == 0 ? REF_OK : REF_E_IO;
    free(withnl);
    return rc;
}
