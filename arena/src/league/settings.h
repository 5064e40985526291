/*
 * league/settings.h - the settings of a league as a value: bots, format,
 * games per pairing, limits, master seed, output directory; their defaults,
 * the league's identity (league.json) and its comparison on resume, and the
 * opening table they make. They are filled from a league file
 * (league/league_file.h) and/or command-line flags (app/cli.h), one row
 * per setting (league/setting.h), and checked as a whole by
 * league/settings_check.h.
 *
 * An arena_settings is a plain value that owns its strings (malloc'd):
 * initialise with arena_settings_init(), release with arena_settings_clear().
 * Functions taking one are not thread-safe on the same value; distinct
 * values may be used from distinct threads. Functions that judge user input
 * write a one-line message into a caller-owned buffer `err` of `errsz`
 * bytes (always NUL-terminated when errsz > 0) naming the file, line or key
 * and what is wrong, without a trailing newline or program name.
 */
#ifndef ARENA_LEAGUE_SETTINGS_H
#define ARENA_LEAGUE_SETTINGS_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "core/limits.h"
#include "league/words.h"
#include "ref/referee.h"
#include "stats/sprt.h"

/* A past shape of a league: its bot count and games per pairing before a
 * bot was added (or before games were raised after an addition). The
 * schedule keeps the ids of the games of every past shape, and appends
 * the games of each change (league/schedule.h). */
typedef struct arena_league_step {
    int bots;
    int games;
} arena_league_step;

/* A league's opening table (league/openings.h). */
typedef struct arena_openings arena_openings;

/* One competitor. Strings owned by the enclosing arena_settings. */
typedef struct arena_bot {
    char *name;      /* unique, 1..ARENA_NAME_MAX bytes, no control characters */
    char *command;   /* shell command line as written: `{bin}` and `{dir}` are
                      expanded only when the bot is started (arena_command_expand) */
    char *cwd;       /* working directory, NULL: the arena's own. Read from a
                      league file: resolved against base_dir, made absolute. */
    int sandbox;     /* "sandbox" of this bot: -1 the league's (arena_settings.sandbox),
                      else a ref_sandbox */
    char *snapshot;  /* "snapshot": the command of the bot's copy in DIR/bots/
                      (`{out}/bots/NAME/...`, store/snapshot.h), which the league
                      runs instead of command; NULL: none (yet) */
    int no_snapshot; /* "snapshot": false: never copied (--no-snapshot) */
    int retired;     /* "retired": true: no longer scheduled, its games kept
                      (--retire) */
} arena_bot;

/* The command a league runs for bot b: its snapshot's when it has one, else
 * its own. */
const char *arena_bot_run_command(const arena_bot *b);

typedef struct arena_settings {
    arena_bot bots[ARENA_MAX_BOTS];
    int bot_count;
    arena_format format;
    char *gauntlet_bot;            /* gauntlet: the bot meeting all others; NULL = first bot */
    int games;                     /* games per pairing, even (colour-swapped pairs), >= 2;
                            with an SPRT, the most the match may play */
    int games_given;               /* games was set by the league file or a flag (an
                            SPRT without it plays up to ARENA_SPRT_GAMES_DEFAULT) */
    int games_target;              /* a run in order (not continuous) plays the games of
                            each pairing below it: the games a fixed run asked
                            for when continuous mode grew games beyond them
                            (only --continuous grows them further); 0: games.
                            The store's (its meta), not the identity's */
    int sprt;                      /* "sprt": the match is a sequential test (stats/sprt.h)
                            of the first bot (the gauntlet bot in a gauntlet)
                            against the other; it stops when a bound is crossed */
    arena_sprt_params sprt_params; /* its parameters when sprt is set */
    arena_league_step steps[ARENA_MAX_STEPS]; /* "steps": past shapes, oldest
                            first (bots and games non-decreasing); none for a
                            league that never gained a bot */
    int step_count;
    int extend;                /* --extend / --add-bot: this run may add bots to the
                            stored league (not part of its identity) */
    int sandbox;               /* "sandbox" / --sandbox, --sandbox-rw: how the bots run (a
                            ref_sandbox; a bot's own "sandbox" overrides it); not
                            part of the league's identity, as concurrency */
    int shard_index;           /* --shard K/N: this run plays only the game pairs k */
    int shard_count;           /* (ids 2k, 2k+1) with k % N == K; count 0 or 1: all */
    int rating_interval;       /* "rating_interval": print the standings (and the SPRT
                            line) every N finished games; 0: at the end only
                            (an SPRT line still follows every complete pair) */
    int concurrency;           /* games at once; 0 = the number of online cores */
    int continuous;            /* "continuous" / --continuous: play until stopped, each
                            game where it tells most (results/planner.h); the
                            games per pairing grow as needed; not in the identity */
    int64_t seed;              /* master seed; every game seed derives from it */
    char *out_dir;             /* output directory; NULL until set or defaulted */
    ref_limits limits;         /* the referee's limits, each a setting of its own name
                            ("turn_ms", "first_turn_ms", "max_plies", "wall_cap_ms"
                            / --wall-cap: cpu mode's wall-clock cap, 0 = 4x the
                            turn's limit; "time_margin_ms" / --time-margin: late
                            answers within it accepted and counted); all part
                            of the identity, passed to every game as they are */
    ref_time_mode time_mode;   /* "time_mode" / --time-mode: wall (CodinGame's) or cpu
                            (docs/referee.md, "Time modes"); part of the identity */
    ref_cpu_method cpu_method; /* "cpu_method" / --cpu-method: how cpu mode measures
                            (a property of the machine: not in the identity) */
    arena_pages pages;         /* "pages" / --pages: which games get a replay page as
                            they end (not in the identity) */
    int affinity;              /* "affinity" / --affinity: each game slot (worker) and
                            the bots it starts pinned to one CPU of the arena's
                            allowed set, slot k on the k-th (wrapping); not in
                            the identity (run/runner.h) */
    char *anchor;              /* bot whose Elo is 0; NULL = the mean Elo is 0 */
    char *openings_file;       /* "openings": the openings file, absolute; NULL none */
    int openings_random;       /* "openings_order": 0 "file" (file order), 1 "random"
                            (shuffled from the master seed) */
    int random_plies;          /* "random_plies": openings of N random plies; 0 none */
    arena_openings *openings;  /* the table played (arena_settings_openings),
                                 owned; NULL: none, or not loaded (a league read
                                 back from DIR/league.json) */
    char *base_dir;            /* directory of the league file ("." without one): `{dir}` */
    char *source;              /* the league file's path, NULL without one (messages) */
} arena_settings;

