/* db_metrics_read.c - a league's metrics read back: one game's, or every
 * game's in stored order (leaguedb/metrics.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "db_impl.h"
#include "leaguedb/metrics.h"
#include "util/text.h"

/* The games' metrics being read: one game's series at a time, the names
 * by id. */
typedef struct reader {
    leaguedb *db;
    leaguedb_game_metrics m;
    leaguedb_metric_series *series;
    char **game_text; /* series k's game value text (owned) */
    int cap;
    char **name; /* name[id], owned */
    int64_t names;
    char *err;
    size_t errsz;
} reader;

static void clear_game(reader *r)
{
    for (int k = 0; k < r->m.n; k++) {
        free((void *)r->series[k].ply);
        free(r->game_text[k]);
        r->game_text[k] = NULL;
    }
    r->m.n = 0;
    memset(r->m.dropped, 0, sizeof r->m.dropped);
}

static void reader_free(reader *r)
{
    clear_game(r);
    free(r->series);
    free(r->game_text);
    for (int64_t k = 0; k < r->names; k++)
        free(r->name[k]);
    free(r->name);
}

static int nomem(reader *r)
{
    return util_fail(LEAGUEDB_E_NOMEM, r->err, r->errsz, "out of memory");
}

static int corrupt(reader *r, int64_t game)
{
    return util_fail(LEAGUEDB_E_PARSE, r->err, r->errsz, "%s: game %lld: corrupt metrics",
                     r->db->path, (long long)game);
}

/* Loads metric_names into r->name[id]. */
static int load_names(reader *r)
{
    sqlite3_stmt *s = NULL;
    int rc =
        sqlite3_prepare_v2(r->db->h, "SELECT id, name FROM metric_names ORDER BY id", -1, &s, NULL);
    while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(s, 0);
        const char *t = (const char *)sqlite3_column_text(s, 1);
        if (id < 0 || id > (1 << 24) || !t) {
            sqlite3_finalize(s);
            return corrupt(r, 0);
        }
        if (id >= r->names) {
            char **nn = realloc(r->name, sizeof *nn * (size_t)(id + 1));
            if (!nn) {
                sqlite3_finalize(s);
                return nomem(r);
            }
            memset(nn + r->names, 0, sizeof *nn * (size_t)(id + 1 - r->names));
            r->name = nn;
            r->names = id + 1;
        }
        if (!(r->name[id] = strdup(t))) {
            sqlite3_finalize(s);
            return nomem(r);
        }
        rc = SQLITE_OK;
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0
                             : leaguedb_fail(r->db, leaguedb_code(rc, LEAGUEDB_E_IO), r->err,
                                             r->errsz, "cannot read the metric names");
}

/* Appends the series of row s (side, name id, value, turns from column
 * col on) to the game being read. */
static int add_row(reader *r, sqlite3_stmt *s, int col)
{
    if (r->m.n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 16;
        leaguedb_metric_series *ns = realloc(r->series, sizeof *ns * (size_t)cap);
        if (ns)
            r->series = ns;
        char **nt = ns ? realloc(r->game_text, sizeof *nt * (size_t)cap) : NULL;
        if (!nt)
            return nomem(r);
        r->game_text = nt;
        r->cap = cap;
    }
    leaguedb_metric_series *ms = &r->series[r->m.n];
    memset(ms, 0, sizeof *ms);
    r->game_text[r->m.n] = NULL;
    int64_t id = sqlite3_column_int64(s, col + 1);
    ms->side = sqlite3_column_int(s, col);
    if (id < 0 || id >= r->names || !r->name[id] || ms->side < 0 ||
        ms->side >= LEAGUEDB_METRIC_SIDES)
        return corrupt(r, r->m.game);
    ms->name = r->name[id];
    switch (sqlite3_column_type(s, col + 2)) {
    case SQLITE_INTEGER:
        ms->game.type = UTIL_METRIC_INT;
        ms->game.i = sqlite3_column_int64(s, col + 2);
        ms->game.d = (double)ms->game.i;
        break;
    case SQLITE_FLOAT:
        ms->game.type = UTIL_METRIC_REAL;
        ms->game.d = sqlite3_column_double(s, col + 2);
        break;
    case SQLITE_TEXT:
        if (!(r->game_text[r->m.n] = strdup((const char *)sqlite3_column_text(s, col + 2))))
            return nomem(r);
        ms->game.type = UTIL_METRIC_TEXT;
        ms->game.text = r->game_text[r->m.n];
        break;
    default: break;
    }
    const void *blob = sqlite3_column_blob(s, col + 3);
    int rc = 0;
    if (blob) {
        int *ply;
        util_metric_value *turn;
        rc = leaguedb_metric_unpack(blob, (size_t)sqlite3_column_bytes(s, col + 3), &ms->n, &ply,
                                    &turn);
        ms->ply = ply;
        ms->turn = turn;
    }
    r->m.n++; /* counted even when bad: clear_game frees what it holds */
    return rc == LEAGUEDB_E_PARSE ? corrupt(r, r->m.game) : rc ? nomem(r) : 0;
}

