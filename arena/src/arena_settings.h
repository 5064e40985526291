/*
 * arena_settings.h - the settings of a league: bots, format, games per
 * pairing, limits, master seed, output directory; defaults, validation as a
 * whole, and the league's identity (league.json). They are filled from a
 * league file (arena_league_file.h) and/or command-line flags (arena_cli.h).
 *
 * An arena_settings is a plain value that owns its strings (malloc'd):
 * initialise with arena_settings_init(), release with arena_settings_clear().
 * Functions taking one are not thread-safe on the same value; distinct
 * values may be used from distinct threads. Functions that judge user input
 * write a one-line message into a caller-owned buffer `err` of `errsz`
 * bytes (always NUL-terminated when errsz > 0) naming the file, line or key
 * and what is wrong, without a trailing newline or program name.
 */
#ifndef ARENA_SETTINGS_H
#define ARENA_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "arena_sprt.h"
#include "ref/referee.h"

/* Most bots in one league (a round-robin of 64 bots is 2016 pairings). */
#define ARENA_MAX_BOTS 64
/* Longest bot name in bytes (names are table headers). */
#define ARENA_NAME_MAX 40
/* Longest bot command in bytes. */
#define ARENA_COMMAND_MAX 4096
/* Most changes of a league's shape (bots added, or games raised after an
 * addition) that one league records (arena_league_step). */
#define ARENA_MAX_STEPS 256

/* A past shape of a league: its bot count and games per pairing before a
 * bot was added (or before games were raised after an addition). The
 * schedule keeps the ids of the games of every past shape, and appends
 * the games of each change (arena_schedule.h). */
typedef struct arena_league_step {
    int bots;
    int games;
} arena_league_step;

/* Most games in one league (ids are ints; the store keeps one byte per game). */
#define ARENA_MAX_GAMES 100000000
/* An SPRT match without a game count plays at most this many games (50,000
 * colour-swapped pairs): in practice, until a bound is crossed. */
#define ARENA_SPRT_GAMES_DEFAULT 100000

/* A league's opening table (arena_openings.h). */
typedef struct arena_openings arena_openings;

typedef enum arena_format {
    ARENA_FORMAT_ROUND_ROBIN = 0, /* "round-robin": every pair of bots meets */
    ARENA_FORMAT_GAUNTLET = 1     /* "gauntlet": one bot meets each of the others */
} arena_format;

/* One competitor. Strings owned by the enclosing arena_settings. */
typedef struct arena_bot {
    char *name;    /* unique, 1..ARENA_NAME_MAX bytes, no control characters */
    char *command; /* shell command line as written: `{bin}` and `{dir}` are
                      expanded only when the bot is started (arena_command_expand) */
    char *cwd;     /* working directory, NULL: the arena's own. Read from a
                      league file: resolved against base_dir, made absolute. */
    int sandbox;   /* "sandbox" of this bot: -1 the league's (arena_settings.sandbox),
                      else a ref_sandbox */
} arena_bot;

/* Which games get their replay page (docs/replay.md) as they end: "pages" /
 * --pages. A page is made from the game's record, so a page not written
 * then is one `loa-arena --html DIR` away; not part of the league's
 * identity. Why not every page by default: a page is about 65 KB and
 * 0.7 ms of CPU (cJSON's number printing), more than the game between two
 * fast bots itself; a 20000-game SPRT would write 1.3 GB of pages nobody
 * opens, and no match runner writes per-game files unasked (issue 16). */
typedef enum arena_pages {
    ARENA_PAGES_FAULTS = 0, /* default: the games a bot lost by its own fault
                               (ref_reason_is_fault: timeout, crash, invalid
                               action...), the ones a user must look at */
    ARENA_PAGES_ALL,        /* every game */
    ARENA_PAGES_NONE        /* none (the index page is still written) */
} arena_pages;

