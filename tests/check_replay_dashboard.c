/*
 * check_replay_dashboard - a league's live pages and the viewer's controls
 * in headless Chromium (cdp.c), on leagues loa-arena plays here: the index
 * shows more games at a later moment without a reload while the league
 * runs; the Elo chart holds a point per game of a known league for each
 * bot; a decided SPRT says H1 in its heading, its words and the summary,
 * its LLR chart a point per pair; a bot's page lists exactly the games it
 * lost; the viewer's play button advances the ply and pause stops it; a
 * game lost by a fault opens at its failing ply; the comment is drawn by
 * the board; a slow first turn is clipped in the time chart, not squashing
 * it; the evaluation chart reads "score N" from stderr, a won position's
 * score clipped. No page logs a
 * JavaScript error or requests anything outside its directory.
 *
 * Skipped (exit 77) without chromium unless CI is set, as
 * check_replay_browser.
 */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "browser_test_util.h"
#include "cdp.h"
#include "check_main.h"

#define BIN LOA_BIN_DIR "/"
#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"
#define OPENINGS LOA_SOURCE_DIR "/arena/openings/4ply-balanced.txt"

static char tmpdir[] = "/tmp/check_replay_dashboard.XXXXXX";

static int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
    (void)sb, (void)flag, (void)f;
    return remove(p);
}