/* The rows of games' metrics: (seq, game, side, name id, value, turns,
 * lines), a metric_drops row with name id -1 and its lines; in stored
 * order, each game's rows together (its series by side and name id). */
#define ROWS(where)                                                             \
    "SELECT g.seq, m.game, m.side, m.name, m.value, m.turns, NULL FROM games g" \
    " CROSS JOIN metrics m ON m.game = g.id" where " UNION ALL"                 \
    " SELECT g.seq, d.game, d.side, -1, NULL, NULL, d.lines FROM games g"       \
    " CROSS JOIN metric_drops d ON d.game = g.id" where " ORDER BY 1, 3, 4"

/* Reads rows of s into games, calling fn (when not NULL) for each game
 * read. Returns 0, fn's value or a negative LEAGUEDB_E_* code. */
static int read_rows(reader *r, sqlite3_stmt *s, leaguedb_metrics_fn fn, void *user)
{
    int rc, out = 0, have = 0;
    int64_t seq = 0;
    while (!out && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        int64_t row_seq = sqlite3_column_int64(s, 0);
        if (have && row_seq != seq) {
            r->m.series = r->series;
            out = fn ? fn(&r->m, user) : 0;
            clear_game(r);
            if (out)
                break;
        }
        have = 1;
        seq = row_seq;
        r->m.game = sqlite3_column_int64(s, 1);
        if (sqlite3_column_int64(s, 3) >= 0) {
            out = add_row(r, s, 2);
        } else {
            int side = sqlite3_column_int(s, 2);
            if (side >= 0 && side < LEAGUEDB_METRIC_SIDES)
                r->m.dropped[side] = sqlite3_column_int(s, 6);
        }
    }
    if (!out && rc != SQLITE_DONE)
        return leaguedb_fail(r->db, leaguedb_code(rc, LEAGUEDB_E_IO), r->err, r->errsz,
                             "cannot read the metrics");
    if (!out && have) {
        r->m.series = r->series;
        out = fn ? fn(&r->m, user) : 0;
    }
    return out;
}

/* Prepares sql in r's database; 0 or LEAGUEDB_E_IO. */
static int prepare(reader *r, const char *sql, sqlite3_stmt **s)
{
    return sqlite3_prepare_v2(r->db->h, sql, -1, s, NULL) == SQLITE_OK
               ? 0
               : leaguedb_fail(r->db, LEAGUEDB_E_IO, r->err, r->errsz, "cannot read the metrics");
}

int leaguedb_metrics_foreach(leaguedb *db, leaguedb_metrics_fn fn, void *user, char *err,
                             size_t errsz)
{
    if (db->version < 3)
        return 0;
    reader r = {.db = db, .err = err, .errsz = errsz};
    sqlite3_stmt *s = NULL;
    int out = load_names(&r);
    if (!out && !(out = prepare(&r, ROWS(""), &s)))
        out = read_rows(&r, s, fn, user);
    sqlite3_finalize(s);
    reader_free(&r);
    return out;
}

/* Keeps the game read by leaguedb_metrics_get: moves r's arrays into one
 * allocation the caller frees. */
typedef struct kept {
    leaguedb_game_metrics m;
    reader r;
} kept;

static int keep_game(const leaguedb_game_metrics *m, void *user)
{
    (void)m;
    (void)user;
    return 1; /* one game: read_rows stops here, the game still in r */
}

int leaguedb_metrics_get(leaguedb *db, int64_t id, leaguedb_game_metrics **out, char *err,
                         size_t errsz)
{
    *out = NULL;
    kept *k = calloc(1, sizeof *k);
    if (!k)
        return util_fail(LEAGUEDB_E_NOMEM, err, errsz, "out of memory");
    k->r = (reader){.db = db, .err = err, .errsz = errsz};
    k->m.game = id;
    sqlite3_stmt *s = NULL;
    int rc = db->version < 3 ? 0 : load_names(&k->r);
    if (!rc && db->version >= 3 && !(rc = prepare(&k->r, ROWS(" WHERE g.id = ?1"), &s))) {
        sqlite3_bind_int64(s, 1, id);
        rc = read_rows(&k->r, s, keep_game, NULL);
        rc = rc == 1 ? 0 : rc;
    }
    sqlite3_finalize(s);
    if (rc < 0) {
        reader_free(&k->r);
        free(k);
        return rc;
    }
    k->m = k->r.m;
    k->m.game = id;
    k->m.series = k->r.series;
    *out = &k->m;
    return 0;
}

