/*
 * check_arena_store.c - the results store on the league database: games
 * stored and read back in order, resume, one arena per directory (the run
 * lock), read-only opening, the temporary files of interrupted writes
 * swept at resume, games.jsonl kept level with the database (torn and
 * missing lines), a game's whole record, and the index's newest and
 * faulted games with the database's tally; a hand-edited row named by its
 * column and value; a run lock that cannot be written named once. A league's identity, its
 * exported files and an older directory: check_arena_store_league.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "arena_store_test_util.h"
#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "leaguedb/leaguedb.h"
#include "ref/referee.h"
#include "results/standings.h"
#include "store/store.h"

static int count_substr(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

START_TEST(test_store_append_resume)
{
    const char *dir = tmpdir();
    char sub[300];
    snprintf(sub, sizeof sub, "%s/a/b", dir);
    arena_settings s;
    league(&s, 3, 4);
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    ck_assert_int_eq(arena_store_count(st), 0);
    for (int id = 0; id < 5; id++) {
        arena_game_record r = record_for(&s, id, id % 3 - 1);
        ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    }
    arena_game_record dup = record_for(&s, 3, 0);
    ck_assert_int_eq(arena_store_put(st, &dup, NULL, err, sizeof err), ARENA_E_INVAL);
    /* one arena per directory */
    arena_store *second;
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &second, err,
                                      sizeof err),
                     LEAGUEDB_E_BUSY);
    ck_assert_ptr_nonnull(strstr(err, "in use by another loa-arena"));
    /* ... even to archive it (--force-new): nothing moves */
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_FRESH, NULL, NULL, &second, err,
                                      sizeof err),
                     LEAGUEDB_E_BUSY);
    char moved[400];
    snprintf(moved, sizeof moved, "ls -d %s/previous-* >/dev/null 2>&1", sub);
    ck_assert_int_ne(system(moved), 0);
    snprintf(moved, sizeof moved, "%s/league.db", sub);
    ck_assert_int_eq(access(moved, F_OK), 0);
    arena_store_close(st);

    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err),
                     0);
    ck_assert_int_eq(g_warnings, 0);
    ck_assert_int_eq(arena_store_count(st), 5);
    stored *back = read_back(st);
    ck_assert_int_eq(back->n, 5);
    for (int id = 0; id < 5; id++) {
        arena_game_record want = record_for(&s, id, id % 3 - 1);
        const arena_game_record *got = &back->r[id];
        ck_assert_int_eq(got->id, id);
        ck_assert_int_eq(got->black, want.black);
        ck_assert_int_eq(got->white, want.white);
        ck_assert(got->seed == want.seed);
        ck_assert_int_eq(got->winner, want.winner);
        ck_assert_int_eq(got->reason, want.reason);
        ck_assert_int_eq(got->plies, want.plies);
        ck_assert_double_eq_tol(got->time[0].max_ms, 9.25, 1e-9);
        ck_assert_int_eq(got->time[1].turns, 19);
        ck_assert(arena_store_has(st, id));
    }
    ck_assert(!arena_store_has(st, 5));
    /* the stored ids in order, without a look at every scheduled one */
    ck_assert_int_eq(arena_store_next_id(st, 0), 0);
    ck_assert_int_eq(arena_store_next_id(st, 4), 4);
    ck_assert_int_eq(arena_store_next_id(st, 5), -1);
    arena_store_close(st);

    /* read-only from league.json alone */
    ck_assert_int_eq(arena_store_open(sub, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    ck_assert_int_eq(arena_store_count(st), 5);
    ck_assert_int_eq(arena_store_settings(st)->bot_count, 3);
    ck_assert_str_eq(arena_store_settings(st)->bots[2].name, "bot2");
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* Issue 24, defect 6: kill -9 during any atomic write leaves its temp file
 * ("<name>.tmp.XXXXXX"): opening the store for writing sweeps them all, in
 * DIR and DIR/games, and nothing else. */
START_TEST(resume_sweeps_every_interrupted_write)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 2, 2);
    arena_store *st;
    char err[512], path[400];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    arena_store_close(st);
    snprintf(path, sizeof path, "%s/games", dir); /* the replay pages' */
    ck_assert_int_eq(mkdir(path, 0777), 0);
    static const char *const left[] = {"league.json.tmp.Ab12Cd", "standings.json.tmp.x9Y8z7",
                                       "index.html.tmp.QQQQQQ", "games/000001.html.tmp.a1b2c3",
                                       "games/000001.json.tmp.zzzzzz"};
    static const char *const kept[] = {"notes.tmp.txt", "games/000002.json.tmp", "my.tmp.file1"};
    for (size_t i = 0; i < LOA_COUNT(left) + LOA_COUNT(kept); i++) {
        snprintf(path, sizeof path, "%s/%s", dir,
                 i < LOA_COUNT(left) ? left[i] : kept[i - LOA_COUNT(left)]);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
    }
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    arena_store_close(st);
    for (size_t i = 0; i < LOA_COUNT(left); i++) {
        snprintf(path, sizeof path, "%s/%s", dir, left[i]);
        ck_assert_msg(access(path, F_OK) != 0, "%s is still there", left[i]);
    }
    for (size_t i = 0; i < LOA_COUNT(kept); i++) {
        snprintf(path, sizeof path, "%s/%s", dir, kept[i]);
        ck_assert_msg(access(path, F_OK) == 0, "%s was removed", kept[i]);
    }
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* games.jsonl is an export of the database: a torn last line (kill -9 in
 * a write) is cut, the lines a kill lost are appended, a file with lines
 * the database does not have is written anew. */
START_TEST(games_jsonl_is_kept_level_with_the_database)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 4);
    arena_store *st;
    char err[512], path[400];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    for (int id = 0; id < 3; id++) {
        arena_game_record r = record_for(&s, id, 0);
        ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    }
    arena_store_close(st);
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    char *all = strdup(read_text(path));
    ck_assert_int_eq(count_substr(all, "\n"), 3);
    /* the last line lost, then half of it written back: torn */
    char *second_end = strchr(strchr(all, '\n') + 1, '\n') + 1;
    char torn[4096];
    snprintf(torn, sizeof torn, "%.*s{\"id\":2,\"round\":0,\"se", (int)(second_end - all), all);
    write_text(path, torn);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    ck_assert_str_eq(read_text(path), all);
    arena_game_record r3 = record_for(&s, 3, 1);
    ck_assert_int_eq(arena_store_put(st, &r3, NULL, err, sizeof err), 0);
    arena_store_close(st);
    ck_assert_int_eq(count_substr(read_text(path), "\n"), 4);
    /* lines the database has not got (a copy from elsewhere): anew */
    FILE *f = fopen(path, "ab");
    fputs("not json at all\n{\"id\":99}\n", f);
    fclose(f);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    arena_store_close(st);
    char *now = read_text(path);
    ck_assert_int_eq(count_substr(now, "\n"), 4);
    ck_assert_ptr_null(strstr(now, "not json"));
    ck_assert_int_eq(strncmp(now, all, strlen(all)), 0);
    free(all);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* A game stored with its whole record gives it back. */
