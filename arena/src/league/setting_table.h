/*
 * league/setting_table.h - one row per setting of a league, the one place a
 * setting is described: its field in arena_settings, its league-file key,
 * its long option (and short one), the fastchess word that takes the same
 * value, its type, its bounds and default, its unit, whether it is part of
 * the league's identity, and its --help line. A bound or a default is typed
 * once, here; the bounds of the time and ply limits come from the
 * referee's table (REF_LIMITS_MAP, ref/referee.h), which loa-referee reads
 * too. The rows as data, and what is made of them: league/setting.h; the
 * defaults: arena_settings_init (league/settings.c).
 *
 * Only the table: it includes what its values name, and nothing that
 * reads it, so that every part of the league may read it.
 */
#ifndef ARENA_LEAGUE_SETTING_TABLE_H
#define ARENA_LEAGUE_SETTING_TABLE_H

#include <stdint.h>

#include "core/limits.h"
#include "league/words.h"
#include "loa/loa.h"
#include "ref/referee.h"

/* How a setting is written and read. */
typedef enum arena_setting_type {
    ARENA_VALUE_INT,  /* an int in min..max; a JSON integer */
    ARENA_VALUE_SEED, /* an int64_t, any; a JSON string, or a number within +-2^53 */
    ARENA_VALUE_WORD, /* an int holding one of a word list's values (row.words) */
    ARENA_VALUE_FLAG, /* an int 0/1: an option without a value, JSON true/false */
    ARENA_VALUE_NAME, /* a char *: a bot's name */
    ARENA_VALUE_FILE, /* a char *: a file, kept canonical (realpath; relative to the league file) */
    ARENA_VALUE_DIR,  /* a char *: a directory, kept as given without detours */
    ARENA_VALUE_SHARD,  /* shard_index/shard_count: "K/N", JSON {"index", "count"} */
    ARENA_VALUE_SPRT,   /* sprt/sprt_params: fastchess's words, or a JSON object */
    ARENA_VALUE_STEPS,  /* steps/step_count: [[bots, games], ...] (league.json only) */
    ARENA_VALUE_SANDBOX /* a ref_sandbox: --sandbox / --sandbox-rw, JSON
                              true / false / "rw"; an option over every bot's own */
} arena_setting_type;

/* Whether a setting is part of the league's identity (DIR/league.json,
 * arena_settings_to_json): a later run on DIR must ask for the same. */
typedef enum arena_setting_identity {
    ARENA_ID_NONE = 0, /* a property of the run or the machine: not kept */
    ARENA_ID_SAME,     /* kept, and must be the same on resume */
    ARENA_ID_SAME_SET, /* the same, but kept only when set (absent: the default) */
    ARENA_ID_GROWS,    /* kept, and may only grow (the games: the schedule appends) */
    ARENA_ID_KEPT      /* kept when set, as a default that may change (the anchor
                          of --standings); not part of the directory's name */
} arena_setting_identity;

/* The --help section of an option. */
typedef enum arena_setting_section {
    ARENA_HELP_NONE = 0, /* no option */
    ARENA_HELP_LEAGUE,   /* "League (flags override the league file):" */
    ARENA_HELP_SPRT,     /* "Version testing ..." */
    ARENA_HELP_RUNNING,  /* "Running:" */
    ARENA_HELP_STANDINGS /* "Standings:" */
} arena_setting_section;

/* The rows, in the order of the identity JSON (the league.json of every
 * league played so far, and the hash naming a flag league's directory,
 * depend on it); rows outside the identity stand where --help lists them.
 * XX(ID, field, key, option, letter, word, type, words, min, max, def,
 *    unit, identity, section, arg, what, help):
 *   field   the member of arena_settings (for SHARD, SPRT, STEPS: the first
 *           of the members the type names)
 *   key     the league-file key; option the long option (NULL: none),
 *   letter  its short option (0: none), word a fastchess/cutechess word
 *           taking the same value (NULL: none)
 *   words   the word list of a WORD (league/words.h), else NULL
 *   min, max, def: the bounds (INT, SEED, SHARD's count, SANDBOX) and the
 *           default; a default outside min..max means "not set" (a wall cap
 *           of 0). A WORD's values are its list's.
 *   unit    of an INT ("ms", "plies", "games", ""); what: its name in
 *           messages; arg, help: its --help line (the default and bounds
 *           are added from the row). */
