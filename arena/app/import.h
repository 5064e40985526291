/*
 * app/import.h - `loa-arena import DIR FILE...`: games CodinGame played
 * (the files the site and the public tools save: docs/replay.md, "Games
 * from CodinGame") as a league directory with the same league.db,
 * standings, dashboard and bot pages as a league played here
 * (docs/arena.md, "A CodinGame battle set as a league").
 *
 * The league: a gauntlet of the contestant (--me NAME, repeatable for a
 * contestant under several names; default the name in the most files)
 * against every opponent, players named by their CodinGame names (made
 * valid bot names: control characters as '?', cut to ARENA_NAME_MAX bytes,
 * made unique); beyond the ARENA_MAX_BOTS - 1 opponents a league holds,
 * those met least are one bot, "others (N players)" (their games' records
 * keep their names). Its bots cannot be run: their command is
 * ARENA_IMPORT_COMMAND, which says so and fails. Each game is replayed
 * under the rules (replay/replay.h) and keyed by CodinGame's game id:
 * importing a file again adds nothing; one id with different content is
 * refused, naming both files; --me given again with other names writes the
 * league again with them. A game is placed in the schedule's slot of
 * its pairing and colours (the k-th game with the contestant black against
 * an opponent in round k), so that the standings, pairs and pages read it
 * as any league's. Importing new games into DIR rebuilds its league from
 * all its games; the previous one is kept in DIR/previous-<UTC time>/
 * (arena_store_archive). Main thread only.
 */
#ifndef ARENA_APP_IMPORT_H
#define ARENA_APP_IMPORT_H

#include <stddef.h>
#include <stdio.h>

#include "league/settings.h"
#include "store/store.h"

/* The command of an imported player (it prints why it cannot run, and
 * fails): how a league is told imported (arena_import_is_imported). */
#define ARENA_IMPORT_COMMAND "echo 'a CodinGame player: loa-arena import cannot run it' >&2; exit 1"

/* Most --me names. */
#define ARENA_IMPORT_ME_MAX 8

/* Exit statuses of `loa-arena import` beyond the count of files refused
 * (0..ARENA_IMPORT_REFUSED_MAX). */
#define ARENA_IMPORT_REFUSED_MAX 100
#define ARENA_IMPORT_EXIT_USAGE 101    /* bad command line, or DIR not an import */
#define ARENA_IMPORT_EXIT_IO 102       /* the league could not be read or written */
#define ARENA_IMPORT_EXIT_ANALYSIS 103 /* --analyse: loa-analyse failed (130: interrupted) */

/* What to import. Strings borrowed. */
typedef struct arena_import_opts {
    const char *dir;          /* the league directory (created when missing) */
    const char *const *files; /* files or folders (their regular files, by name) */
    int nfiles;
    const char *me[ARENA_IMPORT_ME_MAX]; /* the contestant's names; none: the
                                            name in the most files */
    int nme;
} arena_import_opts;

/* What an import did. */
typedef struct arena_import_result {
    int files;   /* files read */
    int added;   /* games new to the league */
    int already; /* files whose game the league or another file held already */
    int refused; /* files refused (each named on the report stream, with why) */
    int games;   /* games in the league now */
    int renamed; /* 1: no game added, but --me named the players otherwise: the
                    league was written again */
    char me[64]; /* the contestant's bot name */
} arena_import_result;

/* Imports o's files into o->dir, naming every file refused and why on
 * report (one line each; a game without the contestant, or with it on
 * both sides, is refused so), then writing the league (when games were
 * added): league.db, games.jsonl, standings.json, the replay page of every
 * game the contestant lost (`--html DIR` writes the others) and the index;
 * the contestant's lines (arena_import_contestant) printed on out.
 * Returns 0 (some files may have been refused: res->refused),
 * ARENA_E_CONFIG (o->dir holds a league that was not imported),
 * ARENA_E_IO, ARENA_E_NOMEM, or the store's codes; err says why. */
int arena_import(const arena_import_opts *o, FILE *out, FILE *report, arena_import_result *res,
                 char *err, size_t errsz);

/* 1 when every bot of s was made by loa-arena import. */
int arena_import_is_imported(const arena_settings *s);

/* The contestant of imported league s (its gauntlet bot) in st: its
 * games won, drawn, lost and lost by its timeout, invalid answer or crash,
 * with each colour and against each opponent (with each colour), printed
 * on out after the standings (docs/arena.md). Returns 0, ARENA_E_NOMEM or
 * the store's walk's codes (err). */
int arena_import_contestant(const arena_settings *s, const arena_store *st, FILE *out, char *err,
                            size_t errsz);

/* The triage of imported league s in st (the dashboard's first panel,
 * docs/arena.md): {"me": the contestant, "losses": [{"id", "opponent",
 * "colour" (the contestant's), "reason", "fault" ("timeout", "invalid",
 * "crash", or "" for a loss on the board), "plies"}]}, its losses by its
 * timeout, invalid answer, crash first, then by plies to the end, the
 * shortest first (*out: caller owns). Returns 0, ARENA_E_NOMEM or the
 * store's walk's codes (err). */
int arena_import_triage(const arena_settings *s, const arena_store *st, cJSON **out, char *err,
                        size_t errsz);

/* `loa-arena import DIR FILE... [--me NAME]... [--analyse WHICH]` (argv[0]
 * is "import"): parses, imports, prints, then (--analyse) runs loa-analyse
 * on DIR as loa-arena --analyse does (app/analyse.h). Returns the exit status: the number of files
 * refused (at most ARENA_IMPORT_REFUSED_MAX), ARENA_IMPORT_EXIT_USAGE or
 * ARENA_IMPORT_EXIT_IO. */
int arena_import_main(int argc, char **argv);

#endif