START_TEST(a_game_keeps_its_record)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 2, 2);
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = c.players[1].command = LOA_BIN_DIR "/loa-first";
    c.limits.max_plies = 12;
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    cJSON *record = ref_game_to_json(g);
    arena_game_record r = record_for(&s, 1, -1);
    ck_assert_int_eq(arena_store_put(st, &r, record, err, sizeof err), 0);
    arena_game_record r0 = record_for(&s, 0, 0);
    ck_assert_int_eq(arena_store_put(st, &r0, NULL, err, sizeof err), 0);
    arena_store_close(st);
    ck_assert_int_eq(arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    cJSON *back = NULL;
    ck_assert_int_eq(arena_store_record(st, 1, &back, err, sizeof err), 0);
    char *a = cJSON_PrintUnformatted(record), *b = cJSON_PrintUnformatted(back);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    cJSON_Delete(back);
    /* a game known by its summary only; no such game */
    ck_assert_int_ne(arena_store_record(st, 0, &back, err, sizeof err), 0);
    ck_assert_int_eq(arena_store_record(st, 7, &back, err, sizeof err), LEAGUEDB_E_INVAL);
    arena_store_close(st);
    cJSON_Delete(record);
    ref_game_free(g);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* A game stored from itself (arena_store_put_game: its plies encoded as
 * they are, no JSON built) reads back as exactly the record the referee
 * writes, for every kind of game; texts that are not UTF-8 (cleaned by the
 * record) take the record's way. */
START_TEST(a_game_stored_from_itself_reads_back_as_its_record)
{
    static const char *const games[][2] = {
        {LOA_BIN_DIR "/loa-first", LOA_BIN_DIR "/loa-first"},
        {LOA_BIN_DIR "/hostile-say 'b1d3 hello' 'random café' random pass",
         LOA_BIN_DIR "/loa-first"},
        {LOA_BIN_DIR "/hostile-say b1d3 'e9e9 what'", LOA_BIN_DIR "/loa-random -s 3"},
        {LOA_BIN_DIR "/loa-random -s 7", LOA_BIN_DIR "/hostile-flood 0 1"},
        {LOA_BIN_DIR "/hostile-crash", LOA_BIN_DIR "/loa-first"},
        {"printf 'bad \\377 byte\\n' >&2; exec " LOA_BIN_DIR "/loa-first",
         LOA_BIN_DIR "/loa-first"},
    };
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 2, 12);
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    for (size_t i = 0; i < LOA_COUNT(games); i++) {
        ref_config c;
        ref_config_init(&c);
        c.players[0].command = games[i][0];
        c.players[1].command = games[i][1];
        c.seed = -4000000000000000000LL + (long long)i;
        ref_game *g;
        ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
        arena_game_record r = record_for(&s, (int)i, -1);
        ck_assert_msg(arena_store_put_game(st, &r, g, err, sizeof err) == 0, "%s", err);
        cJSON *want = ref_game_to_json(g), *back = NULL;
        ck_assert_int_eq(arena_store_record(st, (int)i, &back, err, sizeof err), 0);
        char *a = cJSON_PrintUnformatted(want), *b = cJSON_PrintUnformatted(back);
        ck_assert_msg(strcmp(a, b) == 0, "game %zu:\n%s\n%s", i, a, b);
        free(a);
        free(b);
        cJSON_Delete(want);
        cJSON_Delete(back);
        ref_game_free(g);
    }
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* Issue 36: a million-game league's index is a page: it lists the newest
 * games and the newest lost by a fault, and the database tallies the
 * results for a resume without a walk. */
static int add_tally(int black, int white, int winner, int faulted, int count, void *user)
{
    int *t = user; /* [0] games, [1] black wins, [2] draws, [3] faulted, [4] rows */
    ck_assert(black != white && winner >= -1 && winner <= 1);
    t[0] += count;
    t[1] += winner == 0 ? count : 0;
    t[2] += winner < 0 ? count : 0;
    t[3] += faulted ? count : 0;
    t[4]++;
    return 0;
}

START_TEST(the_index_lists_the_newest_and_the_faulted_games)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 10); /* 30 games */
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    for (int id = 0; id < 30; id++) {
        arena_game_record r = record_for(&s, id, id % 3 - 1);
        if (id == 2 || id == 5 || id == 9 || id == 20) { /* lost by a fault */
            r.winner = 1;
            r.fault = 0;
            r.reason = REF_REASON_TIMEOUT;
        }
        ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    }
    cJSON *lines = NULL;
    ck_assert_int_eq(arena_store_index_lines(st, 3, &lines, err, sizeof err), 0);
    /* the 3 newest (27, 28, 29) and the 3 newest faulted (5, 9, 20), in
     * stored order, as games.jsonl lines */
    static const int want[] = {5, 9, 20, 27, 28, 29};
    ck_assert_int_eq(cJSON_GetArraySize(lines), 6);
    for (int i = 0; i < 6; i++) {
        const cJSON *l = cJSON_GetArrayItem(lines, i);
        ck_assert_int_eq(cJSON_GetObjectItem(l, "id")->valueint, want[i]);
        ck_assert(cJSON_IsString(cJSON_GetObjectItem(l, "black")));
    }
    cJSON_Delete(lines);
    /* fewer games than the bound: all of them, each once */
    ck_assert_int_eq(arena_store_index_lines(st, 100, &lines, err, sizeof err), 0);
    ck_assert_int_eq(cJSON_GetArraySize(lines), 30);
    cJSON_Delete(lines);
    int t[5] = {0};
    ck_assert_int_eq(arena_store_tally(st, add_tally, t, err, sizeof err), 0);
    ck_assert_int_eq(t[0], 30);
    ck_assert_int_eq(t[3], 4);
    int black_wins = 0, draws = 0;
    for (int id = 0; id < 30; id++) {
        int faulted = id == 2 || id == 5 || id == 9 || id == 20;
        black_wins += !faulted && id % 3 == 1;
        draws += !faulted && id % 3 == 0;
    }
    ck_assert_int_eq(t[1], black_wins);
    ck_assert_int_eq(t[2], draws);
    ck_assert_int_lt(t[4], 30); /* grouped by the database, not a row a game */
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* A games row edited into values of no game (a bot index, an end reason,
 * a winner) is refused by naming its column and value, not as "no game
 * of this league". */
