/*
 * check_arena_league_run_openings.c - integration tests of loa-arena's openings
 * (issue 10), running it as a child process: with an openings file the
 * bots see the position after the opening with lastMove its last move
 * (white first after an odd opening), both games of a colour-swapped pair
 * share the opening, the ply limit counts the opening, games.jsonl and
 * the records carry it; random plies give distinct games; a bad line is
 * exit 2 naming file:line and the move; an error game's replay line
 * carries the opening and reproduces the game; a file shorter than the
 * pairs is said at the start and at the end.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"
#include "loa/loa.h"

/* A deterministic search bot (fixed depth, no clock), fast at depth 1. */
#define AB LOA_BIN_DIR "/loa-ab -D -d 1"

/* games.jsonl of out as parsed lines by id (caller deletes each). */
static int read_games(const char *out, cJSON **games, int max)
{
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    char *t = slurp(path);
    int n = 0;
    for (char *line = t, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = '\0';
        cJSON *j = cJSON_Parse(line);
        ck_assert_ptr_nonnull(j);
        int id = cJSON_GetObjectItem(j, "id")->valueint;
        ck_assert_int_lt(id, max);
        games[id] = j;
        n++;
    }
    free(t);
    return n;
}

/* The first input a bot sees after `opening` (text) is played from the
 * start: colour line, 8 rows, lastMove. */
static void expected_input(const char *opening, char *buf, size_t size)
{
    loa_board b;
    loa_board_init(&b);
    char copy[200], *save = NULL, last[8] = "null";
    snprintf(copy, sizeof copy, "%s", opening);
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        loa_move m;
        ck_assert_int_eq(loa_move_parse(w, &m), 0);
        loa_make_move(&b, m, NULL);
        snprintf(last, sizeof last, "%s", w);
    }
    size_t o = (size_t)snprintf(buf, size, "%c\n", b.side == LOA_BLACK ? 'b' : 'w');
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            buf[o++] = loa_board_square_char(&b, LOA_SQUARE(file, rank));
        buf[o++] = '\n';
    }
    snprintf(buf + o, size - o, "%s\n", last);
}

START_TEST(test_bots_start_after_the_opening)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], ops[300], spy[600];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(ops, sizeof ops, "%s/openings.txt", dir);
    /* round 0: an even opening (black moves first), round 1: an odd one
     * (white moves first) */
    write_text(ops, "# two openings\nb1d3 a2c2\n\nb1d3   # one ply\n");
    /* spy keeps every input it reads in a file named after its game's seed */
    snprintf(spy, sizeof spy, "spy=tee %s/in_{seed}_$$ | " FIRST, dir);
    char *argv[] = {ARENA, "--bot", spy,          "--bot", "first=" FIRST, "--games", "4",
                    "-c",  "1",     "--openings", ops,     "--max-plies",  "12",      "--out",
                    out,   "-q",    NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    cJSON *g[4] = {0};
    ck_assert_int_eq(read_games(out, g, 4), 4);
    /* both games of a pair share the opening; the ply limit counts it */
    static const char *const want[4] = {"b1d3 a2c2", "b1d3 a2c2", "b1d3", "b1d3"};
    for (int id = 0; id < 4; id++) {
        ck_assert_str_eq(cJSON_GetObjectItem(g[id], "opening")->valuestring, want[id]);
        ck_assert_str_eq(cJSON_GetObjectItem(g[id], "reason")->valuestring, "ply_limit");
        ck_assert_int_eq(cJSON_GetObjectItem(g[id], "plies")->valueint, 12);
        cJSON *rec = game_record(out, id);
        ck_assert_ptr_nonnull(rec);
        ck_assert_str_eq(cJSON_GetObjectItem(rec, "opening")->valuestring, want[id]);
        int bot_plies = cJSON_GetArraySize(cJSON_GetObjectItem(rec, "plies"));
        ck_assert_int_eq(bot_plies, 12 - (id < 2 ? 2 : 1));
        /* after the odd opening, white is the first bot to move */
        cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "plies"), 0);
        ck_assert_str_eq(cJSON_GetObjectItem(first, "color")->valuestring,
                         id < 2 ? "black" : "white");
        cJSON_Delete(rec);
    }
    /* the spy's first input, when it moved first (game 0: spy black after
     * 2 plies; game 3: spy white after 1 ply): the position after the
     * opening, lastMove its last move */
    static const int first_mover_game[2] = {0, 3};
    for (int k = 0; k < 2; k++) {
        cJSON *gm = g[first_mover_game[k]];
        const char *seed = cJSON_GetObjectItem(gm, "seed")->valuestring;
        char expect[200];
        expected_input(want[first_mover_game[k]], expect, sizeof expect);
        char prefix[64];
        snprintf(prefix, sizeof prefix, "in_%s_", seed);
        DIR *d = opendir(dir);
        struct dirent *e;
        int found = 0;
        while ((e = readdir(d)) != NULL) {
            if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
                continue;
            char path[600];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            char *in = slurp(path);
            if (strncmp(in, expect, strlen(expect)) == 0)
                found = 1;
            free(in);
        }
        closedir(d);
        ck_assert_msg(found, "no input of game %d starts with:\n%s", first_mover_game[k], expect);
    }
    for (int id = 0; id < 4; id++)
        cJSON_Delete(g[id]);
    cleanup();
}
END_TEST

