/*
 * results/standings.h - the standings of a league from its finished games:
 * per-bot results, errors and move times, Elo ratings (stats/ratings.h), the
 * pairwise score matrix and the likelihood of superiority; printed as
 * aligned tables or written as standings.json (schema in docs/arena.md).
 *
 * arena_standings is a plain value (no owned resources; large: allocate it
 * on the heap). Functions are thread-safe on distinct values.
 */
#ifndef ARENA_RESULTS_STANDINGS_H
#define ARENA_RESULTS_STANDINGS_H

#include <cjson/cJSON.h>

#include "core/limits.h"
#include "league/record.h"
#include "league/settings.h"
#include "ref/referee.h"
#include "stats/ratings.h"
#include "stats/sprt.h"

/* Totals of one bot over its games. Times are of the turns after its first
 * (those under turn_ms), in milliseconds. */
typedef struct arena_bot_stats {
    int games, wins, draws, losses;
    double points;           /* wins + draws / 2 */
    int timeouts;            /* games lost on time ("timeout") */
    int timeouts_under_load; /* of them, wall-clock timeouts while the machine
                               was overloaded (games.jsonl "under_load") */
    int late;                /* answers accepted within the time margin */
    int cpu_turns;           /* later turns with a CPU time (cpu time mode) */
    double cpu_total_ms;     /* their CPU time */
    int invalid;             /* games lost by an invalid action ("invalid_*") */
    int crashes;             /* games lost by exiting or closing stdout
                               ("crashed", "closed_output") */
    int failed_to_start;     /* games lost because the bot could not start */
    int other_faults;        /* any other reason blaming the bot */
    int turns;               /* turns after the first, summed over games */
    double total_ms;         /* their total thinking time */
    double max_ms;           /* the longest of them */
    double first_max_ms;     /* the longest first turn (own limit) */
} arena_bot_stats;

typedef struct arena_standings {
    int n;             /* bots */
    int games;         /* games counted */
    int expected;      /* games in the full schedule (of
                                                      retired bots: those played) */
    int retired_games; /* games of retired bots counted */
    arena_bot_stats bots[ARENA_MAX_BOTS];
    double pair_games[ARENA_MAX_BOTS * ARENA_MAX_BOTS];  /* row-major n x n */
    double pair_points[ARENA_MAX_BOTS * ARENA_MAX_BOTS]; /* points of row vs column */
    int pair_wins[ARENA_MAX_BOTS][ARENA_MAX_BOTS];       /* wins of row vs column */
    double los_h2h[ARENA_MAX_BOTS][ARENA_MAX_BOTS];      /* arena_los_wl(), NAN if none */
    arena_ratings ratings;
    int order[ARENA_MAX_BOTS]; /* bot indices, best first */
    /* Distinct games (results/diversity.h), row-major n x n, symmetric: */
    int pair_known[ARENA_MAX_BOTS * ARENA_MAX_BOTS];    /* games whose moves are known */
    int pair_distinct[ARENA_MAX_BOTS * ARENA_MAX_BOTS]; /* distinct move lists among them */
    int distinct_games;                                 /* sum over pairings */
    int repetitive_pairings;                            /* pairings below 90% distinct */
    int unreliable[ARENA_MAX_BOTS];                     /* 1: one of the bot's pairings is
                                                      repetitive, so its interval and
                                                      its likelihoods are unreliable */
    /* Colour-swapped game pairs (results/pairs.h): row-major n x n x 5, the
     * pentanomial counts of row against column from the row's side. */
    int pair_penta[ARENA_MAX_BOTS * ARENA_MAX_BOTS * ARENA_PENTA_BINS];
    int have_sprt;          /* the league is an SPRT match */
    arena_sprt_status sprt; /* its state, from the tested bot's
                                                      side (arena_sprt_tested_bot) */
} arena_standings;

/* The standings computed as games arrive, in one pass over a store: the
 * totals at once, and 24 bytes a game kept for what needs every game
 * together (the colour-swapped pairs, the distinct games), so that a
 * million-game league takes about 50 MB whatever its records hold. An
 * opaque handle owning its memory; one thread at a time. */
typedef struct arena_standings_acc arena_standings_acc;

/* Starts the standings of league s (borrowed: it must outlive *out; an
 * SPRT's state is kept when s is an unsharded SPRT match of two bots).
 * anchor: the bot index rated 0, -1 for the mean. Returns 0 (*out: free
 * with arena_standings_acc_free), ARENA_E_INVAL (no bots or more than
 * ARENA_MAX_BOTS, an anchor out of range) or ARENA_E_NOMEM. */
int arena_standings_acc_new(const arena_settings *s, int anchor, arena_standings_acc **out);

/* Counts finished game r (ids must be distinct; the store guarantees it;
 * an SPRT sees the games in the order given). Returns 0, ARENA_E_INVAL (r
 * names a bot out of range, or the same bot twice) or ARENA_E_NOMEM; after
 * an error the standings cannot be finished (finish returns it). */
int arena_standings_acc_add(arena_standings_acc *a, const arena_game_record *r);

/* The standings of the games added into *out (large: on the heap). Once.
 * Returns 0, an error of an earlier add, ARENA_E_INVAL (the two games of a
 * pair not between the same bots with colours swapped) or ARENA_E_NOMEM. */
int arena_standings_acc_finish(arena_standings_acc *a, arena_standings *out);

/* Frees a and what it owns; a may be NULL. */
void arena_standings_acc_free(arena_standings_acc *a);

/* Computes the standings of league s over count records at once (as
 * arena_standings_acc). anchor: bot index rated 0, -1 for the mean.
 * Returns 0, ARENA_E_INVAL (a record naming a bot out of range) or
 * ARENA_E_NOMEM. */
int arena_standings_compute(const arena_settings *s, const arena_game_record *records, int count,
                            int anchor, arena_standings *out);

/* The standings' columns for a fault. */
enum arena_fault_kind {
    ARENA_FAULT_OTHER = 0,   /* any other reason */
    ARENA_FAULT_TIMEOUT = 1, /* REF_REASON_TIMEOUT */
    ARENA_FAULT_INVALID = 2, /* REF_REASON_INVALID_* */
    ARENA_FAULT_CRASH = 3,   /* REF_REASON_CRASHED, REF_REASON_CLOSED_OUTPUT */
    ARENA_FAULT_START = 4    /* REF_REASON_FAILED_TO_START */
};

/* Classifies an end reason into an enum arena_fault_kind. */
int arena_reason_kind(ref_reason reason);

#endif
