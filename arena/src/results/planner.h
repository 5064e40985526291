/*
 * results/planner.h - which game a league plays next, as games come and go.
 *
 * In order (a league's run): the schedule's ids in order (league/schedule.h),
 * so a league stopped early has played every pairing about equally.
 * Continuous (--continuous, psyleague's and cgarena's way): the next game
 * goes where a game tells most: to the pairing whose score is least
 * certain, the largest standard error of its mean score per game,
 *   SE = sqrt(v / (n + 2 + k)),  v the variance of a game's score (1, 1/2,
 *   0 from its first bot's side) over its n games with a prior of one win
 *   and one loss (so a pairing without games has SE 0.35 and comes first),
 *   k its games in flight,
 * then its next round in id order. So a new bot's pairings are played
 * first, evenly matched bots (v near 1/4) get more games than lopsided ones
 * (v near 0: their games tell little), and no pairing is starved. Ties go
 * to the pairing of the newest bot. When that pairing has played every
 * round of the league's games per pairing, the league must grow (the
 * caller raises its games: the schedule appends, no id moves).
 * Games of a retired bot (arena_bot.retired) are never chosen; games
 * outside the league's shard neither, nor, in order, the rounds at or
 * beyond arena_settings.games_target (a fixed run of a league continuous
 * mode grew: not played, not counted).
 *
 * An arena_planner is an opaque handle owning its schedule; one thread at
 * a time (the runner's calling thread).
 */
#ifndef ARENA_RESULTS_PLANNER_H
#define ARENA_RESULTS_PLANNER_H

#include "league/record.h"
#include "league/schedule.h"
#include "league/settings.h"

typedef struct arena_planner arena_planner;

/* What arena_planner_next found. */
enum arena_plan {
    ARENA_PLAN_GAME = 1,  /* *out is the next game (now in flight) */
    ARENA_PLAN_WAIT = 0,  /* none now: games in flight may come back unplayed */
    ARENA_PLAN_DONE = -1, /* nothing left to play */
    ARENA_PLAN_GROW = -2  /* continuous: the chosen pairing played every round */
};

/* The planner of league s (borrowed: it must outlive the planner; its
 * opening table gives each game its opening), every game to play at first.
 * Returns 0 (*out), ARENA_E_INVAL (as arena_schedule_build) or
 * ARENA_E_NOMEM. */
int arena_planner_new(const arena_settings *s, int continuous, arena_planner **out);

/* Frees it. NULL is a no-op. */
void arena_planner_free(arena_planner *p);

/* Game id is stored (not to play), or in flight (taken: played by a run
 * that handed it out before this planner was made). Ids out of range are
 * ignored. */
void arena_planner_stored(arena_planner *p, int id);
void arena_planner_taken(arena_planner *p, int id);

/* Counts count games of black against white ending with winner (0 black,
 * 1 white, -1 a draw) into their pairing's score (continuous mode's
 * choice): the store's tally at first (store/store.h's arena_store_tally),
 * then each game stored. */
void arena_planner_count(arena_planner *p, int black, int white, int winner, int count);

/* The next game (enum arena_plan). */
int arena_planner_next(arena_planner *p, arena_game_spec *out);

/* A game in flight is back: stored (counted when its result is given, the
 * record r; NULL: not counted), or not (to play again later: kept = 0;
 * never again in this run: kept = -1, a game the referee could not run). */
void arena_planner_back(arena_planner *p, int id, const arena_game_record *r, int kept);

/* Games of the league that count: stored, and still to play (of bots not
 * retired, in the shard). */
int arena_planner_total(const arena_planner *p);

/* Games stored (of those arena_planner_total counts). */
int arena_planner_done(const arena_planner *p);

/* Games in flight. */
int arena_planner_in_flight(const arena_planner *p);

/* The ids of the games in flight into ids[0..max-1]; returns how many. */
int arena_planner_flying(const arena_planner *p, int *ids, int max);

/* 1 when a game is left to play (continuous mode: a pairing of two bots
 * not retired), 0 when not. */
int arena_planner_left(const arena_planner *p);

/* The planner's checker (util/check.h): asserts one state per game, and
 * the counts kept beside the states agree with them: the games stored
 * (arena_planner_done, by pairing too), the games in flight (listed once
 * each, in flight, by pairing too), the skipped games never touched, the
 * cursors in range. Walks every id: O(games). Called at each of the
 * planner's transitions (a game's state changed) in the builds with
 * LOA_CHECKS, for leagues up to ARENA_PLANNER_CHECK_WALK games (beyond,
 * the transition's own counts are asserted); aborts on a failure. */
void arena_planner_check(const arena_planner *p);

/* Games up to which every transition walks the whole planner. */
#define ARENA_PLANNER_CHECK_WALK 4096

/* For the checker's tests: puts game id in the stored state without its
 * counts, as a bug would (arena_planner_check then fails). */
void arena_planner_corrupt(arena_planner *p, int id);

#endif
