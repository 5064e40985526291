/*
 * replay/league.h - the pages of a loa-arena results directory DIR
 * (docs/replay.md, "Leagues"): DIR/index.html (progress, standings, Elo
 * over games, the SPRT, time per turn, faults, score matrix, and the
 * listed games, filterable by bot, lost by, result, reason and opening,
 * each linking to its replay page), DIR/bot-<name>.html (one a bot) and
 * DIR/games/<id>.html (one a game). The pages share one copy of their
 * scripts and style (DIR/index.js, DIR/viewer.js, DIR/chart.js, DIR/metrics.js,
 * DIR/triage.js, DIR/style.css); the index and bot pages draw DIR/live.js, the league's
 * data, which a running league rewrites and the pages load again every
 * few seconds (from file:// and from any static HTTP server).
 *
 * Inputs are hostile: files are read bounded, a torn or foreign line of
 * games.jsonl is skipped, a link is only made to a page path of the form
 * games/<name>.html. Files are written atomically (util_write_file_atomic).
 * Thread-safe as long as two calls do not write the same DIR at once.
 */
#ifndef REPLAY_LEAGUE_H
#define REPLAY_LEAGUE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "replay/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest games.jsonl, standings.json or league.json read (bytes). */
#define REPLAY_LEAGUE_FILE_MAX (256u << 20)

/* What a league's index and bot pages show (borrowed trees). */
typedef struct replay_league_data {
    const cJSON *lines;     /* games.jsonl objects listed (those that are not
                               games are skipped); NULL: none */
    long total;             /* games the league holds, -1: lines are all */
    const cJSON *standings; /* standings.json's tree; NULL: DIR/standings.json
                               when it exists */
    const cJSON *dashboard; /* loa-arena's figures (docs/replay.md, "Leagues":
                               progress, elo_history, sprt_history,
                               time_bins_ms, bots), NULL: none */
    int running;            /* 1: the league runs, the pages follow live.js */
    int served;             /* 1: the pages are served (loa-arena serve): every
                               game links its page games/<id>.html, rendered on
                               request, and the data says "served": true */
} replay_league_data;

/* Writes DIR/style.css, DIR/chart.js, DIR/metrics.js, DIR/viewer.js,
 * DIR/index.js and DIR/triage.js (the league's one copy of each), each only
 * when its content differs. Returns
 * 0, REPLAY_E_NOMEM or REPLAY_E_IO (errno set; err names the file). */
int replay_write_league_assets(const char *dir, char *err, size_t errsz);

/* The bytes replay_write_league_assets writes to DIR/name, for name one of
 * the league's shared files (style.css, chart.js, metrics.js, index.js,
 * triage.js, viewer.js): what this build's pages need, whatever an older build wrote
 * into DIR (loa-arena serve sends these). *out is malloc'd (the caller
 * frees; NUL-terminated), *len its length. Returns 0, REPLAY_E_INVAL (not
 * a shared file's name) or REPLAY_E_NOMEM. Thread-safe. */
int replay_league_shared_file(const char *name, char **out, size_t *len, char *err, size_t errsz);

/* Writes every page of DIR but the games': the assets
 * (replay_write_league_assets), DIR/index.html, a DIR/bot-<name>.html for
 * every bot of the standings (or of league.json, or of the games) and
 * DIR/live.js from d; a DIR/bot-*.html of no bot (an older loa-arena named
 * them by the bot's place) is removed. A page's file comes from the bot's
 * name alone: bot-<name>.html when the name is at most 60 of [0-9A-Za-z._-]
 * not starting with a dot, else bot-<name, others as '_'>-<8 hex digits of
 * its hash>.html. Returns 0, REPLAY_E_INVAL (NULL dir or d),
 * REPLAY_E_LEAGUE (DIR/standings.json not a JSON object), REPLAY_E_TOO_BIG,
 * REPLAY_E_NOMEM or REPLAY_E_IO (errno set). */
int replay_write_league_pages(const char *dir, const replay_league_data *d, char *err,
                              size_t errsz);

/* The text of DIR/live.js for d, `loaLeague(<data>);`, in a new buffer
 * (*js, NUL-terminated, malloc: the caller frees; *len its length): what
 * replay_write_league_live() would write, for a server that writes
 * nothing. Returns as replay_write_league_pages, without REPLAY_E_IO. */
int replay_league_live_js(const char *dir, const replay_league_data *d, char **js, size_t *len,
                          char *err, size_t errsz);

/* Writes DIR/live.js alone (atomically), and the page of a bot that has
 * none yet: what a running league rewrites every few seconds. Returns as
 * replay_write_league_pages. */
int replay_write_league_live(const char *dir, const replay_league_data *d, char *err, size_t errsz);

/* Writes DIR's pages (replay_write_league_pages of a stopped league) from
 * DIR/standings.json, DIR/games.jsonl and DIR/league.json (each optional,
 * at least one of the first two needed). The figures loa-arena put in
 * DIR/live.js (its charts: Elo over games, the SPRT's LLR, times, faults)
 * are kept: loa-replay and loa-analyse write a league's pages again
 * without losing them. A game analysed (games/<id>.analysis.json beside
 * its page) links its loser's worst moment.
 * Returns 0, REPLAY_E_INVAL (NULL dir), REPLAY_E_LEAGUE (neither file, or
 * standings.json is not a JSON object), REPLAY_E_TOO_BIG, REPLAY_E_NOMEM
 * or REPLAY_E_IO (errno set); err names the file. */
int replay_write_index(const char *dir, char *err, size_t errsz);

/* replay_write_league_pages of a stopped league with the games of lines
 * (a cJSON array of games.jsonl objects, borrowed; those that are not
 * games are skipped), DIR/live.js's figures kept as by replay_write_index,
 * DIR/standings.json and DIR/league.json (both optional): a league whose
 * games are in a database (loa-arena's league.db) lists what it is given.
 * total: the games the league holds (the page says how many of them it
 * lists), -1 when lines are all of them. Returns 0, REPLAY_E_INVAL (NULL
 * dir, lines not an array), REPLAY_E_LEAGUE (standings.json not a JSON
 * object), REPLAY_E_TOO_BIG, REPLAY_E_NOMEM or REPLAY_E_IO (errno set). */
int replay_write_index_lines(const char *dir, const cJSON *lines, long total, char *err,
                             size_t errsz);

/* The replay page of the record at record_path, written beside it
 * (replay_default_output()). Returns 0 or the codes of replay_game_load()
 * and replay_write_html(). */
int replay_write_record_page(const char *record_path, char *err, size_t errsz);

/* Writes the replay page of every record listed in DIR/games.jsonl (all
 * nonzero: every one; 0: only those whose page is missing or older than
 * the record), then DIR/index.html. A record that cannot be read or
 * rendered does not stop the others: it is counted in *failed (may be
 * NULL) and the first such message goes to err. *written (may be NULL)
 * counts the pages written. Returns 0 when the index was written and no
 * page failed, REPLAY_E_FIELD... of the first failed page (the index is
 * still written), or the codes of replay_write_index(). */
int replay_write_league(const char *dir, int all, int *written, int *failed, char *err,
                        size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
