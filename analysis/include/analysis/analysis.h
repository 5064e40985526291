/*
 * analysis/analysis.h - game analysis (loa-analyse, docs/analysis.md): every
 * position of a game searched by an analysing engine (engine.h) at a fixed
 * budget, in parallel over positions; the score as the side to move's
 * winning chance on a scale fitted on self-play games (loa-analyse-fit);
 * each move judged by the drop in its mover's winning chance (lichess's
 * thresholds) and every win given up marked; the analysis written beside the
 * game (replay/analysis.h's file) and summarised as text; and the positions
 * before a bot's losses as an openings file (a test suite for its next
 * version).
 *
 * Games come from a record, a game CodinGame recorded (replay.h reads every
 * shape), or a loa-arena league directory (its league.db, leaguedb/leaguedb.h).
 * Thread-safety: an analysis_pool is used by one thread (it runs its own
 * workers); everything else is pure or works on its arguments only.
 */
#ifndef ANALYSIS_ANALYSIS_H
#define ANALYSIS_ANALYSIS_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/engine.h"
#include "analysis/error.h"
#include "replay/analysis.h"
#include "replay/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the scale and the judgement ---------------------------------------------- */

/* loa-ab's points per unit of log-odds: a position scored S for its side to
 * move is won with chance 1 / (1 + exp(-S / ANALYSIS_SCALE)). Fitted by
 * loa-analyse-fit on 1,000 loa-ab self-play games at 300,000 and 270,000
 * nodes a move (30,063 positions; 95% interval over games 40.6..52.7;
 * docs/analysis.md gives the data, the fit and its error). */
#define ANALYSIS_SCALE 45.5

/* The drop in a mover's winning chance (0..1) from which a move is an
 * inaccuracy, a mistake, a blunder: lichess's thresholds (0.1, 0.2, 0.3 on
 * its winning-chances scale from -1 to 1, lila's Advice.scala), on the 0..1
 * scale. */
#define ANALYSIS_INACCURACY 0.05
#define ANALYSIS_MISTAKE 0.10
#define ANALYSIS_BLUNDER 0.15

/* The default budget a position gets: loa-ab's nodes in the 110 ms a turn it
 * plans at CodinGame's limits, at 2.7 M nodes/s (docs/bots.md). */
#define ANALYSIS_DEFAULT_NODES 300000

/* Winning chances are kept to this many parts (1e-4): files read well and
 * every platform's exp() gives the same bytes. */
#define ANALYSIS_CHANCE_UNITS 10000.0

/* The side to move's winning chance for an evaluation of `score` points on
 * scale `scale` (> 0), rounded to 1 / ANALYSIS_CHANCE_UNITS. */
double analysis_win_chance(int score, double scale);

/* Position p (of board b, ongoing) from an engine's answer r: its
 * evaluation as a chance on `scale` (a proven win 1, a proven loss 0), the
 * move and line, and the connecting moves (the SDK's). */
void analysis_position_set(replay_position *p, const loa_board *b, const analysis_reply *r,
                           double scale);

/* Position p of b, whose game is over (END: the result for b's side to
 * move, judged with max_plies). */
void analysis_position_end(replay_position *p, const loa_board *b, int max_plies);

/* Judges every ply of g from a's positions (a->thresholds set): the mover's
 * chance before and after, the drop (0 for the engine's own move), the
 * mark; a missed win when the position before had a connecting move that
 * was not played, or a proven win that the move gave up: the position
 * after is not a proven loss for the opponent, and the mover's next
 * position is not a proven win again, as near or nearer (a search of a
 * fixed budget proves a win more easily from the winner's side).
 * Opening plies, forced plies (one legal move, or a pass) and plies next to
 * an unanalysed position are not judged. Returns 0 or ANALYSIS_E_INVAL. */
int analysis_judge(replay_analysis *a, const replay_game *g);

/* ---- analysing games ------------------------------------------------------------ */

typedef struct analysis_options {
    const char *engine;   /* the engine's command (/bin/sh -c) */
    analysis_limit limit; /* what each position gets */
    int jobs;             /* engines searching at once, >= 1 */
    double scale;         /* points per unit of log-odds (ANALYSIS_SCALE for loa-ab) */
    int stop_fd;          /* readable: the engines stop searching (-1: never;
                             borrowed, never read: a self-pipe's end, say) */
} analysis_options;

typedef struct analysis_pool analysis_pool;

/* Starts o->jobs engines and their threads (engines from the calling
 * thread). Returns 0 and *out, or the codes of analysis_engine_start(),
 * ANALYSIS_E_INVAL, ANALYSIS_E_NOMEM. */
int analysis_pool_start(const analysis_options *o, analysis_pool **out, char *err, size_t errsz);

