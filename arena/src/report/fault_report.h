/*
 * report/fault_report.h - what the arena says about a game a bot lost by its own
 * fault (timeout, invalid action, crash, closed output, failure to start):
 * one line with the reason, the last lines the bot at fault wrote on
 * stderr, and a loa-referee command that plays the same game again
 * (docs/arena.md, "Errors"). The arena itself never speaks the protocol: it
 * only names the referee command that reproduces the game.
 *
 * Pure functions of their arguments (the game is read, not changed):
 * thread-safe on distinct outputs.
 */
#ifndef ARENA_REPORT_FAULT_REPORT_H
#define ARENA_REPORT_FAULT_REPORT_H

#include <stddef.h>

#include "league/record.h"
#include "league/settings.h"
#include "ref/referee.h"

/* Lines of the bot's stderr shown in an error line. */
#define ARENA_FAULT_STDERR_LINES 3

/* The last `lines` non-empty lines side (0 black, 1 white) wrote on stderr
 * in game g (the tail the referee kept with the side's last ply), joined by
 * " | ", control characters written as \t, \r or \xHH, each line cut to 200
 * bytes (then "..."). "" when there is none. Always NUL-terminates buf
 * (size > 0). */
void arena_fault_stderr_tail(const ref_game *g, int side, int lines, char *buf, size_t size);

/* The command line that replays game r (played as g) with the referee of
 * bin_dir (NULL: "loa-referee" from PATH):
 *   BIN/loa-referee -p1 CMD -p2 CMD [--black-cwd DIR] [--white-cwd DIR]
 *     -d seed=N [--opening 'MOVES'] --first-turn-ms MS --turn-ms MS
 *     --max-plies N
 * with the commands as they were run (placeholders expanded,
 * ref_game_player_command), the bots' working directories from s, the
 * game's opening (ref_game_opening), the league's limits, each argument
 * quoted by util_shell_quote. Sets *out to a malloc'd string the caller
 * frees. Returns 0, ARENA_E_INVAL (NULL
 * argument, or a bot index outside s) or ARENA_E_NOMEM. */
int arena_fault_replay_command(const arena_game_record *r, const ref_game *g,
                               const arena_settings *s, const char *bin_dir, char **out);

/* The one-line report of an error game:
 *   game ID (BLACK - WHITE): BOT (side) REASON: DETAIL; stderr of BOT:
 *   LINES (or "none"); replay: COMMAND
 * Sets *out to a malloc'd line (no newline) the caller frees. Returns 0,
 * ARENA_E_INVAL (NULL argument, no bot at fault, a bot index outside s) or
 * ARENA_E_NOMEM. */
int arena_fault_report(const arena_game_record *r, const ref_game *g, const arena_settings *s,
                       const char *bin_dir, char **out);

#endif
