/*
 * check_arena_openings.c - opening tables (league/openings.c) and the
 * openings settings: a file read line by line (comments, blank lines,
 * commas, CRLF), every bad line refused naming file:line and the move, the
 * order (file, shuffled from the seed, wrapping around), random plies
 * (legal, unwon, deterministic, distinct, stable when the league grows),
 * the league-file keys and their validation.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/league_file.h"
#include "league/openings.h"
#include "league/schedule.h"
#include "league/settings_check.h"
#include "league/settings_identity.h"

static arena_openings *load_text(const char *text, int want_rc, char *err, size_t errsz)
{
    char path[400];
    snprintf(path, sizeof path, "%s/op.txt", tmpdir());
    write_text(path, text);
    arena_openings *o = NULL;
    ck_assert_int_eq(arena_openings_load(path, &o, err, errsz), want_rc);
    return o;
}

START_TEST(test_reads_a_file)
{
    char err[512], buf[REF_OPENING_TEXT_MAX];
    arena_openings *o = load_text("# a suite\n\nb1d3 a2c2\r\n  c1c3   # one ply\nd1d3,h2f2\n"
                                  "\t\n",
                                  0, err, sizeof err);
    ck_assert_int_eq(arena_openings_count(o), 3);
    ck_assert_str_eq(arena_openings_text(o, 0, buf, sizeof buf), "b1d3 a2c2");
    ck_assert_str_eq(arena_openings_text(o, 1, buf, sizeof buf), "c1c3");
    ck_assert_str_eq(arena_openings_text(o, 2, buf, sizeof buf), "d1d3 h2f2");
    const loa_move *m;
    ck_assert_int_eq(arena_openings_get(o, 0, &m), 2);
    ck_assert_int_eq(arena_openings_get(o, 3, &m), -1);
    /* file order, wrapping around */
    int want[] = {0, 1, 2, 0, 1, 2, 0};
    for (int r = 0; r < 7; r++)
        ck_assert_int_eq(arena_openings_for_round(o, r), want[r]);
    ck_assert_int_eq(arena_openings_for_round(NULL, 0), -1);
    /* the digest names the content */
    char d1[65], d2[65];
    ck_assert_int_eq(arena_openings_digest(o, d1), 0);
    ck_assert_int_eq(strlen(d1), 64);
    arena_openings *c = arena_openings_copy(o);
    ck_assert_int_eq(arena_openings_digest(c, d2), 0);
    ck_assert_str_eq(d1, d2);
    arena_openings_free(c);
    arena_openings_free(o);
    cleanup();
}
END_TEST

/* One bad file per row: refused, the message naming line and move. */
static const struct {
    const char *text, *names;
} bad_files[] = {
    {"b1d3\nb1d3 b1b3\n", ":2: ply 2 'b1b3': not a legal move for white"},
    {"# c\n\nb1d3 a2c9\n", ":3: ply 2 'a2c9': not a move"},
    {"b1d3 pass\n", ":1: ply 2 'pass'"},
    {"b1d3 a2c2 banana\n", ":1: ply 3 'banana'"},
    {"# only comments\n\n", "no opening in the file"},
    {"", "no opening in the file"},
};

START_TEST(test_refuses_a_bad_line)
{
    char err[512] = "";
    ck_assert_ptr_null(
        load_text(bad_files[_i].text,
                  strstr(bad_files[_i].names, "no opening") ? ARENA_E_PARSE : ARENA_E_CONFIG, err,
                  sizeof err));
    ck_assert_msg(strstr(err, bad_files[_i].names) && strstr(err, "/op.txt"),
                  "'%s' does not name '%s'", err, bad_files[_i].names);
    cleanup();
}
END_TEST

