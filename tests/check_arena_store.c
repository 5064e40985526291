/*
 * check_arena_store.c - the results store: append and resume, one arena per directory,
 * read-only opening, torn and foreign lines, league mismatch and archive,
 * and the files it writes (game records, standings).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "store/store.h"
#include "results/standings.h"
#include "arena_test_util.h"
#include "check_main.h"

static int g_warnings;
static char g_last_warning[512];

static void count_warning(const char *msg, void *user)
{
    (void)user;
    g_warnings++;
    snprintf(g_last_warning, sizeof g_last_warning, "%s", msg);
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
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 0);
    for (int id = 0; id < 5; id++) {
        arena_game_record r = record_for(&s, id, id % 3 - 1);
        ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    }
    arena_game_record dup = record_for(&s, 3, 0);
    ck_assert_int_eq(arena_store_append(st, &dup, err, sizeof err), ARENA_E_INVAL);
    /* one arena per directory */
    arena_store *second;
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &second, err,
                                      sizeof err), ARENA_E_BUSY);
    ck_assert_ptr_nonnull(strstr(err, "in use by another loa-arena"));
    /* ... even to archive it (--force-new): nothing moves */
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_FRESH, NULL, NULL, &second, err,
                                      sizeof err), ARENA_E_BUSY);
    char moved[400];
    snprintf(moved, sizeof moved, "ls -d %s/previous-* >/dev/null 2>&1", sub);
    ck_assert_int_ne(system(moved), 0);
    snprintf(moved, sizeof moved, "%s/league.json", sub);
    ck_assert_int_eq(access(moved, F_OK), 0);
    arena_store_close(st);

    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(sub, &s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(g_warnings, 0);
    ck_assert_int_eq(arena_store_count(st), 5);
    for (int id = 0; id < 5; id++) {
        arena_game_record want = record_for(&s, id, id % 3 - 1);
        const arena_game_record *got = arena_store_get(st, id);
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
    arena_store_close(st);

    /* read-only from league.json alone */
    ck_assert_int_eq(arena_store_open(sub, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err), 0);
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
                                      sizeof err), 0);
    arena_store_close(st);
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
                                      sizeof err), 0);
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

START_TEST(test_store_torn_and_foreign_lines)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 4);
    arena_store *st;
    char err[512], path[400];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    for (int id = 0; id < 3; id++) {
        arena_game_record r = record_for(&s, id, 0);
        ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    }
    arena_store_close(st);
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    struct stat sb;
    ck_assert_int_eq(stat(path, &sb), 0);
    off_t good = sb.st_size;
    /* a torn last line, as kill -9 in the middle of a write leaves it */
    FILE *f = fopen(path, "ab");
    fputs("{\"id\":3,\"round\":0,\"pairing\":1,\"se", f);
    fclose(f);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(g_warnings, 1);
    ck_assert_ptr_nonnull(strstr(g_last_warning, "torn"));
    ck_assert_int_eq(arena_store_count(st), 3);
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_int_eq(sb.st_size, good); /* cut off: appends start clean */
    arena_game_record r3 = record_for(&s, 3, 1);
    ck_assert_int_eq(arena_store_append(st, &r3, err, sizeof err), 0);
    arena_store_close(st);

    /* garbage, a repeated id, a foreign bot, a game outside the schedule */
    f = fopen(path, "ab");
    fputs("not json at all\n", f);
    char *line = read_text(path);
    char first[1024];
    snprintf(first, sizeof first, "%.*s", (int)(strchr(line, '\n') - line + 1), line);
    fputs(first, f);
    fputs("{\"id\":4,\"round\":0,\"pairing\":2,\"seed\":\"1\",\"black\":\"zz\",\"white\":\"bot1\","
          "\"winner\":null,\"fault\":null,\"scores\":[0,0],\"reason\":\"ply_limit\",\"plies\":1}\n",
          f);
    fputs("{\"id\":99,\"round\":0,\"pairing\":2,\"seed\":\"1\",\"black\":\"bot0\",\"white\":"
          "\"bot1\",\"winner\":null,\"fault\":null,\"scores\":[0,0],\"reason\":\"ply_limit\","
          "\"plies\":1}\n", f);
    fclose(f);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_READ_ONLY, count_warning, NULL,
                                      &st, err, sizeof err), 0);
    ck_assert_int_eq(g_warnings, 4);
    ck_assert_int_eq(arena_store_count(st), 4);
    arena_store_close(st);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_store_mismatch_and_archive)
{
    const char *dir = tmpdir();
    arena_settings s, t;
    league(&s, 3, 4);
    arena_store *st;
    char err[512];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    arena_game_record r = record_for(&s, 0, 0);
    ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    arena_store_close(st);

    league(&t, 3, 4);
    t.seed = 2;
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    ck_assert_ptr_nonnull(strstr(err, "seed"));
    ck_assert_ptr_nonnull(strstr(err, "--force-new"));
    arena_settings_clear(&t);

    league(&t, 3, 4);
    free(t.bots[1].command);
    t.bots[1].command = strdup("./other");
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    ck_assert_ptr_nonnull(strstr(err, "./other"));
    arena_settings_clear(&t);

    league(&t, 4, 4);
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    arena_settings_clear(&t);

    /* more games per pairing: the same league, extended */
    league(&t, 3, 8);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 1);
    ck_assert_int_eq(g_warnings, 1);
    arena_store_close(st);
    /* ... after which fewer is a mismatch */
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_MISMATCH);
    ck_assert_int_eq(arena_store_archive(dir, err, sizeof err), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 0);
    arena_store_close(st);
    arena_settings_clear(&t);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* {"bot0": {"./x": hash0}, "bot1": ..., "bot2": ...} */