typedef struct arena_settings {
    arena_bot bots[ARENA_MAX_BOTS];
    int bot_count;
    arena_format format;
    char *gauntlet_bot;  /* gauntlet: the bot meeting all others; NULL = first bot */
    int games;           /* games per pairing, even (colour-swapped pairs), >= 2;
                            with an SPRT, the most the match may play */
    int games_given;     /* games was set by the league file or a flag (an
                            SPRT without it plays up to ARENA_SPRT_GAMES_DEFAULT) */
    int sprt;            /* "sprt": the match is a sequential test (arena_sprt.h)
                            of the first bot (the gauntlet bot in a gauntlet)
                            against the other; it stops when a bound is crossed */
    arena_sprt_params sprt_params; /* its parameters when sprt is set */
    arena_league_step steps[ARENA_MAX_STEPS]; /* "steps": past shapes, oldest
                            first (bots and games non-decreasing); none for a
                            league that never gained a bot */
    int step_count;
    int extend;          /* --extend / --add-bot: this run may add bots to the
                            stored league (not part of its identity) */
    int sandbox;         /* "sandbox" / --sandbox, --sandbox-rw: how the bots run (a
                            ref_sandbox; a bot's own "sandbox" overrides it); not
                            part of the league's identity, as concurrency */
    int shard_index;     /* --shard K/N: this run plays only the game pairs k */
    int shard_count;     /* (ids 2k, 2k+1) with k % N == K; count 0 or 1: all */
    int rating_interval; /* "rating_interval": print the standings (and the SPRT
                            line) every N finished games; 0: at the end only
                            (an SPRT line still follows every complete pair) */
    int concurrency;     /* games at once; 0 = the number of online cores */
    int64_t seed;        /* master seed; every game seed derives from it */
    char *out_dir;       /* output directory; NULL until set or defaulted */
    int turn_ms;         /* limit on every turn after a bot's first, ms */
    int first_turn_ms;   /* limit on a bot's first turn, ms */
    int max_plies;       /* draw after this many plies */
    ref_time_mode time_mode; /* "time_mode" / --time-mode: wall (CodinGame's) or cpu
                            (docs/referee.md, "Time modes"); part of the identity */
    int wall_cap_ms;     /* "wall_cap_ms" / --wall-cap: cpu mode's wall-clock cap,
                            0 = 4x the turn's limit; part of the identity */
    int time_margin_ms;  /* "time_margin_ms" / --time-margin: late answers within
                            it are accepted and counted; part of the identity */
    ref_cpu_method cpu_method; /* "cpu_method" / --cpu-method: how cpu mode measures
                            (a property of the machine: not in the identity) */
    arena_pages pages;   /* "pages" / --pages: which games get a replay page as
                            they end (not in the identity) */
    int affinity;        /* "affinity" / --affinity: each game slot (worker) and
                            the bots it starts pinned to one CPU of the arena's
                            allowed set, slot k on the k-th (wrapping); not in
                            the identity (arena_runner.h) */
    char *anchor;        /* bot whose Elo is 0; NULL = the mean Elo is 0 */
    char *openings_file; /* "openings": the openings file, absolute; NULL none */
    int openings_random; /* "openings_order": 0 "file" (file order), 1 "random"
                            (shuffled from the master seed) */
    int random_plies;    /* "random_plies": openings of N random plies; 0 none */
    arena_openings *openings; /* the table played (arena_openings_for_league),
                                 owned; NULL: none, or not loaded (a league read
                                 back from DIR/league.json) */
    char *base_dir;      /* directory of the league file ("." without one): `{dir}` */
    char *source;        /* the league file's path, NULL without one (messages) */
} arena_settings;

/* Fills *s with the defaults: no bots, round-robin, 2 games per pairing,
 * concurrency 0 (cores), seed 1, turn 150 ms, first turn 1000 ms, 150 plies
 * (CodinGame's limits), everything else NULL. */
void arena_settings_init(arena_settings *s);

/* Frees every string and the opening table of *s and re-initialises it.
 * NULL is a no-op. */
void arena_settings_clear(arena_settings *s);

/* Makes *dst (initialised here) a deep copy of src: strings and the
 * opening table. Returns 0 or ARENA_E_NOMEM (then *dst is cleared). */
int arena_settings_copy(arena_settings *dst, const arena_settings *src);

/* Carries the stored league old's shape history into now (the league
 * asked for, its bots and games possibly more): now's steps become old's,
 * plus old's shape (old->bot_count, old->games) when now adds bots (only
 * with now->extend set) or raises the games of a league whose last change
 * added bots (so that no existing id moves). Does nothing when now is not
 * old grown (compare then says what differs). Returns 0 or ARENA_E_CONFIG
 * (more than ARENA_MAX_STEPS changes). */
int arena_settings_adopt(const arena_settings *old, arena_settings *now, char *err,
                         size_t errsz);

/* Parses a shard "K/N" (0 <= K < N <= 1000000). Returns 0 or ARENA_E_CONFIG. */
int arena_shard_parse(const char *text, int *index, int *count);

