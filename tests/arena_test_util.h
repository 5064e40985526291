/*
 * arena_test_util.h - helpers shared by the arena's unit suites
 * (tests/check_arena_*.c): a league of n bots, a temporary directory per
 * test (kept when the test fails), whole-file read/write, and a game
 * record that matches the schedule. static inline: each suite uses some.
 */
#ifndef ARENA_TEST_UTIL_H
#define ARENA_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "league/record.h"
#include "league/schedule.h"
#include "league/settings.h"

/* A round-robin league of `bots` bots named bot0.. with command "./x". */
static inline void league(arena_settings *s, int bots, int games)
{
    arena_settings_init(s);
    for (int i = 0; i < bots; i++) {
        char name[16];
        snprintf(name, sizeof name, "bot%d", i);
        ck_assert_int_eq(arena_settings_add_bot(s, name, "./x", NULL, NULL, 0), 0);
    }
    s->games = games;
    arena_set_string(&s->out_dir, "out");
}

/* The current test's temporary directory (each test runs in its own
 * process: Check forks). */
static char g_tmp[256];

/* Makes a fresh /tmp/check_arena_XXXXXX and returns its path. */
static inline const char *tmpdir(void)
{
    snprintf(g_tmp, sizeof g_tmp, "/tmp/check_arena_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_tmp));
    return g_tmp;
}

/* Removes the test's temporary directory (kept when a test fails, for a
 * look at what went wrong). */
static inline void cleanup(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_tmp);
    ck_assert_int_eq(system(cmd), 0);
}

static inline void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static inline char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Game id of league s as the schedule has it, with a made-up result:
 * winner (0 black, 1 white, -1 draw), id + 40 plies, fixed times. */
static inline arena_game_record record_for(const arena_settings *s, int id, int winner)
{
    arena_game_spec g;
    ck_assert_int_eq(arena_schedule_game(s->format, s->bot_count, 0, s->games, s->seed, id, &g), 0);
    arena_game_record r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.round = g.round;
    r.pairing = g.pairing;
    r.black = g.black;
    r.white = g.white;
    r.seed = g.seed;
    r.winner = winner;
    r.fault = -1;
    r.scores[0] = winner == 0;
    r.scores[1] = winner == 1;
    r.reason = winner < 0 ? REF_REASON_PLY_LIMIT : REF_REASON_CONNECTED;
    r.plies = 40 + id;
    r.time[0].first_ms = 3.5;
    r.time[0].turns = 20;
    r.time[0].total_ms = 100;
    r.time[0].max_ms = 9.25;
    r.time[1].first_ms = 1;
    r.time[1].turns = 19;
    r.time[1].total_ms = 38;
    r.time[1].max_ms = 4;
    /* a wall-clock game (no CPU times), its load not judged */
    r.time[0].cpu_total_ms = r.time[0].cpu_max_ms = -1;
    r.time[1].cpu_total_ms = r.time[1].cpu_max_ms = -1;
    r.under_load = -1;
    return r;
}

#endif