void leaguedb_game_metrics_free(leaguedb_game_metrics *m)
{
    if (!m)
        return;
    kept *k = (kept *)m; /* m is the first member */
    reader_free(&k->r);
    free(k);
}

int leaguedb_has_metrics(leaguedb *db)
{
    if (db->version < 3)
        return 0;
    sqlite3_stmt *s = NULL;
    int out = LEAGUEDB_E_IO;
    if (sqlite3_prepare_v2(db->h,
                           "SELECT EXISTS (SELECT 1 FROM metrics) OR EXISTS (SELECT 1 FROM"
                           " metric_drops)",
                           -1, &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
        out = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    return out;
}

/* v as JSON: an integer (all its digits), a real, a text. */
static cJSON *value_json(const util_metric_value *v)
{
    char buf[32];
    /* a number when a double holds it exactly (as the decoded record's
     * other integers), else raw digits */
    if (v->type == UTIL_METRIC_INT && (v->i > (1LL << 53) || v->i < -(1LL << 53))) {
        snprintf(buf, sizeof buf, "%lld", (long long)v->i);
        return cJSON_CreateRaw(buf);
    }
    if (v->type == UTIL_METRIC_INT)
        return cJSON_CreateNumber((double)v->i);
    return v->type == UTIL_METRIC_REAL ? cJSON_CreateNumber(v->d) : cJSON_CreateString(v->text);
}

/* obj[key][name] = v's JSON, obj[key] made when missing. 0 or -1. */
static int put_json(cJSON *obj, const char *key, const char *name, const util_metric_value *v)
{
    cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!m && !(m = cJSON_AddObjectToObject(obj, key)))
        return -1;
    cJSON *j = value_json(v);
    if (!j)
        return -1;
    cJSON_AddItemToObject(m, name, j);
    return 0;
}

/* The ply objects of plies by their number: by[ply - first] (malloc'd,
 * *n of them; NULL and 0 without plies or memory, *nomem then set). */
static cJSON **plies_by_number(cJSON *plies, int *first, int *n, int *nomem)
{
    *n = cJSON_GetArraySize(plies);
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(plies, 0), "ply");
    *first = cJSON_IsNumber(f) ? f->valueint : 1;
    cJSON **by = *n ? calloc((size_t)*n, sizeof *by) : NULL;
    *nomem = *n && !by;
    if (!by)
        return NULL;
    cJSON *p;
    cJSON_ArrayForEach(p, plies)
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(p, "ply");
        if (cJSON_IsNumber(k) && k->valueint - *first >= 0 && k->valueint - *first < *n)
            by[k->valueint - *first] = p;
    }
    return by;
}

int leaguedb_metrics_attach(leaguedb *db, int64_t id, cJSON *record, char *err, size_t errsz)
{
    static const char *const side[3] = {"black", "white", "match"};
    leaguedb_game_metrics *m = NULL;
    int rc = db->version < 3 ? 0 : leaguedb_metrics_get(db, id, &m, err, errsz);
    cJSON *games = NULL, **by = NULL;
    int first = 1, n = 0, nomem = 0;
    if (!rc && m && m->n)
        by = plies_by_number(cJSON_GetObjectItemCaseSensitive(record, "plies"), &first, &n, &nomem);
    rc = nomem ? LEAGUEDB_E_NOMEM : rc;
    for (int k = 0; !rc && m && k < m->n; k++) {
        const leaguedb_metric_series *s = &m->series[k];
        for (int i = 0; !rc && i < s->n; i++) {
            int at = s->ply[i] - first;
            cJSON *p = at >= 0 && at < n ? by[at] : NULL;
            if (p && put_json(p, s->side == LEAGUEDB_METRIC_MATCH ? "match_metrics" : "metrics",
                              s->name, &s->turn[i]))
                rc = LEAGUEDB_E_NOMEM;
        }
        if (!rc && s->game.type != UTIL_METRIC_NONE &&
            ((!games && !(games = cJSON_AddObjectToObject(record, "metrics"))) ||
             put_json(games, side[s->side], s->name, &s->game)))
            rc = LEAGUEDB_E_NOMEM;
    }
    leaguedb_game_metrics_free(m);
    free(by);
    return rc == LEAGUEDB_E_NOMEM ? util_fail(rc, err, errsz, "out of memory") : rc;
}
