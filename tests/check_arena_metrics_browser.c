/*
 * check_arena_metrics_browser - the metrics bots report, drawn by the pages
 * (replay/page/metrics.js) in a real browser (headless Chromium, cdp.c): a
 * league of test-metric-bot (at its t-th turn mK = 10 t + K) against
 * loa-random, played by loa-arena. Its bot page draws a curve against ply
 * for each turn metric, one point per 10-ply bucket that has values; a game
 * page shows, at ply n, each side's metrics of its last turn at or before
 * n (the sequence's values) and a chart of each metric over the game, one
 * point per turn. Neither logs a JavaScript error.
 *
 * Without chromium the suite is skipped (exit 77) unless CI is set.
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
#include "util/file.h"

#define BIN LOA_BIN_DIR

static char g_dir[128];

/* The text of the ply-metrics cell of metric m, side s. */
static int cell(cdp *c, const char *m, const char *s)
{
    char expr[300];
    snprintf(expr, sizeof expr,
             "Number(document.querySelector('#ply-metrics tr[data-metric=\"%s\"] "
             "td[data-side=\"%s\"]').textContent)",
             m, s);
    return eval_int(c, expr);
}

/* The buckets of a's m0 curve in DIR/res/standings.json. */
static int curve_points(const char *dir)
{
    char path[300], *text = NULL;
    size_t len;
    snprintf(path, sizeof path, "%s/res/standings.json", dir);
    ck_assert_int_eq(util_read_file(path, 1 << 24, &text, &len), 0);
    cJSON *st = cJSON_Parse(text);
    free(text);
    const cJSON *bots =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(st, "metrics"), "bots");
    const cJSON *m0 =
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(bots, 0), "metrics"),
                           0);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(m0, "name")->valuestring, "m0");
    int n = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(m0, "by_ply"));
    cJSON_Delete(st);
    ck_assert_int_gt(n, 0);
    return n;
}

START_TEST(pages_draw_the_metrics)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/check_arena_metrics_browser_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_dir));
    char cmd[1024], url[512];
    /* game 0: a (the first bot) black against random, 10 or more plies */
    snprintf(cmd, sizeof cmd,
             BIN "/loa-arena --bot a='" BIN "/test-metric-bot 2' --bot r='" BIN
                 "/loa-random -q -s 5' --games 4 --out %s/res -q > %s/out 2>&1 && " BIN
                 "/loa-replay %s/res 0 > /dev/null 2>&1",
             g_dir, g_dir, g_dir);
    ck_assert_int_eq(system(cmd), 0);
    cdp *c = browser_in(g_dir);
    snprintf(url, sizeof url, "file://%s/res/bot-a.html", g_dir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('svg.metric-curve').length"), 2);
    ck_assert_int_eq(
        eval_int(c,
                 "document.querySelectorAll('svg.metric-curve[data-metric=\"m1\"] .band').length"),
        1);
    /* a point per bucket of the curve's data */
    ck_assert_int_eq(
        eval_int(c, "document.querySelectorAll('svg.metric-curve[data-metric=\"m0\"] circle.pt')"
                    ".length"),
        curve_points(g_dir));
    ck_assert_int_eq(cdp_errors(c), 0);

    snprintf(url, sizeof url, "file://%s/res/games/000000.html#ply=6", g_dir);
    ck_assert_int_eq(cdp_open(c, url, 20000), 0);
    ck_assert_int_eq(eval_int(c, "document.getElementById('metrics-panel').hidden ? 1 : 0"), 0);
    char *who = eval_string(c, "document.getElementById('replay-data') && "
                               "JSON.parse(document.getElementById('replay-data').textContent)"
                               ".players[0].name");
    int black = strcmp(who, "a") == 0; /* a's side: black in game 0 as scheduled */
    free(who);
    const char *side = black ? "black" : "white";
    /* at ply 6 a's last turn is its third (black: ply 5; white: ply 6) */
    ck_assert_int_eq(cell(c, "m0", side), 30);
    ck_assert_int_eq(cell(c, "m1", side), 31);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('svg.metric-game').length"), 2);
    ck_assert_int_eq(
        eval_int(c, "document.querySelectorAll('svg.metric-game[data-metric=\"m0\"] circle.pt')"
                    ".length"),
        eval_int(c, "JSON.parse(document.getElementById('replay-data').textContent).plies"
                    ".filter(function (p) { return p.turn && p.turn.metrics; }).length"));
    /* the next ply moves the table on: a's turn at ply 7 or 8 is its fourth */
    ck_assert_int_eq(cdp_key(c, "ArrowRight"), 0);
    ck_assert_int_eq(cdp_key(c, "ArrowRight"), 0);
    ck_assert_int_eq(cell(c, "m0", side), 40);
    /* names a bot may print that are JavaScript's own (\w allows them) */
    ck_assert_int_eq(eval_int(c,
                              "LoaMetrics.game(JSON.parse('{\"players\":[],\"plies\":[{\"ply\":1,"
                              "\"color\":\"black\",\"turn\":{\"metrics\":{\"constructor\":3,"
                              "\"__proto__\":4,\"toString\":5}}}]}'), function () {})(1), "
                              "document.querySelectorAll('svg.metric-game').length"),
                     3);
    ck_assert_int_eq(cell(c, "constructor", "black"), 3);
    ck_assert_int_eq(cell(c, "__proto__", "black"), 4);
    ck_assert_int_eq(cdp_errors(c), 0);
    cdp_stop(c);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        fprintf(stderr, "check_arena_metrics_browser: SKIPPED: chromium is not installed "
                        "(scripts/install-deps.sh installs it)\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"pages_draw_the_metrics", pages_draw_the_metrics, 120},
    };
    return loa_run_suite("arena_metrics_browser", cases, LOA_COUNT(cases));
}
