/*
 * check_arena_serve_browser - the served pages (loa-arena serve, app/serve.h)
 * in headless Chromium: the index links every game of the league, a random
 * game's page opened at #ply=N shows the board the SDK computes from the
 * game's moves, and the index follows a league that plays on (new games
 * appear without a reload), the filter box lists the games a filter keeps;
 * no JavaScript error, nothing loaded from
 * elsewhere. Without chromium the suite is skipped (exit 77) unless CI is
 * set.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "app/serve.h"
#include "arena_cli_util.h"
#include "browser_test_util.h"
#include "cdp.h"
#include "check_main.h"
#include "leaguedb/leaguedb.h"
#include "loa/loa.h"

#define RANDOM LOA_BIN_DIR "/loa-random"

/* Plays (or extends to) games games of first against random into p->out. */
static void play(const test_paths *p, const char *games)
{
    char *argv[] = {ARENA,         "--bot",   "first=" FIRST, "--bot", "random=" RANDOM, "-g",
                    (char *)games, "--pages", "none",         "--out", (char *)p->out,   "-q",
                    NULL};
    ck_assert_int_eq(run(argv, p->o, p->e, 60000), 0);
}

/* The board after ply n of game id, from its record's moves (the SDK's
 * rows, rank 8 first, as the page's data-board). Returns the game's plies
 * (n < 0: only them). */
static int sdk_board(const char *dir, int id, int n, char board[65])
{
    leaguedb *db;
    cJSON *r = NULL;
    char err[512];
    ck_assert_msg(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(leaguedb_record(db, id, &r, err, sizeof err) == 0, "%s", err);
    leaguedb_close(db);
    loa_board b;
    loa_board_init(&b);
    const cJSON *m;
    int k = 0;
    int plies = cJSON_GetArraySize(cJSON_GetObjectItem(r, "moves"));
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(r, "moves"))
    {
        if (k++ == n || n < 0)
            break;
        loa_move mv;
        ck_assert_int_eq(loa_move_parse(m->valuestring, &mv), 0);
        loa_make_move(&b, mv, NULL);
    }
    cJSON_Delete(r);
    for (int i = 0; i < 64; i++)
        board[i] = loa_board_square_char(&b, LOA_SQUARE(i % 8, 7 - i / 8));
    board[64] = '\0';
    return plies;
}

/* Chromium allowed only the server's pages. */
static cdp *browser_for(const char *dir, int port)
{
    cdp *c = browser_in(dir);
    char allow[64];
    snprintf(allow, sizeof allow, "http://127.0.0.1:%d/", port);
    const char *prefixes[] = {allow, "about:blank"};
    cdp_allow_urls(c, prefixes, 2);
    return c;
}

static const char *const LINKS = "document.querySelectorAll('#games a[href^=\"games/\"]').length";

/* Waits up to ms for expr to evaluate to want; returns the last value. */
static int wait_int(cdp *c, const char *expr, int want, int ms)
{
    int v = -1;
    for (int waited = 0; waited <= ms; waited += 250) {
        if ((v = eval_int(c, expr)) == want)
            break;
        sleep_ms(250);
    }
    return v;
}

/* A served league of games games, its index open in Chromium with every
 * game linked. */
typedef struct served {
    test_paths p;
    arena_server *s;
    cdp *c;
    int port;
} served;

static served serve_and_open(const char *games, int n)
{
    const char *dir = tmpdir();
    served v = {paths_in(dir), NULL, NULL, 0};
    play(&v.p, games);
    char err[512], url[256];
    ck_assert_msg(arena_server_start(v.p.out, "127.0.0.1:0", &v.s, err, sizeof err) == 0, "%s",
                  err);
    v.port = arena_server_port(v.s);
    v.c = browser_for(dir, v.port);
    snprintf(url, sizeof url, "http://127.0.0.1:%d/", v.port);
    ck_assert_msg(cdp_open(v.c, url, 20000) == 0, "%s: %s", url, cdp_error(v.c));
    ck_assert_int_eq(wait_int(v.c, LINKS, n, 10000), n);
    return v;
}

/* No JavaScript error, nothing loaded from elsewhere; all stopped. */
static void done(served *v)
{
    ck_assert_msg(cdp_errors(v->c) == 0 && cdp_requests(v->c) == 0, "%s", cdp_first_event(v->c));
    cdp_stop(v->c);
    arena_server_stop(v->s);
    cleanup();
}

