/*
 * check_replay_text - the text view (loa-replay --text): a ply's position,
 * move, answer, time against its limit (CPU, late answers) and result, a
 * bot's terminal escapes defused; and what the replay shows of a bot's
 * text outside the browser: bidirectional controls (U+202E, the
 * right-to-left override, and its kin) in a name, comment or stderr shown
 * as "<U+202E>" in the text view and in the page's <title>, never as
 * themselves (the page's own text: check_replay_browser).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "replay/replay.h"
#include "util/file.h"
#include "util/text.h"

#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"
#define REPLAY_FIXTURES FIXTURES
#include "replay_test_util.h"

/* The normal fixture with black's name, ply 1's comment and stderr holding
 * bidirectional controls, parsed. */
static replay_game *game_with_bidi(void)
{
    char *text, err[512];
    size_t len;
    ck_assert_int_eq(util_read_file(FIXTURES "normal.json", 1 << 20, &text, &len), 0);
    cJSON *r = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(r);
    cJSON *black = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "players"), 0);
    cJSON_ReplaceItemInObject(black, "name", cJSON_CreateString("evil\u202egnp.exe"));
    cJSON *p1 = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "plies"), 0);
    cJSON_ReplaceItemInObject(p1, "output", cJSON_CreateString("g8a8 \u2067hi\u2069"));
    cJSON_ReplaceItemInObject(p1, "comment", cJSON_CreateString("\u2067hi\u2069"));
    cJSON_ReplaceItemInObject(p1, "stderr", cJSON_CreateString("a\u200eb\u202dc\n"));
    text = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    replay_game *g;
    ck_assert_msg(replay_game_parse(text, strlen(text), "bidi.json", &g, err, sizeof err) == 0,
                  "%s", err);
    cJSON_free(text);
    return g;
}

/* Whether s holds a bidirectional control. */
static int has_bidi(const char *s)
{
    for (; *s; s++)
        if (util_bidi_control(s))
            return 1;
    return 0;
}

START_TEST(text_view_shows_bidi_controls_as_markers)
{
    replay_game *g = game_with_bidi();
    char *buf = NULL, err[256];
    size_t size = 0;
    for (int ply = -1; ply <= 1; ply += 2) { /* the whole game, then ply 1 */
        FILE *out = open_memstream(&buf, &size);
        ck_assert_int_eq(replay_text(g, ply, out, err, sizeof err), 0);
        fclose(out);
        ck_assert_msg(strstr(buf, "Black: evil<U+202E>gnp.exe\n"), "%s", buf);
        ck_assert_msg(strstr(buf, "<U+2067>hi<U+2069>"), "%s", buf);
        if (ply == 1)
            ck_assert_msg(strstr(buf, "a<U+200E>b<U+202D>c"), "%s", buf);
        ck_assert_msg(!has_bidi(buf), "%s", buf);
        free(buf);
    }
    replay_game_free(g);
}
END_TEST

START_TEST(page_title_shows_bidi_controls_as_markers)
{
    replay_game *g = game_with_bidi();
    char *html, err[256];
    size_t len;
    ck_assert_int_eq(replay_html(g, &html, &len, err, sizeof err), 0);
    const char *t = strstr(html, "<title>"), *e = t ? strstr(t, "</title>") : NULL;
    ck_assert(t && e);
    char title[512];
    snprintf(title, sizeof title, "%.*s", (int)(e - t - 7), t + 7);
    ck_assert_msg(strstr(title, "evil&lt;U+202E&gt;gnp.exe"), "%s", title);
    ck_assert_msg(!has_bidi(title), "%s", title);
    free(html);
    replay_game_free(g);
}
END_TEST

START_TEST(only_bidi_controls_are_found)
{
    static const struct {
        const char *s;
        unsigned cp;
    } rows[] = {
        {"\u200e", 0x200E}, {"\u200f", 0x200F}, {"\u202a", 0x202A},
        {"\u202e", 0x202E}, {"\u2066", 0x2066}, {"\u2069", 0x2069},
        {"\u200d", 0},      {"\u2029", 0},      {"\u202f", 0},
        {"\u2065", 0},      {"\u206a", 0},      {"\xe2\x80", 0},
        {"\xe2", 0},        {"a", 0},           {"", 0},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++)
        ck_assert_msg(util_bidi_control(rows[i].s) == rows[i].cp, "row %zu: %x", i,
                      util_bidi_control(rows[i].s));
}
END_TEST

static char *text_of(const replay_game *g, int ply, int *rc)
{
    char *buf = NULL, err[256];
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    *rc = replay_text(g, ply, f, err, sizeof err);
    fclose(f);
    return buf;
}

