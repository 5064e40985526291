/*
 * check_replay - the replay library (loa_replay) and loa-replay: records
 * read into the page model with positions from the SDK, hostile records
 * refused with a message naming the bad field, the text view, the page's
 * contents (self-contained, data escaped for its <script> element) and the
 * command line (the text view: check_replay_text; the league pages:
 * check_replay_league).
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
#include "loa/board.h"
#include "loa/movegen.h"
#include "loa/notation.h"
#include "replay/replay.h"
#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"
#define REPLAY_FIXTURES FIXTURES
#include "replay_test_util.h"

/* The board text after every move of `moves`, replayed here. */
static void check_boards(const replay_game *g, const char *const *moves, int n)
{
    loa_board b;
    loa_board_init(&b);
    for (int k = 0;; k++) {
        char want[65];
        for (int i = 0; i < 64; i++)
            want[i] = loa_board_square_char(&b, LOA_SQUARE(i % 8, 7 - i / 8));
        want[64] = '\0';
        ck_assert_str_eq(replay_game_board(g, k), want);
        if (k == n)
            break;
        loa_move m;
        ck_assert_int_eq(loa_move_parse(moves[k], &m), 0);
        loa_make_move(&b, m, NULL);
    }
    ck_assert_ptr_null(replay_game_board(g, n + 1));
    ck_assert_ptr_null(replay_game_board(g, -1));
}

static const char *const fixtures[] = {"normal", "pass", "draw", "error", "opening"};
static const int fixture_plies[] = {25, 150, 150, 4, 25};
static const char *const fixture_reasons[] = {"connected", "ply_limit", "ply_limit", "invalid_pass",
                                              "connected"};

START_TEST(loads_every_kind_of_game)
{
    replay_game *g = fixture_game(fixtures[_i]);
    const replay_info *in = replay_game_info(g);
    ck_assert_int_eq(in->plies, fixture_plies[_i]);
    ck_assert_str_eq(in->reason, fixture_reasons[_i]);
    char *text = fixture_json_text(fixtures[_i]);
    cJSON *r = cJSON_Parse(text);
    const char *moves[200];
    int n = 0;
    const cJSON *op = cJSON_GetObjectItem(r, "opening"), *m;
    char opbuf[256] = "";
    if (cJSON_IsString(op)) {
        snprintf(opbuf, sizeof opbuf, "%s", op->valuestring);
        for (char *s = NULL, *t = strtok_r(opbuf, " ", &s); t; t = strtok_r(NULL, " ", &s))
            moves[n++] = t;
    }
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(r, "moves")) moves[n++] = m->valuestring;
    check_boards(g, moves, n);
    cJSON_Delete(r);
    free(text);
    replay_game_free(g);
}
END_TEST

START_TEST(plies_carry_their_turns_and_limits)
{
    replay_game *g = fixture_game("error");
    const replay_ply *p1 = replay_game_ply(g, 1), *p3 = replay_game_ply(g, 3),
                     *p4 = replay_game_ply(g, 4);
    ck_assert_str_eq(p1->move, "e1e3");
    ck_assert_str_eq(p1->olympiad, "E1-E3");
    ck_assert_str_eq(p1->turn.comment, "hello");
    ck_assert_int_eq(p1->turn.limit_ms, 1000);
    ck_assert_int_eq(replay_game_ply(g, 2)->turn.limit_ms, 1000); /* white's first turn */
    ck_assert_int_eq(p3->turn.limit_ms, 150);
    ck_assert(p3->turn.random);
    ck_assert(!p1->turn.random);
    ck_assert(p4->capture); /* a3c1 takes black's c1 */
    ck_assert(!p3->capture);
    ck_assert_int_eq(p4->from, LOA_SQUARE(0, 2));
    ck_assert_int_eq(p4->to, LOA_SQUARE(2, 0));
    ck_assert_ptr_null(replay_game_ply(g, 5));
    ck_assert_ptr_null(replay_game_ply(g, 0));
    const replay_info *in = replay_game_info(g);
    ck_assert_ptr_nonnull(in->error_turn);
    ck_assert_str_eq(in->error_turn->output, "pass");
    ck_assert_int_eq(in->error_player, 0);
    ck_assert_str_eq(in->fault, "black");
    replay_game_free(g);
}
END_TEST

