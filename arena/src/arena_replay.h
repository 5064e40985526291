/*
 * arena_replay.h - what the arena says about a game a bot lost by its own
 * fault (timeout, invalid action, crash, closed output, failure to start):
 * one line with the reason, the last lines the bot at fault wrote on
 * stderr, and a loa-referee command that plays the same game again
 * (docs/arena.md, "Errors"). The arena itself never speaks the protocol: it
 * only names the referee command that reproduces the game.
 *
 * Pure functions of their arguments (the game is read, not changed):
 * thread-safe on distinct outputs.
 */
#ifndef ARENA_REPLAY_H
#define ARENA_REPLAY_H

#include <stddef.h>

#include "arena_command.h" /* arena_shell_quote */
#include "arena_record.h"
#include "arena_settings.h"
#include "ref/referee.h"

/* Lines of the bot's stderr shown in an error line. */
#define ARENA_STDERR_LINES 3

/* The last `lines` non-empty lines side (0 black, 1 white) wrote on stderr
 * in game g (the tail the referee kept with the side's last ply), joined by
 * " | ", control characters written as \t, \r or \xHH, each line cut to 200
 * bytes (then "..."). "" when there is none. Always NUL-terminates buf
 * (size > 0). */
void arena_stderr_tail(const ref_game *g, int side, int lines, char *buf, size_t size);

/* The command line that replays game r (played as g) with the referee of
 * bin_dir (NULL: "loa-referee" from PATH):
 *   BIN/loa-referee -p1 CMD -p2 CMD [--black-cwd DIR] [--white-cwd DIR]
 *     -d seed=N [--opening 'MOVES'] --first-turn-ms MS --turn-ms MS
 *     --max-plies N
 * with the commands as they were run (placeholders expanded,
 * ref_game_player_command), the bots' working directories from s, the
 * game's opening (ref_game_opening), the league's limits, each argument
 * quoted by arena_shell_quote. Sets *out to a malloc'd string the caller
 * frees. Returns 0, ARENA_E_INVAL (NULL
 * argument, or a bot index outside s) or ARENA_E_NOMEM. */
int arena_replay_command(const arena_game_record *r, const ref_game *g, const arena_settings *s,
                         const char *bin_dir, char **out);

/* The one-line report of an error game:
 *   game ID (BLACK - WHITE): BOT (side) REASON: DETAIL; stderr of BOT:
 *   LINES (or "none"); replay: COMMAND
 * Sets *out to a malloc'd line (no newline) the caller frees. Returns 0,
 * ARENA_E_INVAL (NULL argument, no bot at fault, a bot index outside s) or
 * ARENA_E_NOMEM. */
int arena_error_report(const arena_game_record *r, const ref_game *g, const arena_settings *s,
                       const char *bin_dir, char **out);

/* Writes a replay page of results directory dir (docs/replay.md): with a
 * record (a game's whole record, borrowed: arena_store_record) the page of
 * game id, dir/games/<id>.html; with record NULL the index, dir/index.html
 * (from the exports games.jsonl, standings.json, league.json). Without the
 * replay component (built without LOA_HAVE_REPLAY) does nothing and returns
 * 0. Callers treat a failure as a warning: results are safe in the
 * database and `loa-arena --html DIR` writes the pages again. Returns 0 or
 * a REPLAY_E_* code (ARENA_E_NOMEM) with err naming the file. Thread-safe
 * for distinct games. */
int arena_write_page(const char *dir, int id, const cJSON *record, char *err, size_t errsz);

#endif
