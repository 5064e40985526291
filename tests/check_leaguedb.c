/*
 * check_leaguedb.c - the league database (leaguedb/leaguedb.h): the schema and its
 * version, game rows in and out in stored order, a record from its blobs,
 * a duplicate game refused, the run lock (a live arena's, a dead one's),
 * readers beside a writer, a newer schema refused; version 1 read and
 * migrated to 2; the changes queued for a league and the lock released only
 * when none waits; a bot's games archived and deleted.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "check_main.h"
#include "leaguedb/game_blob.h"
#include "leaguedb/leaguedb.h"

static char g_dir[64];

static const char *tmpdir(void)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/check_leaguedb_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_dir));
    return g_dir;
}

static void cleanup(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    ck_assert_int_eq(system(cmd), 0);
}

static leaguedb_game row(int id)
{
    leaguedb_game g;
    memset(&g, 0, sizeof g);
    g.id = id;
    g.round = id / 2;
    g.black = id % 2;
    g.white = 1 - id % 2;
    g.seed = -9223372036854775807LL + id;
    static const char *const openings[] = {NULL, "b1d3", "b1d3 a2c2"};
    g.opening = openings[id % 3];
    g.winner = id % 4 == 3 ? -1 : id % 2;
    g.reason = id % 4 == 3 ? "ply_limit" : "connected";
    g.fault = -1;
    g.score[0] = g.winner == 0;
    g.score[1] = g.winner == 1;
    g.plies = 40 + id;
    g.start_unix = 1795000000 + id;
    g.duration_us = 12345;
    for (int s = 0; s < 2; s++) {
        g.side[s].first_us = s ? -1 : 3500;
        g.side[s].turns = 20;
        g.side[s].total_us = 100000 + s;
        g.side[s].max_us = 9250;
        g.side[s].cpu_total_us = g.side[s].cpu_max_us = -1;
    }
    g.under_load = -1;
    g.moves_hash = 0x8000000000000001ULL + (uint64_t)id; /* the top bit survives */
    g.detail = "draw: 150 plies played";
    return g;
}

typedef struct walk {
    int n;
    int ids[16];
    leaguedb_game first;
    char reason[32], detail[64], opening[32];
} walk;

static int collect(const leaguedb_game *g, void *user)
{
    walk *w = user;
    if (w->n == 0) {
        w->first = *g;
        snprintf(w->reason, sizeof w->reason, "%s", g->reason);
        snprintf(w->detail, sizeof w->detail, "%s", g->detail);
        snprintf(w->opening, sizeof w->opening, "%s", g->opening ? g->opening : "");
    }
    ck_assert_ptr_null(g->record); /* a walk reads no blob */
    w->ids[w->n++] = (int)g->id;
    return w->n == 5 ? 7 : 0; /* a non-zero value ends the walk */
}

START_TEST(rows_go_in_and_come_out_in_stored_order)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *db;
    ck_assert_msg(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err) == 0, "%s", err);
    ck_assert(leaguedb_exists(dir));
    ck_assert_int_eq(leaguedb_count(db), 0);
    static const int order[] = {4, 1, 3, 0, 2, 5};
    for (size_t i = 0; i < LOA_COUNT(order); i++) {
        leaguedb_game g = row(order[i]);
        ck_assert_int_eq(leaguedb_begin(db, err, sizeof err), 0);
        ck_assert_int_eq(leaguedb_insert_game(db, &g, err, sizeof err), 0);
        ck_assert_int_eq(leaguedb_commit(db, err, sizeof err), 0);
    }
    leaguedb_game dup = row(3);
    ck_assert_int_eq(leaguedb_insert_game(db, &dup, err, sizeof err), LEAGUEDB_E_INVAL);
    ck_assert_ptr_nonnull(strstr(err, "game 3 is stored already"));
    ck_assert_int_eq(leaguedb_count(db), 6);
    walk w = {0};
    ck_assert_int_eq(leaguedb_foreach(db, collect, &w, err, sizeof err), 7);
    ck_assert_int_eq(w.n, 5);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(w.ids[i], order[i]);
    leaguedb_game want = row(4);
    ck_assert(w.first.seed == want.seed && w.first.moves_hash == want.moves_hash);
    ck_assert_str_eq(w.opening, "b1d3"); /* game 4 */
    ck_assert_int_eq(w.first.side[1].first_us, -1);
    ck_assert_int_eq(w.first.side[1].total_us, 100001);
    ck_assert_int_eq(w.first.under_load, -1);
    ck_assert_str_eq(w.reason, "connected");
    ck_assert_str_eq(w.detail, "draw: 150 plies played");
    char *v = NULL;
    ck_assert_int_eq(leaguedb_meta_get(db, "league", &v, err, sizeof err), 0);
    ck_assert_ptr_null(v);
    ck_assert_int_eq(leaguedb_meta_set(db, "league", "{\"games\": 2}", err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_meta_get(db, "league", &v, err, sizeof err), 0);
    ck_assert_str_eq(v, "{\"games\": 2}");
    free(v);
    leaguedb_close(db);

    /* read-only, the schema's version, the view by names */
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err), 0);
    const char *names[] = {"first", "second"};
    ck_assert_int_eq(leaguedb_count(db), 6);
    sqlite3_stmt *s;
    ck_assert_int_eq(sqlite3_prepare_v2(leaguedb_sqlite(db), "PRAGMA user_version", -1, &s, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(s), SQLITE_ROW);
    ck_assert_int_eq(sqlite3_column_int(s, 0), LEAGUEDB_VERSION);
    sqlite3_finalize(s);
    leaguedb_close(db);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_set_bots(db, names, 2, err, sizeof err), 0);
    ck_assert_int_eq(sqlite3_prepare_v2(leaguedb_sqlite(db),
                                        "SELECT count(*) FROM game_results WHERE winner = 'first'",
                                        -1, &s, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(s), SQLITE_ROW);
    ck_assert_int_eq(sqlite3_column_int(s, 0), 5); /* all but the draw: bot 0 wins */
    sqlite3_finalize(s);
    /* a newer schema is refused, naming the versions */
    ck_assert_int_eq(sqlite3_exec(leaguedb_sqlite(db), "PRAGMA user_version = 99", NULL, NULL,
                                  NULL),
                     SQLITE_OK);
    leaguedb_close(db);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), LEAGUEDB_E_PARSE);
    ck_assert_msg(strstr(err, "schema version 99, newer"), "%s", err);
    cleanup();
}
END_TEST

