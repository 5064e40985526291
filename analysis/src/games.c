/*
 * games.c - the games of an input (analysis.h): a game file read by the
 * replay library (records and CodinGame's files alike), or a league
 * directory's games from its database (leaguedb/leaguedb.h), filtered by player and
 * result before a record is decoded.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/analysis.h"
#include "leaguedb/leaguedb.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/text.h"

/* The filter's rule over a game's facts, the one for a file's games and a
 * league's rows: its players' names, the side that won and the side at
 * fault (0 black, 1 white, -1 none). */
static int filter_take(const analysis_filter *f, const char *black, const char *white, int winner,
                       int fault)
{
    if (!f)
        return 1;
    int side = -1; /* f->bot's side; in self-play black's */
    if (f->bot) {
        side = strcmp(black, f->bot) == 0 ? 0 : strcmp(white, f->bot) == 0 ? 1 : -2;
        if (side == -2)
            return 0;
    }
    /* both sides named f->bot (a self-play game): its fault and its loss
     * whichever side */
    int self = side >= 0 && strcmp(black, white) == 0;
    if (f->faults && (fault < 0 || (side >= 0 && !self && fault != side)))
        return 0;
    if (f->lost && (winner < 0 || (side >= 0 && !self && winner == side)))
        return 0;
    return 1;
}

/* "black" 0, "white" 1, NULL -1 (replay_info's winner and fault). */
static int side_of(const char *colour)
{
    return !colour ? -1 : strcmp(colour, "white") == 0;
}

int analysis_filter_match(const analysis_filter *f, const replay_game *g)
{
    const replay_info *in = replay_game_info(g);
    if (!in)
        return 1;
    return filter_take(f, in->names[0], in->names[1], side_of(in->winner), side_of(in->fault));
}

/* ---- a league -------------------------------------------------------------------- */

typedef struct league_walk {
    char **names; /* the league's bots by index */
    int count;
    const analysis_filter *f;
    int64_t *ids; /* the games taken, in stored order */
    int n, cap;
} league_walk;

static int taken(const leaguedb_game *g, void *user)
{
    league_walk *w = user;
    const analysis_filter *f = w->f;
    if (f && f->ids) {
        int in = 0;
        for (int i = 0; i < f->id_count && !in; i++)
            in = f->ids[i] == g->id;
        if (!in)
            return 0;
    }
    const char *b = g->black >= 0 && g->black < w->count ? w->names[g->black] : "";
    const char *wh = g->white >= 0 && g->white < w->count ? w->names[g->white] : "";
    if (!filter_take(f, b, wh, (int)g->winner, (int)g->fault))
        return 0;
    if (w->n == w->cap) {
        int cap = w->cap ? w->cap * 2 : 64;
        int64_t *ids = realloc(w->ids, (size_t)cap * sizeof *ids);
        if (!ids)
            return ANALYSIS_E_NOMEM;
        w->ids = ids;
        w->cap = cap;
    }
    w->ids[w->n++] = g->id;
    return 0;
}

/* The league's bot names (meta "league": {"bots": [{"name": ...}]}). */
static int league_names(leaguedb *db, league_walk *w, const char *dir, char *err, size_t errsz)
{
    char *text = NULL, why[512];
    if (leaguedb_meta_get(db, "league", &text, why, sizeof why) != 0 || !text)
        return util_fail(ANALYSIS_E_GAME, err, errsz, "%s: no league in its database%s%s", dir,
                         text ? ": " : "", text ? why : "");
    cJSON *league = cJSON_Parse(text);
    free(text);
    const cJSON *bots = cJSON_GetObjectItemCaseSensitive(league, "bots"), *b;
    int n = cJSON_GetArraySize(bots), rc = 0;
    w->names = calloc(n > 0 ? (size_t)n : 1, sizeof *w->names);
    if (!league || !cJSON_IsArray(bots) || !w->names) {
        cJSON_Delete(league);
        return util_fail(ANALYSIS_E_GAME, err, errsz, "%s: the league in its database has no bots",
                         dir);
    }
    cJSON_ArrayForEach(b, bots)
    {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(b, "name");
        w->names[w->count] = strdup(cJSON_IsString(name) ? name->valuestring : "");
        if (!w->names[w->count++])
            rc = util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
    }
    cJSON_Delete(league);
    return rc;
}