static cJSON *fingerprints(const char *h0, const char *h1, const char *h2)
{
    const char *h[3] = {h0, h1, h2};
    cJSON *all = cJSON_CreateObject();
    for (int i = 0; i < 3; i++) {
        char name[8];
        snprintf(name, sizeof name, "bot%d", i);
        cJSON *one = cJSON_AddObjectToObject(all, name);
        cJSON_AddStringToObject(one, "./x", h[i]);
    }
    return all;
}

START_TEST(test_store_fingerprints)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 2); /* game 0: bot0 - bot1; bot2 plays later games */
    arena_store *st;
    char err[512], path[400];
    cJSON *v1 = fingerprints("aa", "bb", "cc");
    ck_assert_int_eq(arena_store_open(dir, &s, v1, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    arena_game_record r = record_for(&s, 0, 0);
    ck_assert_int_eq(r.black + r.white, 1);
    ck_assert_int_eq(arena_store_append(st, &r, err, sizeof err), 0);
    arena_store_close(st);
    snprintf(path, sizeof path, "%s/league.json", dir);
    ck_assert_ptr_nonnull(strstr(read_text(path), "\"fingerprints\""));

    /* bot1 was rebuilt: it has a game, so the league is refused, naming it */
    cJSON *v2 = fingerprints("aa", "b2", "cc");
    ck_assert_int_eq(arena_store_open(dir, &s, v2, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), ARENA_E_CHANGED);
    ck_assert_msg(strstr(err, "bot 'bot1' changed") && strstr(err, "./x changed") &&
                  strstr(err, "--force-new"), "%s", err);
    /* bot2 changed but has no game yet: nothing is mixed, its new
     * fingerprint is recorded */
    cJSON *v3 = fingerprints("aa", "bb", "c3");
    ck_assert_int_eq(arena_store_open(dir, &s, v3, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    arena_store_close(st);
    ck_assert_ptr_nonnull(strstr(read_text(path), "\"c3\""));
    /* --force-new archives the old games: the rebuilt bot1 starts over */
    ck_assert_int_eq(arena_store_open(dir, &s, v2, ARENA_STORE_FRESH, NULL, NULL, &st, err,
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_count(st), 0);
    arena_store_close(st);
    ck_assert_ptr_nonnull(strstr(read_text(path), "\"b2\""));
    snprintf(path, sizeof path, "ls %s/previous-*/games.jsonl >/dev/null 2>&1", dir);
    ck_assert_int_eq(system(path), 0);
    cJSON_Delete(v1);
    cJSON_Delete(v2);
    cJSON_Delete(v3);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_store_writes_standings)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 2, 2);
    arena_store *st;
    char err[512], path[400];
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err), 0);
    snprintf(path, sizeof path, "%s/standings.json", dir);
    ck_assert_str_eq(arena_store_standings_path(st), path);
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "games", 0);
    ck_assert_int_eq(arena_store_write_standings(st, j, err, sizeof err), 0);
    ck_assert_str_eq(read_text(path), "{\n\t\"games\":\t0\n}\n");
    /* league.json as the league file schema, one final newline */
    snprintf(path, sizeof path, "%s/league.json", dir);
    const char *league_text = read_text(path);
    ck_assert_ptr_nonnull(strstr(league_text, "\"name\":\t\"bot1\""));
    ck_assert_int_eq(league_text[strlen(league_text) - 1], '\n');
    arena_store_close(st);
    /* a read-only store changes nothing */
    ck_assert_int_eq(arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                                      sizeof err), 0);
    ck_assert_int_eq(arena_store_write_standings(st, j, err, sizeof err), ARENA_E_INVAL);
    arena_store_close(st);
    cJSON_Delete(j);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"appends_and_resumes", test_store_append_resume, 30},
        {"drops_torn_and_foreign_lines", test_store_torn_and_foreign_lines, 30},
        {"refuses_another_league_and_archives", test_store_mismatch_and_archive, 30},
        {"writes_standings_atomically_unless_read_only", test_store_writes_standings, 30},
        {"refuses_a_changed_bot_that_has_games", test_store_fingerprints, 30},
        {"resume_sweeps_every_interrupted_write", resume_sweeps_every_interrupted_write, 30},
    };
    return loa_run_suite("arena_store", cases, LOA_COUNT(cases));
}
