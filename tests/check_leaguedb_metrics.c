/*
 * check_leaguedb_metrics: the metrics tables of the league database
 * (leaguedb/metrics.h, schema version 3): a series packed and unpacked in
 * every shape (integers to the int64 bounds, reals, texts, mixed types,
 * plies in a run or not), a corrupt blob refused at every cut; games'
 * metrics written, read one game and all of them in stored order, the
 * drops, the SQL view; a version 2 database read as it is and migrated.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check_main.h"
#include "leaguedb/leaguedb.h"
#include "leaguedb/metrics.h"

static char g_dir[64];

static const char *tmpdir(void)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/check_leaguedb_metrics_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_dir));
    return g_dir;
}

static void cleanup(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    ck_assert_int_eq(system(cmd), 0);
}

static util_metric_value iv(int64_t i)
{
    return (util_metric_value){UTIL_METRIC_INT, i, (double)i, NULL};
}
static util_metric_value rv(double d)
{
    return (util_metric_value){UTIL_METRIC_REAL, 0, d, NULL};
}
static util_metric_value tv(const char *t)
{
    return (util_metric_value){UTIL_METRIC_TEXT, 0, 0, t};
}

static void same_value(const util_metric_value *a, const util_metric_value *b)
{
    ck_assert_int_eq(a->type, b->type);
    if (a->type == UTIL_METRIC_INT)
        ck_assert(a->i == b->i && a->d == b->d);
    else if (a->type == UTIL_METRIC_REAL)
        ck_assert(a->d == b->d);
    else if (a->type == UTIL_METRIC_TEXT)
        ck_assert_str_eq(a->text, b->text);
}

/* Packs s, unpacks it: the same plies and values; every shorter cut of the
 * blob is refused, never read past. */
static void round_trip(const leaguedb_metric_series *s)
{
    unsigned char *blob;
    size_t size;
    ck_assert_int_eq(leaguedb_metric_pack(s, &blob, &size), 0);
    int n, *ply;
    util_metric_value *turn;
    ck_assert_int_eq(leaguedb_metric_unpack(blob, size, &n, &ply, &turn), 0);
    ck_assert_int_eq(n, s->n);
    for (int k = 0; k < n; k++) {
        ck_assert_int_eq(ply[k], s->ply[k]);
        same_value(&turn[k], &s->turn[k]);
    }
    free(ply);
    for (size_t cut = 0; cut < size; cut++) {
        unsigned char *part = malloc(cut ? cut : 1); /* exact size: ASan sees an overread */
        memcpy(part, blob, cut);
        ck_assert_int_eq(leaguedb_metric_unpack(part, cut, &n, &ply, &turn), LEAGUEDB_E_PARSE);
        free(part);
    }
    free(blob);
}

START_TEST(packs_and_unpacks_every_shape)
{
    int run[5] = {1, 3, 5, 7, 9}, odd[5] = {2, 3, 10, 11, 150};
    util_metric_value ints[5] = {iv(7), iv(INT64_MIN), iv(INT64_MAX), iv(-1), iv(0)};
    util_metric_value reals[5] = {rv(0.5), rv(-1e300), rv(3.0), rv(1e-9), rv(0)};
    util_metric_value mixed[5] = {iv(1), tv("say \"hi\" <b>&</b>"), rv(2.5), tv(""), iv(-3)};
    util_metric_value decimal[5] = {rv(0.227), rv(-0.1), rv(12345.678), rv(0.3), rv(1e-9)};
    const util_metric_value *kinds[4] = {ints, reals, mixed, decimal};
    for (int k = 0; k < 4; k++)
        for (int p = 0; p < 2; p++)
            for (int n = 1; n <= 5; n++) {
                leaguedb_metric_series s = {0, "x", {0}, n, p ? odd : run, kinds[k]};
                round_trip(&s);
            }
    /* refused: plies not increasing, a ply 0, a NONE value */
    unsigned char *blob;
    size_t size;
    int bad[2] = {3, 3};
    leaguedb_metric_series s = {0, "x", {0}, 2, bad, ints};
    ck_assert_int_eq(leaguedb_metric_pack(&s, &blob, &size), LEAGUEDB_E_INVAL);
    int zero[1] = {0};
    s = (leaguedb_metric_series){0, "x", {0}, 1, zero, ints};
    ck_assert_int_eq(leaguedb_metric_pack(&s, &blob, &size), LEAGUEDB_E_INVAL);
    util_metric_value none[1] = {{UTIL_METRIC_NONE, 0, 0, NULL}};
    s = (leaguedb_metric_series){0, "x", {0}, 1, run, none};
    ck_assert_int_eq(leaguedb_metric_pack(&s, &blob, &size), LEAGUEDB_E_INVAL);
    /* a run of 75 small integers: about a byte each */
    int plies[75];
    util_metric_value v[75];
    for (int k = 0; k < 75; k++)
        plies[k] = 2 * k + 1, v[k] = iv(10 * k + 3);
    s = (leaguedb_metric_series){0, "x", {0}, 75, plies, v};
    ck_assert_int_eq(leaguedb_metric_pack(&s, &blob, &size), 0);
    ck_assert_uint_le(size, 81);
    free(blob);
    /* reals printed with 3 decimals: a byte or two each, not eight */
    for (int k = 0; k < 75; k++)
        v[k] = rv((300 + k % 7) / 1000.0);
    ck_assert_int_eq(leaguedb_metric_pack(&s, &blob, &size), 0);
    ck_assert_uint_le(size, 82);
    free(blob);
}
END_TEST

