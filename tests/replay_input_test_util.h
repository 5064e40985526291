/*
 * replay_input_test_util.h - shared by check_replay_input and
 * check_replay_through: a game played by loa-referee between probe bots
 * (tests/probe_bot.c: each logs the bytes it reads on its stdin), a file
 * read whole, loa-replay's output captured.
 */
#ifndef REPLAY_INPUT_TEST_UTIL_H
#define REPLAY_INPUT_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "replay/replay.h"

#define BIN LOA_BIN_DIR "/"

/* A game played in a fresh directory: its record, the probes' logs. */
typedef struct played {
    char dir[256], record[300], log[2][300];
} played;

/* Plays black_mode against white_mode (test-probe modes) with seed and
 * the opening (NULL: none) into *p; the referee's exit status is not
 * checked (a game lost by a fault exits 0 too). */
static inline void play(played *p, long seed, const char *black_mode, const char *white_mode,
                        const char *opening)
{
    snprintf(p->dir, sizeof p->dir, "/tmp/loa-input-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(p->dir));
    snprintf(p->record, sizeof p->record, "%s/game.json", p->dir);
    snprintf(p->log[0], sizeof p->log[0], "%s/black.log", p->dir);
    snprintf(p->log[1], sizeof p->log[1], "%s/white.log", p->dir);
    char cmd[16384];
    snprintf(cmd, sizeof cmd,
             BIN "loa-referee -p1 '" BIN "test-probe %s %s' -p2 '" BIN "test-probe %s %s' "
                 "--seed %ld %s%s%s -l %s > /dev/null 2>&1",
             p->log[0], black_mode, p->log[1], white_mode, seed, opening ? "--opening '" : "",
             opening ? opening : "", opening ? "'" : "", p->record);
    ck_assert_int_eq(system(cmd), 0);
}

/* The file at path, malloc'd, its length in *len ("" for a missing file). */
static inline char *slurp_bytes(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *s = malloc(1 << 20);
    ck_assert_ptr_nonnull(s);
    *len = f ? fread(s, 1, (1 << 20) - 1, f) : 0;
    s[*len] = '\0';
    if (f)
        fclose(f);
    return s;
}

/* Runs cmd, its stdout (bytes) malloc'd into *out, *len bytes; returns its
 * exit status. */
static inline int capture(const char *cmd, char **out, size_t *len)
{
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    *out = malloc(1 << 20);
    ck_assert_ptr_nonnull(*out);
    *len = fread(*out, 1, (1 << 20) - 1, f);
    (*out)[*len] = '\0';
    int st = pclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The game at path, read with the replay library. */
static inline replay_game *load_game(const char *path)
{
    replay_game *g;
    char err[512];
    ck_assert_msg(replay_game_load(path, &g, err, sizeof err) == 0, "%s", err);
    return g;
}

/* Removes the directory of a played game. */
static inline void forget(const played *p)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", p->dir);
    ck_assert_int_eq(system(cmd), 0);
}

#endif