/* Analyses every position of g, the engines searching distinct positions
 * at once, and judges its plies. Each position's result depends only on
 * the position and the limit (the protocol asks the engine for that), so
 * with a depth or node limit the analysis is the same whatever the jobs
 * and the order. *out is new (replay_analysis_free). Returns 0, or the
 * first engine error (ANALYSIS_E_STOPPED when o->stop_fd became readable;
 * the pool is then unusable: stop it), ANALYSIS_E_NOMEM. */
int analysis_pool_game(analysis_pool *p, const replay_game *g, replay_analysis **out, char *err,
                       size_t errsz);

/* The analysis of g at path (beside it) when it was made as o would make
 * it: the same engine command (the whole of it), limit and value, scale,
 * and the thresholds of the marks (ANALYSIS_INACCURACY...). What the
 * engine's program itself is, is not known: a rebuilt engine with the same
 * command is the same. Returns 1 and *out (replay_analysis_free), 0 when
 * there is none to keep (none, unreadable, another game's, made otherwise:
 * why says which), or ANALYSIS_E_INVAL. */
int analysis_load_kept(const replay_game *g, const char *path, const analysis_options *o,
                       replay_analysis **out, char *why, size_t whysz);

/* Positions searched so far and the wall time they took, microseconds. */
void analysis_pool_stats(const analysis_pool *p, long long *positions, long long *wall_us);

/* Stops the engines and threads, frees p. NULL is a no-op. */
void analysis_pool_stop(analysis_pool *p);

/* ---- games from records and leagues ----------------------------------------------- */

/* Which games of an input are taken. */
typedef struct analysis_filter {
    const char *bot;    /* NULL: every game; else only games NAME played */
    int lost;           /* 1: only games lost (by bot, when given) */
    int faults;         /* 1: only games lost by a fault (by bot's, when given) */
    const int64_t *ids; /* league game ids to take (NULL: all) */
    int id_count;
} analysis_filter;

/* One game of an input, for the callback. Strings owned by the walk. */
typedef struct analysis_input_game {
    replay_game *game;         /* borrowed: freed after the callback */
    const char *label;         /* "game.json", "DIR game 12" */
    const char *analysis_path; /* where its analysis goes (beside it) */
    const char *page_path;     /* where its replay page goes */
    int64_t id;                /* the league's game id; -1 for a file */
} analysis_input_game;

typedef int (*analysis_game_fn)(const analysis_input_game *in, void *user);

/* Calls fn for each game of input taken by f (NULL: all), in order: a
 * game file (a record, a CodinGame engine result or site replay), or a
 * league directory (DIR/league.db: its games in stored order; the
 * analysis DIR/games/<id>.analysis.json, the page DIR/games/<id>.html).
 * fn returns 0 to go on; its non-zero value ends the walk and is returned.
 * Returns 0, fn's value, or ANALYSIS_E_GAME (an input or a game that
 * cannot be read: err names it) or ANALYSIS_E_NOMEM. */
int analysis_foreach_game(const char *input, const analysis_filter *f, analysis_game_fn fn,
                          void *user, char *err, size_t errsz);

/* --bot NAME checked against the inputs (n game files or league
 * directories, as analysis_foreach_game() takes them): 0 when one of them
 * has a bot named bot, or none can be read (the walk says why); 1 when
 * none has it, with its refusal as one line into why: the name and the
 * bots the inputs have (distinct, at most 20, control characters as '?').
 * A league's bots are its database's league's, a file's its two players. */
int analysis_bot_missing(const char *bot, char *const *inputs, int n, char *why, size_t whysz);

/* 1 when game g passes f (its players' names, its winner, its fault). */
int analysis_filter_match(const analysis_filter *f, const replay_game *g);

/* ---- text summary ---------------------------------------------------------------- */

/* The summary of one analysed game (docs/analysis.md): the game, then each
 * side's marks, the worst moment of the side that lost, and with `marks`
 * every marked move. Returns 0 or ANALYSIS_E_IO (a write failed). */
int analysis_summary_game(FILE *out, const char *label, const replay_game *g,
                          const replay_analysis *a, int marks);

/* ---- test suites from lost games (issue 34) -------------------------------------- */

/* Plies before the end at which a lost game without an analysis is cut. */
#define ANALYSIS_SUITE_BEFORE 10

/* Where the suite takes game g, lost by side (0 black, 1 white): the plies
 * of the opening that leads to the position before side's worst move when
 * a (may be NULL) has one, else `before` plies before the end, one more
 * when side is not to move there. Returns the plies (>= 1), or -1 when the
 * cut falls before the first ply or inside the game's opening. */
int analysis_suite_cut(const replay_game *g, const replay_analysis *a, int side, int before);

#ifdef __cplusplus
}
#endif
#endif
