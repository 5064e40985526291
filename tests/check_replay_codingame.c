/*
 * check_replay_codingame - games recorded by CodinGame itself, read where a
 * record is read (replay_game_parse, loa-replay --record):
 *
 *   check_replay_codingame          the site-shaped fixtures of the tree
 *     (tests/fixtures/codingame/X.site.json, made by make_site.py from the
 *     engine results): bare and in {"success": ...}, a frame without agentId,
 *     a stderr cut by the site, refusals naming the frame (a truncated file,
 *     an illegal move, a wrong seed, swapped scores, another game's JSON,
 *     summaries, frames out of turn), what is not a game, the record written
 *     and nothing written on a refusal;
 *   check_replay_codingame cases    CodinGame's engine results in
 *     LOA_CODINGAME_CASES (../shared/cases/codingame, given by CMake): each
 *     imports to the moves, comments, result and reason of the loa-referee
 *     record beside it, the site shape to the same record, and mutated
 *     copies are refused naming the frame. Exit 77 (skipped) when the folder
 *     is absent.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "replay/replay.h"
#include "replay_test_util.h"
#include "util/file.h"

#define SITE LOA_SOURCE_DIR "/tests/fixtures/codingame/"
#define CASES LOA_CODINGAME_CASES "/"

static const char *const games[] = {"normal", "random-and-comments", "timeout", "invalid", "pass"};

static char *slurp(const char *path, size_t *len)
{
    char *text;
    ck_assert_msg(util_read_file(path, 64u << 20, &text, len) == 0, "cannot read %s", path);
    return text;
}

static cJSON *json_file(const char *path)
{
    size_t len;
    char *t = slurp(path, &len);
    cJSON *j = cJSON_ParseWithLength(t, len);
    free(t);
    ck_assert_msg(j != NULL, "%s: not JSON", path);
    return j;
}

/* replay_game_parse of text; rc returned, the game in *g (NULL on error). */
static int parse(const char *text, const char *src, replay_game **g, char *err, size_t errsz)
{
    return replay_game_parse(text, strlen(text), src, g, err, errsz);
}

static int parse_json(const cJSON *j, const char *src, replay_game **g, char *err, size_t errsz)
{
    char *t = cJSON_PrintUnformatted(j);
    int rc = parse(t, src, g, err, errsz);
    cJSON_free(t);
    return rc;
}

static replay_game *import_file(const char *path)
{
    replay_game *g;
    char err[512];
    int rc = replay_game_load(path, &g, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", path, err);
    return g;
}

/* A copy of the record without its "import" (where it came from). */
static cJSON *record_body(const replay_game *g)
{
    cJSON *r = cJSON_Duplicate(replay_game_record(g), 1);
    cJSON_DeleteItemFromObjectCaseSensitive(r, "import");
    return r;
}

static const cJSON *at(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    ck_assert_msg(v != NULL, "no \"%s\"", k);
    return v;
}

static void same_item(const cJSON *a, const cJSON *b, const char *what, int i)
{
    char *x = cJSON_PrintUnformatted(a), *y = cJSON_PrintUnformatted(b);
    ck_assert_msg(cJSON_Compare(a, b, 1), "%s (ply index %d): imported %s, loa-referee %s", what, i,
                  x, y);
    cJSON_free(x);
    cJSON_free(y);
}

/* The imported record rec against loa-referee's record ref of the same
 * game: moves, every ply's answer, comment, `random` and move, stderr
 * (loa-ab's timings aside), players, seed and result. */
static void same_game(const cJSON *rec, const cJSON *ref)
{
    same_item(at(rec, "moves"), at(ref, "moves"), "moves", -1);
    same_item(at(rec, "seed_text"), at(ref, "seed_text"), "seed_text", -1);
    const cJSON *pa = at(rec, "plies"), *pb = at(ref, "plies");
    ck_assert_int_eq(cJSON_GetArraySize(pa), cJSON_GetArraySize(pb));
    for (int i = 0; i < cJSON_GetArraySize(pa); i++) {
        const cJSON *a = cJSON_GetArrayItem(pa, i), *b = cJSON_GetArrayItem(pb, i);
        static const char *const keys[] = {"ply", "player", "color", "output", "move", "comment",
                                           "random"};
        for (size_t k = 0; k < LOA_COUNT(keys); k++)
            same_item(at(a, keys[k]), at(b, keys[k]), keys[k], i);
        const char *ea = at(a, "stderr")->valuestring, *eb = at(b, "stderr")->valuestring;
        /* loa-ab's lines end in its search time: the same up to " time " */
        const char *ta = strstr(ea, " time "), *tb = strstr(eb, " time ");
        if (strncmp(ea, "loa-ab: ", 8) == 0 && ta && tb)
            ck_assert_msg(ta - ea == tb - eb && strncmp(ea, eb, (size_t)(ta - ea)) == 0,
                          "stderr (ply index %d): '%s' vs '%s'", i, ea, eb);
        else
            ck_assert_msg(strcmp(ea, eb) == 0, "stderr (ply index %d): '%s' vs '%s'", i, ea, eb);
    }
    const cJSON *ra = at(rec, "result"), *rb = at(ref, "result");
    static const char *const rkeys[] = {"winner", "reason", "scores", "fault", "plies"};
    for (size_t k = 0; k < LOA_COUNT(rkeys); k++)
        same_item(at(ra, rkeys[k]), at(rb, rkeys[k]), rkeys[k], -1);
    same_item(at(rec, "scores"), at(ref, "scores"), "scores (log key)", -1);
    for (int p = 0; p < 2; p++)
        same_item(at(cJSON_GetArrayItem(at(rec, "players"), p), "name"),
                  at(cJSON_GetArrayItem(at(ref, "players"), p), "name"), "players[].name", -1);
}

/* "{"success": <text>}": the site's older wrapper. */
static char *wrapped(const char *text)
{
    size_t n = strlen(text);
    char *w = malloc(n + 16);
    snprintf(w, n + 16, "{\"success\":%s}", text);
    return w;
}

/* Expects a refusal with code rc whose one-line message holds every
 * needle (e.g. the frame). */
static void refused(const char *text, const char *src, int rc, const char *n1, const char *n2)
{
    replay_game *g = (replay_game *)1;
    char err[512] = "";
    int got = parse(text, src, &g, err, sizeof err);
    ck_assert_msg(got == rc, "%s: code %d (%s), expected %d", src, got, err, rc);
    ck_assert_ptr_null(g);
    ck_assert_msg(strchr(err, '\n') == NULL, "%s: more than one line: %s", src, err);
    ck_assert_msg(strncmp(err, src, strlen(src)) == 0, "%s: does not name the file: %s", src, err);
    ck_assert_msg(!n1 || strstr(err, n1), "%s: '%s' not in: %s", src, n1, err);
    ck_assert_msg(!n2 || strstr(err, n2), "%s: '%s' not in: %s", src, n2, err);
}

static void refused_json(const cJSON *j, const char *src, int rc, const char *n1, const char *n2)
{
    char *t = cJSON_PrintUnformatted(j);
    refused(t, src, rc, n1, n2);
    cJSON_free(t);
}

static cJSON *frame_of(cJSON *site, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(site, "frames"), i);
}

