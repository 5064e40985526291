/*
 * replay_codingame_test_util.h - shared by the suites of games recorded by
 * CodinGame (check_replay_codingame: the tree's site-shaped fixtures;
 * check_replay_codingame_cases: CodinGame's engine results): the fixtures'
 * folders, their games, a file read or imported, records compared field by
 * field, a refusal checked for its code and words, a frame edited.
 * static inline: each suite uses some.
 */
#ifndef REPLAY_CODINGAME_TEST_UTIL_H
#define REPLAY_CODINGAME_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "replay/replay.h"
#include "replay_test_util.h"
#include "util/file.h"

#define SITE LOA_SOURCE_DIR "/tests/fixtures/codingame/"
#define CASES LOA_CODINGAME_CASES "/"

static const char *const games[] = {"normal", "random-and-comments", "timeout", "invalid", "pass"};

static inline char *slurp(const char *path, size_t *len)
{
    char *text;
    ck_assert_msg(util_read_file(path, 64u << 20, &text, len) == 0, "cannot read %s", path);
    return text;
}

static inline cJSON *json_file(const char *path)
{
    size_t len;
    char *t = slurp(path, &len);
    cJSON *j = cJSON_ParseWithLength(t, len);
    free(t);
    ck_assert_msg(j != NULL, "%s: not JSON", path);
    return j;
}

/* replay_game_parse of text; rc returned, the game in *g (NULL on error). */
static inline int parse(const char *text, const char *src, replay_game **g, char *err, size_t errsz)
{
    return replay_game_parse(text, strlen(text), src, g, err, errsz);
}

static inline int parse_json(const cJSON *j, const char *src, replay_game **g, char *err,
                             size_t errsz)
{
    char *t = cJSON_PrintUnformatted(j);
    int rc = parse(t, src, g, err, errsz);
    cJSON_free(t);
    return rc;
}

static inline replay_game *import_file(const char *path)
{
    replay_game *g;
    char err[512];
    int rc = replay_game_load(path, &g, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", path, err);
    return g;
}

/* A copy of the record without its "import" (where it came from). */
static inline cJSON *record_body(const replay_game *g)
{
    cJSON *r = cJSON_Duplicate(replay_game_record(g), 1);
    cJSON_DeleteItemFromObjectCaseSensitive(r, "import");
    return r;
}

static inline const cJSON *at(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    ck_assert_msg(v != NULL, "no \"%s\"", k);
    return v;
}

static inline void same_item(const cJSON *a, const cJSON *b, const char *what, int i)
{
    char *x = cJSON_PrintUnformatted(a), *y = cJSON_PrintUnformatted(b);
    ck_assert_msg(cJSON_Compare(a, b, 1), "%s (ply index %d): imported %s, loa-referee %s", what, i,
                  x, y);
    cJSON_free(x);
    cJSON_free(y);
}

/* The imported record rec against loa-referee's record ref of the same
 * game: moves, every ply's answer, comment, `random` and move, stderr
 * (loa-ab's timings aside), players, seed and result. */
static inline void same_game(const cJSON *rec, const cJSON *ref)
{
    same_item(at(rec, "moves"), at(ref, "moves"), "moves", -1);
    same_item(at(rec, "seed_text"), at(ref, "seed_text"), "seed_text", -1);
    const cJSON *pa = at(rec, "plies"), *pb = at(ref, "plies");
    ck_assert_int_eq(cJSON_GetArraySize(pa), cJSON_GetArraySize(pb));
    for (int i = 0; i < cJSON_GetArraySize(pa); i++) {
        const cJSON *a = cJSON_GetArrayItem(pa, i), *b = cJSON_GetArrayItem(pb, i);
        static const char *const keys[] = {"ply",  "player",  "color", "output",
                                           "move", "comment", "random"};
        for (size_t k = 0; k < LOA_COUNT(keys); k++)
            same_item(at(a, keys[k]), at(b, keys[k]), keys[k], i);
        const char *ea = at(a, "stderr")->valuestring, *eb = at(b, "stderr")->valuestring;
        /* loa-ab's lines end in its search time: the same up to " time " */
        const char *ta = strstr(ea, " time "), *tb = strstr(eb, " time ");
        if (strncmp(ea, "loa-ab: ", 8) == 0 && ta && tb)
            ck_assert_msg(ta - ea == tb - eb && strncmp(ea, eb, (size_t)(ta - ea)) == 0,
                          "stderr (ply index %d): '%s' vs '%s'", i, ea, eb);
        else
            ck_assert_msg(strcmp(ea, eb) == 0, "stderr (ply index %d): '%s' vs '%s'", i, ea, eb);
    }
    const cJSON *ra = at(rec, "result"), *rb = at(ref, "result");
    static const char *const rkeys[] = {"winner", "reason", "scores", "fault", "plies"};
    for (size_t k = 0; k < LOA_COUNT(rkeys); k++)
        same_item(at(ra, rkeys[k]), at(rb, rkeys[k]), rkeys[k], -1);
    same_item(at(rec, "scores"), at(ref, "scores"), "scores (log key)", -1);
    for (int p = 0; p < 2; p++)
        same_item(at(cJSON_GetArrayItem(at(rec, "players"), p), "name"),
                  at(cJSON_GetArrayItem(at(ref, "players"), p), "name"), "players[].name", -1);
}

/* "{"success": <text>}": the site's older wrapper. */
static inline char *wrapped(const char *text)
{
    size_t n = strlen(text);
    char *w = malloc(n + 16);
    snprintf(w, n + 16, "{\"success\":%s}", text);
    return w;
}

/* Expects a refusal with code rc whose one-line message holds every
 * needle (e.g. the frame). */
static inline void refused(const char *text, const char *src, int rc, const char *n1,
                           const char *n2)
{
    replay_game *g = (replay_game *)1;
    char err[512] = "";
    int got = parse(text, src, &g, err, sizeof err);
    ck_assert_msg(got == rc, "%s: code %d (%s), expected %d", src, got, err, rc);
    ck_assert_ptr_null(g);
    ck_assert_msg(strchr(err, '\n') == NULL, "%s: more than one line: %s", src, err);
    ck_assert_msg(strncmp(err, src, strlen(src)) == 0, "%s: does not name the file: %s", src, err);
    ck_assert_msg(!n1 || strstr(err, n1), "%s: '%s' not in: %s", src, n1, err);
    ck_assert_msg(!n2 || strstr(err, n2), "%s: '%s' not in: %s", src, n2, err);
}

static inline void refused_json(const cJSON *j, const char *src, int rc, const char *n1,
                                const char *n2)
{
    char *t = cJSON_PrintUnformatted(j);
    refused(t, src, rc, n1, n2);
    cJSON_free(t);
}

static inline cJSON *frame_of(cJSON *site, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(site, "frames"), i);
}

static inline void set_string(cJSON *o, const char *key, const char *v)
{
    cJSON_DeleteItemFromObjectCaseSensitive(o, key);
    cJSON_AddStringToObject(o, key, v);
}

static inline void set_number(cJSON *o, const char *key, double v)
{
    cJSON_DeleteItemFromObjectCaseSensitive(o, key);
    cJSON_AddNumberToObject(o, key, v);
}

#endif