START_TEST(a_bad_games_row_is_named_by_its_column_and_value)
{
    static const struct {
        const char *set, *want;
    } bad[] = {
        {"black = 7", "game 1: column black is 7, not a bot of the league (0..2)"},
        {"white = -3", "game 1: column white is -3, not a bot of the league (0..2)"},
        {"reason = 'lucky'", "game 1: column reason is 'lucky', not an end reason"},
        {"winner = 4", "game 1: column winner is 4, not 0 (black), 1 (white) or NULL"},
        {"fault = 2", "game 1: column fault is 2, not 0 (black), 1 (white) or NULL"},
        {"id = 99", "games row id 99: outside the league's schedule (ids 0..5)"},
    };
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 2); /* 6 games */
    char err[512], sql[128], sub[300];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        arena_store *st;
        snprintf(sub, sizeof sub, "%s/%zu", dir, i);
        ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                          sizeof err),
                         0);
        for (int id = 0; id < 3; id++) {
            arena_game_record r = record_for(&s, id, 0);
            ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
        }
        snprintf(sql, sizeof sql, "UPDATE games SET %s WHERE id = 1", bad[i].set);
        ck_assert_int_eq(sqlite3_exec(leaguedb_sqlite(arena_store_db(st)), sql, NULL, NULL, NULL),
                         SQLITE_OK);
        stored back = {0};
        ck_assert_int_eq(arena_store_foreach(st, keep, &back, err, sizeof err), ARENA_E_PARSE);
        ck_assert_msg(strstr(err, bad[i].want), "%s: %s", bad[i].set, err);
        arena_store_close(st);
    }
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* A run lock that cannot be taken for another reason than another arena
 * (a read-only database: a trigger refuses the run row here, as root
 * writes through file modes) is said naming the database once, not the
 * directory before it. */