/* Appends a bot (strings copied). cwd may be NULL. Returns 0,
 * ARENA_E_CONFIG (too many bots) or ARENA_E_NOMEM. Names and commands are
 * judged by arena_settings_validate(). */
int arena_settings_add_bot(arena_settings *s, const char *name, const char *command,
                           const char *cwd, char *err, size_t errsz);

/* Parses a `--bot NAME=COMMAND` argument and appends the bot. Returns 0,
 * ARENA_E_CONFIG (no '=', empty name or command) or ARENA_E_NOMEM. */
int arena_settings_add_bot_arg(arena_settings *s, const char *arg, char *err, size_t errsz);

/* Replaces the string *dst by a copy of src (NULL allowed). 0 or ARENA_E_NOMEM. */
int arena_set_string(char **dst, const char *src);

/* Parses "file" (0) or "random" (1) for openings_random. Returns 0 or
 * ARENA_E_CONFIG. */
int arena_openings_order_parse(const char *text, int *out);

/* Parses an SPRT specification in fastchess's words: "elo0=E0 elo1=E1
 * [alpha=A] [beta=B] [model=normalized|logistic]", separated by spaces or
 * commas (alpha and beta default to 0.05, the model to normalized). Fills
 * *p; it is checked with arena_sprt_check(). Returns 0, or ARENA_E_CONFIG
 * with err naming the bad word (unknown key, a key given twice, a value
 * that is not a number, elo0 or elo1 missing, a parameter out of range). */
int arena_sprt_spec_parse(const char *text, arena_sprt_params *p, char *err, size_t errsz);

/* How bot runs: its own "sandbox", else the league's (a ref_sandbox). */
int arena_bot_sandbox(const arena_settings *s, int bot);

/* Index of the bot an SPRT tests: the gauntlet bot in a gauntlet, else the
 * first bot. Its pairing's pentanomial counts are scored from its side. */
int arena_sprt_tested_bot(const arena_settings *s);

/* Parses "round-robin" or "gauntlet". Returns 0 or ARENA_E_CONFIG. */
int arena_format_parse(const char *text, arena_format *out);
/* "round-robin" or "gauntlet". Static string. */
const char *arena_format_name(arena_format f);

/* "faults", "all" or "none" (the --pages and "pages" words). */
const char *arena_pages_name(arena_pages p);

/* The arena_pages named s (arena_pages_name's words). Returns 0, or
 * ARENA_E_INVAL for NULL or another word (*out unchanged). */
int arena_pages_from_name(const char *s, arena_pages *out);

/* 1 when a game that ended for reason gets its page as it ends under p. */
int arena_pages_wants(arena_pages p, ref_reason reason);

/* Checks the league as a whole: 2..ARENA_MAX_BOTS bots, names valid and
 * unique, commands non-empty, games even and in 2..1000000, at most
 * ARENA_MAX_GAMES games in all, concurrency in
 * 0..256, limits in 1..3600000 ms, plies in 1..100000, gauntlet_bot and
 * anchor naming listed bots, an output directory; openings from a file or
 * random plies, not both; random plies in 1..REF_OPENING_MAX (100) and
 * fewer than the ply limit; a random order only with a file; with an SPRT,
 * exactly two bots and parameters that pass arena_sprt_check(); bubblewrap
 * present when a bot runs in the sandbox (ref_sandbox_check); a rating
 * interval in 0..ARENA_MAX_GAMES; a shard K/N with 0 <= K < N, and an SPRT
 * in shards only with a game count (a shard cannot stop on the whole
 * match's evidence). Returns 0 or
 * ARENA_E_CONFIG with err naming the first problem. */
int arena_settings_validate(const arena_settings *s, char *err, size_t errsz);

/* Index of the bot named name, or -1. */
int arena_settings_find_bot(const arena_settings *s, const char *name);

/* Index of the gauntlet bot (gauntlet_bot, else 0). */
int arena_settings_gauntlet_index(const arena_settings *s);

/* The league's identity as JSON, in the league-file schema, without `out`
 * and `concurrency` (which may change between runs), with bot commands and
 * cwd as written, the SPRT's parameters when there is one ("sprt": elo0,
 * elo1, alpha, beta, model: part of the identity, since changing them in
 * the middle of a test voids its error rates; not rating_interval), and
 * the shard ("shard": {"index", "count"}) when the league is split, and
 * the openings settings when there are openings (the
 * table's content is the store's business: arena_store_league.c): saved as
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
int arena_settings_compare(const arena_settings *old, const arena_settings *now,
                           char *err, size_t errsz);

#endif
