/*
 * arena_import_test_util.h - CodinGame battle files as a contestant has
 * them, made for `loa-arena import`'s suite and bench: the tree's
 * site-shaped games (tests/fixtures/codingame, made from CodinGame's own
 * engine games of ../shared/cases/codingame) given a game id and players'
 * names, and saved in each of today's shapes (docs/replay.md): the bare
 * findByGameId replay, inside {"success": ...}, findInformationById's
 * {puzzleId, ..., gameResult} wrapper, and mrsombre/codingame-arena's file
 * (no view, gameInformation, keyframe or refereeInput; a top-level seed).
 * static inline: each user takes what it needs.
 */
#ifndef ARENA_IMPORT_TEST_UTIL_H
#define ARENA_IMPORT_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "util/file.h"

#define IMP_SITE LOA_SOURCE_DIR "/tests/fixtures/codingame/"

/* The five games, and which of their players wins (0 black, 1 white,
 * -1 a draw), as the fixtures' README says. */
static const char *const imp_games[] = {"normal", "random-and-comments", "timeout", "invalid",
                                        "pass"};
static const int imp_winner[] = {0, 1, 0, 1, -1};

enum { IMP_BARE, IMP_SUCCESS, IMP_INFORMATION, IMP_ARENA, IMP_SHAPES };

/* The site replay of game g (index into imp_games), parsed; NULL when it
 * cannot be read. */
static inline cJSON *imp_site(int g)
{
    char path[512], *text = NULL;
    size_t len;
    snprintf(path, sizeof path, IMP_SITE "%s.site.json", imp_games[g]);
    if (util_read_file(path, 16u << 20, &text, &len))
        return NULL;
    cJSON *j = cJSON_ParseWithLength(text, len);
    free(text);
    return j;
}

static inline void imp_set(cJSON *o, const char *key, cJSON *v)
{
    cJSON_DeleteItemFromObjectCaseSensitive(o, key);
    cJSON_AddItemToObject(o, key, v);
}

/* site with game id id and players black, white (agents' pseudos). */
static inline void imp_rename(cJSON *site, long long id, const char *black, const char *white)
{
    imp_set(site, "gameId", cJSON_CreateNumber((double)id));
    const cJSON *agents = cJSON_GetObjectItemCaseSensitive(site, "agents");
    for (int k = 0; k < 2; k++) {
        cJSON *a = cJSON_GetArrayItem(agents, k), *cg = cJSON_CreateObject();
        cJSON_DeleteItemFromObjectCaseSensitive(a, "arenaboss"); /* a league boss's name */
        cJSON_AddStringToObject(cg, "pseudo", k == 0 ? black : white);
        imp_set(a, "codingamer", cg);
    }
}

/* site (taken) in shape: a new tree. */
static inline cJSON *imp_shape(cJSON *site, int shape)
{
    if (shape == IMP_BARE)
        return site;
    if (shape == IMP_ARENA) {
        const cJSON *ri = cJSON_GetObjectItemCaseSensitive(site, "refereeInput");
        char seed[64] = "";
        if (cJSON_IsString(ri) && strncmp(ri->valuestring, "seed=", 5) == 0)
            snprintf(seed, sizeof seed, "%.*s", (int)strcspn(ri->valuestring + 5, "\r\n"),
                     ri->valuestring + 5);
        cJSON *f;
        cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(site, "frames"))
        {
            cJSON_DeleteItemFromObjectCaseSensitive(f, "view");
            cJSON_DeleteItemFromObjectCaseSensitive(f, "gameInformation");
            cJSON_DeleteItemFromObjectCaseSensitive(f, "keyframe");
        }
        cJSON_DeleteItemFromObjectCaseSensitive(site, "refereeInput");
        cJSON_AddStringToObject(site, "seed", seed);
        cJSON_AddStringToObject(site, "league", "gold");
        cJSON_AddStringToObject(site, "source", "last-battles");
        cJSON_AddStringToObject(site, "fetched_at", "2026-11-20T10:00:00Z");
        cJSON_AddItemToObject(site, "leaderboard", cJSON_CreateArray());
        return site;
    }
    cJSON *w = cJSON_CreateObject();
    if (shape == IMP_SUCCESS) {
        cJSON_AddItemToObject(w, "success", site);
        return w;
    }
    cJSON_AddNumberToObject(w, "puzzleId", 712);
    cJSON_AddStringToObject(w, "puzzleTitle", "Lines of Action");
    cJSON_AddStringToObject(w, "questionTitle", "Lines of Action");
    cJSON_AddTrueToObject(w, "shareable");
    cJSON_AddItemToObject(w, "viewer", cJSON_CreateObject());
    cJSON_AddItemToObject(w, "gameResult", site);
    return w;
}

/* Writes j (taken) to path. Returns 0 or -1. */
static inline int imp_write(const char *path, cJSON *j)
{
    char *t = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    int rc = t && util_write_file_atomic(path, t, strlen(t)) == 0 ? 0 : -1;
    cJSON_free(t);
    return rc;
}

/* Writes battle i of a contestant's set into dir/<id>.json: game i % 5,
 * game id first_id + i, shape i % IMP_SHAPES, the contestant me on side
 * (0 black, 1 white) against opp. Returns 0 or -1. */
static inline int imp_battle_as(const char *dir, int i, long long first_id, const char *me,
                                const char *opp, int side)
{
    cJSON *site = imp_site(i % 5);
    if (!site)
        return -1;
    imp_rename(site, first_id + i, side == 0 ? me : opp, side == 0 ? opp : me);
    char path[1024];
    snprintf(path, sizeof path, "%s/%lld.json", dir, first_id + i);
    return imp_write(path, imp_shape(site, i % IMP_SHAPES));
}

/* imp_battle_as against opponents[i % nopp], the contestant on side
 * (i / 5) % 2: each game played with both colours in turn. */
static inline int imp_battle(const char *dir, int i, long long first_id, const char *me,
                             const char *const *opponents, int nopp)
{
    return imp_battle_as(dir, i, first_id, me, opponents[i % nopp], (i / 5) % 2);
}

#endif