/* Fills *s with the defaults of the settings table (league/setting.h): no
 * bots, round-robin, 2 games per pairing, concurrency 0 (cores), seed 1,
 * CodinGame's limits (turn 150 ms, first turn 1000 ms, 150 plies),
 * everything else none. */
void arena_settings_init(arena_settings *s);

/* Frees every string and the opening table of *s and re-initialises it.
 * NULL is a no-op. */
void arena_settings_clear(arena_settings *s);

/* Makes *dst (initialised here) a deep copy of src: strings and the
 * opening table. Returns 0 or ARENA_E_NOMEM (then *dst is cleared). */
int arena_settings_copy(arena_settings *dst, const arena_settings *src);

/* Carries the stored league old into now (the league asked for, its bots
 * and games possibly more or fewer): the league only grows, so fewer games
 * asked become old's, and old's bots after now's last (added since the
 * league file was written: --add-bot) are appended to now; now's bots that
 * are old's (same name, command and cwd) take their snapshot and
 * retirement; now's steps become old's, plus old's shape (old->bot_count,
 * old->games) when now adds bots (only with now->extend set) or raises the
 * games of a league whose last change added bots (so that no existing id
 * moves). Leaves the rest when now is not old grown (compare then says
 * what differs). Returns 0, ARENA_E_CONFIG (more than ARENA_MAX_STEPS
 * changes) or ARENA_E_NOMEM. */
int arena_settings_adopt(const arena_settings *old, arena_settings *now, char *err, size_t errsz);

/* Appends a bot (strings copied). cwd may be NULL. Returns 0,
 * ARENA_E_CONFIG (too many bots) or ARENA_E_NOMEM. Names and commands are
 * judged by arena_settings_validate(). */
int arena_settings_add_bot(arena_settings *s, const char *name, const char *command,
                           const char *cwd, char *err, size_t errsz);

/* Parses a `--bot NAME=COMMAND` argument and appends the bot. Returns 0,
 * ARENA_E_CONFIG (no '=', empty name or command) or ARENA_E_NOMEM. */
int arena_settings_add_bot_arg(arena_settings *s, const char *arg, char *err, size_t errsz);

/* How bot runs: its own "sandbox", else the league's (a ref_sandbox). */
int arena_bot_sandbox(const arena_settings *s, int bot);

/* Index of the bot an SPRT tests: the gauntlet bot in a gauntlet, else the
 * first bot. Its pairing's pentanomial counts are scored from its side. */
int arena_sprt_tested_bot(const arena_settings *s);

/* Index of the bot named name, or -1. */
int arena_settings_find_bot(const arena_settings *s, const char *name);

/* Index of the gauntlet bot (gauntlet_bot, else 0). */
int arena_settings_gauntlet_index(const arena_settings *s);

/* The opening table league s plays (s->openings_file, shuffled when
 * s->openings_random; or s->random_plies plies for each of its s->games / 2
 * rounds), NULL when it plays none. Sets *out (caller owns; NULL for none).
 * Returns 0, the errors of arena_openings_load and arena_openings_random,
 * or ARENA_E_CONFIG for a file opening not shorter than s->limits.max_plies (err
 * names the file and the opening). */
int arena_settings_openings(const arena_settings *s, arena_openings **out, char *err, size_t errsz);

/* 1 when league s's openings file holds fewer openings than a pairing
 * has colour-swapped pairs (s->games / 2): the table wraps around (league/
 * openings.h), pair *count + 1 replaying the first opening, so that
 * deterministic bots replay the same games. Then *count is the file's
 * openings and *pairs the pairs. 0 otherwise: no file, its table not
 * loaded (s->openings NULL: a league read from its directory), or enough
 * openings. */
int arena_settings_openings_wrap(const arena_settings *s, int *count, int *pairs);

#endif