START_TEST(test_shuffles_from_the_seed)
{
    char err[512], text[4096] = "", line[32];
    /* 20 one-ply openings: every black move of the start position that
     * moves a checker of rank 1 one or more squares up */
    static const char *const m[] = {"b1b3", "c1c3", "d1d3", "e1e3", "f1f3", "g1g3", "b1d3",
                                    "c1e3", "d1f3", "e1g3", "c1a3", "d1b3", "e1c3", "f1d3",
                                    "g1e3", "b8b6", "c8c6", "d8d6", "e8e6", "f8f6"};
    for (size_t i = 0; i < LOA_COUNT(m); i++) {
        snprintf(line, sizeof line, "%s\n", m[i]);
        strcat(text, line);
    }
    arena_openings *a = load_text(text, 0, err, sizeof err);
    ck_assert_msg(a, "%s", err);
    arena_openings *b = arena_openings_copy(a);
    ck_assert_int_eq(arena_openings_shuffle(a, 7), 0);
    ck_assert_int_eq(arena_openings_shuffle(b, 7), 0);
    int seen[20] = {0}, moved = 0;
    for (int r = 0; r < 20; r++) {
        int i = arena_openings_for_round(a, r);
        ck_assert_int_eq(i, arena_openings_for_round(b, r));      /* same seed, same order */
        ck_assert_int_eq(arena_openings_for_round(a, r + 20), i); /* wraps */
        seen[i]++;
        moved += i != r;
    }
    for (int i = 0; i < 20; i++)
        ck_assert_int_eq(seen[i], 1); /* a permutation */
    ck_assert_int_gt(moved, 0);
    ck_assert_int_eq(arena_openings_shuffle(b, 8), 0);
    int differs = 0;
    for (int r = 0; r < 20; r++)
        differs += arena_openings_for_round(a, r) != arena_openings_for_round(b, r);
    ck_assert_int_gt(differs, 0);
    arena_openings_free(a);
    arena_openings_free(b);
    cleanup();
}
END_TEST

START_TEST(test_random_plies)
{
    char err[256], t1[REF_OPENING_TEXT_MAX], t2[REF_OPENING_TEXT_MAX];
    arena_openings *o = NULL, *p = NULL, *q = NULL;
    ck_assert_int_eq(arena_openings_random(1, 60, 4, &o, err, sizeof err), 0);
    ck_assert_int_eq(arena_openings_count(o), 60);
    for (int i = 0; i < 60; i++) {
        const loa_move *m;
        ck_assert_int_eq(arena_openings_get(o, i, &m), 4);
        ck_assert_int_eq(ref_opening_check(m, 4, err, sizeof err), 0); /* legal, unwon */
        for (int j = 0; j < i; j++) /* distinct within the league */
            ck_assert_str_ne(arena_openings_text(o, i, t1, sizeof t1),
                             arena_openings_text(o, j, t2, sizeof t2));
    }
    /* deterministic; a league that grows keeps its first openings */
    ck_assert_int_eq(arena_openings_random(1, 10, 4, &p, err, sizeof err), 0);
    for (int i = 0; i < 10; i++)
        ck_assert_str_eq(arena_openings_text(o, i, t1, sizeof t1),
                         arena_openings_text(p, i, t2, sizeof t2));
    /* another master seed, other openings */
    ck_assert_int_eq(arena_openings_random(2, 10, 4, &q, err, sizeof err), 0);
    int same = 0;
    for (int i = 0; i < 10; i++)
        same += strcmp(arena_openings_text(p, i, t1, sizeof t1),
                       arena_openings_text(q, i, t2, sizeof t2)) == 0;
    ck_assert_int_lt(same, 10);
    /* one ply has as many openings as black has first moves (36): more
     * rounds than that repeat some, never fail */
    arena_openings_free(q);
    ck_assert_int_eq(arena_openings_random(3, 40, 1, &q, err, sizeof err), 0);
    int distinct = 0;
    for (int i = 0; i < 40; i++) {
        int dup = 0;
        for (int j = 0; j < i && !dup; j++)
            dup = strcmp(arena_openings_text(q, i, t1, sizeof t1),
                         arena_openings_text(q, j, t2, sizeof t2)) == 0;
        distinct += !dup;
    }
    loa_board start;
    loa_board_init(&start);
    ck_assert_int_eq(distinct, loa_count_moves(&start));
    arena_openings_free(p);
    ck_assert_int_eq(arena_openings_random(1, 10, 0, &p, err, sizeof err), ARENA_E_INVAL);
    ck_assert_int_eq(arena_openings_random(1, 10, REF_OPENING_MAX + 1, &p, err, sizeof err),
                     ARENA_E_INVAL);
    ck_assert_ptr_null(p);
    arena_openings_free(o);
    arena_openings_free(q);
}
END_TEST

/* Random plies: from the key, not with a file, in range; an order that
 * is none, or random without a file: refused. s: the league of the
 * openings file path (dir), base: the league file's start. */