START_TEST(passes_are_plies)
{
    replay_game *g = fixture_game("pass");
    const replay_ply *p = replay_game_ply(g, 21);
    ck_assert(p->pass);
    ck_assert_int_eq(p->from, -1);
    ck_assert_str_eq(p->move, "pass");
    ck_assert_str_eq(p->turn.comment, "no move left");
    /* a pass changes nothing on the board */
    ck_assert_str_eq(replay_game_board(g, 21), replay_game_board(g, 20));
    ck_assert_ptr_null(replay_game_info(g)->error_turn);
    replay_game_free(g);
}
END_TEST

START_TEST(opening_plies_are_marked)
{
    replay_game *g = fixture_game("opening");
    const replay_info *in = replay_game_info(g);
    ck_assert_int_eq(in->opening_plies, 2);
    ck_assert_str_eq(in->opening, "g8a8 a2b3");
    ck_assert(replay_game_ply(g, 1)->opening && !replay_game_ply(g, 1)->has_turn);
    ck_assert(replay_game_ply(g, 2)->opening);
    const replay_ply *p3 = replay_game_ply(g, 3);
    ck_assert(!p3->opening && p3->has_turn);
    ck_assert_int_eq(p3->turn.limit_ms, 1000); /* black's first own turn */
    replay_game_free(g);
}
END_TEST

START_TEST(opening_repeated_in_moves_is_the_same_game)
{
    replay_game *a = fixture_game("opening");
    char *text = fixture_json_text("opening");
    cJSON *r = cJSON_Parse(text);
    cJSON *moves = cJSON_GetObjectItem(r, "moves");
    cJSON_InsertItemInArray(moves, 0, cJSON_CreateString("a2b3"));
    cJSON_InsertItemInArray(moves, 0, cJSON_CreateString("g8a8"));
    replay_game *b;
    char err[256];
    ck_assert_int_eq(game_of_json(r, &b, err, sizeof err), 0);
    ck_assert_int_eq(replay_game_info(b)->plies, replay_game_info(a)->plies);
    for (int n = 0; n <= replay_game_info(a)->plies; n++)
        ck_assert_str_eq(replay_game_board(a, n), replay_game_board(b, n));
    replay_game_free(a);
    replay_game_free(b);
    cJSON_Delete(r);
    free(text);
}
END_TEST

/* Hostile records: a mutation of error.json, the code and a piece of the
 * message that names the bad input. */
typedef struct bad_row {
    const char *set; /* JSON object merged over the record's top level ("" for raw) */
    const char *raw; /* or the whole text */
    int code;
    const char *msg;
} bad_row;

