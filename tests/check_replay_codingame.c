/*
 * check_replay_codingame - games recorded by CodinGame itself, read where a
 * record is read (replay_game_parse, loa-replay --record): the site-shaped
 * fixtures of the tree (tests/fixtures/codingame/X.site.json, made by
 * make_site.py from the engine results): bare and in {"success": ...}, a
 * frame without agentId, a stderr cut by the site, refusals naming the
 * frame (a truncated file, an illegal move, a wrong seed, swapped scores,
 * another game's JSON, summaries, frames out of turn), what is not a game,
 * the record written and nothing written on a refusal. CodinGame's engine
 * results: check_replay_codingame_cases.
 */
#include "replay_codingame_test_util.h"

START_TEST(site_replay_imports_the_same_bare_and_wrapped)
{
    char path[512], err[512];
    snprintf(path, sizeof path, SITE "%s.site.json", games[_i]);
    size_t len;
    char *text = slurp(path, &len), *w = wrapped(text);
    replay_game *a, *b;
    ck_assert_msg(parse(text, path, &a, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(parse(w, path, &b, err, sizeof err) == 0, "wrapped: %s", err);
    ck_assert(cJSON_Compare(replay_game_record(a), replay_game_record(b), 1));
    const replay_info *in = replay_game_info(a);
    ck_assert_str_eq(in->imported_from, "codingame-site");
    ck_assert_ptr_null(in->commands[0]);
    /* the site's gameId goes with the record */
    const cJSON *im = at(replay_game_record(a), "import");
    ck_assert_str_eq(at(im, "from")->valuestring, "codingame-site");
    ck_assert_int_eq((int)at(im, "game_id")->valuedouble, 900000001 + _i);
    /* every ply of the record has a turn, and no time */
    for (int n = 1; n <= in->plies; n++) {
        const replay_ply *p = replay_game_ply(a, n);
        ck_assert(p->has_turn);
        ck_assert_int_eq(p->turn.time_us, -1);
    }
    replay_game_free(a);
    replay_game_free(b);
    free(w);
    free(text);
}
END_TEST

START_TEST(a_frame_without_agent_id_is_the_movers)
{
    /* The site's timeout frame is inferred: with agentId -1 (or the mover)
     * it is the mover's missing answer; an answer frame with -1 is the
     * mover's too. */
    cJSON *site = json_file(SITE "timeout.site.json");
    replay_game *a = import_file(SITE "timeout.site.json"), *b;
    char err[512];
    set_number(frame_of(site, 10), "agentId", -1);
    set_number(frame_of(site, 3), "agentId", -1);
    ck_assert_msg(parse_json(site, "agentless.json", &b, err, sizeof err) == 0, "%s", err);
    ck_assert(cJSON_Compare(replay_game_record(a), replay_game_record(b), 1));
    ck_assert_str_eq(replay_game_info(b)->reason, "timeout");
    ck_assert_str_eq(replay_game_info(b)->error_turn->stderr_tail, "turn 5: sleeping 300 ms\n");
    replay_game_free(b);
    /* the arena boss's nickname names white */
    ck_assert_str_eq(replay_game_info(a)->names[1], "bots/sleeper.sh");
    replay_game_free(a);
    /* agentId of the player not to move: refused */
    set_number(frame_of(site, 3), "agentId", 1);
    refused_json(site, "wrong-agent.json", REPLAY_E_CONTRADICTS, "frame 3", "out of turn");
    cJSON_Delete(site);
}
END_TEST

START_TEST(a_stderr_cut_by_the_site_is_kept_and_marked)
{
    cJSON *site = json_file(SITE "normal.site.json");
    char *cut = malloc(4096 + 4);
    memset(cut, 'x', 4096);
    memcpy(cut + 4096, "...", 4);
    set_string(frame_of(site, 1), "stderr", cut);
    set_string(frame_of(site, 3), "stderr", "thinking...");
    replay_game *g;
    char err[512];
    ck_assert_msg(parse_json(site, "cut.json", &g, err, sizeof err) == 0, "%s", err);
    const replay_ply *p1 = replay_game_ply(g, 1), *p3 = replay_game_ply(g, 3);
    ck_assert_str_eq(p1->turn.stderr_tail, cut);
    ck_assert(p1->turn.stderr_cut);
    ck_assert_str_eq(p3->turn.stderr_tail, "thinking..."); /* short: the bot's own dots */
    ck_assert(!p3->turn.stderr_cut);
    ck_assert(
        cJSON_IsTrue(at(cJSON_GetArrayItem(at(replay_game_record(g), "plies"), 0), "stderr_cut")));
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    ck_assert_int_eq(replay_text(g, 1, f, err, sizeof err), 0);
    fclose(f);
    ck_assert_msg(strstr(buf, "cut by CodinGame's site"), "%s", buf);
    free(buf);
    replay_game_free(g);
    free(cut);
    cJSON_Delete(site);
}
END_TEST

START_TEST(refuses_site_replays_that_do_not_replay)
{
    char err[512];
    /* a truncated download: the frame it stops in */
    size_t len;
    char *text = slurp(SITE "normal.site.json", &len);
    text[len * 3 / 4] = '\0';
    refused(text, "truncated.json", REPLAY_E_JSON, "frame ", "truncated");
    free(text);
    /* a move changed to an illegal one */
    cJSON *s = json_file(SITE "normal.site.json");
    set_string(frame_of(s, 6), "stdout", "a1a2\n");
    refused_json(s, "illegal.json", REPLAY_E_CONTRADICTS, "frame 6:", "no legal move is a prefix");
    cJSON_Delete(s);
    /* a wrong seed: black's `random` answers diverge */
    s = json_file(SITE "random-and-comments.site.json");
    set_string(s, "refereeInput", "seed=4\n");
    refused_json(s, "seed.json", REPLAY_E_CONTRADICTS, "frame ", "drawn from seed=4");
    cJSON_Delete(s);
    /* scores swapped */
    s = json_file(SITE "normal.site.json");
    cJSON_ReplaceItemInObjectCaseSensitive(s, "scores", cJSON_CreateIntArray((int[]){0, 1}, 2));
    refused_json(s, "swapped.json", REPLAY_E_CONTRADICTS, "frame 19:", "scores are 1 0");
    cJSON_Delete(s);
    s = json_file(SITE "invalid.site.json");
    cJSON_ReplaceItemInObjectCaseSensitive(s, "scores", cJSON_CreateIntArray((int[]){0, -1}, 2));
    refused_json(s, "swapped2.json", REPLAY_E_CONTRADICTS, "frame 7:", "scores are -1 0");
    cJSON_Delete(s);
    /* frames cut off (valid JSON): the game is not over at the last one */
    s = json_file(SITE "normal.site.json");
    for (int i = 0; i < 5; i++)
        cJSON_DeleteItemFromArray((cJSON *)at(s, "frames"), 15);
    refused_json(s, "short.json", REPLAY_E_CONTRADICTS, "frame 14:", "goes on");
    cJSON_Delete(s);
    /* a frame after the end */
    s = json_file(SITE "invalid.site.json");
    cJSON_AddItemToArray((cJSON *)at(s, "frames"), cJSON_Duplicate(frame_of(s, 6), 1));
    refused_json(s, "longer.json", REPLAY_E_CONTRADICTS, "frame 7:", "goes on to frame 8");
    cJSON_Delete(s);
    /* summaries: the end frame's says another winner; an earlier one an end */
    s = json_file(SITE "normal.site.json");
    set_string(frame_of(s, 19), "summary", "\xc2\xa4RED\xc2\xa4$1 won\xc2\xa7RED\xc2\xa7\n");
    refused_json(s, "summary.json", REPLAY_E_CONTRADICTS, "frame 19:", "\"$0 won\"");
    cJSON_Delete(s);
    s = json_file(SITE "normal.site.json");
    set_string(frame_of(s, 4), "summary",
               "\xc2\xa4RED\xc2\xa4$0 did not output in time!\xc2\xa7RED\xc2\xa7\n");
    refused_json(s, "early.json", REPLAY_E_CONTRADICTS, "frame 4:", "goes on");
    cJSON_Delete(s);
    /* a timeout where an answer was: the game would end there */
    s = json_file(SITE "normal.site.json");
    cJSON_DeleteItemFromObjectCaseSensitive(frame_of(s, 8), "stdout");
    refused_json(s, "no-answer.json", REPLAY_E_CONTRADICTS, "frame 8:", "timed out");
    cJSON_Delete(s);
    /* two lines in one answer: the engine reads one */
    s = json_file(SITE "normal.site.json");
    set_string(frame_of(s, 2), "stdout", "a2a4\nh7h5\n");
    refused_json(s, "two-lines.json", REPLAY_E_CONTRADICTS, "frame 2 (ply 2, white to play)",
                 "more than one line");
    cJSON_Delete(s);
    /* an answer in the initial frame */
    s = json_file(SITE "normal.site.json");
    set_string(frame_of(s, 0), "stdout", "b1b3\n");
    refused_json(s, "frame0.json", REPLAY_E_CONTRADICTS, "frame 0", NULL);
    cJSON_Delete(s);
    (void)err;
}
END_TEST

START_TEST(refuses_another_games_json)
{
    /* The site's replay of a simultaneous-move game (the shape of the
     * public downloads; an answer per frame that is no LOA move). */
    refused(
        "{\"frames\":[{\"gameInformation\":\"\",\"summary\":\"\",\"view\":\"0\\n\",\"keyframe\":"
        "true,"
        "\"agentId\":-1},{\"gameInformation\":\"\",\"stdout\":\"SPAWN 1 16 7;MOVE 1 17 6 18 6\\n\","
        "\"view\":\"1\\n\",\"keyframe\":false,\"agentId\":0},{\"gameInformation\":\"\",\"stdout\":"
        "\"WAIT;\\n\",\"view\":\"2\\n\",\"keyframe\":true,\"agentId\":1}],\"gameId\":685525946,"
        "\"refereeInput\":\"seed=8230804622412230000\\n\",\"scores\":[49,26],\"ranks\":[0,1],"
        "\"tooltips\":[],\"agents\":[],\"metadata\":{}}",
        "fall2022.json", REPLAY_E_CONTRADICTS, "frame 1:", "not a move");
    /* An engine result of a tic-tac-toe referee: row and column answers. */
    refused("{\"errors\":{\"0\":[null,null,null],\"1\":[null,null,null]},\"outputs\":{\"0\":[null,"
            "\"1 1\\n\",null],\"1\":[null,null,\"0 "
            "2\\n\"]},\"summaries\":[\"\",\"\",\"\"],\"views\":[],"
            "\"scores\":{\"0\":1,\"1\":0},\"uinput\":[\"seed=5\\n\"],\"metadata\":\"{}\\n\","
            "\"tooltips\":[],\"ids\":{\"0\":0,\"1\":1},\"agents\":[]}",
            "tictactoe.json", REPLAY_E_CONTRADICTS, "frame 1:", "invalid action '1 1'");
}
END_TEST

START_TEST(names_what_is_not_a_game)
{
    refused("{\"foo\": 1}", "foo.json", REPLAY_E_FORMAT, "not a game record", NULL);
    refused("{\"error\": {\"message\": \"You must be logged in\"}}", "err.json", REPLAY_E_FORMAT,
            "answered an error", "logged in");
    refused("{\"frames\": []}", "empty.json", REPLAY_E_FIELD, "\"frames\"", NULL);
    refused("{\"frames\": [{\"agentId\": -1}], \"scores\": [0, 0]}", "noseed.json", REPLAY_E_FIELD,
            "refereeInput", NULL);
    refused(
        "{\"frames\": [{\"agentId\": -1}], \"refereeInput\": \"seed=x1\\n\", \"scores\": [0, 0]}",
        "badseed.json", REPLAY_E_FIELD, "seed=x1", NULL);
    refused("{\"frames\": [{\"agentId\": 3}]}", "agent.json", REPLAY_E_FIELD, "frame 0", "agentId");
    refused("{\"outputs\": {\"0\": [null]}, \"summaries\": [\"\"]}", "lists.json", REPLAY_E_FIELD,
            "outputs[\"1\"]", NULL);
    refused(
        "{\"outputs\": {}, \"summaries\": [], \"failCause\": \"java.lang.NullPointerException\"}",
        "crash.json", REPLAY_E_CONTRADICTS, "failCause", NULL);
    /* JSON text is UTF-8: a Latin-1 byte is named */
    refused("{\"frames\": [], \"x\": \"caf\xe9\"}", "latin1.json", REPLAY_E_JSON, "byte 24",
            "UTF-8");
    /* one frame and no answer: the game never ended */
    refused(
        "{\"frames\": [{\"agentId\": -1}], \"refereeInput\": \"seed=1\\n\", \"scores\": [0, 0]}",
        "nogame.json", REPLAY_E_CONTRADICTS, "frame 0:", "goes on");
}
END_TEST

START_TEST(keeps_a_seed_past_2_53_exact)
{
    /* normal has no `random` answer: any seed replays it */
    cJSON *s = json_file(SITE "normal.site.json");
    set_string(s, "refereeInput", "seed=9007199254740993\n");
    replay_game *g;
    char err[512], dir[] = "/tmp/check_replay_cg.XXXXXX", path[600];
    ck_assert_msg(parse_json(s, "bigseed.json", &g, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(replay_game_info(g)->seed_text, "9007199254740993");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/r.json", dir);
    ck_assert_int_eq(replay_write_record(g, path, err, sizeof err), 0);
    size_t len;
    char *t = slurp(path, &len);
    ck_assert_msg(strstr(t, "\"seed\":\t9007199254740993,"), "%.300s", t);
    ck_assert(t[len - 1] == '\n');
    free(t);
    /* the written record reads back as the same game */
    replay_game *back = import_file(path);
    ck_assert(cJSON_Compare(replay_game_record(g), replay_game_record(back), 1));
    /* now a record, which keeps where it came from */
    ck_assert_str_eq(replay_game_info(back)->imported_from, "codingame-site");
    replay_game_free(back);
    replay_game_free(g);
    unlink(path);
    rmdir(dir);
    cJSON_Delete(s);
}
END_TEST

START_TEST(cli_writes_the_record_or_nothing)
{
    char dir[] = "/tmp/check_replay_cg.XXXXXX", cmd[2048], out[8192], path[600];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' --record %s/t.json " SITE "timeout.site.json 2>&1",
             LOA_BIN_DIR, dir);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    snprintf(path, sizeof path, "%s/t.json", dir);
    replay_game *g = import_file(path), *site = import_file(SITE "timeout.site.json");
    cJSON *a = record_body(g), *b = record_body(site);
    ck_assert(cJSON_Compare(a, b, 1));
    cJSON_Delete(a);
    cJSON_Delete(b);
    replay_game_free(g);
    replay_game_free(site);
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' --text %s/t.json 2>&1", LOA_BIN_DIR, dir);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "timeout, scores 0 -1"), "%s", out);
    /* a refused file: one line naming the frame, exit 1, nothing written */
    cJSON *s = json_file(SITE "normal.site.json");
    cJSON_ReplaceItemInObjectCaseSensitive(s, "scores", cJSON_CreateIntArray((int[]){0, 1}, 2));
    char *t = cJSON_PrintUnformatted(s);
    snprintf(path, sizeof path, "%s/bad.json", dir);
    ck_assert_int_eq(util_write_file_atomic(path, t, strlen(t)), 0);
    cJSON_free(t);
    cJSON_Delete(s);
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' --record %s/out.json %s/bad.json 2>&1", LOA_BIN_DIR,
             dir, dir);
    ck_assert_int_eq(run(cmd, out, sizeof out), 1);
    ck_assert_msg(strncmp(out, "loa-replay: ", 12) == 0 && strstr(out, "frame 19:") &&
                      strchr(out, '\n') == out + strlen(out) - 1,
                  "%s", out);
    snprintf(path, sizeof path, "%s/out.json", dir);
    struct stat st;
    ck_assert_int_ne(stat(path, &st), 0);
    /* --record goes alone */
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' --record %s/x.json --text %s/bad.json 2>&1",
             LOA_BIN_DIR, dir, dir);
    ck_assert_int_eq(run(cmd, out, sizeof out), 2);
    snprintf(cmd, sizeof cmd, "rm -r %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(page_of_an_imported_game_says_so)
{
    replay_game *g = import_file(SITE "invalid.site.json");
    char *html, err[512];
    ck_assert_int_eq(replay_html(g, &html, NULL, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(html, "\"imported_from\":\"codingame-site\""));
    ck_assert_ptr_nonnull(strstr(html, "\"time_us\":null"));
    /* the command to play it again: the seed, the bots to fill in */
    char *cmd = replay_game_command(g);
    ck_assert_msg(strstr(cmd, "-p1 'BLACK_BOT' -p2 'WHITE_BOT'") && strstr(cmd, "--seed '-5'"),
                  "%s", cmd);
    free(cmd);
    free(html);
    replay_game_free(g);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_frame_without_agent_id_is_the_movers", a_frame_without_agent_id_is_the_movers, 10},
        {"a_stderr_cut_by_the_site_is_kept_and_marked", a_stderr_cut_by_the_site_is_kept_and_marked,
         10},
        {"refuses_site_replays_that_do_not_replay", refuses_site_replays_that_do_not_replay, 30},
        {"refuses_another_games_json", refuses_another_games_json, 10},
        {"names_what_is_not_a_game", names_what_is_not_a_game, 10},
        {"keeps_a_seed_past_2_53_exact", keeps_a_seed_past_2_53_exact, 10},
        {"cli_writes_the_record_or_nothing", cli_writes_the_record_or_nothing, 30},
        {"page_of_an_imported_game_says_so", page_of_an_imported_game_says_so, 10},
    };
    const loa_loop_tcase loops[] = {
        {"site_replay_imports_the_same_bare_and_wrapped",
         site_replay_imports_the_same_bare_and_wrapped, 30, (int)LOA_COUNT(games)},
    };
    return loa_run_suite_loops("replay_codingame", cases, LOA_COUNT(cases), loops,
                               LOA_COUNT(loops));
}