static void random_plies_and_bad_keys(const arena_settings *s, const char *dir, const char *path,
                                      const char *base)
{
    char text[600], err[512];
    arena_settings t;
    snprintf(text, sizeof text, "%s\"random_plies\": 4}", base);
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, text, strlen(text), "l.json", dir, err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(t.random_plies, 4);
    ck_assert_int_eq(arena_settings_validate(&t, err, sizeof err), 0);
    ck_assert_int_eq(arena_settings_openings(&t, &t.openings, err, sizeof err), 0);
    ck_assert_int_eq(arena_openings_count(t.openings), 3); /* one per round */
    ck_assert_int_eq(arena_settings_compare(s, &t, err, sizeof err), ARENA_E_MISMATCH);
    t.openings_file = strdup(path);
    ck_assert_int_eq(arena_settings_validate(&t, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "not both"), "%s", err);
    arena_settings_clear(&t);
    snprintf(text, sizeof text, "%s\"random_plies\": 0}", base);
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, text, strlen(text), "l.json", dir, err,
                                              sizeof err),
                     ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "random_plies"), "%s", err);
    arena_settings_clear(&t);
    snprintf(text, sizeof text, "%s\"openings_order\": \"shuffled\"}", base);
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, text, strlen(text), "l.json", dir, err,
                                              sizeof err),
                     ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "'shuffled'"), "%s", err);
    arena_settings_clear(&t);
    snprintf(text, sizeof text, "%s\"openings_order\": \"random\"}", base);
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, text, strlen(text), "l.json", dir, err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(arena_settings_validate(&t, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "needs an openings file"), "%s", err);
    arena_settings_clear(&t);
}

START_TEST(test_settings_keys)
{
    const char *dir = tmpdir();
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/op.txt", dir);
    write_text(path, "b1d3 a2c2\nc1c3\n");
    static const char base[] = "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": "
                               "\"b\", \"command\": \"y\"}], \"out\": \"o\", \"games\": 6, ";
    char text[600];
    snprintf(text, sizeof text, "%s\"openings\": \"op.txt\", \"openings_order\": \"random\"}",
             base);
    arena_settings s, t;
    arena_settings_init(&s);
    ck_assert_int_eq(arena_settings_load_text(&s, text, strlen(text), "l.json", dir, err,
                                              sizeof err),
                     0);
    ck_assert_str_eq(s.openings_file, path); /* relative to the file, absolute */
    ck_assert_int_eq(s.openings_random, 1);
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), 0);
    ck_assert_int_eq(arena_settings_openings(&s, &s.openings, err, sizeof err), 0);
    ck_assert_int_eq(arena_openings_count(s.openings), 2);
    /* the schedule gives both games of a round the round's opening */
    arena_game_spec *g;
    int n;
    ck_assert_int_eq(arena_schedule_build(&s, &g, &n), 0);
    ck_assert_int_eq(n, 6);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(g[i].opening, arena_openings_for_round(s.openings, g[i].round));
    ck_assert_int_eq(g[0].opening, g[1].opening);
    free(g);
    /* the identity holds the openings; reading it back compares equal */
    cJSON *j = arena_settings_to_json(&s);
    ck_assert_str_eq(cJSON_GetObjectItem(j, "openings_order")->valuestring, "random");
    char *again = cJSON_Print(j);
    cJSON_Delete(j);
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, again, strlen(again), "x", "/", err, sizeof err),
                     0);
    cJSON_free(again);
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), 0);
    t.openings_random = 0;
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), ARENA_E_MISMATCH);
    ck_assert_msg(strstr(err, "openings"), "%s", err);
    arena_settings_clear(&t);
    random_plies_and_bad_keys(&s, dir, path, base);
    /* an opening not shorter than the ply limit */
    s.limits.max_plies = 2;
    arena_openings *o = NULL;
    ck_assert_int_eq(arena_settings_openings(&s, &o, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "opening 1 has 2 plies"), "%s", err);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"reads_a_file_with_comments_in_file_order", test_reads_a_file, 30},
        {"shuffles_from_the_master_seed", test_shuffles_from_the_seed, 30},
        {"draws_legal_distinct_random_plies", test_random_plies, 60},
        {"reads_and_checks_the_openings_settings", test_settings_keys, 30},
    };
    const loa_loop_tcase loops[] = {
        {"refuses_a_bad_line_naming_file_line_and_move", test_refuses_a_bad_line, 30,
         (int)LOA_COUNT(bad_files)},
    };
    return loa_run_suite_loops("arena_openings", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
