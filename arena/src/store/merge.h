/*
 * store/merge.h - merging results directories of one league: the shards
 * played on several machines (--shard K/N), or copies of a league, into
 * one results directory that is exactly what one machine would have
 * written (games.jsonl, games/, league.json; the caller then writes the
 * standings and pages).
 *
 * Not thread-safe (it opens stores, which are not); call from main().
 */
#ifndef ARENA_STORE_MERGE_H
#define ARENA_STORE_MERGE_H

#include <stdio.h>

#include "store/store.h"

/* What a merge did. */
typedef struct arena_merge_result {
    int added;      /* games new to OUT */
    int duplicates; /* games found more than once with the same content (kept once) */
    int missing;    /* games of the league that no directory (nor OUT) holds */
    int total;      /* games of the whole league */
} arena_merge_result;

/* Called for each game new to OUT once all are stored, in the order they
 * were added: its id in OUT's store (arena_store_record gives its record).
 * For the replay pages of the new games. */
typedef void (*arena_merge_added_fn)(arena_store *out, int id, void *user);

/* Merges the results directories dirs[0..n-1] into out (created when
 * missing; an existing out of the same league keeps its games and gains
 * the new ones only). Every directory must hold the same league (the
 * identity of league.json but its shard, the bots' fingerprints and the
 * openings file's digest): else ARENA_E_MISMATCH naming the directory and
 * the difference. Games are united by id, in one transaction of OUT's
 * database: the same id with the same content (every column of its row,
 * its record included) is kept once; the same id with different content is
 * ARENA_E_MISMATCH naming the directory, and then nothing is written. Then
 * OUT's games.jsonl is written again and on_added (may be NULL) called for
 * each new game. warn and on_added get user. On `report` (may be NULL): a
 * line per shard (or directory)
 * with its games present and missing. *res gets the counts. Returns 0,
 * ARENA_E_CONFIG (n < 1), ARENA_E_IO, ARENA_E_PARSE (a database
 * unreadable), ARENA_E_BUSY (out in use), ARENA_E_MISMATCH or
 * ARENA_E_NOMEM, with err naming the problem. On success *out_store (if
 * not NULL) gets OUT's open store (caller closes it) for the standings. */
int arena_merge(const char *out, char *const *dirs, int n, arena_warn_fn warn,
                arena_merge_added_fn on_added, void *user, FILE *report, arena_merge_result *res,
                arena_store **out_store, char *err, size_t errsz);

#endif
