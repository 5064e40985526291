/*
 * league/settings_identity.h - a league's identity: the settings a later
 * run on its results directory must ask for again, written as
 * DIR/league.json and compared on resume; each setting's part in it is its
 * row's (league/setting_table.h, "identity").
 *
 * Pure functions: thread-safe on distinct values.
 */
#ifndef ARENA_LEAGUE_SETTINGS_IDENTITY_H
#define ARENA_LEAGUE_SETTINGS_IDENTITY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "league/settings.h"

/* The league's identity as JSON, in the league-file schema, without `out`
 * and `concurrency` (which may change between runs), with bot commands and
 * cwd as written, the SPRT's parameters when there is one ("sprt": elo0,
 * elo1, alpha, beta, model: part of the identity, since changing them in
 * the middle of a test voids its error rates; not rating_interval), and
 * the shard ("shard": {"index", "count"}) when the league is split, and
 * the openings settings when there are openings (the
 * table's content is the store's business: store/store_league.c): saved as
 * DIR/league.json to recognise the league on resume. Caller owns the tree
 * (cJSON_Delete); NULL on out of memory. */
cJSON *arena_settings_to_json(const arena_settings *s);

/* Parent of the default output directories of leagues given by flags. */
#define ARENA_DEFAULT_OUT_PARENT "arena-results"

/* The default output directory of a league given by flags only (no league
 * file, no --out): "arena-results/<12 hex digits>", the digits the start of
 * the SHA-256 (libcrypto) of the league's identity (arena_settings_to_json,
 * compact) without "games" and "anchor", which may change between runs of
 * the same league. So two different flag leagues never share a directory,
 * and the same flags (more games included) find theirs again. Returns a
 * malloc'd path the caller frees, NULL on out of memory. */
char *arena_settings_default_out(const arena_settings *s);

/* Compares the league stored in an output directory (old) with the one
 * asked for (now). Returns 0 when they are the same league (games may grow:
 * the schedule only appends), else ARENA_E_MISMATCH with err naming the
 * first difference. */
int arena_settings_compare(const arena_settings *old, const arena_settings *now, char *err,
                           size_t errsz);

#endif