static leaguedb_game row(int id)
{
    leaguedb_game g;
    memset(&g, 0, sizeof g);
    g.id = id;
    g.black = 0;
    g.white = 1;
    g.winner = id % 2;
    g.reason = "connected";
    g.fault = -1;
    g.plies = 6;
    g.under_load = -1;
    g.detail = "";
    return g;
}

typedef struct seen {
    int games;
    int64_t ids[8];
    int series[8];
    int dropped[8];
} seen;

static int see(const leaguedb_game_metrics *m, void *user)
{
    seen *s = user;
    s->ids[s->games] = m->game;
    s->series[s->games] = m->n;
    s->dropped[s->games++] = m->dropped[0] + m->dropped[1] + m->dropped[2];
    return 0;
}

/* Three games stored in the order 5, 2, 9: 5 with metrics, 2 with drops
 * only, 9 with both. */
static void store_three(leaguedb *db)
{
    char err[512];
    int ply_b[3] = {1, 3, 5}, ply_w[2] = {2, 4};
    util_metric_value d[3] = {iv(7), iv(8), iv(9)}, n[2] = {rv(0.25), tv("<i>x</i>")};
    leaguedb_metric_series series[3] = {
        {0, "depth", iv(1), 3, ply_b, d},
        {1, "depth", {0}, 2, ply_w, n},
        {2, "map", tv("small"), 0, NULL, NULL},
    };
    leaguedb_game_metrics m5 = {5, 3, series, {0, 0, 0}};
    leaguedb_game_metrics m2 = {2, 0, NULL, {0, 4, 0}};
    leaguedb_game_metrics m9 = {9, 1, series, {2, 0, 0}};
    const leaguedb_game_metrics *ms[3] = {&m5, &m2, &m9};
    ck_assert_int_eq(leaguedb_begin(db, err, sizeof err), 0);
    for (int k = 0; k < 3; k++) {
        leaguedb_game g = row((int)ms[k]->game);
        ck_assert_int_eq(leaguedb_insert_game(db, &g, err, sizeof err), 0);
        ck_assert_msg(leaguedb_metrics_put(db, ms[k], err, sizeof err) == 0, "%s", err);
    }
    ck_assert_int_eq(leaguedb_commit(db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_metrics_put(db, &m5, err, sizeof err), LEAGUEDB_E_INVAL);
    ck_assert_msg(strstr(err, "stored twice"), "%s", err);
}

START_TEST(stores_reads_and_walks_the_metrics)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *db;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_has_metrics(db), 0);
    const char *names[] = {"ab", "mcts"};
    ck_assert_int_eq(leaguedb_set_bots(db, names, 2, err, sizeof err), 0);
    store_three(db);
    ck_assert_int_eq(leaguedb_has_metrics(db), 1);
    leaguedb_close(db);

    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err), 0);
    seen s = {0};
    ck_assert_int_eq(leaguedb_metrics_foreach(db, see, &s, err, sizeof err), 0);
    ck_assert_int_eq(s.games, 3); /* stored order, the drops-only game too */
    int64_t ids[3] = {5, 2, 9};
    int series[3] = {3, 0, 1}, dropped[3] = {0, 4, 2};
    for (int k = 0; k < 3; k++) {
        ck_assert_int_eq(s.ids[k], ids[k]);
        ck_assert_int_eq(s.series[k], series[k]);
        ck_assert_int_eq(s.dropped[k], dropped[k]);
    }
    leaguedb_game_metrics *m;
    ck_assert_int_eq(leaguedb_metrics_get(db, 5, &m, err, sizeof err), 0);
    ck_assert_int_eq(m->n, 3);
    const leaguedb_metric_series *b = &m->series[0], *w = &m->series[1], *x = &m->series[2];
    ck_assert(b->side == 0 && strcmp(b->name, "depth") == 0 && b->n == 3 && b->ply[2] == 5);
    ck_assert(b->turn[2].i == 9 && b->game.type == UTIL_METRIC_INT && b->game.i == 1);
    ck_assert(w->side == 1 && w->n == 2 && w->ply[1] == 4 && w->turn[0].d == 0.25);
    ck_assert_str_eq(w->turn[1].text, "<i>x</i>");
    ck_assert_int_eq(w->game.type, UTIL_METRIC_NONE);
    ck_assert(x->side == 2 && x->n == 0 && strcmp(x->game.text, "small") == 0);
    leaguedb_game_metrics_free(m);
    ck_assert_int_eq(leaguedb_metrics_get(db, 2, &m, err, sizeof err), 0);
    ck_assert(m->n == 0 && m->dropped[1] == 4);
    leaguedb_game_metrics_free(m);
    ck_assert_int_eq(leaguedb_metrics_get(db, 77, &m, err, sizeof err), 0);
    ck_assert_int_eq(m->n, 0);
    leaguedb_game_metrics_free(m);
    /* SQL: the game values by bot name */
    sqlite3_stmt *q;
    ck_assert_int_eq(sqlite3_prepare_v2(leaguedb_sqlite(db),
                                        "SELECT group_concat(game || ':' || coalesce(bot, '-') ||"
                                        " ':' || name || '=' || value, ' ') FROM"
                                        " metric_game_values",
                                        -1, &q, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(q, 0),
                     "5:ab:depth=1 5:-:map=small 9:ab:depth=1");
    sqlite3_finalize(q);
    leaguedb_close(db);
    cleanup();
}
END_TEST