START_TEST(a_record_comes_back_from_its_blobs)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *db;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    cJSON *r = cJSON_Parse(
        "{\"format\":\"loa-arena-record\",\"version\":1,\"seed\":5,\"seed_text\":\"5\","
        "\"opening\":\"\",\"moves\":[\"b1d3\"],\"plies\":[{\"ply\":1,\"player\":0,"
        "\"color\":\"black\",\"output\":\"b1d3 hi\",\"move\":\"b1d3\",\"comment\":\"hi\","
        "\"random\":false,\"time_us\":12,\"cpu_us\":null,\"late\":false,\"stderr\":\"x\\n\"}],"
        "\"result\":{\"winner\":null,\"reason\":\"aborted\",\"scores\":[0,0]},"
        "\"scores\":{\"0\":0,\"1\":0},\"errors\":{\"0\":[\"x\\n\"],\"1\":[null]}}");
    leaguedb_blob rec, ste;
    ck_assert_int_eq(leaguedb_game_blob_encode(r, 6, &rec, &ste), 0);
    leaguedb_game g = row(9);
    g.record = rec.data;
    g.record_size = rec.size;
    g.stderr_blob = ste.data;
    g.stderr_size = ste.size;
    ck_assert_int_eq(leaguedb_insert_game(db, &g, err, sizeof err), 0);
    cJSON *back = NULL;
    ck_assert_int_eq(leaguedb_record(db, 9, &back, err, sizeof err), 0);
    char *a = cJSON_PrintUnformatted(r), *b = cJSON_PrintUnformatted(back);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    cJSON_Delete(back);
    ck_assert_int_eq(leaguedb_record(db, 8, &back, err, sizeof err), LEAGUEDB_E_INVAL);
    ck_assert_ptr_nonnull(strstr(err, "no game 8"));
    /* a corrupt blob is said to be so */
    ck_assert_int_eq(sqlite3_exec(leaguedb_sqlite(db),
                                  "UPDATE records SET record = x'0102' WHERE id = 9", NULL, NULL,
                                  NULL),
                     SQLITE_OK);
    ck_assert_int_eq(leaguedb_record(db, 9, &back, err, sizeof err), LEAGUEDB_E_PARSE);
    ck_assert_ptr_nonnull(strstr(err, "game 9: its record is corrupt"));
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&ste);
    cJSON_Delete(r);
    leaguedb_close(db);
    cleanup();
}
END_TEST