static void setup(void)
{
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}
static void teardown(void)
{
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static int sh(const char *fmt, ...)
{
    char cmd[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* Chromium allowed the test's directory only: any other request is counted. */
static cdp *browser(void)
{
    return browser_in(tmpdir);
}

static void open_page(cdp *c, const char *rel)
{
    char url[1200];
    snprintf(url, sizeof url, "file://%s/%s", tmpdir, rel);
    ck_assert_msg(cdp_open(c, url, 30000) == 0, "%s: %s", url, cdp_error(c));
}

static void assert_clean(cdp *c)
{
    cJSON_Delete(cdp_eval(c, "1", 5000)); /* drain the events */
    ck_assert_msg(cdp_errors(c) == 0 && cdp_requests(c) == 0, "%s", cdp_first_event(c));
}

/* Waits up to timeout_s for expr (a number) to reach at least want. */
static int wait_for(cdp *c, const char *expr, int want, int timeout_s)
{
    int v = -1;
    for (int i = 0; i < timeout_s * 5; i++) {
        v = eval_int(c, expr);
        if (v >= want)
            return v;
        usleep(200000);
    }
    return v;
}

/* The number of "x,y" pairs in the points of the polyline of series name
 * in chart id. */
static int series_points(cdp *c, const char *chart, const char *name)
{
    char expr[600];
    snprintf(expr, sizeof expr,
             "(() => { const p = Array.from(document.querySelectorAll('#%s polyline.series'))"
             ".find((e) => e.getAttribute('data-name') === '%s');"
             " return p ? p.getAttribute('points').trim().split(' ').length : -1; })()",
             chart, name);
    return eval_int(c, expr);
}

static void arena(const char *args)
{
    ck_assert_int_eq(sh("cd '%s' && '" BIN "loa-arena' %s --out '%s/lg' -q > '%s/arena.out' 2>&1",
                        tmpdir, args, tmpdir, tmpdir),
                     0);
}

START_TEST(live_index_shows_more_games_without_a_reload)
{
    setup();
    /* about 2 s a game (75 turns of 25 ms), one at a time: the page is
     * opened after the first games and must see later ones come in */
    ck_assert_int_eq(sh("cd '%s' && ('" BIN "loa-arena' --bot first='" BIN "loa-first' --bot "
                        "slow='" BIN "hostile-slow 25' --games 8 --concurrency 1 --out lg -q "
                        "> arena.out 2>&1 & echo $! > arena.pid)",
                        tmpdir),
                     0);
    cdp *c = browser();
    char live[700];
    snprintf(live, sizeof live, "%s/lg/live.js", tmpdir);
    for (int i = 0; i < 300 && access(live, R_OK) != 0; i++)
        usleep(100000);
    open_page(c, "lg/index.html");
    const char *rows = "document.querySelectorAll('#games tr[data-id]').length";
    int first = wait_for(c, rows, 1, 90);
    ck_assert_int_ge(first, 1);
    cJSON_Delete(cdp_eval(c, "window.__same_document = 7", 5000));
    int later = wait_for(c, rows, first + 1, 120);
    ck_assert_msg(later > first, "the page showed %d games, then %d", first, later);
    /* the same document (no reload), redrawn from live.js */
    ck_assert_int_eq(eval_int(c, "window.__same_document || 0"), 7);
    ck_assert_int_ge(eval_int(c, "Number(document.body.getAttribute('data-updates'))"), 2);
    char *t = eval_string(c, "document.getElementById('state').textContent");
    ck_assert_msg(strstr(t, "live"), "%s", t);
    free(t);
    t = eval_string(c, "document.getElementById('progress-text').textContent");
    ck_assert_msg(strstr(t, "of 8 games") && strstr(t, "ETA"), "%s", t);
    free(t);
    /* the end: the page says the league stopped, every game listed */
    ck_assert_int_eq(wait_for(c, rows, 8, 120), 8);
    ck_assert_int_eq(
        wait_for(c, "document.getElementById('state').classList.contains('stopped') ? 1 : 0", 1,
                 30),
        1);
    assert_clean(c);
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(charts_hold_a_point_per_game)
{
    setup();
    /* two bots, 8 games: the Elo history has a point per game for each */
    arena("--bot first='" BIN "loa-first' --bot greedy='" BIN "loa-greedy' --games 8");
    cdp *c = browser();
    open_page(c, "lg/index.html");
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#elo-chart polyline.series').length"),
                     2);
    ck_assert_int_eq(series_points(c, "elo-chart", "first"), 8);
    ck_assert_int_eq(series_points(c, "elo-chart", "greedy"), 8);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#elo-chart polygon.band').length"), 2);
    /* the histogram: a bar per bin and bot, the games of each bot counted once */
    int bins = eval_int(c, "document.querySelectorAll('#time-chart rect.hbar').length / 2");
    ck_assert_int_ge(bins, 8);
    ck_assert_int_eq(eval_int(c, "Array.from(document.querySelectorAll('#time-chart rect.hbar'))"
                                 ".filter((r) => r.getAttribute('data-name') === 'greedy')"
                                 ".reduce((a, r) => a + Number(r.querySelector('title').textContent"
                                 ".split(': ').pop()), 0)"),
                     8);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#standings tr[data-bot]').length"), 2);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#games tr[data-id]').length"), 8);
    assert_clean(c);
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(decided_sprt_says_h1)
{
    setup();
    arena("--bot greedy='" BIN "loa-greedy' --bot random='" BIN "loa-random' --openings '" OPENINGS
          "' --sprt elo0=0 elo1=50 --concurrency 2");
    cdp *c = browser();
    open_page(c, "lg/index.html");
    char *t = eval_string(c, "document.getElementById('sprt-head').textContent");
    ck_assert_msg(strstr(t, "decided") && strstr(t, "H1"), "%s", t);
    free(t);
    t = eval_string(c, "document.getElementById('summary').textContent");
    ck_assert_msg(strstr(t, "H1 accepted") && !strstr(t, "incomplete"), "%s", t);
    free(t);
    t = eval_string(c, "document.getElementById('sprt-words').textContent");
    ck_assert_msg(strstr(t, "H1 accepted after") && strstr(t, "greedy is stronger than random"),
                  "%s", t);
    free(t);
    /* the LLR over pairs: a point per pair, against both bounds */
    int pairs =
        eval_int(c, "Number(document.querySelector('#penta tr:nth-child(2)').textContent.length ? "
                    "Array.from(document.querySelectorAll('#penta tr:nth-child(2) td'))"
                    ".reduce((a, td) => a + Number(td.textContent), 0) : -1)");
    ck_assert_int_ge(pairs, 5);
    ck_assert_int_eq(series_points(c, "llr-chart", "LLR"), pairs);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#llr-chart line.hline').length"), 3);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#llr-chart line.decided').length"), 1);
    assert_clean(c);
    cdp_stop(c);
    teardown();
}
END_TEST

/* The ids of the games of DIR/games.jsonl that bot lost, as ",id,id,". */
static void lost_ids(const char *bot, char *out, size_t size)
{
    char path[700], line[8192];
    snprintf(path, sizeof path, "%s/lg/games.jsonl", tmpdir);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    int ids[64], n = 0;
    while (fgets(line, sizeof line, f)) {
        cJSON *g = cJSON_Parse(line);
        const char *w = cJSON_GetStringValue(cJSON_GetObjectItem(g, "winner"));
        const char *b = cJSON_GetStringValue(cJSON_GetObjectItem(g, "black"));
        const char *wh = cJSON_GetStringValue(cJSON_GetObjectItem(g, "white"));
        if (w && ((strcmp(w, "black") == 0 && strcmp(wh, bot) == 0) ||
                  (strcmp(w, "white") == 0 && strcmp(b, bot) == 0)))
            ids[n++] = cJSON_GetObjectItem(g, "id")->valueint;
        cJSON_Delete(g);
    }
    fclose(f);
    for (int i = 0; i < n; i++) /* sorted, newest first, as the page lists them */
        for (int j = i + 1; j < n; j++)
            if (ids[j] > ids[i]) {
                int x = ids[i];
                ids[i] = ids[j];
                ids[j] = x;
            }
    size_t o = snprintf(out, size, ",");
    for (int i = 0; i < n; i++)
        o += snprintf(out + o, size - o, "%d,", ids[i]);
}

START_TEST(bot_page_lists_exactly_the_games_it_lost)
{
    setup();
    /* slow answers 10 turns, then too late: it loses on time */
    arena("--bot first='" BIN "loa-first' --bot greedy='" BIN "loa-greedy' --bot slow='" BIN
          "hostile-slow 200 10' --games 2 --pages all");
    cdp *c = browser();
    const char *bots[] = {"slow", "first"};
    for (int k = 0; k < 2; k++) {
        char page[100], want[400];
        snprintf(page, sizeof page, "lg/bot-%s.html", bots[k]);
        open_page(c, page);
        lost_ids(bots[k], want, sizeof want);
        char *got =
            eval_string(c, "',' + Array.from(document.querySelectorAll('#bot-losses tr[data-id]'))"
                           ".map((r) => r.getAttribute('data-id') + ',').join('')");
        ck_assert_str_eq(got, want);
        free(got);
        ck_assert_int_ge(eval_int(c,
                                  "document.querySelectorAll('#bot-vs tr[data-opponent]').length"),
                         2);
    }
    /* slow's faults, with their stderr's end, link to their pages */
    open_page(c, "lg/bot-slow.html");
    ck_assert_int_ge(eval_int(c, "document.querySelectorAll('#bot-faults .fault a').length"), 1);
    char *href =
        eval_string(c, "document.querySelector('#bot-faults .fault a').getAttribute('href')");
    ck_assert_msg(strncmp(href, "games/", 6) == 0, "%s", href);
    /* its slowest turns are its timeouts (nearest the limit of all), each
     * with its ply and the stderr it wrote before (hostile-slow: none) */
    ck_assert_int_ge(eval_int(c, "document.querySelectorAll('#bot-slowest tr[data-id]').length"),
                     1);
    char *slow = eval_string(c, "document.querySelector('#bot-slowest tr[data-id]').textContent");
    ck_assert_msg(strstr(slow, "timed out"), "%s", slow);
    free(slow);
    slow = eval_string(
        c, "document.querySelector('#bot-slowest tr[data-id] + tr.slow-stderr pre').textContent");
    ck_assert_str_eq(slow, "(nothing on stderr)");
    free(slow);
    /* its page opens at the failing ply, the viewer shared by the league */
    char page[200];
    snprintf(page, sizeof page, "lg/%s", href);
    free(href);
    open_page(c, page);
    int plies =
        eval_int(c, "JSON.parse(document.getElementById('replay-data').textContent).plies.length");
    ck_assert_int_eq(eval_int(c,
                              "Number(document.getElementById('board').getAttribute('data-ply'))"),
                     plies);
    ck_assert_int_eq(eval_int(c, "document.getElementById('error').hidden ? 0 : 1"), 1);
    ck_assert_int_eq(eval_int(c,
                              "document.querySelectorAll('script[src=\"../viewer.js\"]').length"),
                     1);
    assert_clean(c);
    cdp_stop(c);
    teardown();
}
END_TEST

static void replay_page(const char *fixture, const char *out)
{
    ck_assert_int_eq(sh("'" BIN "loa-replay' '%s' -o '%s/%s'", fixture, tmpdir, out), 0);
}

START_TEST(viewer_plays_and_opens_on_the_fault)
{
    setup();
    replay_page(FIXTURES "normal.json", "normal.html");
    replay_page(FIXTURES "error.json", "error.html");
    cdp *c = browser();
    const char *ply = "Number(document.getElementById('board').getAttribute('data-ply'))";
    open_page(c, "normal.html#ply=0");
    ck_assert_int_eq(eval_int(c, ply), 0);
    /* play at 16 plies a second: the ply advances by itself */
    cJSON_Delete(cdp_eval(c,
                          "(() => { const s = document.getElementById('speed'); s.value = '16';"
                          " s.dispatchEvent(new Event('change'));"
                          " document.getElementById('play').click(); return 0; })()",
                          5000));
    ck_assert_int_ge(wait_for(c, ply, 3, 20), 3);
    ck_assert_int_eq(
        eval_int(c, "Number(document.getElementById('play').getAttribute('data-playing'))"), 1);
    cJSON_Delete(cdp_eval(c, "document.getElementById('play').click()", 5000));
    int stopped = eval_int(c, ply);
    usleep(600000);
    ck_assert_int_eq(eval_int(c, ply), stopped);
    /* Space plays too */
    ck_assert_int_eq(cdp_key(c, " "), 0);
    ck_assert_int_ge(wait_for(c, ply, stopped + 2, 20), stopped + 2);
    /* a game lost by a fault opens at its failing ply, the answer by the board */
    open_page(c, "error.html");
    ck_assert_int_eq(eval_int(c, ply), 4);
    char *t = eval_string(c, "location.hash");
    ck_assert_str_eq(t, "#ply=4");
    free(t);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#board rect.fault-frame').length"), 1);
    t = eval_string(c, "document.getElementById('bubble').textContent");
    ck_assert_msg(strstr(t, "pass") && strstr(t, "ply 5"), "%s", t);
    free(t);
    /* the comment of ply 1 ("hello") by the board */
    open_page(c, "error.html#ply=1");
    t = eval_string(c, "document.getElementById('bubble-text').textContent");
    ck_assert_str_eq(t, "hello");
    free(t);
    ck_assert_int_eq(eval_int(c, "document.getElementById('bubble').hidden ? 0 : 1"), 1);
    assert_clean(c);
    cdp_stop(c);
    teardown();
}
END_TEST

START_TEST(time_chart_clips_a_slow_first_turn_and_evaluation_reads_scores)
{
    setup();
    /* normal.json with a 900 ms first turn and loa-ab's "score N" on stderr */
    char path[700], *text = NULL;
    FILE *f = fopen(FIXTURES "normal.json", "rb");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    cJSON *r = cJSON_Parse(buf), *p;
    int k = 0, scored = 0, with_nodes = 0;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "plies"))
    {
        if (k == 0)
            cJSON_SetNumberValue(cJSON_GetObjectItem(p, "time_us"), 900000);
        if (k % 3 == 0) {
            char s[80];
            /* the last, a won position's score: clipped, not squashing the others */
            snprintf(s, sizeof s, "loa-ab: a1a2 depth 5 score %d nodes 10\n",
                     k == 24 ? 30000 : k * 10 - 50);
            cJSON_ReplaceItemInObject(p, "stderr", cJSON_CreateString(s));
            scored++;
        }
        with_nodes +=
            strstr(cJSON_GetStringValue(cJSON_GetObjectItem(p, "stderr")), "nodes ") != NULL;
        k++;
    }
    text = cJSON_Print(r);
    cJSON_Delete(r);
    snprintf(path, sizeof path, "%s/slow.json", tmpdir);
    f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    free(text);
    replay_page(path, "slow.html");
    cdp *c = browser();
    open_page(c, "slow.html#ply=5");
    /* the 900 ms turn is a clipped mark; the axis stops near the 150 ms limit */
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#chart .pt.clipped').length"), 1);
    ck_assert_int_le(eval_int(c,
                              "Math.max(...Array.from(document.querySelectorAll('#chart .ytick'))"
                              ".map((e) => Number(e.textContent)))"),
                     200);
    char *t = eval_string(c, "document.getElementById('chart-note').textContent");
    ck_assert_msg(strstr(t, "red triangle"), "%s", t);
    free(t);
    /* log scale: every point drawn, none clipped */
    cJSON_Delete(
        cdp_eval(c,
                 "(() => { const b = document.getElementById('chart-log'); b.checked = true;"
                 " b.dispatchEvent(new Event('change')); return 0; })()",
                 5000));
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#chart .pt.clipped').length"), 0);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#chart .pt').length"), 25);
    /* the evaluation: a point per ply whose stderr has a score */
    ck_assert_int_eq(
        eval_int(c, "Number(document.getElementById('eval').getAttribute('data-points'))"), scored);
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#eval .pt.clipped').length"), 1);
    ck_assert_int_le(eval_int(c, "Math.max(...Array.from(document.querySelectorAll('#eval .ytick'))"
                                 ".map((e) => Number(e.textContent)))"),
                     1000);
    t = eval_string(c, "document.getElementById('eval-note').textContent");
    ck_assert_msg(strstr(t, "won or lost"), "%s", t);
    free(t);
    /* a pattern of the user's: the nodes instead */
    cJSON_Delete(cdp_eval(
        c,
        "(() => { const i = document.getElementById('eval-re'); i.value = 'nodes (\\\\d+)';"
        " i.dispatchEvent(new Event('change')); return 0; })()",
        5000));
    ck_assert_int_eq(
        eval_int(c, "Number(document.getElementById('eval').getAttribute('data-points'))"),
        with_nodes);
    assert_clean(c);
    cdp_stop(c);
    teardown();
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        printf("check_replay_dashboard: SKIPPED: chromium is not installed (Debian package "
               "chromium; scripts/install-deps.sh installs it). With CI set this is a failure.\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"live_index_shows_more_games_without_a_reload",
         live_index_shows_more_games_without_a_reload, 300},
        {"charts_hold_a_point_per_game", charts_hold_a_point_per_game, 90},
        {"decided_sprt_says_h1", decided_sprt_says_h1, 120},
        {"bot_page_lists_exactly_the_games_it_lost", bot_page_lists_exactly_the_games_it_lost, 120},
        {"viewer_plays_and_opens_on_the_fault", viewer_plays_and_opens_on_the_fault, 90},
        {"time_chart_clips_a_slow_first_turn_and_evaluation_reads_scores",
         time_chart_clips_a_slow_first_turn_and_evaluation_reads_scores, 90},
    };
    return loa_run_suite("replay_dashboard", cases, LOA_COUNT(cases));
}