START_TEST(the_served_pages_link_every_game_and_show_its_board)
{
    served v = serve_and_open("6", 6);
    cdp *c = v.c;
    char url[256];
    int port = v.port;
    test_paths p = v.p;
    ck_assert_int_eq(eval_int(c, "document.querySelectorAll('#games span.nopage').length"), 0);
    /* a random game at a random ply */
    srand((unsigned)time(NULL));
    int id = rand() % 6;
    char want[65];
    int plies = sdk_board(p.out, id, -1, want);
    ck_assert_int_gt(plies, 0);
    int n = 1 + rand() % plies;
    snprintf(url, sizeof url, "http://127.0.0.1:%d/games/%06d.html#ply=%d", port, id, n);
    ck_assert_msg(cdp_open(c, url, 20000) == 0, "%s: %s", url, cdp_error(c));
    ck_assert_int_eq(eval_int(c,
                              "Number(document.getElementById('board').getAttribute('data-ply'))"),
                     n);
    sdk_board(p.out, id, n, want);
    char *got = eval_string(c, "document.getElementById('board').getAttribute('data-board')");
    ck_assert_msg(strcmp(got, want) == 0, "game %d ply %d: page %s, SDK %s", id, n, got, want);
    free(got);
    done(&v);
}
END_TEST

START_TEST(the_served_index_follows_a_league_that_plays)
{
    served v = serve_and_open("4", 4);
    cdp *c = v.c;
    cJSON_Delete(cdp_eval(c, "document.body.setAttribute('data-mark', 'same page'), 0", 5000));
    play(&v.p, "10"); /* the league goes on: 6 more games */
    ck_assert_int_eq(wait_int(c, LINKS, 10, 20000), 10);
    /* the same page, redrawn: not reloaded */
    char *mark = eval_string(c, "document.body.getAttribute('data-mark') || ''");
    ck_assert_str_eq(mark, "same page");
    free(mark);
    done(&v);
}
END_TEST

/* A filter typed in the index's box: the page asks the server for the
 * games it keeps and lists only those, the box saying how many; a refused
 * filter's message is shown, the league's games stay listed. */
START_TEST(the_filter_box_lists_the_games_it_keeps)
{
    served v = serve_and_open("6", 6);
    cdp *c = v.c;
    /* the games the filter keeps, counted from the league's moves */
    int kept = 0;
    char board[65];
    for (int id = 0; id < 6; id++)
        kept += sdk_board(v.p.out, id, -1, board) > 20;
    cJSON_Delete(cdp_eval(c,
                          "document.getElementById('xfilter-text').value = 'match.plies > 20', "
                          "document.getElementById('xfilter').requestSubmit(), 0",
                          5000));
    sleep_ms(1500); /* the page navigates to ?filter=...: not evaluated meanwhile */
    ck_assert_int_eq(wait_int(c, "document.querySelectorAll('#games tr[data-black]').length", kept,
                              10000),
                     kept);
    char want[64];
    snprintf(want, sizeof want, "kept %d of 6 games", kept);
    char *got = eval_string(c, "document.getElementById('xfilter-state').textContent");
    ck_assert_str_eq(got, want);
    free(got);
    char *q = eval_string(c, "location.search");
    ck_assert_str_eq(q, "?filter=match.plies%20%3E%2020");
    free(q);
    cJSON_Delete(cdp_eval(c,
                          "document.getElementById('xfilter-text').value = 'match.plies >> 1', "
                          "document.getElementById('xfilter').requestSubmit(), 0",
                          5000));
    sleep_ms(1500);
    ck_assert_int_eq(wait_int(c,
                              "document.getElementById('xfilter-state').textContent.startsWith('"
                              "column 14: expected') ? "
                              "1 : 0",
                              1, 10000),
                     1);
    ck_assert_int_eq(eval_int(c, LINKS), 6);
    done(&v);
}
END_TEST

int main(void)
{
    if (!cdp_find_chromium() && !getenv("CI")) {
        fprintf(stderr, "check_arena_serve_browser: SKIPPED: chromium is not installed "
                        "(scripts/install-deps.sh installs it)\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"the_served_pages_link_every_game_and_show_its_board",
         the_served_pages_link_every_game_and_show_its_board, 120},
        {"the_served_index_follows_a_league_that_plays",
         the_served_index_follows_a_league_that_plays, 120},
        {"the_filter_box_lists_the_games_it_keeps", the_filter_box_lists_the_games_it_keeps, 120},
    };
    return loa_run_suite("arena_serve_browser", cases, LOA_COUNT(cases));
}
