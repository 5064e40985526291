/*
 * lost_by.c - `loa-replay --through CMD --lost-by NAME DIR`: a bot run,
 * on NAME's side, through every game of a league that NAME lost (to see
 * whether a new version still loses them the same way): a line a game,
 * then the table (games, turns, same, different, faults).
 */
#include <stdlib.h>
#include <string.h>

#include "leaguedb/leaguedb.h"
#include "tool.h"
#include "util/text.h"

/* A decided game of the league: its id and the loser's side. */
typedef struct lost_game {
    int64_t id;
    int loser;
} lost_game;

typedef struct lost_list {
    lost_game *v;
    size_t n, cap;
} lost_list;

/* Every game with a winner (leaguedb_game_fn). */
static int collect(const leaguedb_game *g, void *user)
{
    lost_list *l = user;
    if (g->winner < 0)
        return 0;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        lost_game *v = realloc(l->v, cap * sizeof *v);
        if (!v)
            return -1;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = (lost_game){g->id, g->winner == 0 ? 1 : 0};
    return 0;
}

static int by_id(const void *a, const void *b)
{
    int64_t x = ((const lost_game *)a)->id, y = ((const lost_game *)b)->id;
    return (x > y) - (x < y);
}

/* Game id of db as a replay_game (source "DIR game ID"). */
static int load(leaguedb *db, const char *dir, int64_t id, replay_game **g, char *err, size_t errsz)
{
    cJSON *record = NULL;
    char why[512], source[600];
    if (leaguedb_record(db, id, &record, why, sizeof why))
        return util_fail(REPLAY_E_IO, err, errsz, "%s", why);
    snprintf(source, sizeof source, "%s game %lld", dir, (long long)id);
    int rc = replay_game_from_record(record, source, g, err, errsz);
    cJSON_Delete(record);
    return rc;
}

/* One game NAME lost: the bot run through it, its line printed. */
static int one_game(const replay_game *g, int64_t id, const tool_through *o, FILE *out,
                    tool_tally *tally, char *err, size_t errsz)
{
    tool_tally before = *tally;
    const replay_info *in = replay_game_info(g);
    int rc = tool_through_game(g, o, out, tally, err, errsz);
    if (rc)
        return rc;
    fprintf(out, "game %lld  %-5s %4d plies  %-22s turns %3d  same %3d  different %3d  faults %d\n",
            (long long)id, o->side ? "white" : "black", in->plies, in->reason,
            tally->turns - before.turns, tally->same - before.same,
            tally->different - before.different, tally->faults - before.faults);
    return 0;
}

/* The games of l that name lost, each run through. */
static int run_all(leaguedb *db, const char *dir, const lost_list *l, const char *name,
                   const tool_through *o, FILE *out, tool_tally *tally, char *err, size_t errsz)
{
    for (size_t i = 0; i < l->n; i++) {
        replay_game *g = NULL;
        int rc = load(db, dir, l->v[i].id, &g, err, errsz);
        if (rc)
            return rc;
        const replay_info *in = replay_game_info(g);
        if (strcmp(in->names[l->v[i].loser], name) == 0) {
            tool_through one = *o;
            one.side = l->v[i].loser;
            one.quiet = 1;
            rc = one_game(g, l->v[i].id, &one, out, tally, err, errsz);
        }
        replay_game_free(g);
        if (rc)
            return rc;
    }
    return 0;
}

int tool_lost_by(const char *dir, const char *name, const tool_through *o, FILE *out)
{
    leaguedb *db = NULL;
    char err[512];
    lost_list l = {0};
    tool_tally tally = {0};
    int rc = leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err);
    if (rc == 0 && leaguedb_bot_named(db, name) != 1) {
        rc = util_fail(REPLAY_E_IO, err, sizeof err, "%s: no bot named '%s' in the league", dir,
                       name);
    }
    if (rc == 0)
        rc = leaguedb_foreach(db, collect, &l, err, sizeof err);
    if (rc == 0 && l.n) /* the games in the order they were played */
        qsort(l.v, l.n, sizeof *l.v, by_id);
    if (rc == 0)
        rc = run_all(db, dir, &l, name, o, out, &tally, err, sizeof err);
    leaguedb_close(db);
    free(l.v);
    if (rc) {
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    fprintf(out, "\ngames  turns  same  different  faults\n%5d  %5d  %4d  %9d  %6d\n", tally.games,
            tally.turns, tally.same, tally.different, tally.faults);
    return tally.faults ? EXIT_BOT_FAILED : EXIT_DONE;
}