static const bad_row bad_rows[] = {
    {NULL, "", REPLAY_E_JSON, "no JSON value"},
    {NULL, "{\"format\": \"loa-arena-record\", ", REPLAY_E_JSON, "mutated.json"},
    {NULL, "[1, 2]", REPLAY_E_JSON, "not a JSON object"},
    {"{\"format\": \"pgn\"}", NULL, REPLAY_E_FORMAT, "\"format\""},
    {"{\"version\": 2}", NULL, REPLAY_E_FORMAT, "\"version\""},
    {"{\"seed_text\": 42}", NULL, REPLAY_E_FIELD, "\"seed_text\" must be a string"},
    {"{\"players\": [{\"name\": \"a\", \"command\": \"a\"}]}", NULL, REPLAY_E_FIELD, "\"players\""},
    {"{\"players\": [{\"name\": \"a\"}, {\"name\": \"b\", \"command\": \"b\"}]}", NULL,
     REPLAY_E_FIELD, "players[0]: \"command\""},
    {"{\"limits\": {\"first_turn_ms\": -5, \"turn_ms\": 150, \"max_plies\": 150}}", NULL,
     REPLAY_E_FIELD, "limits: \"first_turn_ms\""},
    {"{\"limits\": {\"first_turn_ms\": 1000, \"turn_ms\": 1.5, \"max_plies\": 150}}", NULL,
     REPLAY_E_FIELD, "\"turn_ms\""},
    {"{\"moves\": \"e1e3\"}", NULL, REPLAY_E_FIELD, "\"moves\" must be an array"},
    {"{\"moves\": [\"e1e3\", \"a2a8\", \"e8g6\", \"a3c9\"]}", NULL, REPLAY_E_MOVE, "ply 4: 'a3c9'"},
    {"{\"moves\": [\"e1e3\", \"a2a8\", \"e8g6\", 7]}", NULL, REPLAY_E_FIELD, "moves[3]"},
    {"{\"moves\": [\"e1e3\", \"a2a8\", \"e8g6\", \"a3a4\"]}", NULL, REPLAY_E_ILLEGAL,
     "ply 4: 'a3a4' is not a legal move of white"},
    {"{\"moves\": [\"e1e3\", \"a2a8\", \"pass\", \"a3c1\"]}", NULL, REPLAY_E_ILLEGAL, "'pass'"},
    {"{\"moves\": [\"e1e3\", \"a2a8\", \"e8g6\", \"a3c1\", \"b1b3\"]}", NULL, REPLAY_E_INCONSISTENT,
     "plies[4]"},
    {"{\"moves\": [\"e1e3\", \"a2a8\", \"b8b6\", \"a3c1\"]}", NULL, REPLAY_E_INCONSISTENT,
     "does not match moves[2]"},
    {"{\"plies\": {}}", NULL, REPLAY_E_FIELD, "\"plies\" must be an array"},
    {"{\"plies\": [1]}", NULL, REPLAY_E_FIELD, "plies[0] must be an object"},
    {"{\"result\": {\"winner\": 1}}", NULL, REPLAY_E_FIELD, "result: \"winner\""},
    {"{\"result\": {\"winner\": null, \"reason\": \"x\", \"fault\": null, \"detail\": \"\", "
     "\"scores\": [5, 0]}}",
     NULL, REPLAY_E_FIELD, "\"scores\""},
    {"{\"opening\": 3}", NULL, REPLAY_E_FIELD, "\"opening\""},
    {"{\"opening\": \"e1e3 h8\"}", NULL, REPLAY_E_MOVE, "opening: ply 2"},
    {"{\"opening\": \"b1b4\"}", NULL, REPLAY_E_ILLEGAL, "opening: ply 1"},
};

START_TEST(hostile_records_are_refused_by_name)
{
    const bad_row *row = &bad_rows[_i];
    char err[512] = "";
    replay_game *g = (replay_game *)1;
    int rc;
    if (row->raw) {
        rc = replay_game_parse(row->raw, strlen(row->raw), "mutated.json", &g, err, sizeof err);
    } else {
        char *text = fixture_json_text("error");
        cJSON *r = cJSON_Parse(text), *set = cJSON_Parse(row->set), *it;
        ck_assert_ptr_nonnull(set);
        cJSON_ArrayForEach(it, set)
        {
            cJSON_DeleteItemFromObjectCaseSensitive(r, it->string);
            cJSON_AddItemToObject(r, it->string, cJSON_Duplicate(it, 1));
        }
        rc = game_of_json(r, &g, err, sizeof err);
        cJSON_Delete(r);
        cJSON_Delete(set);
        free(text);
    }
    ck_assert_msg(rc == row->code, "row %d: code %d (%s), want %d", _i, rc, err, row->code);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, row->msg) != NULL, "row %d: message '%s' lacks '%s'", _i, err,
                  row->msg);
}
END_TEST

START_TEST(unreadable_and_huge_files_are_refused)
{
    char err[512];
    replay_game *g;
    ck_assert_int_eq(replay_game_load("/nonexistent/x.json", &g, err, sizeof err), REPLAY_E_IO);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.json"));
    char path[] = "/tmp/check_replay_big.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(ftruncate(fd, (off_t)REPLAY_RECORD_MAX + 1), 0); /* sparse */
    close(fd);
    ck_assert_int_eq(replay_game_load(path, &g, err, sizeof err), REPLAY_E_TOO_BIG);
    unlink(path);
    ck_assert_int_eq(replay_game_load(NULL, &g, err, sizeof err), REPLAY_E_INVAL);
}
END_TEST

