/*
 * check_arena_store_league.c - the results store's league: another league
 * refused (seed, a bot's command, the bots) and the same one extended,
 * archived (--force-new); fingerprints (a rebuilt bot with games refused,
 * one without recorded); the files it exports (league.json,
 * standings.json, atomically, never when read-only); an older
 * directory converted once with nothing lost (read only: read, never
 * converted); an empty league.db rebuilt, games.jsonl never emptied. Games stored and read back:
 * check_arena_store.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_store_test_util.h"
#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/settings_identity.h"
#include "ref/referee.h"
#include "results/standings.h"
#include "store/store.h"

/* The older arena's league.json in dir: the identity and fingerprints. */
static void write_older_league(const char *dir, const arena_settings *s)
{
    char path[400];
    /* league.json as the older arena wrote it: the identity and fingerprints */
    cJSON *lj = arena_settings_to_json(s);
    cJSON *fp = cJSON_AddObjectToObject(lj, "fingerprints");
    cJSON_AddStringToObject(cJSON_AddObjectToObject(fp, "bot0"), "./x", "aa");
    char *text = cJSON_Print(lj);
    snprintf(path, sizeof path, "%s/league.json", dir);
    write_text(path, text);
    free(text);
    cJSON_Delete(lj);
}

/* Three games of s in dir as the older arena kept them: their record
 * files (records[id]: each record as text, to free) and games.jsonl, a
 * torn line after them. */
static void write_older_games(const char *dir, const arena_settings *s, char *records[3])
{
    char path[400];
    /* three games with their record files, the fourth's line torn */
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    FILE *jl = fopen(path, "w");
    for (int id = 0; id < 3; id++) {
        ref_config c;
        ref_config_init(&c);
        c.players[0].command = c.players[1].command = LOA_BIN_DIR "/loa-first";
        c.limits.max_plies = 10 + id;
        c.seed = -9000000000000000000LL + id;
        ref_game *g;
        ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
        char rp[1100];
        snprintf(rp, sizeof rp, "%s/games/%06d.json", dir, id);
        ck_assert_int_eq(ref_game_write_json(g, rp), REF_OK);
        cJSON *rj = ref_game_to_json(g);
        records[id] = cJSON_PrintUnformatted(rj);
        cJSON_Delete(rj);
        ref_game_free(g);
        arena_game_record r = record_for(s, id, id == 1 ? -1 : 0);
        cJSON *line = arena_record_to_json(&r, s);
        char *lt = cJSON_PrintUnformatted(line);
        fprintf(jl, "%s\n", lt);
        free(lt);
        cJSON_Delete(line);
    }
    fputs("not json\n{\"id\":3,\"rou", jl);
    fclose(jl);
}

/* Read only (--standings): read in a temporary database, nothing written
 * to the directory, the temporary one gone at close. */
