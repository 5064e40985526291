/*
 * results/filter_game.h - the games filter (results/filter.h) applied to a
 * league's finished games: the values a filter names, read from a game's
 * record and the league's settings, and a walk that passes on only the
 * games the filter keeps, so the standings (report/standings_report.h) and
 * the games listing are recomputed on the subset unchanged.
 *
 * The fields (docs/arena.md, "Filters"):
 *   match.id, match.round, match.pairing, match.seed, match.plies,
 *   match.duration_ms                                   numbers
 *   match.opening ("" without), match.reason (the end reason's name),
 *   match.black, match.white (bot names), match.winner (a bot's name or
 *   "draw")                                              texts
 *   bot(NAME).index  0 black, 1 white (cgarena's index)
 *   bot(NAME).score  1 win, 0.5 draw, 0 loss
 *   bot(NAME).error  1 when the game ended by its fault, else 0 (cgarena's
 *                    builtin, which it sets only when 1)
 * A bot not in the game has none of them. These fields hide a bot's
 * metric of the same name (cgarena's builtins overwrite likewise); every
 * other bot(NAME).x and bot(NAME)[N].x is asked of the metrics lookup.
 */
#ifndef ARENA_RESULTS_FILTER_GAME_H
#define ARENA_RESULTS_FILTER_GAME_H

#include "league/record.h"
#include "league/settings.h"
#include "results/filter.h"

/* A bot's metric in a game: side 0 black, 1 white; ply 0 for the game's
 * metric (bot(NAME).x), else the ply its turn answered. Sets out->type to
 * ARENA_FILTER_MISSING when the bot reported none. */
typedef void (*arena_filter_metric_fn)(void *user, const arena_game_record *r, int side, int ply,
                                       const char *name, arena_filter_value *out);

/* What a filtered walk needs; all borrowed, outliving the walk. */
typedef struct arena_filter_games {
    const arena_settings *s;
    const arena_filter *filter;
    const arena_openings *openings; /* the league's table (match.opening); NULL:
                                       s->openings */
    arena_games_walk_fn walk;       /* the games to filter */
    void *source;                   /* walk's */
    arena_filter_metric_fn metric;  /* NULL: no metrics (all missing) */
    void *metric_user;
    int seen, kept; /* counted by the walk: games walked, games kept */
} arena_filter_games;

/* Checks that every bot f names (bot(NAME)...) is one of s's: a name
 * not in the league is a typo, not a game that lacks the bot. Returns 0,
 * or ARENA_E_CONFIG with err naming it and the league's bots ("no bot
 * 'zzz' in this league (its bots: a, b)"). */
int arena_filter_games_check(const arena_settings *s, const arena_filter *f, char *err,
                             size_t errsz);

/* 1 if game r passes fg->filter, else 0. Not thread-safe on one fg. */
int arena_filter_game_keep(const arena_filter_games *fg, const arena_game_record *r);

/* An arena_games_walk_fn over source = an arena_filter_games: walks
 * fg->walk and calls fn only for the games the filter keeps, counting
 * fg->seen and fg->kept. Returns what fg->walk returns. */
int arena_filter_games_walk(void *source, arena_game_fn fn, void *user);

#endif
