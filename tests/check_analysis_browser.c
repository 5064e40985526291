/*
 * check_analysis_browser - an analysed game's page in a real browser
 * (headless Chromium over its DevTools pipe, tests/cdp.c): a real game of
 * loa-random against loa-ab analysed by loa-analyse; its page draws the
 * evaluation graph with one point per ply, as many marks on the graph and
 * on the moves list as the analysis has, and at each marked ply the
 * engine's better move as a second arrow, a legal move of the position
 * before; a click on the graph moves the ply; nothing logs an error or
 * loads anything.
 *
 * Without chromium the suite is skipped (exit 77), unless CI is set.
 */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "browser_test_util.h"
#include "cdp.h"
#include "check_main.h"
#include "loa/loa.h"
#include "replay/analysis.h"
#include "replay/replay.h"

#define BIN LOA_BIN_DIR "/"

static char tmpdir[] = "/tmp/check_analysis_browser.XXXXXX";

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
    (void)sb, (void)flag, (void)f;
    return remove(p);
}

/* At every marked ply of the page at url: its mark in the ply panel, and
 * the better move (a legal move of the position before) as a second arrow. */
static void check_marked_plies(cdp *c, const char *url, const replay_game *g,
                               const replay_analysis *a, int plies)
{
    loa_board b;
    loa_board_init(&b);
    for (int n = 1; n <= plies; n++) {
        const replay_judgement *j = &a->moves[n - 1];
        const replay_position *before = &a->positions[n - 1];
        char at[800], mv[LOA_MOVE_STRING_MAX];
        if (j->mark != REPLAY_MARK_NONE) {
            snprintf(at, sizeof at, "%s#ply=%d", url, n);
            ck_assert_int_eq(cdp_open(c, at, 20000), 0);
            char *m = eval_string(c, "document.getElementById('ply-mark').textContent");
            ck_assert_msg(strcmp(m, replay_mark_name(j->mark)) == 0 ||
                              (j->mark == REPLAY_MARK_MISSED_WIN && strcmp(m, "missed win") == 0),
                          "ply %d: %s", n, m);
            free(m);
            char *best =
                eval_string(c, "(() => { const l = document.querySelector('#board line.best-move');"
                               " return l ? l.getAttribute('data-move') : ''; })()");
            ck_assert_str_eq(best, loa_move_format(before->best, mv));
            loa_move bm;
            ck_assert_int_eq(loa_move_parse(best, &bm), 0);
            ck_assert_msg(loa_is_legal(&b, bm), "ply %d: %s is not legal", n, best);
            free(best);
            ck_assert_int_eq(eval_int(c,
                                      "document.querySelectorAll('#board line.last-move').length"),
                             1);
        }
        loa_move m;
        loa_move_parse(replay_game_ply(g, n)->move, &m);
        loa_make_move(&b, m, NULL);
    }
}

