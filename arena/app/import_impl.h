/*
 * app/import_impl.h - the parts of `loa-arena import` (app/import.h):
 * the games read (import_read.c: files, folders, the league's own games,
 * duplicates) and the league written from them (import.c).
 */
#ifndef ARENA_APP_IMPORT_IMPL_H
#define ARENA_APP_IMPORT_IMPL_H

#include <stdio.h>

#include "app/import.h"
#include "replay/replay.h"

/* One game to be in the league. */
typedef struct imp_game {
    long long game_id; /* CodinGame's */
    char *source;      /* the file it came from (or "DIR game N"), malloc'd */
    replay_game *g;    /* owned */
    int black, white;  /* bot indices, once named */
} imp_game;

/* The games: the league's own first (old), then the new ones. */
typedef struct imp_set {
    imp_game *v;
    int n, cap;
    int old;       /* v[0..old) came from the league in DIR */
    char *players; /* its bots' names, each ending in '\n' (malloc'd), NULL: no league */
} imp_set;

/* Reads the games of DIR's league into set (none when DIR holds none).
 * Returns 0, ARENA_E_CONFIG (a league that was not imported) or a store
 * code, err set. */
int imp_read_league(const char *dir, imp_set *set, char *err, size_t errsz);

/* Reads the files (folders: their regular files not starting with '.', in
 * name order) into set: each refused file named on report with its reason
 * (res->refused counts them), a game held already counted in
 * res->already. Returns 0 or ARENA_E_NOMEM. */
int imp_read_files(const arena_import_opts *o, imp_set *set, FILE *report, arena_import_result *res,
                   char *err, size_t errsz);

/* The names name(user, 0..n-1), each ending in '\n', as one new string
 * (malloc'd): a league's players, compared to tell a league's naming
 * changed. NULL on out of memory. */
char *imp_players_key(int n, const char *(*name)(const void *, int), const void *user);

/* Frees what set holds. */
void imp_set_free(imp_set *set);

#endif