START_TEST(one_arena_holds_the_run_lock)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *a, *b;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &a, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_lock(a, err, sizeof err), 0);
    /* another process while this one lives: busy, named */
    int pfd[2];
    ck_assert_int_eq(pipe(pfd), 0);
    pid_t pid = fork();
    if (pid == 0) {
        leaguedb *c;
        char e[512];
        int rc = leaguedb_open(dir, LEAGUEDB_WRITE, &c, e, sizeof e);
        if (rc == 0)
            rc = leaguedb_lock(c, e, sizeof e);
        int ok = rc == LEAGUEDB_E_BUSY && strstr(e, "in use by another loa-arena") != NULL;
        /* then hold it in a process that dies without letting go */
        _exit(ok ? 0 : 1);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    leaguedb_unlock(a);
    /* a process that takes the lock and is killed: its row is stale */
    pid = fork();
    if (pid == 0) {
        leaguedb *c;
        char e[512];
        if (leaguedb_open(dir, LEAGUEDB_WRITE, &c, e, sizeof e) || leaguedb_lock(c, e, sizeof e))
            _exit(1);
        if (write(pfd[1], "x", 1) != 1)
            _exit(1);
        pause();
        _exit(0);
    }
    char x;
    ck_assert_int_eq(read(pfd[0], &x, 1), 1);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &b, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_lock(b, err, sizeof err), LEAGUEDB_E_BUSY);
    kill(pid, SIGKILL);
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(leaguedb_lock(b, err, sizeof err) == 0, "%s", err);
    /* a reader reads beside the holder's open transaction (WAL) */
    ck_assert_int_eq(leaguedb_begin(b, err, sizeof err), 0);
    leaguedb_game g = row(1);
    ck_assert_int_eq(leaguedb_insert_game(b, &g, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_count(a), 0);
    ck_assert_int_eq(leaguedb_commit(b, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_count(a), 1);
    leaguedb_close(b);
    leaguedb_close(a);
    close(pfd[0]);
    close(pfd[1]);
    cleanup();
}
END_TEST

START_TEST(reading_a_missing_or_foreign_file_fails_cleanly)
{
    const char *dir = tmpdir();
    char err[512], path[128];
    leaguedb *db = NULL;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err), LEAGUEDB_E_IO);
    ck_assert_ptr_null(db);
    ck_assert_ptr_nonnull(strstr(err, "league.db"));
    snprintf(path, sizeof path, "%s/league.db", dir);
    FILE *f = fopen(path, "w");
    fputs("this is not a database, it is a text file of some length\n", f);
    fclose(f);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err), LEAGUEDB_E_PARSE);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), LEAGUEDB_E_PARSE);
    cleanup();
}
END_TEST