START_TEST(a_corrupt_row_is_an_error_not_a_crash)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *db;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    store_three(db);
    ck_assert_int_eq(sqlite3_exec(leaguedb_sqlite(db),
                                  "UPDATE metrics SET turns = x'01ff' WHERE game = 9", NULL, NULL,
                                  NULL),
                     SQLITE_OK);
    seen s = {0};
    ck_assert_int_eq(leaguedb_metrics_foreach(db, see, &s, err, sizeof err), LEAGUEDB_E_PARSE);
    ck_assert_msg(strstr(err, "game 9: corrupt metrics"), "%s", err);
    leaguedb_game_metrics *m;
    ck_assert_int_eq(leaguedb_metrics_get(db, 9, &m, err, sizeof err), LEAGUEDB_E_PARSE);
    ck_assert_ptr_null(m);
    leaguedb_close(db);
    cleanup();
}
END_TEST

START_TEST(a_version_2_database_is_read_as_it_is_and_migrated)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *db;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    leaguedb_game g = row(1);
    ck_assert_int_eq(leaguedb_insert_game(db, &g, err, sizeof err), 0);
    ck_assert_int_eq(sqlite3_exec(leaguedb_sqlite(db),
                                  "DROP VIEW metric_game_values; DROP TABLE metrics;"
                                  " DROP TABLE metric_drops; DROP TABLE metric_names;"
                                  " PRAGMA user_version = 2",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    leaguedb_close(db);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err), 0);
    seen s = {0};
    ck_assert_int_eq(leaguedb_metrics_foreach(db, see, &s, err, sizeof err), 0);
    ck_assert_int_eq(s.games, 0);
    ck_assert_int_eq(leaguedb_has_metrics(db), 0);
    leaguedb_game_metrics *m;
    ck_assert_int_eq(leaguedb_metrics_get(db, 1, &m, err, sizeof err), 0);
    ck_assert_int_eq(m->n, 0);
    leaguedb_game_metrics_free(m);
    leaguedb_close(db);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_count(db), 1);
    store_three(db);
    ck_assert_int_eq(leaguedb_has_metrics(db), 1);
    leaguedb_close(db);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"packs_and_unpacks_every_shape", packs_and_unpacks_every_shape, 30},
        {"stores_reads_and_walks_the_metrics", stores_reads_and_walks_the_metrics, 30},
        {"a_corrupt_row_is_an_error_not_a_crash", a_corrupt_row_is_an_error_not_a_crash, 30},
        {"a_version_2_database_is_read_as_it_is_and_migrated",
         a_version_2_database_is_read_as_it_is_and_migrated, 30},
    };
    return loa_run_suite("leaguedb_metrics", cases, LOA_COUNT(cases));
}