static int walk_league(const char *dir, const analysis_filter *f, analysis_game_fn fn, void *user,
                       char *err, size_t errsz)
{
    leaguedb *db = NULL;
    char why[512];
    if (leaguedb_open(dir, LEAGUEDB_READ, &db, why, sizeof why) != 0)
        return util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
    league_walk w = {NULL, 0, f, NULL, 0, 0};
    int rc = league_names(db, &w, dir, err, errsz);
    if (!rc && (rc = leaguedb_foreach(db, taken, &w, why, sizeof why)) != 0)
        rc = rc == ANALYSIS_E_NOMEM ? util_fail(rc, err, errsz, "out of memory")
                                    : util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
    char *games = util_path_join(dir, "games");
    if (!rc && w.n && (!games || util_mkdirs(games) != 0))
        rc = util_fail(ANALYSIS_E_IO, err, errsz, "cannot create %s/games", dir);
    for (int i = 0; i < w.n && !rc; i++) {
        cJSON *record = NULL;
        if (leaguedb_record(db, w.ids[i], &record, why, sizeof why) != 0) {
            rc = util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
            break;
        }
        char label[600], apath[4200], ppath[4200];
        snprintf(label, sizeof label, "%s game %lld", dir, (long long)w.ids[i]);
        snprintf(apath, sizeof apath, "%s/%06lld.analysis.json", games ? games : dir,
                 (long long)w.ids[i]);
        snprintf(ppath, sizeof ppath, "%s/%06lld.html", games ? games : dir, (long long)w.ids[i]);
        replay_game *g = NULL;
        int r = replay_game_from_record(record, label, &g, why, sizeof why);
        if (r != 0)
            rc = r == REPLAY_E_NOMEM ? util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory")
                                     : util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
        cJSON_Delete(record);
        if (!rc) {
            analysis_input_game in = {g, label, apath, ppath, w.ids[i]};
            rc = fn(&in, user);
        }
        replay_game_free(g);
    }
    free(games);
    leaguedb_close(db);
    for (int i = 0; i < w.count; i++)
        free(w.names[i]);
    free(w.names);
    free(w.ids);
    return rc;
}

/* ---- the bots of an input ---------------------------------------------------------- */

static void bots_free(char **names, int count)
{
    for (int i = 0; names && i < count; i++)
        free(names[i]);
    free(names);
}

/* The bots of input: a league directory's (its database's league, in its
 * order), a game file's two players (black, white): *names is new, *count
 * entries (bots_free). Returns 0, ANALYSIS_E_GAME (the input cannot be
 * read: err names it), ANALYSIS_E_NOMEM or ANALYSIS_E_INVAL. */
static int input_bots(const char *input, char ***names, int *count, char *err, size_t errsz)
{
    if (!input || !names || !count)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "the bots of an input: NULL argument");
    *names = NULL;
    *count = 0;
    struct stat sb;
    if (stat(input, &sb) != 0)
        return util_fail(ANALYSIS_E_GAME, err, errsz, "cannot read %s: %s", input, strerror(errno));
    league_walk w = {NULL, 0, NULL, NULL, 0, 0};
    int rc = 0;
    if (S_ISDIR(sb.st_mode)) {
        leaguedb *db = NULL;
        char why[512];
        if (!leaguedb_exists(input))
            return util_fail(ANALYSIS_E_GAME, err, errsz,
                             "%s: a directory without league.db: not a loa-arena league", input);
        if (leaguedb_open(input, LEAGUEDB_READ, &db, why, sizeof why) != 0)
            return util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
        rc = league_names(db, &w, input, err, errsz);
        leaguedb_close(db);
    } else {
        replay_game *g = NULL;
        char why[1024];
        if (replay_game_load(input, &g, why, sizeof why) != 0)
            return util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
        const replay_info *in = replay_game_info(g);
        if (!(w.names = calloc(2, sizeof *w.names)))
            rc = util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
        for (int s = 0; s < 2 && !rc; s++)
            if (!(w.names[w.count++] = strdup(in->names[s] ? in->names[s] : "")))
                rc = util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
        replay_game_free(g);
    }
    if (rc) {
        bots_free(w.names, w.count);
        return rc;
    }
    *names = w.names;
    *count = w.count;
    return 0;
}