START_TEST(test_random_plies_give_distinct_games)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], path[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    /* two deterministic bots: without openings, 10 games are 2 games (CPU
     * time judged: a loaded machine's wall-clock timeout would make a
     * third) */
    char *plain[] = {ARENA,         "--bot", "a=" FIRST, "--bot", "ab=" AB, "--games", "10",
                     "--time-mode", "cpu",   "--out",    out,     "-q",     NULL};
    ck_assert_int_eq(run(plain, so, se, 60000), 0);
    snprintf(path, sizeof path, "%s/standings.json", out);
    cJSON *j = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "distinct_games")->valueint, 2);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(j, "intervals_reliable")));
    cJSON_Delete(j);
    char *o = slurp(so);
    ck_assert_msg(strstr(o, "--random-plies N"), "%s", o);
    free(o);
    /* with 3 random plies: every game its own */
    snprintf(out, sizeof out, "%s/out2", dir);
    char *rnd[] = {ARENA,    "--bot",       "a=" FIRST, "--bot",
                   "ab=" AB, "--games",     "10",       "--random-plies",
                   "3",      "--time-mode", "cpu",      "--out",
                   out,      "-q",          NULL};
    ck_assert_int_eq(run(rnd, so, se, 60000), 0);
    snprintf(path, sizeof path, "%s/standings.json", out);
    j = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "distinct_games")->valueint, 10);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(j, "intervals_reliable")));
    cJSON_Delete(j);
    cJSON *g[10] = {0};
    ck_assert_int_eq(read_games(out, g, 10), 10);
    for (int id = 0; id < 10; id++) {
        const char *op = cJSON_GetObjectItem(g[id], "opening")->valuestring;
        ck_assert_int_eq(strlen(op), 14); /* three moves */
        if (id % 2)
            ck_assert_str_eq(op, cJSON_GetObjectItem(g[id - 1], "opening")->valuestring);
        else if (id)
            ck_assert_str_ne(op, cJSON_GetObjectItem(g[id - 2], "opening")->valuestring);
    }
    for (int id = 0; id < 10; id++)
        cJSON_Delete(g[id]);
    /* resumed with more games: the same openings, extended */
    char *more[] = {ARENA,    "--bot",       "a=" FIRST, "--bot",
                    "ab=" AB, "--games",     "12",       "--random-plies",
                    "3",      "--time-mode", "cpu",      "--out",
                    out,      "-q",          NULL};
    ck_assert_int_eq(run(more, so, se, 60000), 0);
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    ck_assert_int_eq(count_lines(path), 12);
    cleanup();
}
END_TEST

START_TEST(test_bad_openings_are_refused)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], ops[300];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(ops, sizeof ops, "%s/openings.txt", dir);
    write_text(ops, "b1d3 a2c2\n# fine so far\nc1c3 h7h5\n");
    char *argv[] = {ARENA,        "--bot", "a=" FIRST, "--bot", "b=" FIRST,
                    "--openings", ops,     "--out",    out,     NULL};
    ck_assert_int_eq(run(argv, so, se, 10000), 2);
    char *e = slurp(se);
    char want[400];
    snprintf(want, sizeof want, "loa-arena: %s:3: ply 2 'h7h5': not a legal move", ops);
    ck_assert_msg(strncmp(e, want, strlen(want)) == 0 && strchr(e, '\n') == e + strlen(e) - 1,
                  "stderr: %s", e);
    free(e);
    ck_assert_int_ne(access(out, F_OK), 0); /* nothing created */
    /* an edited openings file is another league */
    write_text(ops, "b1d3 a2c2\n");
    char *ok[] = {ARENA, "--bot", "a=" FIRST, "--bot", "b=" FIRST, "--openings",
                  ops,   "--out", out,        "-q",    NULL};
    ck_assert_int_eq(run(ok, so, se, 20000), 0);
    write_text(ops, "c1c3\n");
    ck_assert_int_eq(run(ok, so, se, 20000), 2);
    e = slurp(se);
    ck_assert_msg(strstr(e, "changed since the league started"), "stderr: %s", e);
    free(e);
    cleanup();
}
END_TEST

