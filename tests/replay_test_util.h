/*
 * Shared by the replay suites that drive loa-replay (check_replay,
 * check_replay_codingame): running a command line; with REPLAY_FIXTURES
 * defined (the fixtures' directory), the fixtures read as games.
 */
#ifndef REPLAY_TEST_UTIL_H
#define REPLAY_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <sys/wait.h>

/* Runs a shell command (append 2>&1 for its stderr); its exit status, or -1
 * when it did not exit; its output in out (NUL-terminated, cut to fit). */
static inline int run(const char *cmd, char *out, size_t outsz)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, outsz - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ---- the fixtures of tests/fixtures/replay/ (check_replay, check_replay_text) ---- */
#ifdef REPLAY_FIXTURES
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "replay/replay.h"

/* Fixture NAME.json read into a game (the test fails when it does not read). */
static inline replay_game *fixture_game(const char *name)
{
    char path[512], err[512];
    snprintf(path, sizeof path, REPLAY_FIXTURES "%s.json", name);
    replay_game *g;
    int rc = replay_game_load(path, &g, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", name, err);
    return g;
}

/* Fixture NAME.json's text, malloc'd (the caller frees). */
static inline char *fixture_json_text(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, REPLAY_FIXTURES "%s.json", name);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

/* A game from record r as its text would be read ("mutated.json"). */
static inline int game_of_json(cJSON *r, replay_game **g, char *err, size_t errsz)
{
    char *t = cJSON_PrintUnformatted(r);
    int rc = replay_game_parse(t, strlen(t), "mutated.json", g, err, errsz);
    free(t);
    return rc;
}
#endif

#endif