static void set_string(cJSON *o, const char *key, const char *v)
{
    cJSON_DeleteItemFromObjectCaseSensitive(o, key);
    cJSON_AddStringToObject(o, key, v);
}

static void set_number(cJSON *o, const char *key, double v)
{
    cJSON_DeleteItemFromObjectCaseSensitive(o, key);
    cJSON_AddNumberToObject(o, key, v);
}

/* ------------------------------------------------ the tree's site fixtures */

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
    ck_assert(cJSON_IsTrue(at(cJSON_GetArrayItem(at(replay_game_record(g), "plies"), 0), "stderr_cut")));
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
    set_string(frame_of(s, 4), "summary", "\xc2\xa4RED\xc2\xa4$0 did not output in time!\xc2\xa7RED\xc2\xa7\n");
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
    refused("{\"frames\":[{\"gameInformation\":\"\",\"summary\":\"\",\"view\":\"0\\n\",\"keyframe\":true,"
            "\"agentId\":-1},{\"gameInformation\":\"\",\"stdout\":\"SPAWN 1 16 7;MOVE 1 17 6 18 6\\n\","
            "\"view\":\"1\\n\",\"keyframe\":false,\"agentId\":0},{\"gameInformation\":\"\",\"stdout\":"
            "\"WAIT;\\n\",\"view\":\"2\\n\",\"keyframe\":true,\"agentId\":1}],\"gameId\":685525946,"
            "\"refereeInput\":\"seed=8230804622412230000\\n\",\"scores\":[49,26],\"ranks\":[0,1],"
            "\"tooltips\":[],\"agents\":[],\"metadata\":{}}",
            "fall2022.json", REPLAY_E_CONTRADICTS, "frame 1:", "not a move");
    /* An engine result of a tic-tac-toe referee: row and column answers. */
    refused("{\"errors\":{\"0\":[null,null,null],\"1\":[null,null,null]},\"outputs\":{\"0\":[null,"
            "\"1 1\\n\",null],\"1\":[null,null,\"0 2\\n\"]},\"summaries\":[\"\",\"\",\"\"],\"views\":[],"
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
    refused("{\"frames\": [{\"agentId\": -1}], \"refereeInput\": \"seed=x1\\n\", \"scores\": [0, 0]}",
            "badseed.json", REPLAY_E_FIELD, "seed=x1", NULL);
    refused("{\"frames\": [{\"agentId\": 3}]}", "agent.json", REPLAY_E_FIELD, "frame 0", "agentId");
    refused("{\"outputs\": {\"0\": [null]}, \"summaries\": [\"\"]}", "lists.json", REPLAY_E_FIELD,
            "outputs[\"1\"]", NULL);
    refused("{\"outputs\": {}, \"summaries\": [], \"failCause\": \"java.lang.NullPointerException\"}",
            "crash.json", REPLAY_E_CONTRADICTS, "failCause", NULL);
    /* JSON text is UTF-8: a Latin-1 byte is named */
    refused("{\"frames\": [], \"x\": \"caf\xe9\"}", "latin1.json", REPLAY_E_JSON, "byte 24", "UTF-8");
    /* one frame and no answer: the game never ended */
    refused("{\"frames\": [{\"agentId\": -1}], \"refereeInput\": \"seed=1\\n\", \"scores\": [0, 0]}",
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
    ck_assert_msg(strstr(cmd, "-p1 'BLACK_BOT' -p2 'WHITE_BOT'") && strstr(cmd, "--seed '-5'"), "%s", cmd);
    free(cmd);
    free(html);
    replay_game_free(g);
}
END_TEST

/* ------------------------------------------- CodinGame's engine results */

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
    cJSON_ReplaceItemInObjectCaseSensitive(e, "uinput", cJSON_CreateStringArray((const char *[]){"seed=4\n"}, 1));
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

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "cases") == 0) {
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
    return loa_run_suite_loops("replay_codingame", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
