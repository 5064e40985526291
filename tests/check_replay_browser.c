/*
 * check_replay_browser - the replay pages in a real browser: headless
 * Chromium driven over its DevTools pipe (cdp.c). For records of a normal
 * game, a game with passes, a draw by the ply limit, an error game and a
 * game with an opening (tests/fixtures/replay/), pages written by
 * loa-replay are opened at #ply=N and their data-board compared with the
 * SDK's position after N plies, computed here from the record's moves;
 * keys and the slider move the ply; no page logs a JavaScript error or
 * loads anything; a screenshot is not blank; a game imported from
 * CodinGame (no times, a stderr cut by the site) draws without an error.
 * A league's index and a tune's page: check_replay_index_browser.
 *
 * Without chromium the suite is skipped (exit 77, ctest's SKIP_RETURN_CODE)
 * with a message, unless the environment variable CI is set: then it fails.
 */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "browser_test_util.h"
#include "cdp.h"
#include "check_main.h"
#include "loa/board.h"
#include "loa/movegen.h"
#include "loa/notation.h"
#include "replay_browser_test_util.h"
#include "util/file.h"

#define MAX_POS 1100

static const char *const records[] = {"normal", "pass", "draw", "error", "opening"};

/* The positions after 0..n plies, replayed here with the SDK from the
 * record's "opening" and "moves" (independently of loa_replay). */
static int sdk_boards(const char *name, char (*boards)[65])
{
    char path[512];
    snprintf(path, sizeof path, FIXTURES "%s.json", name);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    cJSON *r = cJSON_Parse(text);
    ck_assert_ptr_nonnull(r);
    char all[8192] = "";
    const cJSON *op = cJSON_GetObjectItem(r, "opening"), *m;
    if (cJSON_IsString(op))
        snprintf(all, sizeof all, "%s ", op->valuestring);
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(r, "moves"))
    {
        strcat(all, m->valuestring);
        strcat(all, " ");
    }
    cJSON_Delete(r);
    loa_board b;
    loa_board_init(&b);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(all, " ", &save);; t = strtok_r(NULL, " ", &save)) {
        for (int i = 0; i < 64; i++)
            boards[n][i] = loa_board_square_char(&b, LOA_SQUARE(i % 8, 7 - i / 8));
        boards[n][64] = '\0';
        if (!t)
            break;
        loa_move mv;
        ck_assert_int_eq(loa_move_parse(t, &mv), 0);
        ck_assert(loa_is_legal(&b, mv));
        loa_make_move(&b, mv, NULL);
        ck_assert_int_lt(++n, MAX_POS);
    }
    return n;
}

/* Writes the page of fixture `name` with loa-replay; returns its file URL. */
static void make_page(const char *name, char *url, size_t size)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' '" FIXTURES "%s.json' -o '%s/%s.html'", LOA_BIN_DIR,
             name, tmpdir, name);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(url, size, "file://%s/%s.html", tmpdir, name);
}

/* The page shows ply n: data-ply, data-board as the SDK's, the URL, and as
 * many checkers drawn as the board holds. */
static void assert_shows(cdp *c, const char *name, int n, char (*boards)[65])
{
    ck_assert_int_eq(shown_ply(c), n);
    char *b = eval_string(c, "document.getElementById('board').getAttribute('data-board')");
    ck_assert_msg(strcmp(b, boards[n]) == 0, "%s ply %d: page %s, SDK %s", name, n, b, boards[n]);
    free(b);
    char *h = eval_string(c, "location.hash");
    char want[32];
    snprintf(want, sizeof want, "#ply=%d", n);
    ck_assert_str_eq(h, want);
    free(h);
    int nb = 0, nw = 0;
    for (int i = 0; i < 64; i++)
        nb += boards[n][i] == 'b', nw += boards[n][i] == 'w';
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#board circle.piece.black').length"),
                     nb);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#board circle.piece.white').length"),
                     nw);
}

