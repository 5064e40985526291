/*
 * Shared by the analysis suites (check_analysis, check_analysis_cli): a
 * hand-written game record (docs/record.md) of given moves, as a record
 * may be (moves alone, no turns), aborted after them; positions built by
 * random plies with the SDK.
 */
#ifndef ANALYSIS_TEST_UTIL_H
#define ANALYSIS_TEST_UTIL_H

#include <stdio.h>
#include <string.h>

#include <check.h>
#include <cjson/cJSON.h>

#include "loa/loa.h"
#include "replay/analysis.h"

/* The record of `moves` (space-separated) after `opening` (NULL: none),
 * players "black-bot" and "white-bot": JSON text (cJSON_Print; the caller
 * frees it with free()). */
static inline char *hand_record(const char *moves, const char *opening)
{
    cJSON *r = cJSON_CreateObject(), *mv = cJSON_CreateArray(), *players = cJSON_CreateArray();
    cJSON_AddStringToObject(r, "format", "loa-arena-record");
    cJSON_AddNumberToObject(r, "version", 1);
    cJSON_AddStringToObject(r, "seed_text", "1");
    cJSON *lim = cJSON_AddObjectToObject(r, "limits");
    cJSON_AddNumberToObject(lim, "first_turn_ms", 1000);
    cJSON_AddNumberToObject(lim, "turn_ms", 150);
    cJSON_AddNumberToObject(lim, "max_plies", 150);
    for (int i = 0; i < 2; i++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "name", i ? "white-bot" : "black-bot");
        cJSON_AddNullToObject(p, "command");
        cJSON_AddItemToArray(players, p);
    }
    cJSON_AddItemToObject(r, "players", players);
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *s = NULL, *t = strtok_r(buf, " ", &s); t; t = strtok_r(NULL, " ", &s))
        cJSON_AddItemToArray(mv, cJSON_CreateString(t));
    cJSON_AddItemToObject(r, "moves", mv);
    cJSON_AddItemToObject(r, "plies", cJSON_CreateArray()); /* hand-written: moves alone */
    cJSON_AddStringToObject(r, "opening", opening ? opening : "");
    cJSON *res = cJSON_AddObjectToObject(r, "result");
    cJSON_AddNullToObject(res, "winner");
    cJSON_AddStringToObject(res, "reason", "aborted");
    cJSON_AddNullToObject(res, "fault");
    cJSON_AddStringToObject(res, "detail", "built by a test");
    int sc[2] = {0, 0};
    cJSON_AddItemToObject(res, "scores", cJSON_CreateIntArray(sc, 2));
    char *text = cJSON_Print(r);
    cJSON_Delete(r);
    return text;
}

/* Random plies (java.util.Random-compatible, seed 1) from the start until
 * want(position), at most 140: their moves, space-separated, into buf;
 * the position into *b. Fails the test when no such position comes. */
static inline void random_until(int (*want)(const loa_board *), char *buf, size_t size,
                                loa_board *b)
{
    loa_jrandom r;
    loa_jrandom_seed(&r, 1);
    loa_board_init(b);
    buf[0] = '\0';
    for (int ply = 0; ply < 140; ply++) {
        if (want(b))
            return;
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(b, mv);
        loa_move m = n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS;
        char t[LOA_MOVE_STRING_MAX];
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? " " : "",
                 loa_move_format(m, t));
        loa_make_move(b, m, NULL);
        ck_assert_int_eq(loa_board_status(b, 0), LOA_ONGOING);
    }
    ck_abort_msg("no such position in 140 random plies");
}

/* The side to move has a connecting move, and another. */
static inline int connection_and_another(const loa_board *b)
{
    loa_move first;
    return loa_count_moves(b) > 1 && replay_connecting_moves(b, &first) > 0;
}

/* The first legal move of b (generation order) that does not end the game. */
static inline loa_move quiet_move(const loa_board *b)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (loa_board_status(&c, 0) == LOA_ONGOING)
            return mv[i];
    }
    ck_abort_msg("every move ends the game");
    return LOA_MOVE_NONE;
}

#endif