/* Runs sql on dir's database with SQLite itself (as a user could). */
static void raw(const char *dir, const char *sql)
{
    char path[128];
    snprintf(path, sizeof path, "%s/league.db", dir);
    sqlite3 *h = NULL;
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    ck_assert_msg(sqlite3_exec(h, sql, NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg(h));
    sqlite3_close(h);
}

static int raw_int(const char *dir, const char *sql)
{
    char path[128];
    snprintf(path, sizeof path, "%s/league.db", dir);
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    return v;
}

/* Issue 26: version 2 adds the changes table; a league of version 1 (issue
 * 36's) is read as it is, and migrated by the first writer, its games
 * kept. */
START_TEST(a_version_1_database_is_read_and_migrated_to_version_2)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *db;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    leaguedb_game g = row(0);
    ck_assert_int_eq(leaguedb_insert_game(db, &g, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_meta_set(db, "league", "{}", err, sizeof err), 0);
    leaguedb_close(db);
    ck_assert_int_eq(raw_int(dir, "PRAGMA user_version"), LEAGUEDB_VERSION);
    /* made version 1 again: what issue 36's arena wrote */
    raw(dir, "DROP TABLE changes; DROP VIEW metric_game_values; DROP TABLE metrics;"
             " DROP TABLE metric_drops; DROP TABLE metric_names; PRAGMA user_version = 1");
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_count(db), 1);
    ck_assert_int_eq(leaguedb_changes_pending(db), 0);
    leaguedb_close(db);
    ck_assert_int_eq(raw_int(dir, "PRAGMA user_version"), 1); /* a reader changes nothing */
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    ck_assert_int_eq(raw_int(dir, "PRAGMA user_version"), LEAGUEDB_VERSION);
    ck_assert_int_eq(leaguedb_count(db), 1);
    ck_assert_int_eq(leaguedb_change_add(db, "retire", "x", NULL, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_changes_pending(db), 1);
    leaguedb_close(db);
    cleanup();
}
END_TEST

static int list_change(const leaguedb_change *c, void *user)
{
    char *names = user;
    strcat(names, c->name);
    strcat(names, c->bot ? "+" : "-");
    return 0;
}

/* The changes other processes ask wait in order; the arena gives up the
 * run lock only when none waits, in one transaction. */
START_TEST(changes_wait_in_order_and_the_lock_goes_only_when_none_waits)
{
    const char *dir = tmpdir();
    char err[512], names[64] = "";
    leaguedb *a, *b;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &a, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &b, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_lock_holder(b), 0);
    ck_assert_int_eq(leaguedb_lock(a, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_lock_holder(b), (long)getpid());
    ck_assert_int_eq(leaguedb_change_add(b, "add", "v4", "{}", err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_add(b, "retire", "v1", NULL, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_unlock_if_idle(a, err, sizeof err), 0); /* kept */
    ck_assert_int_eq(leaguedb_lock_holder(b), (long)getpid());
    ck_assert_int_eq(leaguedb_changes(a, list_change, names, err, sizeof err), 0);
    ck_assert_str_eq(names, "v4+v1-");
    ck_assert_int_eq(leaguedb_change_remove(a, 1, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_remove(a, 2, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_unlock_if_idle(a, err, sizeof err), 1);
    ck_assert_int_eq(leaguedb_lock_holder(b), 0);
    ck_assert_int_eq(leaguedb_lock(b, err, sizeof err), 0);
    leaguedb_close(b);
    leaguedb_close(a);
    cleanup();
}
END_TEST

/* A change's seq is never used again, even once the table emptied: an
 * archive in the making is known by its change's seq (store_changes.c). */
START_TEST(a_change_seq_is_never_used_twice)
{
    const char *dir = tmpdir();
    char err[512];
    leaguedb *a;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &a, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_add(a, "retire", "v1", NULL, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_waits(a, 1), 1);
    ck_assert_int_eq(leaguedb_change_remove(a, 1, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_add(a, "retire", "v2", NULL, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_waits(a, 1), 0); /* not 1 again */
    ck_assert_int_eq(leaguedb_change_waits(a, 2), 1);
    leaguedb_close(a);
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &a, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_remove(a, 2, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_add(a, "retire", "v3", NULL, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_change_waits(a, 3), 1);
    leaguedb_close(a);
    cleanup();
}
END_TEST

START_TEST(a_bots_games_are_archived_then_deleted)
{
    const char *dir = tmpdir();
    char err[512], arc[160];
    leaguedb *db;
    ck_assert_int_eq(leaguedb_open(dir, LEAGUEDB_WRITE, &db, err, sizeof err), 0);
    static const unsigned char rec[] = {1, 2, 3};
    for (int id = 0; id < 6; id++) {
        leaguedb_game g = row(id);
        if (id >= 4) { /* bots 2 and 0 */
            g.black = 2;
            g.white = 0;
        }
        g.record = rec;
        g.record_size = sizeof rec;
        ck_assert_int_eq(leaguedb_insert_game(db, &g, err, sizeof err), 0);
    }
    ck_assert_int_eq(leaguedb_meta_set(db, "league", "{\"x\": 1}", err, sizeof err), 0);
    snprintf(arc, sizeof arc, "%s/previous-1", dir);
    ck_assert_int_eq(leaguedb_archive_bot(db, 1, arc, err, sizeof err), 4);
    ck_assert_int_eq(leaguedb_begin(db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_delete_bot_games(db, 1, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_commit(db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_count(db), 2);
    ck_assert_int_eq(leaguedb_bot_has_games(db, 1), 0);
    leaguedb_close(db);
    ck_assert_int_eq(raw_int(dir, "SELECT count(*) FROM records"), 2);
    ck_assert_int_eq(leaguedb_open(arc, LEAGUEDB_READ, &db, err, sizeof err), 0);
    ck_assert_int_eq(leaguedb_count(db), 4);
    char *v = NULL;
    ck_assert_int_eq(leaguedb_meta_get(db, "league", &v, err, sizeof err), 0);
    ck_assert_str_eq(v, "{\"x\": 1}");
    free(v);
    leaguedb_close(db);
    ck_assert_int_eq(raw_int(arc, "SELECT count(*) FROM records"), 4);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"rows_go_in_and_come_out_in_stored_order", rows_go_in_and_come_out_in_stored_order, 30},
        {"a_record_comes_back_from_its_blobs", a_record_comes_back_from_its_blobs, 30},
        {"one_arena_holds_the_run_lock", one_arena_holds_the_run_lock, 60},
        {"reading_a_missing_or_foreign_file_fails_cleanly",
         reading_a_missing_or_foreign_file_fails_cleanly, 30},
        {"a_version_1_database_is_read_and_migrated_to_version_2",
         a_version_1_database_is_read_and_migrated_to_version_2, 30},
        {"changes_wait_in_order_and_the_lock_goes_only_when_none_waits",
         changes_wait_in_order_and_the_lock_goes_only_when_none_waits, 30},
        {"a_bots_games_are_archived_then_deleted", a_bots_games_are_archived_then_deleted, 30},
        {"a_change_seq_is_never_used_twice", a_change_seq_is_never_used_twice, 30},
    };
    return loa_run_suite("leaguedb", cases, LOA_COUNT(cases));
}
