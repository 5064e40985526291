/*
 * arena_store_test_util.h - shared by the results store's suites
 * (check_arena_store, check_arena_store_league): the warnings a store
 * gives, counted with the last kept, and its games read back in stored
 * order.
 */
#ifndef ARENA_STORE_TEST_UTIL_H
#define ARENA_STORE_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "store/store.h"

static int g_warnings;
static char g_last_warning[512];

static inline void count_warning(const char *msg, void *user)
{
    (void)user;
    g_warnings++;
    snprintf(g_last_warning, sizeof g_last_warning, "%s", msg);
}

/* The stored games, in stored order. */
typedef struct stored {
    arena_game_record r[64];
    int n;
} stored;

static inline int keep(const arena_game_record *r, void *user)
{
    stored *s = user;
    ck_assert_int_lt(s->n, 64);
    s->r[s->n++] = *r;
    return 0;
}

static inline stored *read_back(const arena_store *st)
{
    static stored s;
    char err[512];
    memset(&s, 0, sizeof s);
    ck_assert_msg(arena_store_foreach(st, keep, &s, err, sizeof err) == 0, "%s", err);
    return &s;
}

#endif
