/*
 * check_replay_codingame_cases - CodinGame's engine results in
 * LOA_CODINGAME_CASES (../shared/cases/codingame, given by CMake): each
 * imports to the moves, comments, result and reason of the loa-referee
 * record beside it, the site shape (tests/fixtures/codingame) to the same
 * record, and mutated copies are refused naming the frame. Exit 77
 * (skipped) when the folder is absent. The tree's site fixtures alone:
 * check_replay_codingame.
 */
#include "replay_codingame_test_util.h"

START_TEST(engine_result_imports_as_the_loa_referee_record)
{
    char path[600], ref[600];
    snprintf(path, sizeof path, CASES "%s.json", games[_i]);
    snprintf(ref, sizeof ref, CASES "%s.loa-referee.json", games[_i]);
    replay_game *g = import_file(path);
    ck_assert_str_eq(replay_game_info(g)->imported_from, "codingame-engine");
    cJSON *r = json_file(ref);
    same_game(replay_game_record(g), r);
    cJSON_Delete(r);
    replay_game_free(g);
}
END_TEST

START_TEST(site_replay_imports_as_the_engine_result_and_loa_referee_record)
{
    char path[600], ref[600], site[600], err[512];
    snprintf(path, sizeof path, CASES "%s.json", games[_i]);
    snprintf(ref, sizeof ref, CASES "%s.loa-referee.json", games[_i]);
    snprintf(site, sizeof site, SITE "%s.site.json", games[_i]);
    replay_game *e = import_file(path), *s = import_file(site), *w;
    size_t len;
    char *text = slurp(site, &len), *wt = wrapped(text);
    ck_assert_msg(parse(wt, site, &w, err, sizeof err) == 0, "%s", err);
    cJSON *a = record_body(e), *b = record_body(s), *c = record_body(w), *r = json_file(ref);
    ck_assert(cJSON_Compare(a, b, 1));
    ck_assert(cJSON_Compare(a, c, 1));
    same_game(b, r);
    same_game(c, r);
    cJSON_Delete(a), cJSON_Delete(b), cJSON_Delete(c), cJSON_Delete(r);
    replay_game_free(e), replay_game_free(s), replay_game_free(w);
    free(wt);
    free(text);
}
END_TEST

START_TEST(refuses_engine_results_that_do_not_replay)
{
    /* truncated: cut inside the views, the frame named */
    size_t len;
    char *text = slurp(CASES "normal.json", &len);
    text[len * 2 / 3] = '\0';
    refused(text, "truncated.json", REPLAY_E_JSON, "frame ", "truncated");
    free(text);
    /* a frame's move changed to an illegal one */
    cJSON *e = json_file(CASES "normal.json");
    cJSON *o0 = (cJSON *)at(at(e, "outputs"), "0");
    cJSON_ReplaceItemInArray(o0, 5, cJSON_CreateString("a1a2\n"));
    refused_json(e, "illegal.json", REPLAY_E_CONTRADICTS, "frame 5:", "no legal move is a prefix");
    cJSON_Delete(e);
    /* a wrong seed: black answers `random` every turn */
    e = json_file(CASES "random-and-comments.json");
    cJSON_ReplaceItemInObjectCaseSensitive(e, "uinput",
                                           cJSON_CreateStringArray((const char *[]){"seed=4\n"},
                                                                   1));
    refused_json(e, "seed.json", REPLAY_E_CONTRADICTS, "frame ", "drawn from seed=4");
    cJSON_Delete(e);
    /* scores swapped, a win and a timeout */
    e = json_file(CASES "normal.json");
    set_number((cJSON *)at(e, "scores"), "0", 0);
    set_number((cJSON *)at(e, "scores"), "1", 1);
    refused_json(e, "swapped.json", REPLAY_E_CONTRADICTS, "frame 19:", "scores are 1 0");
    cJSON_Delete(e);
    e = json_file(CASES "timeout.json");
    set_number((cJSON *)at(e, "scores"), "0", -1);
    set_number((cJSON *)at(e, "scores"), "1", 0);
    refused_json(e, "swapped2.json", REPLAY_E_CONTRADICTS, "frame 10:", "timed out");
    cJSON_Delete(e);
    /* the lists of a cut file disagree on the number of frames */
    e = json_file(CASES "pass.json");
    cJSON_DeleteItemFromArray((cJSON *)at(at(e, "errors"), "1"), 150);
    refused_json(e, "lists.json", REPLAY_E_FIELD, "errors[\"1\"]", "cut file");
    cJSON_Delete(e);
    /* an answer out of turn */
    e = json_file(CASES "invalid.json");
    cJSON_ReplaceItemInArray((cJSON *)at(at(e, "outputs"), "1"), 3, cJSON_CreateString("a2a4\n"));
    refused_json(e, "turn.json", REPLAY_E_CONTRADICTS, "frame 3 ", "out of turn");
    cJSON_Delete(e);
}
END_TEST

START_TEST(stderr_written_while_waiting_goes_to_the_next_ply)
{
    /* The engine's frame 0 (before the first turn) and a frame of the
     * opponent's turn may hold a bot's stderr: it is that bot's next ply's,
     * as in loa-referee's records. */
    cJSON *e = json_file(CASES "invalid.json");
    cJSON *e1 = (cJSON *)at(at(e, "errors"), "1");
    cJSON_ReplaceItemInArray(e1, 0, cJSON_CreateString("starting\n"));
    cJSON_ReplaceItemInArray(e1, 1, cJSON_CreateString("waiting\n"));
    cJSON_ReplaceItemInArray(e1, 2, cJSON_CreateString("moving\n"));
    replay_game *g;
    char err[512];
    ck_assert_msg(parse_json(e, "waiting.json", &g, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(replay_game_ply(g, 2)->turn.stderr_tail, "starting\nwaiting\nmoving\n");
    ck_assert_str_eq(replay_game_ply(g, 1)->turn.stderr_tail, "");
    ck_assert_str_eq(replay_game_ply(g, 4)->turn.stderr_tail, "");
    replay_game_free(g);
    cJSON_Delete(e);
}
END_TEST

int main(void)
{
    struct stat st;
    if (stat(LOA_CODINGAME_CASES, &st) != 0) {
        printf("skipped: no CodinGame engine results in %s\n", LOA_CODINGAME_CASES);
        return 77;
    }
    const loa_tcase cases[] = {
        {"refuses_engine_results_that_do_not_replay", refuses_engine_results_that_do_not_replay,
         30},
        {"stderr_written_while_waiting_goes_to_the_next_ply",
         stderr_written_while_waiting_goes_to_the_next_ply, 10},
    };
    const loa_loop_tcase loops[] = {
        {"engine_result_imports_as_the_loa_referee_record",
         engine_result_imports_as_the_loa_referee_record, 30, (int)LOA_COUNT(games)},
        {"site_replay_imports_as_the_engine_result_and_loa_referee_record",
         site_replay_imports_as_the_engine_result_and_loa_referee_record, 30,
         (int)LOA_COUNT(games)},
    };
    return loa_run_suite_loops("replay_codingame_cases", cases, LOA_COUNT(cases), loops,
                               LOA_COUNT(loops));
}