/* Most bots a refusal lists. */
#define BOTS_LISTED 20

int analysis_bot_missing(const char *bot, char *const *inputs, int n, char *why, size_t whysz)
{
    char *listed[BOTS_LISTED]; /* copies: each input's names are freed as it is done */
    int nlisted = 0, more = 0, found = 0, read = 0;
    for (int i = 0; i < n && !found; i++) {
        char **names = NULL, err[512];
        int count = 0;
        if (input_bots(inputs[i], &names, &count, err, sizeof err) != 0)
            continue; /* the walk says what is wrong with it */
        read++;
        for (int k = 0; k < count && !found; k++) {
            found = strcmp(names[k], bot) == 0;
            int dup = 0;
            for (int j = 0; j < nlisted && !dup; j++)
                dup = strcmp(listed[j], names[k]) == 0;
            if (!dup && nlisted < BOTS_LISTED && (listed[nlisted] = strdup(names[k])))
                nlisted++;
            else if (!dup)
                more = 1;
        }
        bots_free(names, count);
    }
    if (!found && read) {
        util_buf list = {0};
        for (int j = 0; j < nlisted; j++)
            util_buf_printf(&list, "%s'%s'", j ? ", " : "", listed[j]);
        snprintf(why, whysz, "--bot: no bot '%s' in %s%s (%s: %s%s)", bot, inputs[0],
                 n > 1 ? " and the others" : "", n > 1 ? "their bots" : "its bots",
                 list.failed || !list.s ? "none" : list.s, more ? ", ..." : "");
        util_buf_free(&list);
        for (char *c = why; *c; c++) /* names cannot drive the terminal */
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = '?';
    }
    for (int j = 0; j < nlisted; j++)
        free(listed[j]);
    return !found && read;
}

/* ---- a file ----------------------------------------------------------------------- */

int analysis_foreach_game(const char *input, const analysis_filter *f, analysis_game_fn fn,
                          void *user, char *err, size_t errsz)
{
    if (!input || !fn)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "analysis_foreach_game: NULL argument");
    struct stat sb;
    if (stat(input, &sb) != 0)
        return util_fail(ANALYSIS_E_GAME, err, errsz, "cannot read %s: %s", input, strerror(errno));
    if (S_ISDIR(sb.st_mode)) {
        if (!leaguedb_exists(input))
            return util_fail(ANALYSIS_E_GAME, err, errsz,
                             "%s: a directory without league.db: not a loa-arena league", input);
        return walk_league(input, f, fn, user, err, errsz);
    }
    replay_game *g = NULL;
    char why[1024];
    if (replay_game_load(input, &g, why, sizeof why) != 0)
        return util_fail(ANALYSIS_E_GAME, err, errsz, "%s", why);
    int rc = 0;
    if (analysis_filter_match(f, g) && !(f && f->ids)) {
        char *apath = replay_analysis_path(input), *ppath = replay_default_output(input);
        if (!apath || !ppath) {
            rc = util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
        } else {
            analysis_input_game in = {g, input, apath, ppath, -1};
            rc = fn(&in, user);
        }
        free(apath);
        free(ppath);
    }
    replay_game_free(g);
    return rc;
}
