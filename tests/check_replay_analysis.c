/*
 * check_replay_analysis - a game's analysis file (replay/analysis.h): what
 * is written reads back the same and rewrites to the same bytes; a file is
 * read strictly against its game (another game's, an illegal best move or
 * line, a mark the thresholds do not give, a proven result given as a
 * probability, summaries that disagree: each refused with its code and a
 * sentence naming the field); the words of evaluations; the page draws the
 * analysis beside it, and loa-replay too.
 */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "loa/loa.h"
#include "replay/analysis.h"
#include "replay/replay.h"
#include "replay_test_util.h"
#include "util/json.h"

#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"

static replay_game *load(const char *name)
{
    char path[512], err[512];
    snprintf(path, sizeof path, FIXTURES "%s.json", name);
    replay_game *g;
    ck_assert_msg(replay_game_load(path, &g, err, sizeof err) == 0, "%s: %s", name, err);
    return g;
}

/* An analysis of g built here with the SDK: every ongoing position scored
 * cp (ply * 7 - 50), its first legal move (a1..h8 order) best with a
 * two-move line, the end as END; every bot's move judged with the drop the
 * chances give and the mark the thresholds give. */
static replay_analysis *made(const replay_game *g)
{
    const replay_info *in = replay_game_info(g);
    replay_analysis *a = replay_analysis_new(in->plies);
    ck_assert_ptr_nonnull(a);
    snprintf(a->engine, sizeof a->engine, "test engine");
    snprintf(a->limit, sizeof a->limit, "depth");
    a->limit_value = 3;
    a->scale = 100;
    a->thresholds[REPLAY_MARK_INACCURACY] = 0.05;
    a->thresholds[REPLAY_MARK_MISTAKE] = 0.1;
    a->thresholds[REPLAY_MARK_BLUNDER] = 0.15;
    loa_board b;
    loa_board_init(&b);
    for (int n = 0; n <= in->plies; n++) {
        replay_position *p = &a->positions[n];
        if (n > 0) {
            loa_move m;
            ck_assert_int_eq(loa_move_parse(replay_game_ply(g, n)->move, &m), 0);
            loa_make_move(&b, m, NULL);
        }
        loa_status st = loa_board_status(&b, in->max_plies);
        if (st != LOA_ONGOING) {
            p->eval = REPLAY_EVAL_END;
            p->score = st == LOA_DRAW                                    ? 0
                       : (st == LOA_BLACK_WINS) == (b.side == LOA_BLACK) ? 1
                                                                         : -1;
            p->win = p->score > 0 ? 1 : p->score < 0 ? 0 : 0.5;
            continue;
        }
        loa_move mv[LOA_MAX_MOVES];
        int k = loa_generate_moves(&b, mv);
        loa_sort_moves(mv, k);
        p->eval = REPLAY_EVAL_CP;
        p->score = n * 7 - 50;
        p->win = (double)((n * 37) % 101) / 100;
        p->best = k ? LOA_MOVE_SQUARES(mv[0]) : LOA_MOVE_PASS;
        p->pv[0] = p->best;
        p->pv_len = 1;
        p->depth = 3;
        p->nodes = 1000 + n;
        p->connecting = replay_connecting_moves(&b, &p->connect);
    }
    for (int n = 1; n <= in->plies; n++) {
        replay_judgement *j = &a->moves[n - 1];
        if (replay_game_ply(g, n)->opening)
            continue;
        j->judged = 1;
        j->before = a->positions[n - 1].win;
        j->after = 1 - a->positions[n].win;
        /* on loa-analyse's grid of 1e-4: a file keeps such numbers exactly */
        j->drop = j->before > j->after ? floor((j->before - j->after) * 10000 + 0.5) / 10000 : 0;
        for (int m = REPLAY_MARK_BLUNDER; m >= REPLAY_MARK_INACCURACY && !j->mark; m--)
            if (j->drop >= a->thresholds[m])
                j->mark = (replay_mark)m;
    }
    return a;
}

#define TMP_TEMPLATE "/tmp/check_replay_analysis.XXXXXX"
static char tmpdir[] = TMP_TEMPLATE;
static int tmp_made;

/* tmpdir/name, in one of 8 buffers used in turn (a command line names
 * several). */
