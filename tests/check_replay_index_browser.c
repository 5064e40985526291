/*
 * check_replay_index_browser - the pages of a directory in a real browser
 * (headless Chromium over its DevTools pipe, cdp.c): a league's index
 * (tests/fixtures/replay/league/) shows its standings and an SPRT state,
 * filters its games by bot and result with the URL following, links each
 * game's page, and says how many of how many games it lists; a tune's
 * page (loa-tune) draws one chart per parameter, each trajectory point by
 * point, names as text, and its screenshot is not blank; neither logs a
 * JavaScript error or loads anything. A game's replay page:
 * check_replay_browser.
 *
 * Without chromium the suite is skipped (exit 77, ctest's SKIP_RETURN_CODE)
 * with a message, unless the environment variable CI is set: then it fails.
 */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "browser_test_util.h"
#include "cdp.h"
#include "check_main.h"
#include "replay/league.h"
#include "replay/tune.h"
#include "replay_browser_test_util.h"
#include "util/file.h"

START_TEST(league_index_filters_and_links)
{
    setup();
    char cmd[1200], path[1200], err[512], url[1400];
    snprintf(cmd, sizeof cmd, "cp -r " FIXTURES "league/. %s/", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    /* An SPRT state in standings.json, as the arena may add: shown. */
    snprintf(path, sizeof path, "%s/standings.json", tmpdir);
    FILE *f = fopen(path, "rb");
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    cJSON *st = cJSON_Parse(text);
    cJSON *sprt = cJSON_AddObjectToObject(st, "sprt");
    cJSON_AddNumberToObject(sprt, "llr", 1.25);
    cJSON_AddStringToObject(sprt, "state", "continue");
    char *out = cJSON_Print(st);
    f = fopen(path, "w");
    fputs(out, f);
    fclose(f);
    free(out);
    cJSON_Delete(st);
    int written, failed;
    ck_assert_int_eq(replay_write_league(tmpdir, 1, &written, &failed, err, sizeof err), 0);
    cdp *c = browser();
    snprintf(url, sizeof url, "file://%s/index.html", tmpdir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    const char *visible = "document.querySelectorAll('#games tr[data-black]:not(.hidden)').length";
    ck_assert_int_eq(eval_int(c, visible), 6);
    /* every game listed: no word about the others */
    ck_assert_int_eq(eval_int(c, "document.getElementById('listed').hidden ? 1 : 0"), 1);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#standings tr').length"), 4);
    ck_assert_int_eq(eval_int(c, "document.getElementById('sprt-panel').hidden ? 0 : 1"), 1);
    char *t = eval_string(c, "document.getElementById('sprt').textContent");
    ck_assert_msg(strstr(t, "LLR") && strstr(t, "1.25"), "%s", t);
    free(t);
    /* The bot filter: "first" plays 4 of the 6 games; the URL follows. */
    cJSON_Delete(cdp_eval(c,
                          "(() => { const s = document.getElementById('f-bot'); s.value = 'first';"
                          " s.dispatchEvent(new Event('change')); return 0; })()",
                          10000));
    ck_assert_int_eq(eval_int(c, visible), 4);
    t = eval_string(c, "location.hash");
    ck_assert_str_eq(t, "#bot=first");
    free(t);
    /* A link opens the game's replay page. */
    t = eval_string(c, "document.querySelector('#games a').getAttribute('href')");
    ck_assert_msg(strlen(t) == 17 && strncmp(t, "games/", 6) == 0 && strcmp(t + 12, ".html") == 0,
                  "%s", t);
    snprintf(url, sizeof url, "file://%s/%s#ply=1", tmpdir, t);
    free(t);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(shown_ply(c), 1);
    /* A filtered deep link: games won by white only. */
    snprintf(url, sizeof url, "file://%s/index.html#result=0-1", tmpdir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    int w = eval_int(c, visible);
    ck_assert_int_eq(w,
                     eval_int(c, "Array.from(document.querySelectorAll('#games tr[data-result]'))"
                                 ".filter((r) => r.getAttribute('data-result') === '0-1').length"));
    ck_assert_int_lt(w, 6);
    /* A league on a database lists some of its games (issue 36): the page
     * says how many of how many, and where the others are. */
    cJSON *lines = cJSON_Parse("[{\"id\": 0, \"black\": \"first\", \"white\": \"random\","
                               " \"result\": \"1-0\", \"reason\": \"connected\"}]");
    ck_assert_int_eq(replay_write_index_lines(tmpdir, lines, 1000, err, sizeof err), 0);
    cJSON_Delete(lines);
    snprintf(url, sizeof url, "file://%s/index.html", tmpdir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(eval_int(c, visible), 1);
    t = eval_string(c, "(() => { const l = document.getElementById('listed');"
                       " return l.hidden ? 'hidden' : l.textContent; })()");
    ck_assert_msg(strstr(t, "1 of 1000 games") && strstr(t, "league.db"), "%s", t);
    free(t);
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    teardown();
}
END_TEST

/* A tune-state.json as loa-tune writes it: two parameters (one named with
 * markup: shown as text), five points of trajectory. */
static void write_tune_state(const char *dir)
{
    cJSON *st = cJSON_CreateObject();
    cJSON_AddNumberToObject(st, "pairs", 400);
    cJSON_AddNumberToObject(st, "pairs_played", 400);
    cJSON_AddNumberToObject(st, "games", 800);
    cJSON_AddBoolToObject(st, "complete", 1);
    cJSON_AddNumberToObject(st, "A", 40);
    cJSON_AddNumberToObject(st, "alpha", 0.602);
    cJSON_AddNumberToObject(st, "gamma", 0.101);
    cJSON_AddStringToObject(st, "command", "/bin/bot --w 7 --v </script>");
    const char *names[2] = {"w", "<b>v</b>"};
    double start[2] = {1, 0.5},
           theta[2][5] = {{1, 3.2, 5.9, 6.8, 7.1}, {0.5, 0.45, 0.3, 0.2, 0.25}};
    cJSON *params = cJSON_AddArrayToObject(st, "params");
    cJSON *hist = cJSON_AddObjectToObject(st, "history"),
          *th = cJSON_AddObjectToObject(hist, "theta");
    const int pairs[5] = {0, 100, 200, 300, 400};
    cJSON_AddItemToObject(hist, "pairs", cJSON_CreateIntArray(pairs, 5));
    for (int i = 0; i < 2; i++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "name", names[i]);
        cJSON_AddStringToObject(p, "type", i ? "real" : "int");
        cJSON_AddNumberToObject(p, "start", start[i]);
        cJSON_AddNumberToObject(p, "min", 0);
        cJSON_AddNumberToObject(p, "max", 14);
        cJSON_AddNumberToObject(p, "c_end", 1);
        cJSON_AddNumberToObject(p, "r_end", 0.1);
        cJSON_AddNumberToObject(p, "theta", theta[i][4]);
        cJSON_AddNumberToObject(p, "value", i ? theta[i][4] : 7);
        cJSON_AddItemToArray(params, p);
        cJSON_AddItemToObject(th, names[i], cJSON_CreateDoubleArray(theta[i], 5));
    }
    char path[600], *text = cJSON_Print(st);
    snprintf(path, sizeof path, "%s/tune-state.json", dir);
    ck_assert_int_eq(util_write_file_atomic(path, text, strlen(text)), 0);
    free(text);
    cJSON_Delete(st);
}

START_TEST(tune_page_draws_every_trajectory)
{
    setup();
    char err[512], url[700];
    write_tune_state(tmpdir);
    ck_assert_msg(replay_write_tune(tmpdir, err, sizeof err) == 0, "%s", err);
    cdp *c = browser();
    snprintf(url, sizeof url, "file://%s/index.html", tmpdir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('.chart svg').length"), 2);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#params tr[data-param]').length"), 2);
    /* every point of each trajectory, left to right, the last the highest
     * for w (it rose from 1 to 7.1: SVG's y grows downwards) */
    const char *pts = "document.querySelector('.chart[data-param=\"w\"] polyline')"
                      ".getAttribute('points').split(' ')";
    char expr[600];
    snprintf(expr, sizeof expr, "%s.length", pts);
    ck_assert_int_eq(eval_int(c, expr), 5);
    snprintf(expr, sizeof expr,
             "(() => { const p = %s.map((s) => s.split(',').map(Number));"
             " return p.every((q, i) => i == 0 || q[0] > p[i - 1][0]) && p[4][1] < p[0][1] ? 1 : "
             "0; })()",
             pts);
    ck_assert_int_eq(eval_int(c, expr), 1);
    char *t = eval_string(c, "document.querySelectorAll('.chart h2')[1].textContent");
    ck_assert_str_eq(t, "<b>v</b>");
    free(t);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('.chart b').length"), 0);
    t = eval_string(c, "document.getElementById('command').textContent");
    ck_assert_str_eq(t, "/bin/bot --w 7 --v </script>");
    free(t);
    t = eval_string(c, "document.getElementById('summary').textContent");
    ck_assert_msg(strstr(t, "400 of 400 pairs") && strstr(t, "complete"), "%s", t);
    free(t);
    int colours = shown_colours(c);
    ck_assert_msg(colours > 10, "the screenshot has %d colours: blank?", colours);
    cdp_stop(c);
    teardown();
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        printf("check_replay_index_browser: SKIPPED: chromium is not installed (Debian package "
               "chromium; scripts/install-deps.sh installs it). With CI set this is a failure.\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"league_index_filters_and_links", league_index_filters_and_links, 90},
        {"tune_page_draws_every_trajectory", tune_page_draws_every_trajectory, 90},
    };
    return loa_run_suite("replay_index_browser", cases, LOA_COUNT(cases));
}
