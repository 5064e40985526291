/*
 * replay/replay.h - the replay viewer's library (loa_replay): a game record
 * (docs/record.md) read strictly into a page model whose every position is
 * computed by the SDK (loa_board_init, loa_make_move), then written as one
 * self-contained HTML page or as text for a terminal.
 *
 * Wherever a record is read, a game recorded by CodinGame itself is read
 * too, told apart by its content (docs/replay.md, "Games from CodinGame"):
 * the JSON result of CodinGame's game engine (what its SDK referees write
 * with -l) and the JSON the site serves for a replay (findByGameId, bare or
 * in {"success": ...}). Such a file is replayed with the SDK's rules, every
 * answer judged as the online referee judges it (loa_answer_judge), `random`
 * drawn from the game's seed, and refused unless its frames, scores and
 * summaries agree; it then becomes this project's record
 * (replay_game_record(), replay_write_record()).
 *
 *   replay_game *g;
 *   char err[256];
 *   if (replay_game_load("games/000012.json", &g, err, sizeof err) == 0) {
 *       replay_write_html(g, "games/000012.html", err, sizeof err);
 *       replay_game_free(g);
 *   }
 *
 * Records are hostile input: every field is type- and range-checked, every
 * move is checked legal in its position; a bad record gives a REPLAY_E_*
 * code and a sentence naming the file, the field and the ply, never a crash.
 * Functions write no output other than to the FILE or path they are given.
 * Thread-safety: distinct games may be used from distinct threads; a game is
 * read-only after loading, so it may be read from several threads at once.
 */
#ifndef REPLAY_REPLAY_H
#define REPLAY_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "loa/notation.h"
#include "replay/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest record file read (bytes): 150 plies with 4 KiB stderr tails each
 * are under 1 MiB; this leaves room for long --max-plies games. */
#define REPLAY_RECORD_MAX (64u << 20)
/* Most JSON values a game file may hold, counted before it is parsed
 * (util_json_values_bound): a record of REPLAY_PLIES_MAX plies holds some
 * 1.4 million (13 a ply), a game from CodinGame far fewer. Each costs cJSON
 * about 80 bytes: without it a 62 MB file of small numbers took 2.4 GB. */
#define REPLAY_JSON_VALUES_MAX 2000000
/* Longest player name (bytes) of a game from CodinGame (its site's pseudos
 * are short): a name is drawn in every page's header and list. */
#define REPLAY_NAME_MAX 256
/* Most plies (opening and moves) a record may hold. */
#define REPLAY_PLIES_MAX 100000
/* Length of a board text without its NUL: the 8 protocol rows, rank 8 first,
 * files a..h, '.' 'b' 'w', concatenated (the page's data-board). */
#define REPLAY_BOARD_LEN 64

typedef struct replay_game replay_game;

/* A bot's answer for one turn, as the record gives it. Strings point into
 * the game (valid until replay_game_free); never NULL except `output`. */
typedef struct replay_turn {
    const char *output;      /* the raw line, NULL when the bot wrote none */
    const char *comment;     /* text after the action's first space, "" if none */
    const char *stderr_tail; /* last stderr bytes (<= 4 KiB) since its previous ply;
                                from CodinGame: its stderr of the turn, whole */
    int stderr_cut;          /* 1: the CodinGame site cut that stderr (it keeps the first
                            1024 or 4096 characters and appends "...") */
    int random;              /* 1 when the bot answered `random` */
    long long time_us;       /* answer time, wall clock, microseconds (>= 0); -1 when
                            not measured (games from CodinGame have no times) */
    long long cpu_us;        /* CPU time of the turn (records of --time-mode cpu,
                            which judges it), microseconds; -1 when absent */
    int late;                /* 1: accepted within the time margin */
    int limit_ms;            /* the limit of that turn: first_turn_ms on the bot's
                            first turn, turn_ms afterwards */
    const cJSON *metrics;    /* its turn metrics (docs/metrics.md): the record's
                                object of name -> number or string, borrowed from
                                the record; NULL when it reported none */
} replay_turn;

/* One ply (a move or a pass) and the position after it. */
typedef struct replay_ply {
    int ply;                            /* 1-based ply number from the start, opening included */
    int player;                         /* 0 black, 1 white: the side that moved */
    int opening;                        /* 1 for a ply of the game's opening (no bot played it) */
    int pass;                           /* 1 for a pass */
    int capture;                        /* 1 when the move removed an opponent checker */
    int from, to;                       /* squares a1 = 0 .. h8 = 63; -1 for a pass */
    char move[LOA_MOVE_STRING_MAX];     /* "e2e3" or "pass" */
    char olympiad[LOA_MOVE_STRING_MAX]; /* "E2-E3" or "pass" */
    int has_turn; /* 1 when `turn` holds the bot's answer (0 for the opening) */
    replay_turn turn;
    char board[REPLAY_BOARD_LEN + 1]; /* the position after this ply */
} replay_ply;

