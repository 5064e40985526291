/*
 * tune/tune_file.h - a tune: the bot command with parameter placeholders,
 * each parameter's start, bounds and SPSA gains (stats/spsa.h), the
 * tune's length and gain exponents, and the usual league settings
 * (openings, limits, time mode, concurrency, seed, output directory: rows
 * of the settings table, league/setting_table.h, read by the league
 * file's own reader). Read from a tune file (JSON, docs/tuning.md):
 *
 *   {"command": "{bin}/loa-ab --nodes 3000 --w-mobility {mob}",
 *    "params": [{"name": "mob", "start": 8, "min": 0, "max": 20,
 *                "c_end": 1, "r_end": 0.002}],
 *    "pairs": 1000, "openings": "openings.txt", "time_mode": "cpu"}
 *
 * The tune plays two bots, "plus" and "minus", both running the command
 * with their values; the league settings hold them with the command as
 * written (its placeholders filled for each iteration: arena_tune_fill).
 * Input is hostile: unknown keys, wrong types, bad bounds, a placeholder
 * that names no parameter and a parameter the command never uses are
 * refused with a one-line message naming the file and the key.
 *
 * An arena_tune owns its strings and settings: arena_tune_init(), then
 * arena_tune_clear(). Not thread-safe on one value.
 */
#ifndef ARENA_TUNE_TUNE_FILE_H
#define ARENA_TUNE_TUNE_FILE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "league/settings.h"
#include "stats/spsa.h"

/* Most parameters in one tune. */
#define ARENA_TUNE_MAX_PARAMS 32
/* Longest parameter name, bytes (letters, digits, '_', '-'). */
#define ARENA_TUNE_NAME_MAX 32
/* Most game pairs in one tune (its games fit a league's games per pairing). */
#define ARENA_TUNE_PAIRS_MAX (ARENA_MAX_GAMES_PER_PAIRING / 2)
/* Most game pairs per iteration (played at once with the same flips). */
#define ARENA_TUNE_BATCH_MAX 256
/* Default pairs between two printed reports of the values. */
#define ARENA_TUNE_REPORT_DEFAULT 50

/* One parameter. */
typedef struct arena_tune_param {
    char name[ARENA_TUNE_NAME_MAX + 1]; /* its placeholder is {name} */
    double start;                       /* theta at pair 0, in min..max */
    int integer;                        /* 1 ("type": "int", the default): played rounded */
    arena_spsa_param spsa;              /* min, max, c_end, r_end */
} arena_tune_param;

typedef struct arena_tune {
    char *command; /* the bot command as written, with {name} placeholders */
    arena_tune_param params[ARENA_TUNE_MAX_PARAMS];
    int param_count; /* 1..ARENA_TUNE_MAX_PARAMS */
    int pairs;       /* "pairs": N, the tune's length in game pairs */
    int batch;       /* "pairs_per_iteration": pairs played with one set of flips
                           before theta moves (default 1) */
    double a_ratio;  /* "a_ratio", "alpha", "gamma": fishtest's A ratio and */
    double alpha;    /* exponents (defaults ARENA_SPSA_*) */
    double gamma;
    int report_every;      /* "report_every": pairs between printed reports (not part of
                           the identity) */
    arena_settings league; /* bots "plus" and "minus" (command as written), games
                              2 * pairs, and the league settings of the file */
} arena_tune;

void arena_tune_init(arena_tune *t);
void arena_tune_clear(arena_tune *t);

/* Reads the tune file at path into *t (initialised). Returns 0, ARENA_E_PARSE (unreadable,
 * too big, malformed JSON), ARENA_E_CONFIG (a bad key or value, or league
 * settings that arena_settings_validate() refuses) or ARENA_E_NOMEM; err
 * names the file and the key. */
int arena_tune_load_file(arena_tune *t, const char *path, char *err, size_t errsz);

/* Same on a parsed tree (borrowed); name is used in messages and for the
 * default "out" ("<name without .json>-results", "tune file-results"
 * without a name), base_dir resolves relative paths (NULL: "."). */
int arena_tune_load_json(arena_tune *t, const cJSON *root, const char *name, const char *base_dir,
                         char *err, size_t errsz);

/* The SPSA schedule of t (stats/spsa.h). */
arena_spsa_schedule arena_tune_schedule(const arena_tune *t);

/* The value parameter i is played with when theta's probe is x: rounded
 * to an integer for an integer parameter. */
double arena_tune_played(const arena_tune *t, int i, double x);

/* The command with every {name} of a parameter replaced by its value in
 * values[param_count] (as played: arena_tune_played; integers in decimal,
 * reals with 6 significant digits); {bin}, {dir} and {seed} are left to
 * arena_command_expand. Returns a malloc'd string (caller frees), NULL on
 * out of memory. */
char *arena_tune_fill(const arena_tune *t, const double *values);

/* The tune's identity (DIR/tune.json): {"tune": {command, params, pairs,
 * pairs_per_iteration, a_ratio, alpha, gamma}, "league": the league
 * settings' identity (arena_settings_to_json)}. A later run on DIR must
 * ask for the same. Caller owns the tree; NULL on out of memory. */
cJSON *arena_tune_identity(const arena_tune *t);

#endif