START_TEST(a_lock_that_cannot_be_written_names_the_database_once)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 2);
    arena_store *st;
    char err[512], db[400];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    ck_assert_int_eq(sqlite3_exec(leaguedb_sqlite(arena_store_db(st)),
                                  "CREATE TRIGGER refuse BEFORE INSERT ON run BEGIN SELECT "
                                  "RAISE(ABORT, 'attempt to write a readonly database'); END",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    arena_store_close(st);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     LEAGUEDB_E_IO);
    snprintf(db, sizeof db, "%s/league.db: cannot write: attempt to write a readonly", dir);
    ck_assert_msg(strncmp(err, db, strlen(db)) == 0, "%s", err);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"appends_and_resumes", test_store_append_resume, 30},
        {"games_jsonl_is_kept_level_with_the_database", games_jsonl_is_kept_level_with_the_database,
         30},
        {"a_game_keeps_its_record", a_game_keeps_its_record, 30},
        {"a_game_stored_from_itself_reads_back_as_its_record",
         a_game_stored_from_itself_reads_back_as_its_record, 60},
        {"resume_sweeps_every_interrupted_write", resume_sweeps_every_interrupted_write, 30},
        {"the_index_lists_the_newest_and_the_faulted_games",
         the_index_lists_the_newest_and_the_faulted_games, 30},
        {"a_bad_games_row_is_named_by_its_column_and_value",
         a_bad_games_row_is_named_by_its_column_and_value, 30},
        {"a_lock_that_cannot_be_written_names_the_database_once",
         a_lock_that_cannot_be_written_names_the_database_once, 30},
    };
    return loa_run_suite("arena_store", cases, LOA_COUNT(cases));
}