/* The game as a whole. Strings point into the game; never NULL except where
 * said. */
typedef struct replay_info {
    const char *source;                     /* the name given to the parser (file path) */
    const char *names[2];                   /* display names, [0] black, [1] white */
    const char *commands[2];                /* the bots' shell commands; NULL when unknown (games
                                from CodinGame) */
    const char *seed_text;                  /* the seed, decimal, all digits */
    const char *start_time;                 /* ISO 8601 UTC, "" when absent */
    const char *imported_from;              /* "codingame-engine" or "codingame-site" for a
                                  game read from CodinGame's JSON, or a record
                                  written from one ("import.from"); NULL for a
                                  game loa-referee or loa-arena played */
    int first_turn_ms, turn_ms, max_plies;  /* the game's limits */
    const char *winner;                     /* "black", "white" or NULL (draw, no result) */
    const char *reason;                     /* end reason name (docs/referee.md) */
    const char *fault;                      /* "black", "white" or NULL */
    const char *detail;                     /* the referee's sentence */
    int scores[2];                          /* CodinGame scores, black then white */
    int plies;                              /* plies played: opening plies + moves */
    int opening_plies;                      /* plies of the opening (0 when none) */
    const char *opening;                    /* the opening's moves, space-separated, "" if none */
    char start_board[REPLAY_BOARD_LEN + 1]; /* the position before any ply */
    /* The answer that ended the game without a move (timeout, invalid
     * action, crash...), or NULL: `error_player` gave it at ply plies + 1. */
    const replay_turn *error_turn;
    int error_player;
} replay_info;

/* Parses a JSON game of len bytes (need not be NUL-terminated): a
 * loa-arena record, CodinGame's engine result or the site's replay (see the
 * top of this file), and replays it with the SDK. source names the input in
 * messages and in replay_info.source (copied; may be NULL: "record"). On
 * success *out is a new game (free with replay_game_free) and 0 is
 * returned; otherwise *out is NULL, err gets one sentence naming the bad
 * field, ply or (CodinGame) frame and the reason, and the code is
 * REPLAY_E_INVAL (NULL argument), REPLAY_E_NOMEM, REPLAY_E_TOO_BIG,
 * REPLAY_E_JSON (not JSON, not UTF-8, or cut: "a truncated download"),
 * REPLAY_E_FORMAT (no known shape), REPLAY_E_FIELD, REPLAY_E_MOVE,
 * REPLAY_E_ILLEGAL, REPLAY_E_INCONSISTENT or REPLAY_E_CONTRADICTS (a
 * CodinGame file whose answers, end, scores or summaries disagree with the
 * rules). */
int replay_game_parse(const char *text, size_t len, const char *source, replay_game **out,
                      char *err, size_t errsz);

/* replay_game_parse() of the file at path (at most REPLAY_RECORD_MAX bytes).
 * Adds REPLAY_E_IO (errno set) for a file that cannot be read. */
int replay_game_load(const char *path, replay_game **out, char *err, size_t errsz);

/* The game of a record a process holds as a value (what ref_game_to_json()
 * or the league database's record returns; record is not modified), read
 * with replay_game_parse()'s checks on the record's content, never through
 * its text: an object, every string and key UTF-8, then the fields, plies
 * and moves as a file's. A raw item (the "seed" with all its digits) reads
 * as the value its text holds. The bounds of a file's text
 * (REPLAY_RECORD_MAX, REPLAY_JSON_VALUES_MAX, the nesting) protect a parse
 * and are not checked. source names the record in messages and in
 * replay_info.source (copied; NULL: "record"). Returns 0 with *out a new
 * game (free with replay_game_free), or *out NULL and the codes of
 * replay_game_parse() (REPLAY_E_JSON for a string that is not UTF-8). */
int replay_game_from_record(const cJSON *record, const char *source, replay_game **out, char *err,
                            size_t errsz);

/* Frees g (NULL is fine). */
void replay_game_free(replay_game *g);

/* The game as this project's record (docs/record.md, version 1): the record
 * read, or the one built from a CodinGame file (players without "command",
 * plies with "time_us" null and "stderr_cut", an "import" object). Owned by
 * g, valid until replay_game_free(g); read-only. Its "seed" is a cJSON
 * number (a double): read "seed_text" for the exact digits. NULL for a NULL
 * g. */