static const char *tmp(const char *name)
{
    static char path[8][128];
    static int k;
    /* A flag, not the template's last character: mkdtemp's random suffix
     * may itself end in 'X', and a second mkdtemp would then fail. */
    if (!tmp_made) {
        ck_assert_ptr_nonnull(mkdtemp(tmpdir));
        tmp_made = 1;
    }
    k = (k + 1) % 8;
    snprintf(path[k], sizeof path[k], "%s/%s", tmpdir, name);
    return path[k];
}

static void tmp_done(void)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    memcpy(tmpdir, TMP_TEMPLATE, sizeof tmpdir);
    tmp_made = 0;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    static char buf[4 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return strdup(buf);
}

START_TEST(written_analysis_reads_back_the_same)
{
    static const char *const names[] = {"normal", "opening", "pass", "error"};
    replay_game *g = load(names[_i]);
    replay_analysis *a = made(g), *b = NULL;
    char err[512], second[600];
    const char *path = tmp("a.analysis.json");
    ck_assert_msg(replay_analysis_write(a, g, path, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(replay_analysis_load(g, path, &b, err, sizeof err) == 0, "%s: %s", names[_i],
                  err);
    ck_assert_int_eq(b->plies, a->plies);
    ck_assert_str_eq(b->engine, "test engine");
    for (int n = 0; n <= a->plies; n++) {
        const replay_position *p = &a->positions[n], *q = &b->positions[n];
        ck_assert_int_eq(q->eval, p->eval);
        ck_assert_int_eq(q->score, p->score);
        ck_assert(q->win == p->win);
        ck_assert_int_eq(q->best, p->best);
        ck_assert_int_eq(q->connecting, p->connecting);
        ck_assert_int_eq(q->connect, p->connect);
    }
    for (int n = 0; n < a->plies; n++) {
        ck_assert_int_eq(b->moves[n].mark, a->moves[n].mark);
        ck_assert(b->moves[n].drop == a->moves[n].drop);
    }
    /* written again: the same bytes */
    snprintf(second, sizeof second, "%s", tmp("b.analysis.json"));
    ck_assert_int_eq(replay_analysis_write(b, g, second, err, sizeof err), 0);
    size_t l1, l2;
    char *t1 = slurp(path, &l1), *t2 = slurp(second, &l2);
    ck_assert_int_eq(l1, l2);
    ck_assert(memcmp(t1, t2, l1) == 0);
    free(t1), free(t2);
    tmp_done();
    replay_analysis_free(a);
    replay_analysis_free(b);
    replay_game_free(g);
}
END_TEST

START_TEST(another_games_analysis_is_refused)
{
    replay_game *g = load("normal"), *h = load("pass");
    replay_analysis *a = made(g), *b = NULL;
    char err[512];
    const char *path = tmp("n.analysis.json");
    ck_assert_int_eq(replay_analysis_write(a, g, path, err, sizeof err), 0);
    ck_assert_int_eq(replay_analysis_load(h, path, &b, err, sizeof err), REPLAY_E_INCONSISTENT);
    ck_assert_ptr_null(b);
    ck_assert_msg(strstr(err, "the analysis of another game") != NULL, "%s", err);
    ck_assert_int_eq(replay_analysis_load(g, tmp("none.analysis.json"), &b, err, sizeof err),
                     REPLAY_E_IO);
    ck_assert_int_eq(errno, ENOENT);
    tmp_done();
    replay_analysis_free(a);
    replay_game_free(g);
    replay_game_free(h);
}
END_TEST

/* One hostile edit of a good file: the path of the field to change (an
 * object key, or [n] an array element) and its new JSON value; the code
 * and the words expected. */
typedef struct bad_row {
    const char *path[3];
    const char *value; /* JSON; NULL: delete the field */
    int code;
    const char *words;
} bad_row;

static const bad_row bad_rows[] = {
    {{"format"}, "\"loa-arena-record\"", REPLAY_E_FORMAT, "not an analysis"},
    {{"version"}, "2", REPLAY_E_FORMAT, "\"version\""},
    {{"positions", "3", "best"}, "\"a1a2\"", REPLAY_E_ILLEGAL, "positions[3]: \"best\" 'a1a2'"},
    {{"positions", "3", "best"}, "\"e2e9\"", REPLAY_E_MOVE, "not a move"},
    {{"positions", "3", "best"}, NULL, REPLAY_E_FIELD, "positions[3]: \"best\""},
    {{"positions", "3", "pv"}, "\"b1d3 b1d3\"", REPLAY_E_ILLEGAL, "\"pv\" move"},
    {{"positions", "3", "win"}, "1.5", REPLAY_E_FIELD, "from 0 to 1"},
    {{"positions", "10", "eval"}, "\"win\"", REPLAY_E_INCONSISTENT, "\"win\" must be 1"},
    {{"positions", "3", "eval"}, "\"end\"", REPLAY_E_INCONSISTENT, "yet the game goes on"},
    {{"positions", "3", "eval"}, "\"mate\"", REPLAY_E_FIELD, "is not none, cp, win, loss or end"},
    {{"positions", "25", "score"}, "1", REPLAY_E_INCONSISTENT, "\"win\" must be 1 for eval end"},
    {{"positions", "3", "connecting"}, "2", REPLAY_E_INCONSISTENT, "connecting moves"},
    {{"positions", "3", "to_move"}, "\"black\"", REPLAY_E_INCONSISTENT, "\"to_move\""},
    {{"moves", "4", "mark"}, "\"howler\"", REPLAY_E_FIELD, "\"mark\" 'howler'"},
    {{"moves", "4", "mark"}, "\"missed_win\"", REPLAY_E_INCONSISTENT, "no win was proven"},
    {{"moves", "4", "drop"}, "0", REPLAY_E_INCONSISTENT, "the mark is not"},
    {{"moves", "4", "move"}, "\"a1a1\"", REPLAY_E_INCONSISTENT, "not the game's"},
    {{"players", "1", "blunder"}, "99", REPLAY_E_INCONSISTENT, "but its moves have"},
    {{"players", "0", "worst"}, "1", REPLAY_E_INCONSISTENT, "\"worst\""},
    {{"positions"}, "[]", REPLAY_E_FIELD, "26 objects"},
    {{"scale"}, "-1", REPLAY_E_FIELD, "\"scale\""},
    {{"thresholds", "blunder"}, "0.01", REPLAY_E_FIELD, "must grow"},
    {{"game", "moves"}, "\"g8a8\"", REPLAY_E_INCONSISTENT, "another game"},
    /* cut inside a move: read no further than the text (fuzz_analysis) */
    {{"game", "moves"}, "\"g8a8 a2\"", REPLAY_E_INCONSISTENT, "another game"},
};

START_TEST(hostile_analyses_are_refused_by_name)
{
    const bad_row *row = &bad_rows[_i];
    replay_game *g = load("normal");
    replay_analysis *a = made(g), *b = NULL;
    cJSON *root;
    char err[512];
    ck_assert_int_eq(replay_analysis_to_json(a, g, &root, err, sizeof err), 0);
    /* the good file reads */
    char *text = cJSON_PrintUnformatted(root);
    ck_assert_msg(replay_analysis_parse(g, text, strlen(text), "good", &b, err, sizeof err) == 0,
                  "%s", err);
    replay_analysis_free(b);
    free(text);
    cJSON *parent = root;
    int depth = row->path[2] ? 2 : row->path[1] ? 1 : 0;
    for (int k = 0; k < depth; k++)
        parent = cJSON_IsArray(parent) ? cJSON_GetArrayItem(parent, atoi(row->path[k]))
                                       : cJSON_GetObjectItemCaseSensitive(parent, row->path[k]);
    ck_assert_ptr_nonnull(parent);
    if (row->value)
        ck_assert(cJSON_ReplaceItemInObjectCaseSensitive(parent, row->path[depth],
                                                         cJSON_Parse(row->value)));
    else
        cJSON_DeleteItemFromObjectCaseSensitive(parent, row->path[depth]);
    text = cJSON_PrintUnformatted(root);
    int rc = replay_analysis_parse(g, text, strlen(text), "bad.analysis.json", &b, err, sizeof err);
    ck_assert_msg(rc == row->code, "row %d: %d, not %d: %s", _i, rc, row->code, err);
    ck_assert_msg(strstr(err, row->words) && strncmp(err, "bad.analysis.json: ", 19) == 0,
                  "row %d: '%s' lacks '%s'", _i, err, row->words);
    ck_assert_ptr_null(b);
    free(text);
    cJSON_Delete(root);
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

START_TEST(text_that_is_no_json_is_refused)
{
    replay_game *g = load("normal");
    replay_analysis *b = (replay_analysis *)1;
    char err[256];
    ck_assert_int_eq(replay_analysis_parse(g, "{\"format\":", 10, "cut", &b, err, sizeof err),
                     REPLAY_E_JSON);
    ck_assert_ptr_null(b);
    ck_assert_int_eq(replay_analysis_parse(g, "\xff\xfe", 2, "bin", &b, err, sizeof err),
                     REPLAY_E_JSON);
    ck_assert_int_eq(replay_analysis_parse(g, "[]", 2, "arr", &b, err, sizeof err),
                     REPLAY_E_FORMAT);
    /* the reason, not "not valid JSON": bytes after the value, nesting */
    ck_assert_int_eq(replay_analysis_parse(g, "{} {}", 5, "two", &b, err, sizeof err),
                     REPLAY_E_JSON);
    ck_assert_str_eq(err, "two: bytes after the JSON value at byte 3 (line 1, column 4)");
    char deep[2 * UTIL_JSON_NESTING_MAX + 2];
    memset(deep, '[', UTIL_JSON_NESTING_MAX + 1);
    memset(deep + UTIL_JSON_NESTING_MAX + 1, ']', UTIL_JSON_NESTING_MAX + 1);
    ck_assert_int_eq(replay_analysis_parse(g, deep, sizeof deep, "deep", &b, err, sizeof err),
                     REPLAY_E_JSON);
    ck_assert_msg(strstr(err, "deep: nested deeper than 1000 levels at byte 1000"), "%s", err);
    replay_game_free(g);
}
END_TEST

START_TEST(evaluations_read_as_words)
{
    replay_position p = {0};
    char buf[32];
    ck_assert_str_eq(replay_eval_text(&p, buf, sizeof buf), "-");
    p.eval = REPLAY_EVAL_CP, p.win = 0.6249;
    ck_assert_str_eq(replay_eval_text(&p, buf, sizeof buf), "62%");
    p.win = 0.005;
    ck_assert_str_eq(replay_eval_text(&p, buf, sizeof buf), "1%");
    /* N counts the side to move's own moves: a connecting move wins in 1,
     * a win 3 plies away in 2 */
    static const struct {
        replay_eval_kind kind;
        int plies;
        const char *text;
    } rows[] = {{REPLAY_EVAL_WIN, 1, "wins in 1"},   {REPLAY_EVAL_WIN, 2, "wins in 1"},
                {REPLAY_EVAL_WIN, 3, "wins in 2"},   {REPLAY_EVAL_WIN, 5, "wins in 3"},
                {REPLAY_EVAL_LOSS, 2, "loses in 1"}, {REPLAY_EVAL_LOSS, 4, "loses in 2"},
                {REPLAY_EVAL_END, 1, "won"},         {REPLAY_EVAL_END, -1, "lost"},
                {REPLAY_EVAL_END, 0, "drawn"}};
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        p.eval = rows[i].kind, p.score = rows[i].plies;
        ck_assert_str_eq(replay_eval_text(&p, buf, sizeof buf), rows[i].text);
    }
    ck_assert_str_eq(replay_eval_text(NULL, buf, sizeof buf), "-");
    ck_assert_str_eq(replay_mark_name(REPLAY_MARK_MISSED_WIN), "missed_win");
    ck_assert_ptr_null(replay_mark_name(REPLAY_MARK_NONE));
    ck_assert_str_eq(replay_mark_symbol(REPLAY_MARK_BLUNDER), "??");
}
END_TEST

START_TEST(analysis_lives_beside_the_game)
{
    static const char *const rows[][2] = {{"a/b.json", "a/b.analysis.json"},
                                          {"games/000012.html", "games/000012.analysis.json"},
                                          {"x", "x.analysis.json"},
                                          {".json", ".json.analysis.json"}};
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        char *p = replay_analysis_path(rows[i][0]);
        ck_assert_str_eq(p, rows[i][1]);
        free(p);
    }
    ck_assert_ptr_null(replay_analysis_path(NULL));
}
END_TEST

START_TEST(a_side_sums_its_marks_and_worst_drop)
{
    replay_game *g = load("normal"); /* black (loa-negamax) wins */
    replay_analysis *a = made(g);
    int counts[2][REPLAY_MARK_COUNT] = {{0}}, worst[2] = {0};
    double drop[2] = {0};
    for (int n = 1; n <= a->plies; n++) {
        int s = replay_game_ply(g, n)->player;
        counts[s][a->moves[n - 1].mark]++;
        if (a->moves[n - 1].drop > drop[s])
            drop[s] = a->moves[n - 1].drop, worst[s] = n;
    }
    for (int s = 0; s < 2; s++) {
        replay_side_summary sum = replay_analysis_side(a, g, s);
        for (int m = 0; m < REPLAY_MARK_COUNT; m++)
            ck_assert_int_eq(sum.marks[m], counts[s][m]);
        ck_assert_int_eq(sum.worst, worst[s]);
        ck_assert_int_eq(sum.lost, s == 1);
    }
    ck_assert_int_gt(worst[1], 0);
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

START_TEST(pages_draw_the_analysis_beside_them)
{
    replay_game *g = load("normal");
    replay_analysis *a = made(g);
    char err[512], cmd[4096], out[4096];
    ck_assert_int_eq(replay_write_html(g, tmp("p.html"), err, sizeof err), 0);
    char *html = slurp(tmp("p.html"), NULL);
    ck_assert_ptr_nonnull(strstr(html, "\"analysis\":null"));
    free(html);
    ck_assert_int_eq(replay_analysis_write(a, g, tmp("p.analysis.json"), err, sizeof err), 0);
    ck_assert_int_eq(replay_write_html(g, tmp("p.html"), err, sizeof err), 0);
    html = slurp(tmp("p.html"), NULL);
    ck_assert_ptr_nonnull(strstr(html, "\"analysis\":{\"engine\":\"test engine\""));
    free(html);
    /* loa-replay: the analysis beside the record, wherever the page goes;
     * another game's is left out, with a warning */
    snprintf(cmd, sizeof cmd,
             "cp " FIXTURES "normal.json %s && cp %s %s && '%s/loa-replay' %s -o %s 2>&1",
             tmp("r.json"), tmp("p.analysis.json"), tmp("r.analysis.json"), LOA_BIN_DIR,
             tmp("r.json"), tmp("elsewhere.html"));
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    html = slurp(tmp("elsewhere.html"), NULL);
    ck_assert_ptr_nonnull(strstr(html, "\"analysis\":{"));
    free(html);
    snprintf(cmd, sizeof cmd, "cp " FIXTURES "pass.json %s && cp %s %s && '%s/loa-replay' %s 2>&1",
             tmp("o.json"), tmp("p.analysis.json"), tmp("o.analysis.json"), LOA_BIN_DIR,
             tmp("o.json"));
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "warning:") && strstr(out, "another game"), "%s", out);
    html = slurp(tmp("o.html"), NULL);
    ck_assert_ptr_nonnull(strstr(html, "\"analysis\":null"));
    free(html);
    tmp_done();
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"another_games_analysis_is_refused", another_games_analysis_is_refused, 10},
        {"text_that_is_no_json_is_refused", text_that_is_no_json_is_refused, 10},
        {"evaluations_read_as_words", evaluations_read_as_words, 10},
        {"analysis_lives_beside_the_game", analysis_lives_beside_the_game, 10},
        {"a_side_sums_its_marks_and_worst_drop", a_side_sums_its_marks_and_worst_drop, 10},
        {"pages_draw_the_analysis_beside_them", pages_draw_the_analysis_beside_them, 30},
    };
    const loa_loop_tcase loops[] = {
        {"written_analysis_reads_back_the_same", written_analysis_reads_back_the_same, 10, 4},
        {"hostile_analyses_are_refused_by_name", hostile_analyses_are_refused_by_name, 10,
         (int)LOA_COUNT(bad_rows)},
    };
    return loa_run_suite_loops("replay_analysis", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
