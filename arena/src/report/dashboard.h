/*
 * report/dashboard.h - the figures of a league's pages that the standings
 * do not hold (docs/replay.md, "Leagues"), computed in the same one pass
 * over the games as the standings (app/league_pages.c): each bot's Elo over
 * the games played, an SPRT's LLR over its pairs, the slowest turn of each
 * game by bot as a histogram, faults by reason, results by opponent and
 * colour, each bot's slowest games and newest faults. Memory is bounded
 * whatever the league's size (ARENA_DASH_POINTS).
 *
 * An opaque handle owning its memory; one thread at a time.
 */
#ifndef ARENA_REPORT_DASHBOARD_H
#define ARENA_REPORT_DASHBOARD_H

#include <cjson/cJSON.h>

#include "league/record.h"
#include "league/settings.h"

/* A history (Elo over games, LLR over pairs) has a point every game (pair)
 * up to 2 * ARENA_DASH_POINTS + 2 points, then every other one goes and the
 * step doubles: ARENA_DASH_POINTS to twice that, evenly spaced. */
#define ARENA_DASH_POINTS 100
/* Slowest games and newest faults kept per bot. */
#define ARENA_DASH_KEEP 5

typedef struct arena_dashboard arena_dashboard;

/* Starts the figures of league s (borrowed: it must outlive *out), whose
 * full schedule has expected games (an SPRT's pairs at most); anchor: the bot rated 0, -1 the mean.
 * An SPRT's LLR is followed when s is an unsharded SPRT match. Returns 0,
 * ARENA_E_INVAL (no bots, too many, a bad anchor) or ARENA_E_NOMEM. */
int arena_dashboard_new(const arena_settings *s, int anchor, int expected, arena_dashboard **out);

/* Announces that games games will be added (the store's count, before a
 * walk of it): the Elo history's points that the later ones thin away get
 * no rating fit (most of the walk's cost at 64 bots). The history is the
 * same as without it if at least games games are added; with fewer, a
 * point left may have no values (NaN). Not thread-safe on one d. */
void arena_dashboard_expect(arena_dashboard *d, long games);

/* Counts finished game r, in stored order (a history is a function of the
 * order). Allocates nothing. Returns 0 or ARENA_E_INVAL (a bot out of
 * range, or the same bot on both sides). */
int arena_dashboard_add(arena_dashboard *d, const arena_game_record *r);

/* The figures as JSON: {"elo_history": {"games": [...], "bots": {name:
 * {"elo": [...], "ci": [...]}}} (Bradley-Terry maximum likelihood of the
 * games up to each point, 95% interval of the model's variance; null where
 * unknown), "sprt_history": {"pairs": [...], "llr": [...]} (an SPRT only),
 * "time_bins_ms": [edges], "bots": {name: {"max_hist": [games per bin of
 * their slowest later turn], "faults": {reason: games}, "vs": {opponent:
 * {"black": [w, d, l], "white": [w, d, l]}}, "slowest": [{"id", "max_ms",
 * "first_ms", "share", "opponent"}], "cpu_total_ms" (cpu time mode)}}}:
 * "slowest" the ARENA_DASH_KEEP games whose slowest turn came nearest its
 * limit ("share": the larger of max_ms / turn_ms and first_ms /
 * first_turn_ms), nearest first. Caller owns it; NULL on out of memory. */
cJSON *arena_dashboard_to_json(arena_dashboard *d);

/* The turn of the bot named name in record (a game's JSON record,
 * docs/record.md) that came nearest its limit, as the referee judged it (CPU
 * time in cpu mode; the bot's first turn against "first_turn_ms", the others
 * "turn_ms"): its "ply", "turn_ms" (null when not recorded), "limit_ms",
 * "timeout" and "stderr" added to g (a "slowest" entry of
 * arena_dashboard_to_json). When the bot's timeout ended the game, that last
 * answer is the turn, whatever its time: a user looks for the stderr before
 * it. A record without the bot or times adds nothing. Returns 0, or -1 out
 * of memory. Thread-safe. */
int arena_dashboard_slow_turn(const cJSON *record, const char *name, cJSON *g);

/* The ids of bot's newest games lost by its own fault, newest first, at
 * most max (and ARENA_DASH_KEEP) into ids. Returns their number. */
int arena_dashboard_faults(const arena_dashboard *d, int bot, int *ids, int max);

/* Frees d; NULL is fine. */
void arena_dashboard_free(arena_dashboard *d);

#endif