const cJSON *replay_game_record(const replay_game *g);

/* Writes replay_game_record(g) to path (cJSON, formatted, a final newline,
 * the seed with all its digits), atomically (util_write_file_atomic): the
 * format `loa-referee -l` writes. Returns 0, REPLAY_E_INVAL, REPLAY_E_NOMEM
 * or REPLAY_E_IO (errno set). */
int replay_write_record(const replay_game *g, const char *path, char *err, size_t errsz);

/* The game's facts; valid until replay_game_free(g). */
const replay_info *replay_game_info(const replay_game *g);

/* Ply n (1..info->plies), or NULL when n is out of range. */
const replay_ply *replay_game_ply(const replay_game *g, int n);

/* The board text (REPLAY_BOARD_LEN chars + NUL) after n plies, 0 = the
 * start: a pointer into g, or NULL when n is not 0..info->plies. */
const char *replay_game_board(const replay_game *g, int n);

/* The loa-referee command line that plays this game again (same commands,
 * names, seed and limits; arguments single-quoted for /bin/sh; for a game
 * from CodinGame, whose commands are unknown, the words BLACK_BOT and
 * WHITE_BOT to replace). A new string (malloc; the caller frees), NULL on
 * out of memory. */
char *replay_game_command(const replay_game *g);

/* The self-contained replay page of g (HTML, CSS and JavaScript inline, no
 * external URL; docs/replay.md): a new NUL-terminated buffer in *html
 * (malloc; the caller frees), its length in *len (may be NULL). Returns 0,
 * REPLAY_E_INVAL or REPLAY_E_NOMEM. */
int replay_html(const replay_game *g, char **html, size_t *len, char *err, size_t errsz);

/* replay_html() written atomically to path (util_write_file_atomic), with
 * the analysis beside it (replay_analysis_path(path)) drawn when it is g's.
 * Adds REPLAY_E_IO (errno set). */
int replay_write_html(const replay_game *g, const char *path, char *err, size_t errsz);

/* A league's page of g (docs/replay.md, "Leagues"), written atomically to
 * path, a file of DIR/games/: the game's data and the markup only, the
 * viewer and its style being DIR/viewer.js, DIR/chart.js and DIR/style.css,
 * one each for the league (replay_write_league_assets(), league.h); the
 * analysis beside it drawn as by replay_write_html(). Returns 0,
 * REPLAY_E_INVAL, REPLAY_E_NOMEM or REPLAY_E_IO (errno set). */
int replay_write_league_html(const replay_game *g, const char *path, char *err, size_t errsz);

/* The page replay_write_league_html() would write at path, in a new
 * NUL-terminated buffer (*html, malloc: the caller frees; *len its length,
 * may be NULL) and nothing written: what loa-arena serve sends. path only
 * locates the analysis beside it. Returns 0, REPLAY_E_INVAL or
 * REPLAY_E_NOMEM. Thread-safe for distinct games. */
int replay_league_game_html(const replay_game *g, const char *path, char **html, size_t *len,
                            char *err, size_t errsz);

/* The page of a record given as a value (what ref_game_to_json() returns),
 * written to path: replay_game_from_record() then replay_write_html(), so
 * the referee writes the same page as loa-replay of its record file
 * (source names it in messages). record is not modified. Returns 0 or the
 * codes of replay_game_from_record() and replay_write_html(). */
int replay_write_record_html(const cJSON *record, const char *source, const char *path, char *err,
                             size_t errsz);

/* Writes the text view to out: the players, seed, result and reason; then
 * with ply < 0 one line per ply and the final board, or with ply 0..plies
 * the board after that many plies with its ply's move, comment, time and
 * stderr. Returns 0, REPLAY_E_INVAL, REPLAY_E_PLY (ply > plies) or
 * REPLAY_E_IO (a write failed). */
int replay_text(const replay_game *g, int ply, FILE *out, char *err, size_t errsz);

/* Prints a bot's text s (a comment, a stderr tail) to out as the text view
 * does: control characters and bytes a terminal would interpret (ESC
 * sequences from a hostile bot) as '?', bidirectional controls as
 * "<U+202E>"; newlines kept and followed by 4 spaces when keep_newlines. */
void replay_print_safe(FILE *out, const char *s, int keep_newlines);

/* The default page path for a record path: ".json" replaced by ".html"
 * (appended when the name does not end in ".json"). A new string (malloc;
 * the caller frees), NULL on out of memory or a NULL path. */
char *replay_default_output(const char *record_path);

#ifdef __cplusplus
}
#endif
#endif