START_TEST(the_analysed_page_draws_graph_marks_and_better_moves)
{
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    char cmd[4096], rec[600], page[600], apath[600], url[700], err[512];
    snprintf(rec, sizeof rec, "%s/g.json", tmpdir);
    snprintf(page, sizeof page, "%s/g.html", tmpdir);
    snprintf(apath, sizeof apath, "%s/g.analysis.json", tmpdir);
    snprintf(cmd, sizeof cmd,
             BIN "loa-referee -p1 '" BIN "loa-random -s 7' -p2 '" BIN
                 "loa-ab --nodes 20000' -d seed=7 -l %s > /dev/null && " BIN
                 "loa-analyse --nodes 20000 -q %s > /dev/null",
             rec, rec);
    ck_assert_int_eq(system(cmd), 0);
    replay_game *g;
    replay_analysis *a;
    ck_assert_int_eq(replay_game_load(rec, &g, err, sizeof err), 0);
    ck_assert_msg(replay_analysis_load(g, apath, &a, err, sizeof err) == 0, "%s", err);
    int plies = a->plies, marks = 0;
    for (int n = 0; n < plies; n++)
        marks += a->moves[n].mark != REPLAY_MARK_NONE;
    ck_assert_int_gt(marks, 0);
    cdp *c = browser_in(tmpdir);
    snprintf(url, sizeof url, "file://%s", page);
    ck_assert_msg(cdp_open(c, url, 20000) == 0, "%s", cdp_error(c));
    ck_assert_int_eq(eval_int(c, "document.getElementById('analysis').hidden ? 0 : 1"), 1);
    /* one point a ply, in order */
    ck_assert_int_eq(eval_int(c,
                              "document.querySelectorAll('#evalchart circle.eval-point').length"),
                     plies);
    ck_assert_int_eq(
        eval_int(c, "Array.from(document.querySelectorAll('#evalchart circle.eval-point'))"
                    ".every((p, i) => Number(p.getAttribute('data-ply')) === i + 1) ? 1 : 0"),
        1);
    ck_assert_int_eq(
        eval_int(c,
                 "document.querySelectorAll('#evalchart circle.eval-point[class*=mark-]').length"),
        marks);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#moves span.mark').length"), marks);
    check_marked_plies(c, url, g, a, plies);
    /* a click on the graph goes to the ply under it */
    cJSON *r = cdp_eval(
        c,
        "(() => { const p = document.querySelector('#evalchart circle.eval-point[data-ply=\"3\"]')"
        ".getBoundingClientRect(); return [p.left + p.width / 2, p.top + p.height / 2]; })()",
        10000);
    ck_assert(cJSON_IsArray(r));
    ck_assert_int_eq(cdp_click(c, cJSON_GetArrayItem(r, 0)->valuedouble,
                               cJSON_GetArrayItem(r, 1)->valuedouble),
                     0);
    cJSON_Delete(r);
    ck_assert_int_eq(eval_int(c,
                              "Number(document.getElementById('board').getAttribute('data-ply'))"),
                     3);
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    replay_analysis_free(a);
    replay_game_free(g);
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

START_TEST(the_league_index_links_each_lost_games_worst_moment)
{
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    char cmd[4096], url[700], expr[300];
    snprintf(cmd, sizeof cmd,
             BIN "loa-arena --bot rnd='" BIN "loa-random -s {seed}' --bot ab='" BIN
                 "loa-ab --nodes 3000' --games 4 --concurrency 2 --pages none -q --out %s/league "
                 "--analyse lost > /dev/null 2>&1",
             tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    cdp *c = browser_in(tmpdir);
    snprintf(url, sizeof url, "file://%s/league/index.html", tmpdir);
    ck_assert_msg(cdp_open(c, url, 20000) == 0, "%s", cdp_error(c));
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#games a.worst').length"), 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_msg(cdp_open(c, url, 20000) == 0, "%s", cdp_error(c));
        snprintf(expr, sizeof expr,
                 "Number(document.querySelectorAll('#games tr[data-worst]')[%d]"
                 ".getAttribute('data-worst'))",
                 i);
        int worst = eval_int(c, expr);
        ck_assert_int_gt(worst, 0);
        /* (the games are below the league page's charts: scrolled to first) */
        snprintf(expr, sizeof expr,
                 "(() => { const a = document.querySelectorAll('#games a.worst')[%d];"
                 " a.scrollIntoView({block: 'center'}); const r = a.getBoundingClientRect();"
                 " return [r.left + 4, r.top + r.height / 2]; })()",
                 i);
        cJSON *at = cdp_eval(c, expr, 10000);
        ck_assert(cJSON_IsArray(at));
        ck_assert_int_eq(cdp_click(c, cJSON_GetArrayItem(at, 0)->valuedouble,
                                   cJSON_GetArrayItem(at, 1)->valuedouble),
                         0);
        cJSON_Delete(at);
        /* the page of that game, at the worst ply, with its analysis */
        int shown = -1;
        for (int k = 0; k < 100 && shown != worst; k++) {
            cJSON *v =
                cdp_eval(c,
                         "document.getElementById('board') ? "
                         "Number(document.getElementById('board').getAttribute('data-ply')) : -1",
                         10000);
            shown = cJSON_IsNumber(v) ? v->valueint : -1;
            cJSON_Delete(v);
        }
        ck_assert_int_eq(shown, worst);
        ck_assert_int_eq(eval_int(c, "document.getElementById('analysis-ply') ? 1 : 0"), 1);
    }
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
    cdp_stop(c);
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        printf("check_analysis_browser: SKIPPED: chromium is not installed (Debian package "
               "chromium; scripts/install-deps.sh installs it). With CI set this is a failure.\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"the_analysed_page_draws_graph_marks_and_better_moves",
         the_analysed_page_draws_graph_marks_and_better_moves, 180},
        {"the_league_index_links_each_lost_games_worst_moment",
         the_league_index_links_each_lost_games_worst_moment, 240},
    };
    return loa_run_suite("analysis_browser", cases, LOA_COUNT(cases));
}