static char *page_of(const char *name, size_t *len)
{
    replay_game *g = fixture_game(name);
    char *html, err[256];
    ck_assert_int_eq(replay_html(g, &html, len, err, sizeof err), 0);
    replay_game_free(g);
    return html;
}

START_TEST(page_is_self_contained)
{
    size_t len;
    char *html = page_of("normal", &len);
    ck_assert_uint_eq(strlen(html), len);
    ck_assert_ptr_nonnull(strstr(html, "Content-Security-Policy\" content=\"default-src 'none'"));
    ck_assert_ptr_nonnull(strstr(html, "id=\"board\""));
    ck_assert_ptr_nonnull(strstr(html, "data-board"));
    ck_assert_ptr_null(strstr(html, "{{")); /* every marker filled */
    /* No URL other than the SVG namespace name (an identifier, never loaded). */
    for (const char *p = html; (p = strstr(p, "://")) != NULL; p += 3)
        ck_assert_msg(strncmp(p - 4, "http://www.w3.org/2000/svg", 26) == 0, "URL in page: %.40s",
                      p - 8);
    ck_assert_ptr_null(strstr(html, " src="));
    ck_assert_ptr_null(strstr(html, "<link"));
    free(html);
}
END_TEST

START_TEST(page_data_cannot_end_its_script)
{
    char *text = fixture_json_text("error");
    cJSON *r = cJSON_Parse(text);
    const char *evil = "</script><script>alert(1)</script><!--";
    cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "plies"), 0);
    cJSON_ReplaceItemInObject(p0, "comment", cJSON_CreateString(evil));
    cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "players"), 0), "name",
                              cJSON_CreateString("<b>&\"x'"));
    replay_game *g;
    char err[256], *html;
    ck_assert_int_eq(game_of_json(r, &g, err, sizeof err), 0);
    ck_assert_int_eq(replay_html(g, &html, NULL, err, sizeof err), 0);
    ck_assert_ptr_null(strstr(html, "alert(1)</script>"));
    ck_assert_ptr_null(strstr(html, "<!--</"));
    ck_assert_ptr_nonnull(strstr(html, "<title>&lt;b&gt;&amp;&quot;x&#39; vs"));
    /* The data still reads back whole. */
    const char *open = "id=\"replay-data\">";
    char *d = strstr(html, open);
    ck_assert_ptr_nonnull(d);
    d += strlen(open);
    char *end = strstr(d, "</script>");
    ck_assert_ptr_nonnull(end);
    cJSON *data = cJSON_ParseWithLength(d, (size_t)(end - d));
    ck_assert_ptr_nonnull(data);
    cJSON *t =
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(data, "plies"), 0), "turn");
    ck_assert_str_eq(cJSON_GetObjectItem(t, "comment")->valuestring, evil);
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(data, "plies"), 3),
                                         "board")
                         ->valuestring,
                     replay_game_board(g, 4));
    cJSON_Delete(data);
    free(html);
    replay_game_free(g);
    cJSON_Delete(r);
    free(text);
}
END_TEST

START_TEST(command_replays_the_game)
{
    char *text = fixture_json_text("error");
    cJSON *r = cJSON_Parse(text);
    cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "players"), 0);
    cJSON_ReplaceItemInObject(p0, "command", cJSON_CreateString("./bot 'it''s'"));
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(r, "limits"), "turn_ms", cJSON_CreateNumber(50));
    replay_game *g;
    char err[256];
    ck_assert_int_eq(game_of_json(r, &g, err, sizeof err), 0);
    char *cmd = replay_game_command(g);
    ck_assert_str_eq(cmd, "loa-referee -p1 './bot '\\''it'\\'''\\''s'\\''' -p2 './loa-first' "
                          "--black-name 'sayer' --white-name 'loa-first' --seed '42' --turn-ms 50");
    free(cmd);
    replay_game_free(g);
    cJSON_Delete(r);
    free(text);
}
END_TEST

