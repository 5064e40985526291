/*
 * store/db_impl.h - the inside of the league database, shared by its
 * translation units: db.c (opening, schema, transactions, meta), db_games.c
 * (the games' rows) and db_lock.c (the run lock). Not an API: include
 * store/db.h.
 */
#ifndef ARENA_STORE_DB_IMPL_H
#define ARENA_STORE_DB_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "store/db.h"

struct arena_db {
    sqlite3 *h;
    char *path;
    sqlite3_stmt *insert;  /* prepared at the first insert, kept: a game a
                              transaction */
    int writable;          /* opened ARENA_DB_WRITE */
    int locked;            /* this connection holds the run row */
    int64_t token;         /* the run row's token of this connection: one store of
                              a process is not another's (two opens in one process
                              are two arenas) */
};

/* Fills err with "PATH: what: SQLite's words" and returns code. */
int arena_db_fail(arena_db *db, int code, char *err, size_t errsz, const char *what);

/* The ARENA_E_* code of an SQLite failure: busy, not a database (a file
 * of another kind named league.db), or other for the rest. */
int arena_db_code(int rc, int other);

/* Runs sql (no rows); 0 or the code of its failure (err). */
int arena_db_exec(arena_db *db, const char *sql, char *err, size_t errsz);

#endif