START_TEST(deep_links_show_the_sdk_positions)
{
    setup();
    const char *name = records[_i];
    static char boards[MAX_POS][65];
    int plies = sdk_boards(name, boards);
    char url[600], at[700];
    make_page(name, url, sizeof url);
    cdp *c = browser();
    /* the start, the first plies, the passes of "pass" (21, 23), the
     * middle, the end, and a number beyond the end (shows the end). */
    const int want[] = {0, 1, 2, 3, 21, 22, 23, plies / 2, plies - 1, plies, plies + 50};
    for (size_t k = 0; k < LOA_COUNT(want); k++) {
        if (want[k] < 0 || (want[k] > plies && k + 1 < LOA_COUNT(want)))
            continue;
        snprintf(at, sizeof at, "%s#ply=%d", url, want[k]);
        ck_assert_msg(cdp_open(c, at, 20000) == 0, "%s: %s", at, cdp_error(c));
        assert_shows(c, name, want[k] > plies ? plies : want[k], boards);
    }
    if (strcmp(name, "opening") == 0) { /* the opening's plies are marked */
        snprintf(at, sizeof at, "%s#ply=2", url);
        ck_assert_int_eq(cdp_open(c, at, 20000), 0);
        ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#ply .tag.opening').length"), 1);
        snprintf(at, sizeof at, "%s#ply=3", url);
        ck_assert_int_eq(cdp_open(c, at, 20000), 0);
        ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#ply .tag.opening').length"), 0);
    }
    if (strcmp(name, "error") == 0) { /* the offending output, highlighted */
        char *o = eval_string(c, "document.getElementById('offending').textContent");
        ck_assert_str_eq(o, "pass");
        free(o);
        ck_assert_int_eq(eval_int(c, "document.getElementById('error').hidden ? 0 : 1"), 1);
        /* the reason, the side and the ply, in words (not "ended by invalid_pass") */
        char *h = eval_string(c, "document.querySelector('#error h2').textContent");
        ck_assert_str_eq(h, "Game ended: invalid_pass (black, ply 5)");
        free(h);
    }
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s: %s", name, cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(keys_and_buttons_move_the_ply)
{
    setup();
    static char boards[MAX_POS][65];
    int plies = sdk_boards("normal", boards);
    char url[600];
    make_page("normal", url, sizeof url);
    cdp *c = browser();
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    assert_shows(c, "normal", 0, boards); /* no #ply: the start */
    for (int i = 1; i <= 3; i++) {
        ck_assert_int_eq(cdp_key(c, "ArrowRight"), 0);
        assert_shows(c, "normal", i, boards);
    }
    ck_assert_int_eq(cdp_key(c, "ArrowLeft"), 0);
    assert_shows(c, "normal", 2, boards);
    ck_assert_int_eq(cdp_key(c, "End"), 0);
    assert_shows(c, "normal", plies, boards);
    ck_assert_int_eq(cdp_key(c, "ArrowRight"), 0); /* stays at the end */
    assert_shows(c, "normal", plies, boards);
    ck_assert_int_eq(cdp_key(c, "Home"), 0);
    assert_shows(c, "normal", 0, boards);
    ck_assert_int_eq(cdp_key(c, "ArrowLeft"), 0); /* stays at the start */
    assert_shows(c, "normal", 0, boards);
    /* The buttons, clicked where they are drawn. */
    static const char *const buttons[] = {"next", "next", "prev", "last", "first"};
    const int after[] = {1, 2, 1, plies, 0};
    for (size_t i = 0; i < LOA_COUNT(buttons); i++) {
        char expr[200];
        snprintf(
            expr, sizeof expr,
            "(() => { const r = document.getElementById('%s')"
            ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()",
            buttons[i]);
        cJSON *at = cdp_eval(c, expr, 10000);
        ck_assert(cJSON_IsArray(at));
        ck_assert_int_eq(cdp_click(c, cJSON_GetArrayItem(at, 0)->valuedouble,
                                   cJSON_GetArrayItem(at, 1)->valuedouble),
                         0);
        cJSON_Delete(at);
        assert_shows(c, "normal", after[i], boards);
    }
    ck_assert_msg(cdp_errors(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(slider_moves_the_ply)
{
    setup();
    static char boards[MAX_POS][65];
    int plies = sdk_boards("draw", boards);
    char url[600];
    make_page("draw", url, sizeof url);
    cdp *c = browser();
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    cJSON *r = cdp_eval(c,
                        "(() => { const r = document.getElementById('slider')"
                        ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()",
                        10000);
    ck_assert(cJSON_IsArray(r) && cJSON_GetArraySize(r) == 4);
    double x = cJSON_GetArrayItem(r, 0)->valuedouble, y = cJSON_GetArrayItem(r, 1)->valuedouble;
    double w = cJSON_GetArrayItem(r, 2)->valuedouble, h = cJSON_GetArrayItem(r, 3)->valuedouble;
    cJSON_Delete(r);
    /* A click at the middle of the track goes to about the middle ply (the
     * thumb's width makes the exact ply depend on the browser's layout). */
    ck_assert_int_eq(cdp_click(c, x + w / 2, y + h / 2), 0);
    int mid = shown_ply(c);
    ck_assert_msg(abs(mid - plies / 2) <= plies / 10, "clicked the middle, ply %d of %d", mid,
                  plies);
    assert_shows(c, "draw", mid, boards);
    ck_assert_int_eq(cdp_click(c, x + w - 1, y + h / 2), 0);
    assert_shows(c, "draw", plies, boards);
    ck_assert_int_eq(cdp_click(c, x + 1, y + h / 2), 0);
    assert_shows(c, "draw", 0, boards);
    /* The focused slider steps with the keys, once per press. */
    ck_assert_int_eq(cdp_key(c, "ArrowRight"), 0);
    assert_shows(c, "draw", 1, boards);
    ck_assert_msg(cdp_errors(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(the_detector_sees_errors_and_requests)
{
    setup();
    /* The other tests rely on cdp counting errors and requests: a page that
     * throws and loads an image must be seen doing both. */
    char path[600], url[700];
    snprintf(path, sizeof path, "%s/bad.html", tmpdir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("<!DOCTYPE html><html><body><img src=\"http://example.com/x.png\">"
          "<script>null.x = 1;</script></body></html>",
          f);
    fclose(f);
    snprintf(url, sizeof url, "file://%s", path);
    cdp *c = browser();
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    usleep(300000);
    cJSON_Delete(cdp_eval(c, "1", 5000)); /* drain the events */
    ck_assert_int_ge(cdp_errors(c), 1);
    ck_assert_int_ge(cdp_requests(c), 1);
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(imported_game_page_shows_no_times_and_a_cut_stderr)
{
    /* A game from CodinGame's site (no times; white's timeout frame; a long
     * stderr the site cut): the page draws it without a script error. */
    setup();
    char path[600], cmd[2048], url[700];
    size_t len;
    char *text;
    ck_assert_int_eq(util_read_file(LOA_SOURCE_DIR "/tests/fixtures/codingame/timeout.site.json",
                                    1 << 20, &text, &len),
                     0);
    cJSON *site = cJSON_Parse(text);
    free(text);
    cJSON *f1 = cJSON_GetArrayItem(cJSON_GetObjectItem(site, "frames"), 1);
    static char cut[4100];
    memset(cut, 'x', 4096);
    memcpy(cut + 4096, "...", 4);
    cJSON_AddStringToObject(f1, "stderr", cut);
    text = cJSON_Print(site);
    cJSON_Delete(site);
    snprintf(path, sizeof path, "%s/site.json", tmpdir);
    ck_assert_int_eq(util_write_file_atomic(path, text, strlen(text)), 0);
    free(text);
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' '%s' -o '%s/site.html'", LOA_BIN_DIR, path, tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    cdp *c = browser();
    snprintf(url, sizeof url, "file://%s/site.html#ply=1", tmpdir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(shown_ply(c), 1);
    char *t = eval_string(c, "document.getElementById('ply').textContent");
    ck_assert_msg(strstr(t, "not recorded (limit 1000 ms)") && strstr(t, "cut by CodinGame"), "%s",
                  t);
    free(t);
    t = eval_string(c, "document.getElementById('summary').textContent");
    ck_assert_msg(strstr(t, "codingame-site"), "%s", t);
    free(t);
    t = eval_string(c, "document.getElementById('error').textContent");
    ck_assert_msg(strstr(t, "timeout") && strstr(t, "not recorded (limit 150 ms)"), "%s", t);
    free(t);
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

/* Bidirectional controls (U+202E, the right-to-left override, and its
 * kin) in a bot's name, comment and stderr are shown as markers
 * ("<U+202E>"), never applied: the page's text holds none. */
START_TEST(bidi_controls_are_shown_as_markers)
{
    setup();
    char path[600], cmd[2048], url[700];
    size_t len;
    char *text;
    ck_assert_int_eq(util_read_file(FIXTURES "normal.json", 1 << 20, &text, &len), 0);
    cJSON *r = cJSON_Parse(text);
    free(text);
    cJSON *black = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "players"), 0);
    cJSON_ReplaceItemInObject(black, "name", cJSON_CreateString("evil\u202egnp.exe"));
    cJSON *p1 = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "plies"), 0);
    cJSON_ReplaceItemInObject(p1, "stderr", cJSON_CreateString("a\u2066b\u200fc\u202ad\n"));
    text = cJSON_Print(r);
    cJSON_Delete(r);
    snprintf(path, sizeof path, "%s/bidi.json", tmpdir);
    ck_assert_int_eq(util_write_file_atomic(path, text, strlen(text)), 0);
    free(text);
    snprintf(cmd, sizeof cmd, "'%s/loa-replay' '%s' -o '%s/bidi.html'", LOA_BIN_DIR, path, tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    cdp *c = browser();
    snprintf(url, sizeof url, "file://%s/bidi.html#ply=1", tmpdir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(shown_ply(c), 1);
    char *t = eval_string(c, "document.getElementById('title').textContent");
    ck_assert_str_eq(t, "evil<U+202E>gnp.exe (black) vs loa-greedy (white)");
    free(t);
    t = eval_string(c, "document.title");
    ck_assert_msg(strstr(t, "evil<U+202E>gnp.exe"), "%s", t);
    free(t);
    t = eval_string(c, "document.querySelector('#ply pre.stderr').textContent");
    ck_assert_str_eq(t, "a<U+2066>b<U+200F>c<U+202A>d\n");
    free(t);
    /* nowhere in what the page shows (its text, the tooltips, the title) */
    ck_assert_int_eq(eval_int(c,
                              "/[\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]/.test("
                              "document.body.innerText + document.title + [...document."
                              "querySelectorAll('[title]')].map(e => e.title).join('')) ? 1 : 0"),
                     0);
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

/* The bytes `loa-replay --input [--turn-only] --ply k` prints for fixture
 * name, malloc'd ("" when it refuses). */
static char *replay_input(const char *name, int k, int turn_only)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "'%s/loa-replay' --input %s--ply %d '" FIXTURES "%s.json' 2>/dev/null", LOA_BIN_DIR,
             turn_only ? "--turn-only " : "", k, name);
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    char *s = calloc(1, 1 << 20);
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_lt(fread(s, 1, (1 << 20) - 1, f), (1 << 20) - 1);
    pclose(f);
    return s;
}

/* The input panel at ply n shows ply k's turn as loa-replay --input
 * --turn-only prints it, counts the bytes --input prints, and the command
 * that prints them (k = 0: no bot's turn, nothing shown). */
static void assert_input(cdp *c, const char *name, int n, int k)
{
    char *shown = eval_string(c, "document.getElementById('input').textContent");
    char *note = eval_string(c, "document.getElementById('input-note').textContent");
    char *cmd = eval_string(c, "document.getElementById('input-command').textContent");
    char *turn = k ? replay_input(name, k, 1) : strdup(""),
         *all = k ? replay_input(name, k, 0) : NULL;
    ck_assert_msg(strcmp(shown, turn) == 0, "%s ply %d: the page's input differs from loa-replay's",
                  name, n);
    if (k) {
        char words[200];
        snprintf(words, sizeof words, "%zu bytes from the start", strlen(all));
        ck_assert_msg(strstr(note, words) && strlen(turn) > 0, "%s ply %d: %s", name, n, note);
        snprintf(words, sizeof words, "/%s.json --ply %d | ./mybot", name, k);
        ck_assert_msg(strstr(cmd, words), "%s ply %d: %s", name, n, cmd);
    } else {
        ck_assert_int_eq(eval_int(c, "document.getElementById('input-copy').disabled ? 1 : 0"), 1);
    }
    free(shown), free(note), free(cmd), free(turn), free(all);
}

START_TEST(input_panel_shows_what_loa_replay_input_prints)
{
    setup();
    const char *name = records[_i];
    static char boards[MAX_POS][65];
    int plies = sdk_boards(name, boards);
    char url[600], at[700];
    make_page(name, url, sizeof url);
    cdp *c = browser();
    const int want[] = {0, 1, 2, 3, 21, 22, 23, plies - 1, plies};
    for (size_t j = 0; j < LOA_COUNT(want); j++) {
        int n = want[j];
        if (n < 0 || n > plies)
            continue;
        snprintf(at, sizeof at, "%s#ply=%d", url, n);
        ck_assert_int_eq(cdp_open(c, at, 20000), 0);
        int opening = strcmp(name, "opening") == 0 ? 2 : 0;
        int k = n == plies && strcmp(name, "error") == 0 ? plies + 1 : n > opening ? n : 0;
        assert_input(c, name, n, k);
    }
    /* the copy buttons run without an error (the clipboard, or by hand) */
    cJSON_Delete(cdp_eval(c,
                          "document.getElementById('input-copy').click(); "
                          "document.getElementById('input-copy-turn').click(); 1",
                          5000));
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s: %s", name, cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(screenshot_is_not_blank)
{
    setup();
    char url[600];
    make_page("normal", url, sizeof url);
    strcat(url, "#ply=12");
    cdp *c = browser();
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    int colours = shown_colours(c);
    ck_assert_msg(colours > 20, "the screenshot has %d colours: blank?", colours);
    /* Control: a blank page's screenshot has one or two colours. */
    cJSON *shot = cdp_call(c, "Page.captureScreenshot", cJSON_CreateObject(), 20000);
    ck_assert_ptr_nonnull(shot);
    ck_assert_int_le(png_colours(c, cJSON_GetObjectItem(shot, "data")->valuestring), 2);
    cJSON_Delete(shot);
    cdp_stop(c);
    teardown();
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        printf("check_replay_browser: SKIPPED: chromium is not installed (Debian package "
               "chromium; scripts/install-deps.sh installs it). With CI set this is a failure.\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"keys_and_buttons_move_the_ply", keys_and_buttons_move_the_ply, 90},
        {"slider_moves_the_ply", slider_moves_the_ply, 90},
        {"the_detector_sees_errors_and_requests", the_detector_sees_errors_and_requests, 90},
        {"screenshot_is_not_blank", screenshot_is_not_blank, 90},
        {"bidi_controls_are_shown_as_markers", bidi_controls_are_shown_as_markers, 90},
        {"imported_game_page_shows_no_times_and_a_cut_stderr",
         imported_game_page_shows_no_times_and_a_cut_stderr, 90},
    };
    const loa_loop_tcase loops[] = {
        {"deep_links_show_the_sdk_positions", deep_links_show_the_sdk_positions, 90,
         (int)LOA_COUNT(records)},
        {"input_panel_shows_what_loa_replay_input_prints",
         input_panel_shows_what_loa_replay_input_prints, 90, (int)LOA_COUNT(records)},
    };
    return loa_run_suite_loops("replay_browser", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