static void read_only_converts_nothing(const char *dir)
{
    char path[400], err[512];
    char tmp[400], db[400];
    snprintf(tmp, sizeof tmp, "%s/tmp", dir);
    ck_assert_int_eq(mkdir(tmp, 0777), 0);
    setenv("TMPDIR", tmp, 1);
    snprintf(db, sizeof db, "%s/league.db", dir);
    g_warnings = 0;
    arena_store *st;
    ck_assert_msg(arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, count_warning, NULL, &st,
                                   err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(strstr(g_last_warning, "read into a temporary database (3 games, 3 records") &&
                      strstr(g_last_warning, "nothing written to it"),
                  "%s", g_last_warning);
    ck_assert_int_eq(arena_store_count(st), 3);
    ck_assert_int_ne(access(db, F_OK), 0);
    snprintf(path, sizeof path, "%s/games/%06d.json", dir, 0);
    ck_assert_int_eq(access(path, F_OK), 0);
    arena_store_close(st);
    ck_assert_int_eq(rmdir(tmp), 0); /* empty again */
}

/* A run converts it: every game and record in the database, the record
 * files removed (records[id] freed). */
static void a_run_converts_it(const char *dir, const arena_settings *s, char *records[3])
{
    char path[400], err[512];
    arena_store *st;
    ck_assert_msg(arena_store_open(dir, s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st, err,
                                   sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(strstr(g_last_warning, "converted to the league database") &&
                      strstr(g_last_warning, "3 games, 3 records; 3 record files removed"),
                  "%s", g_last_warning);
    ck_assert_int_eq(arena_store_count(st), 3);
    for (int id = 0; id < 3; id++) {
        cJSON *back = NULL;
        ck_assert_int_eq(arena_store_record(st, id, &back, err, sizeof err), 0);
        char *b = cJSON_PrintUnformatted(back);
        ck_assert_str_eq(b, records[id]);
        free(b);
        free(records[id]);
        cJSON_Delete(back);
        snprintf(path, sizeof path, "%s/games/%06d.json", dir, id);
        ck_assert_int_ne(access(path, F_OK), 0);
    }
    stored *back = read_back(st);
    ck_assert_int_eq(back->r[1].winner, -1);
    ck_assert_ptr_nonnull(arena_store_fingerprints(st));
    arena_store_close(st);
}

/* A results directory of an older loa-arena (league.json, games.jsonl, a
 * record file a game) is converted once: every game and record is in the
 * database, the record files that came back whole are removed, a torn or
 * foreign line is left out with a warning, and it is said. */
START_TEST(an_older_directory_is_converted_once_losing_nothing)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 2, 4);
    arena_set_string(&s.out_dir, dir);
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/games", dir);
    ck_assert_int_eq(mkdir(path, 0777), 0);
    write_older_league(dir, &s);
    char *records[3];
    write_older_games(dir, &s, records);
    read_only_converts_nothing(dir);
    a_run_converts_it(dir, &s, records);
    arena_store *st;
    /* once: the next opening says nothing */
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err),
                     0);
    ck_assert_int_eq(g_warnings, 0);
    ck_assert_int_eq(arena_store_count(st), 3);
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
                                      sizeof err),
                     0);
    arena_game_record r = record_for(&s, 0, 0);
    ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    arena_store_close(st);

    league(&t, 3, 4);
    t.seed = 2;
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     ARENA_E_MISMATCH);
    ck_assert_ptr_nonnull(strstr(err, "seed"));
    ck_assert_ptr_nonnull(strstr(err, "--force-new"));
    arena_settings_clear(&t);

    league(&t, 3, 4);
    free(t.bots[1].command);
    t.bots[1].command = strdup("./other");
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     ARENA_E_MISMATCH);
    ck_assert_ptr_nonnull(strstr(err, "./other"));
    arena_settings_clear(&t);

    league(&t, 4, 4);
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     ARENA_E_MISMATCH);
    arena_settings_clear(&t);

    /* more games per pairing: the same league, extended */
    league(&t, 3, 8);
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &t, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err),
                     0);
    ck_assert_int_eq(arena_store_count(st), 1);
    ck_assert_int_eq(g_warnings, 1);
    arena_store_close(st);
    /* ... after which fewer asked is what it has (a league only grows: the
     * league file that started it still names it), said once */
    g_warnings = 0;
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st,
                                      err, sizeof err),
                     0);
    ck_assert_int_eq(arena_store_settings(st)->games, 8);
    ck_assert_int_eq(g_warnings, 1);
    arena_store_close(st);
    ck_assert_int_eq(arena_store_archive(dir, err, sizeof err), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    snprintf(path, sizeof path, "%s/league.db", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
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
                                      sizeof err),
                     0);
    arena_game_record r = record_for(&s, 0, 0);
    ck_assert_int_eq(r.black + r.white, 1);
    ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    arena_store_close(st);
    snprintf(path, sizeof path, "%s/league.json", dir);
    ck_assert_ptr_nonnull(strstr(read_text(path), "\"fingerprints\""));

    /* bot1 was rebuilt: it has a game, so the league is refused, naming it */
    cJSON *v2 = fingerprints("aa", "b2", "cc");
    ck_assert_int_eq(arena_store_open(dir, &s, v2, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     ARENA_E_CHANGED);
    ck_assert_msg(strstr(err, "bot 'bot1' changed") && strstr(err, "./x changed") &&
                      strstr(err, "--force-new"),
                  "%s", err);
    /* bot2 changed but has no game yet: nothing is mixed, its new
     * fingerprint is recorded */
    cJSON *v3 = fingerprints("aa", "bb", "c3");
    ck_assert_int_eq(arena_store_open(dir, &s, v3, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    arena_store_close(st);
    ck_assert_ptr_nonnull(strstr(read_text(path), "\"c3\""));
    /* --force-new archives the old games: the rebuilt bot1 starts over */
    ck_assert_int_eq(arena_store_open(dir, &s, v2, ARENA_STORE_FRESH, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    ck_assert_int_eq(arena_store_count(st), 0);
    arena_store_close(st);
    ck_assert_ptr_nonnull(strstr(read_text(path), "\"b2\""));
    char cmd[700];
    snprintf(cmd, sizeof cmd,
             "ls %s/previous-*/games.jsonl %s/previous-*/league.db "
             ">/dev/null 2>&1",
             dir, dir);
    ck_assert_int_eq(system(cmd), 0);
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
                                      sizeof err),
                     0);
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
                                      sizeof err),
                     0);
    ck_assert_int_eq(arena_store_write_standings(st, j, err, sizeof err), ARENA_E_INVAL);
    arena_store_close(st);
    cJSON_Delete(j);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

/* An empty league.db (0 bytes: `sqlite3 DIR/league.db "..."` where none
 * was) is no database: read only, the games are games.jsonl's and nothing
 * is written; a run rebuilds the database from league.json and
 * games.jsonl, saying so; games.jsonl is never emptied, and without
 * league.json the run is refused, saying how to rebuild. */
START_TEST(an_empty_league_db_is_rebuilt_from_games_jsonl_never_emptied)
{
    const char *dir = tmpdir();
    arena_settings s;
    league(&s, 3, 4);
    arena_store *st;
    char err[512], db[400], games[400], league_json[400], lost[400];
    snprintf(db, sizeof db, "%s/league.db", dir);
    snprintf(games, sizeof games, "%s/games.jsonl", dir);
    snprintf(league_json, sizeof league_json, "%s/league.json", dir);
    snprintf(lost, sizeof lost, "%s/league.db.lost", dir);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     0);
    for (int id = 0; id < 5; id++) {
        arena_game_record r = record_for(&s, id, id % 3 - 1);
        ck_assert_int_eq(arena_store_put(st, &r, NULL, err, sizeof err), 0);
    }
    arena_store_close(st);
    char *all = strdup(read_text(games));
    ck_assert_int_eq(truncate(db, 0), 0);
    /* read only: games.jsonl's games, the empty file left as it is */
    g_warnings = 0;
    ck_assert_msg(arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, count_warning, NULL, &st,
                                   err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(arena_store_count(st), 5);
    ck_assert_msg(strstr(g_last_warning, "league.db is empty"), "%s", g_last_warning);
    arena_store_close(st);
    struct stat sb;
    ck_assert_int_eq(stat(db, &sb), 0);
    ck_assert_int_eq(sb.st_size, 0);
    /* a run: rebuilt, said, every game kept */
    g_warnings = 0;
    ck_assert_msg(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, count_warning, NULL, &st, err,
                                   sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(strstr(g_last_warning, "league.db was empty") &&
                      strstr(g_last_warning, "rebuilt from league.json and games.jsonl"),
                  "%s", g_last_warning);
    ck_assert_int_eq(arena_store_count(st), 5);
    arena_store_close(st);
    ck_assert_str_eq(read_text(games), all);
    /* no league.json to rebuild from: refused, games.jsonl untouched */
    ck_assert_int_eq(truncate(db, 0), 0);
    ck_assert_int_eq(unlink(league_json), 0);
    ck_assert_int_eq(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                      sizeof err),
                     ARENA_E_MISMATCH);
    ck_assert_msg(strstr(err, "games.jsonl holds games") && strstr(err, "move it aside"), "%s",
                  err);
    ck_assert_str_eq(read_text(games), all);
    /* as the message says: moved aside, the next run rebuilds it */
    ck_assert_int_eq(rename(db, lost), 0);
    ck_assert_msg(arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err,
                                   sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(arena_store_count(st), 5);
    arena_store_close(st);
    ck_assert_str_eq(read_text(games), all);
    free(all);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"an_older_directory_is_converted_once_losing_nothing",
         an_older_directory_is_converted_once_losing_nothing, 60},
        {"an_empty_league_db_is_rebuilt_from_games_jsonl_never_emptied",
         an_empty_league_db_is_rebuilt_from_games_jsonl_never_emptied, 60},
        {"refuses_another_league_and_archives", test_store_mismatch_and_archive, 30},
        {"writes_standings_atomically_unless_read_only", test_store_writes_standings, 30},
        {"refuses_a_changed_bot_that_has_games", test_store_fingerprints, 30},
    };
    return loa_run_suite("arena_store_league", cases, LOA_COUNT(cases));
}