#define ARENA_SETTING_MAP(XX)                                                                      \
    XX(FORMAT, format, "format", "format", 'f', NULL, WORD, &arena_words_format, 0, 0,             \
       ARENA_FORMAT_ROUND_ROBIN, "", ARENA_ID_SAME, ARENA_HELP_LEAGUE, "FORMAT", "format",         \
       "round-robin: every pair of bots meets; gauntlet: one bot meets each other")                \
    XX(GAUNTLET_BOT, gauntlet_bot, "gauntlet_bot", "gauntlet-bot", 0, NULL, NAME, NULL, 0, 0, 0,   \
       "", ARENA_ID_SAME_SET, ARENA_HELP_LEAGUE, "NAME", "gauntlet bot",                           \
       "the bot meeting all others (implies gauntlet; default: the first bot)")                    \
    XX(GAMES, games, "games", "games", 'g', NULL, INT, NULL, 2, ARENA_MAX_GAMES_PER_PAIRING, 2,    \
       "", ARENA_ID_GROWS, ARENA_HELP_LEAGUE, "N", "games per pairing",                            \
       "games per pairing, even (colour-swapped pairs); with --sprt the most to play, by "         \
       "default " ARENA_STR(ARENA_SPRT_GAMES_DEFAULT))                                             \
    XX(SEED, seed, "seed", "seed", 's', "-srand", SEED, NULL, INT64_MIN, INT64_MAX, 1, "",         \
       ARENA_ID_SAME, ARENA_HELP_LEAGUE, "S", "seed",                                              \
       "master seed, a signed 64-bit integer; game seeds derive from it")                          \
    XX(TURN_MS, limits.turn_ms, "turn_ms", "turn-ms", 0, NULL, INT, NULL, REF_TURN_MS_MIN,         \
       REF_TURN_MS_MAX, LOA_TURN_MS, "ms", ARENA_ID_SAME, ARENA_HELP_LEAGUE, "MS", "turn limit",   \
       "limit per turn after a bot's first")                                                       \
    XX(FIRST_TURN_MS, limits.first_turn_ms, "first_turn_ms", "first-turn-ms", 0, NULL, INT, NULL,  \
       REF_FIRST_TURN_MS_MIN, REF_FIRST_TURN_MS_MAX, LOA_FIRST_TURN_MS, "ms", ARENA_ID_SAME,       \
       ARENA_HELP_LEAGUE, "MS", "first-turn limit", "limit on a bot's first turn")                 \
    XX(MAX_PLIES, limits.max_plies, "max_plies", "max-plies", 0, NULL, INT, NULL,                  \
       REF_MAX_PLIES_MIN, REF_MAX_PLIES_MAX, LOA_MAX_PLIES, "plies", ARENA_ID_SAME,                \
       ARENA_HELP_LEAGUE, "N", "ply limit", "a game is drawn after N plies")                       \
    XX(TIME_MODE, time_mode, "time_mode", "time-mode", 0, NULL, WORD, &arena_words_time_mode, 0,   \
       0, REF_TIME_WALL, "", ARENA_ID_SAME, ARENA_HELP_LEAGUE, "MODE", "time mode",                \
       "wall: wall-clock time, CodinGame's; cpu: the CPU time a bot used, its children "           \
       "counted, fair on a busy machine (docs/referee.md)")                                        \
    XX(WALL_CAP_MS, limits.wall_cap_ms, "wall_cap_ms", "wall-cap", 0, NULL, INT, NULL,             \
       REF_WALL_CAP_MS_MIN, REF_WALL_CAP_MS_MAX, 0, "ms", ARENA_ID_SAME_SET, ARENA_HELP_LEAGUE,    \
       "MS", "wall cap",                                                                           \
       "cpu mode: wall-clock time a turn may take whatever its CPU time; by default 4 times "      \
       "the turn's limit")                                                                         \
    XX(TIME_MARGIN_MS, limits.time_margin_ms, "time_margin_ms", "time-margin", 0, NULL, INT, NULL, \
       REF_TIME_MARGIN_MS_MIN, REF_TIME_MARGIN_MS_MAX, 0, "ms", ARENA_ID_SAME_SET,                 \
       ARENA_HELP_LEAGUE, "MS", "time margin",                                                     \
       "accept answers late by at most MS, counted as late")                                       \
    XX(CPU_METHOD, cpu_method, "cpu_method", "cpu-method", 0, NULL, WORD, &arena_words_cpu_method, \
       0, 0, REF_CPU_AUTO, "", ARENA_ID_NONE, ARENA_HELP_LEAGUE, "M", "CPU method",                \
       "cpu mode: how CPU time is measured: cgroup (a cgroup per bot), proc (the bots' "           \
       "process trees) or auto (cgroup where it can)")                                             \
    XX(AFFINITY, affinity, "affinity", "affinity", 0, NULL, FLAG, NULL, 0, 1, 0, "",               \
       ARENA_ID_NONE, ARENA_HELP_LEAGUE, NULL, "affinity",                                         \
       "pin each game (its referee thread and both bots) to one CPU: faster with fast "            \
       "bots, no migrations; a bot thinking on its opponent's time slows it (docs/arena.md)")      \
    XX(PAGES, pages, "pages", "pages", 0, NULL, WORD, &arena_words_pages, 0, 0,                    \
       ARENA_PAGES_FAULTS, "", ARENA_ID_NONE, ARENA_HELP_LEAGUE, "WHICH", "pages",                 \
       "replay pages written as games end: faults (the games lost by a bot's fault), all "         \
       "or none; --html DIR writes the rest later (docs/replay.md)")                               \
    XX(ANCHOR, anchor, "anchor", "anchor", 0, NULL, NAME, NULL, 0, 0, 0, "", ARENA_ID_KEPT,        \
       ARENA_HELP_STANDINGS, "NAME", "anchor", "rate NAME at 0 Elo (default: mean 0)")             \
    XX(OPENINGS, openings_file, "openings", "openings", 0, NULL, FILE, NULL, 0, 0, 0, "",          \
       ARENA_ID_SAME_SET, ARENA_HELP_LEAGUE, "FILE", "openings",                                   \
       "start each colour-swapped pair from an opening of FILE (one a line, moves "                \
       "separated by spaces; # comments)")                                                         \
    XX(OPENINGS_ORDER, openings_random, "openings_order", "openings-order", 0, NULL, WORD,         \
       &arena_words_openings_order, 0, 0, 0, "", ARENA_ID_SAME_SET, ARENA_HELP_LEAGUE, "O",        \
       "openings order", "file: in file order; random: shuffled from the seed; both wrap around")  \
    XX(RANDOM_PLIES, random_plies, "random_plies", "random-plies", 0, NULL, INT, NULL, 1,          \
       REF_OPENING_MAX, 0, "plies", ARENA_ID_SAME_SET, ARENA_HELP_LEAGUE, "N", "random plies",     \
       "or start each pair after N random legal plies drawn from the round's seed")                \
    XX(STEPS, steps, "steps", NULL, 0, NULL, STEPS, NULL, 0, 0, 0, "", ARENA_ID_SAME_SET,          \
       ARENA_HELP_NONE, NULL, "history of added bots", NULL)                                       \
    XX(SHARD, shard_index, "shard", "shard", 0, NULL, SHARD, NULL, 1, ARENA_MAX_SHARDS, 0, "",     \
       ARENA_ID_SAME_SET, ARENA_HELP_RUNNING, "K/N", "shard",                                      \
       "play only shard K of N (game pairs k with k % N == K; run each shard anywhere, "           \
       "then --merge their DIRs)")                                                                 \
    XX(CONCURRENCY, concurrency, "concurrency", "concurrency", 'c', "-concurrency", INT, NULL, 0,  \
       ARENA_MAX_CONCURRENCY, 0, "games", ARENA_ID_NONE, ARENA_HELP_RUNNING, "N", "concurrency",   \
       "games at once; 0: the CPUs it may use")                                                    \
    XX(CONTINUOUS, continuous, "continuous", "continuous", 0, NULL, FLAG, NULL, 0, 1, 0, "",       \
       ARENA_ID_NONE, ARENA_HELP_RUNNING, NULL, "continuous mode",                                 \
       "keep playing until stopped, each game where it tells most (the pairing whose score "       \
       "is least certain; a new bot's first); standings every --rating-interval games "            \
       "(default " ARENA_STR(ARENA_CONTINUOUS_RATING_INTERVAL) ")")                                \
    XX(OUT, out_dir, "out", "out", 'o', NULL, DIR, NULL, 0, 0, 0, "", ARENA_ID_NONE,               \
       ARENA_HELP_RUNNING, "DIR", "output directory",                                              \
       "output directory (default: LEAGUE-results, or arena-results/<hash of the league> "         \
       "without a file)")                                                                          \
    XX(SANDBOX, sandbox, "sandbox", "sandbox", 0, NULL, SANDBOX, NULL, 0, 2, REF_SANDBOX_OFF, "",  \
       ARENA_ID_NONE, ARENA_HELP_RUNNING, NULL, "sandbox",                                         \
       "run every bot under bubblewrap (no network, its own processes, the system "                \
       "read-only; docs/referee.md)")                                                              \
    XX(SPRT, sprt, "sprt", "sprt", 0, NULL, SPRT, NULL, 0, 0, 0, "", ARENA_ID_SAME_SET,            \
       ARENA_HELP_SPRT, "elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]",    \
       "SPRT",                                                                                     \
       "sequential test on colour-swapped game pairs (pentanomial, as fastchess and "              \
       "fishtest): stops when H0 (stronger by E0) or H1 (stronger by E1) is accepted")             \
    XX(RATING_INTERVAL, rating_interval, "rating_interval", "rating-interval", 0,                  \
       "-ratinginterval", INT, NULL, 0, ARENA_MAX_GAMES, 0, "games", ARENA_ID_NONE,                \
       ARENA_HELP_SPRT, "N", "rating interval",                                                    \
       "print the standings (and the SPRT line) every N games (0: at the end)")

typedef enum arena_setting_id {
#define ARENA_SETTING_XX(ID, ...) ARENA_SETTING_##ID,
    ARENA_SETTING_MAP(ARENA_SETTING_XX)
#undef ARENA_SETTING_XX
        ARENA_SETTING_COUNT
} arena_setting_id;

#endif
