/*
 * The lost game of issue 35 (a game record kept beside the project, its
 * path given by CMake as LOA_AB_CASE): loa-ab played d2g5 at ply 35, which
 * lets white connect with a4b3, reporting depth 12, score -223 and the PV
 * d2g5 a4b3. Its black turns are fed, in order, to one loa-ab process with
 * a node limit (no clock: the same searches on every machine), as the
 * referee would; and loa-ab-audit must find the move and the report in the
 * record. The suite is skipped (exit 77) when the record is absent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "ab_test_util.h"
#include "check_main.h"

/* A node limit under which the loa-ab of main 40cec13 (with --nodes added),
 * fed this game's turns, played d2g5 at ply 35 as in the game, with depth
 * 12's score -205 and the PV d2g5 a4b3: its table warmed by the earlier
 * turns, depth 13 failed low three times, the fourth window's first move was
 * d2g5 (a loss, above the lowered alpha), and the limit stopped the next. */
#define CASE_NODES "900000"

/* The record's plies before each black turn, as positions; *n of them. */
static loa_board *black_turns(int *n, loa_move *last_moves)
{
    cJSON *root = ab_read_json(LOA_AB_CASE);
    const cJSON *opening = cJSON_GetObjectItemCaseSensitive(root, "opening");
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(root, "moves");
    ck_assert(cJSON_IsString(opening) && cJSON_IsArray(moves));
    /* the whole game: the opening's plies, then the moves */
    char all[4096];
    snprintf(all, sizeof all, "%s", opening->valuestring);
    int opening_plies = *all ? 1 : 0;
    for (const char *p = all; *p; p++)
        opening_plies += *p == ' ';
    const cJSON *m;
    cJSON_ArrayForEach(m, moves)
    {
        ck_assert(cJSON_IsString(m));
        size_t len = strlen(all);
        snprintf(all + len, sizeof all - len, "%s%s", len ? " " : "", m->valuestring);
    }
    cJSON_Delete(root);
    static loa_board turns[LOA_MAX_PLIES];
    *n = 0;
    loa_board b;
    loa_board_init(&b);
    loa_move last = LOA_MOVE_NONE;
    char word[LOA_MOVE_STRING_MAX];
    for (const char *p = all; *p;) {
        size_t len = strcspn(p, " ");
        ck_assert_uint_lt(len, sizeof word);
        memcpy(word, p, len);
        word[len] = '\0';
        p += len + (p[len] == ' ');
        if (b.ply >= opening_plies && b.side == LOA_BLACK) {
            last_moves[*n] = last;
            turns[(*n)++] = b;
        }
        loa_move mv;
        ck_assert_int_eq(loa_move_parse(word, &mv), LOA_OK);
        mv = ab_flagged(&b, mv);
        ck_assert(loa_is_legal(&b, mv));
        loa_make_move(&b, mv, NULL);
        last = mv;
    }
    return turns;
}

START_TEST(replays_the_lost_game_without_letting_white_connect)
{
    int n;
    loa_move last[LOA_MAX_PLIES];
    loa_board *turns = black_turns(&n, last);
    ck_assert_int_eq(n, 16); /* plies 5, 7, ..., 35 */
    char in[128], err[128], cmd[1024];
    snprintf(in, sizeof in, "/tmp/check_ab_case_%d.in", (int)getpid());
    snprintf(err, sizeof err, "/tmp/check_ab_case_%d.err", (int)getpid());
    FILE *f = fopen(in, "w");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < n; i++)
        ab_write_turn(f, &turns[i], last[i], i == 0);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s/loa-ab --nodes %s < %s 2> %s", LOA_BIN_DIR, CASE_NODES, in, err);
    int st;
    char *answers = ab_run(cmd, &st);
    ck_assert_msg(st == 0, "%s exited %d", cmd, st);
    f = fopen(err, "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    const char *a = answers;
    int turn = 0;
    static char problems[16384];
    size_t used = 0;
    while (fgets(line, sizeof line, f)) {
        audit_report r;
        if (audit_report_parse(line, &r) != 1)
            continue;
        ck_assert_int_lt(turn, n);
        loa_board *b = &turns[turn];
        char action[8];
        snprintf(action, sizeof action, "%.4s", a);
        loa_move played;
        ck_assert_int_eq(loa_move_parse(action, &played), LOA_OK);
        /* every problem of every turn, then one failure naming them all */
        int moves, allowing = audit_count_allowing(b, LOA_MAX_PLIES, &moves);
        if (allowing < moves && audit_allows_connection(b, played, LOA_MAX_PLIES))
            used += (size_t)snprintf(problems + used, sizeof problems - used,
                                     "ply %d: %s lets white connect; %d of %d moves do not: %s",
                                     b->ply + 1, action, moves - allowing, moves, line);
        char why[160];
        if (used < sizeof problems &&
            audit_report_check(b, played, &r, LOA_MAX_PLIES, why, sizeof why) != 0)
            used += (size_t)snprintf(problems + used, sizeof problems - used, "ply %d: %s\n",
                                     b->ply + 1, why);
        if (used >= sizeof problems)
            used = sizeof problems - 1;
        a = strchr(a, '\n');
        ck_assert_ptr_nonnull(a);
        a++;
        turn++;
    }
    ck_assert_msg(used == 0, "loa-ab --nodes %s, fed the game's black turns:\n%s", CASE_NODES,
                  problems);
    fclose(f);
    ck_assert_int_eq(turn, n);
    free(answers);
    unlink(in);
    unlink(err);
}
END_TEST

START_TEST(audit_finds_the_lost_games_move_and_report)
{
    char cmd[1024];
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-ab-audit %s 2>&1", LOA_BIN_DIR, LOA_AB_CASE);
    char *out = ab_run(cmd, &st);
    ck_assert_int_eq(st, 1);
    ck_assert_msg(strstr(out, "ply 35: d2g5 lets the opponent connect at once; 22 of 23 moves do "
                              "not") &&
                      strstr(out, "ply 35: d2g5 depth 12 score -223: the PV ends the game after "
                                  "2 plies (a loss) but the score is -223, not -29998") &&
                      strstr(out, "moves letting the opponent connect when another did not: 1"),
                  "%s", out);
    free(out);
}
END_TEST

int main(void)
{
    if (access(LOA_AB_CASE, R_OK) != 0) {
        printf("ab_case: %s is absent: skipped\n", LOA_AB_CASE);
        return 77;
    }
    const loa_tcase cases[] = {
        {"replays_the_lost_game_without_letting_white_connect",
         replays_the_lost_game_without_letting_white_connect, 240},
        {"audit_finds_the_lost_games_move_and_report", audit_finds_the_lost_games_move_and_report,
         30},
    };
    return loa_run_suite("ab_case", cases, LOA_COUNT(cases));
}