START_TEST(test_replay_line_carries_the_opening)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], ops[300];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(ops, sizeof ops, "%s/openings.txt", dir);
    write_text(ops, "b1d3 a2c2 e1e3\n");
    /* quitter reads its first input and exits: a crash (after the odd
     * opening, as white in game 0, it is the first bot to move) */
    char *argv2[] = {
        ARENA,     "--bot", "a=" FIRST, "--bot", "quitter=read l; echo bye >&2; exit 4",
        "--games", "2",     "-c",       "1",     "--openings",
        ops,       "--out", out,        "-q",    NULL};
    ck_assert_int_eq(run(argv2, so, se, 30000), 0);
    char *e = slurp(se);
    char *l = strstr(e, "game 0 (a - quitter)");
    ck_assert_msg(l != NULL, "%s", e);
    char *nl = strchr(l, '\n');
    if (nl)
        *nl = '\0';
    ck_assert_msg(strstr(l, "quitter (white) crashed") && strstr(l, "stderr of quitter: bye") &&
                      strstr(l, "--opening 'b1d3 a2c2 e1e3'"),
                  "%s", l);
    char *replay = strstr(l, "; replay: ") + strlen("; replay: ");
    char script[400], ro[400], re[400];
    snprintf(script, sizeof script, "%s/replay.sh", dir);
    snprintf(ro, sizeof ro, "%s/ro", dir);
    snprintf(re, sizeof re, "%s/re", dir);
    /* as printed, plus -l to read the replayed game back */
    char record[400], line[8192];
    snprintf(record, sizeof record, "%s/replayed.json", dir);
    snprintf(line, sizeof line, "%s -l %s\n", replay, record);
    write_text(script, line);
    char *sh[] = {"/bin/sh", script, NULL};
    ck_assert_int_eq(run(sh, ro, re, 20000), 0);
    char *scores = slurp(ro), *summary = slurp(re);
    ck_assert_msg(strncmp(scores, "0\n-1\nseed=", 10) == 0, "'%s' (%s)", scores, summary);
    cJSON *rec = read_json(record);
    ck_assert_str_eq(cJSON_GetObjectItem(rec, "opening")->valuestring, "b1d3 a2c2 e1e3");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "result"), "reason")->valuestring,
                     "crashed");
    cJSON_Delete(rec);
    free(scores);
    free(summary);
    free(e);
    cleanup();
}
END_TEST

/* An openings file shorter than a pairing's pairs: said at the start
 * (the file, its openings, the pairs), and the end's repeated games name
 * the wrap instead of suggesting the --openings FILE already given. */
START_TEST(test_a_short_openings_file_is_said)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], ops[300], want[600];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(ops, sizeof ops, "%s/two.txt", dir);
    write_text(ops, "b1d3\nc1c3\n");
    /* deterministic bots, 10 pairs on 2 openings: 4 distinct games */
    char *argv[] = {ARENA,        "--bot", "a=" FIRST,    "--bot", "ab=" AB, "--games", "20",
                    "--openings", ops,     "--time-mode", "cpu",   "--out",  out,       NULL};
    ck_assert_int_eq(run(argv, so, se, 60000), 0);
    char *e = slurp(se), *o = slurp(so);
    snprintf(want, sizeof want,
             "warning: %s has 2 openings for 10 pairs a pairing: pair 3 "
             "and after play its openings again",
             ops);
    ck_assert_msg(strstr(e, want), "%s", e);
    snprintf(want, sizeof want,
             "%s has 2 openings for 10 pairs a pairing, so they were "
             "played again from pair 3: give a longer suite or --random-plies N",
             ops);
    ck_assert_msg(strstr(o, "replayed the same games") && strstr(o, want), "%s", o);
    ck_assert_msg(!strstr(o, "--openings FILE"), "%s", o);
    free(e);
    free(o);
    /* enough openings for the pairs: no word of it */
    snprintf(out, sizeof out, "%s/out2", dir);
    char *two[] = {ARENA,        "--bot", "a=" FIRST,    "--bot", "ab=" AB, "--games", "4",
                   "--openings", ops,     "--time-mode", "cpu",   "--out",  out,       NULL};
    ck_assert_int_eq(run(two, so, se, 60000), 0);
    e = slurp(se);
    ck_assert_msg(!strstr(e, "openings for"), "%s", e);
    free(e);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"starts_both_games_of_a_pair_after_the_opening", test_bots_start_after_the_opening, 60},
        {"random_plies_make_deterministic_bots_differ", test_random_plies_give_distinct_games, 90},
        {"refuses_a_bad_opening_line_and_an_edited_file", test_bad_openings_are_refused, 60},
        {"replays_an_error_game_with_its_opening", test_replay_line_carries_the_opening, 60},
        {"says_an_openings_file_shorter_than_the_pairs", test_a_short_openings_file_is_said, 60},
    };
    return loa_run_suite("arena_league_run_openings", cases, LOA_COUNT(cases));
}