START_TEST(text_view_shows_a_ply)
{
    replay_game *g = fixture_game("error");
    int rc;
    char *t = text_of(g, 4, &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(t, "Position after ply 4 of 4"));
    ck_assert_ptr_nonnull(strstr(t, "  8 wbbb.bb.\n"));
    ck_assert_ptr_nonnull(strstr(t, "  1 .bwb.bb.\n"));
    ck_assert_ptr_nonnull(strstr(t, "Move: a3c1 (A3-C1) by white, capture"));
    ck_assert_ptr_nonnull(strstr(t, "Last answer of black, not a move (invalid_pass)"));
    ck_assert_ptr_nonnull(strstr(t, "Result: 0-1 (white wins), invalid_pass, scores -1 0"));
    free(t);
    t = text_of(g, 1, &rc);
    ck_assert_ptr_nonnull(strstr(t, "Comment: hello"));
    ck_assert_ptr_nonnull(strstr(t, "of 1000 ms"));
    free(t);
    t = text_of(g, -1, &rc); /* every ply, then the end */
    ck_assert_ptr_nonnull(strstr(t, "    3 black e8g6  E8-G6"));
    ck_assert_ptr_nonnull(strstr(t, "Position after ply 4 of 4"));
    free(t);
    t = text_of(g, 5, &rc);
    ck_assert_int_eq(rc, REPLAY_E_PLY);
    free(t);
    replay_game_free(g);
}
END_TEST

/* A record of --time-mode cpu with a margin: the judged time is the CPU's,
 * and a late answer is named as such. */
START_TEST(text_view_judges_cpu_time_and_late_answers)
{
    char *text = fixture_json_text("error");
    cJSON *r = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(r);
    cJSON *plies = cJSON_GetObjectItem(r, "plies");
    cJSON *p1 = cJSON_GetArrayItem(plies, 0), *p3 = cJSON_GetArrayItem(plies, 2);
    cJSON_AddNumberToObject(p1, "cpu_us", 1200000); /* over the first turn's 1000 ms */
    cJSON_AddNumberToObject(p3, "cpu_us", 155000);
    cJSON_AddBoolToObject(p3, "late", 1);
    replay_game *g;
    char err[256];
    ck_assert_int_eq(game_of_json(r, &g, err, sizeof err), 0);
    int rc;
    char *t = text_of(g, 1, &rc);
    ck_assert_msg(strstr(t, "Time: 1200.000 ms of CPU of 1000 ms (over the limit) (wall clock"),
                  "%s", t);
    free(t);
    t = text_of(g, 3, &rc);
    ck_assert_msg(strstr(t, "155.000 ms of CPU of 150 ms (late, within the margin)"), "%s", t);
    free(t);
    replay_game_free(g);
    /* a "late" that is not a boolean is refused by name */
    cJSON_ReplaceItemInObject(p3, "late", cJSON_CreateString("yes"));
    ck_assert_int_ne(game_of_json(r, &g, err, sizeof err), 0);
    ck_assert_msg(strstr(err, "\"late\" must be true or false"), "%s", err);
    cJSON_Delete(r);
}
END_TEST

START_TEST(text_view_defuses_terminal_escapes)
{
    char *text = fixture_json_text("error");
    cJSON *r = cJSON_Parse(text);
    cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "plies"), 0);
    cJSON_ReplaceItemInObject(p0, "comment", cJSON_CreateString("\x1b[2Jgone"));
    cJSON_ReplaceItemInObject(p0, "stderr", cJSON_CreateString("line1\nline2\x07"));
    replay_game *g;
    char err[256];
    ck_assert_int_eq(game_of_json(r, &g, err, sizeof err), 0);
    int rc;
    char *t = text_of(g, 1, &rc);
    ck_assert_ptr_null(strchr(t, 0x1b));
    ck_assert_ptr_null(strchr(t, 0x07));
    ck_assert_ptr_nonnull(strstr(t, "Comment: ?[2Jgone"));
    ck_assert_ptr_nonnull(strstr(t, "line1\n    line2?"));
    free(t);
    replay_game_free(g);
    cJSON_Delete(r);
    free(text);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"text_view_shows_a_ply", text_view_shows_a_ply, 30},
        {"text_view_judges_cpu_time_and_late_answers", text_view_judges_cpu_time_and_late_answers,
         30},
        {"text_view_defuses_terminal_escapes", text_view_defuses_terminal_escapes, 30},
        {"text_view_shows_bidi_controls_as_markers", text_view_shows_bidi_controls_as_markers, 30},
        {"page_title_shows_bidi_controls_as_markers", page_title_shows_bidi_controls_as_markers,
         30},
        {"only_bidi_controls_are_found", only_bidi_controls_are_found, 30},
    };
    return loa_run_suite("replay_text", cases, LOA_COUNT(cases));
}