START_TEST(default_output_is_beside_the_record)
{
    char *p = replay_default_output("dir/games/000012.json");
    ck_assert_str_eq(p, "dir/games/000012.html");
    free(p);
    p = replay_default_output("game");
    ck_assert_str_eq(p, "game.html");
    free(p);
    ck_assert_ptr_null(replay_default_output(NULL));
}
END_TEST

START_TEST(error_codes_are_distinct_and_in_range)
{
#define XX(name, code, text)                 \
    ck_assert(code <= -601 && code >= -699); \
    ck_assert_str_eq(replay_strerror(code), text);
    REPLAY_ERROR_MAP(XX)
#undef XX
    ck_assert_str_eq(replay_strerror(0), "success");
    ck_assert_str_eq(replay_strerror(-1), "unknown replay error");
}
END_TEST

START_TEST(cli_writes_beside_the_record_and_judges_its_input)
{
    char dir[] = "/tmp/check_replay_cli.XXXXXX", cmd[2048], out[8192];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cmd, sizeof cmd,
             "cp " FIXTURES "pass.json %s/g.json && '%s/loa-replay' %s/g.json 2>&1", dir,
             LOA_BIN_DIR, dir);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    char page[512];
    snprintf(page, sizeof page, "%s/g.html", dir);
    struct stat st;
    ck_assert_int_eq(stat(page, &st), 0);
    ck_assert_int_gt(st.st_size, 10000);
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' --text %s/g.json --ply 21 2>&1", LOA_BIN_DIR, dir);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "Move: pass by black"));
    snprintf(cmd, sizeof cmd,
             "echo '{\"format\": 1}' > %s/bad.json; '%s/loa-replay' %s/bad.json 2>&1", dir,
             LOA_BIN_DIR, dir);
    ck_assert_int_eq(run(cmd, out, sizeof out), 1);
    ck_assert_msg(strstr(out, "bad.json: \"format\"") != NULL, "%s", out);
    static const char *const usage[] = {
        "", "a.json b.json", "--ply 3 x.json", "--text x.json --ply -1", "--bogus x.json", "-o"};
    for (size_t i = 0; i < LOA_COUNT(usage); i++) {
        snprintf(cmd, sizeof cmd, "'%s/loa-replay' %s 2>&1", LOA_BIN_DIR, usage[i]);
        ck_assert_msg(run(cmd, out, sizeof out) == 2, "%s", usage[i]);
        ck_assert_msg(strncmp(out, "loa-replay: ", 12) == 0 &&
                          strchr(out, '\n') == out + strlen(out) - 1,
                      "'%s' -> %s", usage[i], out);
    }
    snprintf(cmd, sizeof cmd, "rm -r %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"plies_carry_their_turns_and_limits", plies_carry_their_turns_and_limits, 10},
        {"passes_are_plies", passes_are_plies, 10},
        {"opening_plies_are_marked", opening_plies_are_marked, 10},
        {"opening_repeated_in_moves_is_the_same_game", opening_repeated_in_moves_is_the_same_game,
         10},
        {"unreadable_and_huge_files_are_refused", unreadable_and_huge_files_are_refused, 10},
        {"page_is_self_contained", page_is_self_contained, 10},
        {"page_data_cannot_end_its_script", page_data_cannot_end_its_script, 10},
        {"command_replays_the_game", command_replays_the_game, 10},
        {"default_output_is_beside_the_record", default_output_is_beside_the_record, 10},
        {"error_codes_are_distinct_and_in_range", error_codes_are_distinct_and_in_range, 10},
        {"cli_writes_beside_the_record_and_judges_its_input",
         cli_writes_beside_the_record_and_judges_its_input, 30},
    };
    const loa_loop_tcase loops[] = {
        {"loads_every_kind_of_game", loads_every_kind_of_game, 10, (int)LOA_COUNT(fixtures)},
        {"hostile_records_are_refused_by_name", hostile_records_are_refused_by_name, 10,
         (int)LOA_COUNT(bad_rows)},
    };
    return loa_run_suite_loops("replay", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
