/*
 * check_arena_serve - loa-arena serve DIR (app/serve.h) over real HTTP: the
 * names it serves and refuses, every game's page rendered from league.db
 * with nothing written, the exact bytes of a hostile path reaching it, a
 * corrupt database answered by one line, 200 requests at once, the command
 * line's loopback default and its warning for another address, a filter
 * (?filter=) and the shared scripts this build has. The
 * browser's view of the served pages: check_arena_serve_browser.
 */
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/serve.h"
#include "arena_cli_util.h"
#include "check_main.h"
#include "http_test_util.h"

#define GAMES 6

/* A league of GAMES games in dir/res, played without pages. */
static void play_league(const test_paths *p)
{
    char *argv[] = {ARENA,
                    "--bot",
                    "first=" FIRST,
                    "--bot",
                    "random=" LOA_BIN_DIR "/loa-random",
                    "-g",
                    "6",
                    "--pages",
                    "none",
                    "--out",
                    (char *)p->out,
                    "-q",
                    NULL};
    ck_assert_int_eq(run(argv, p->o, p->e, 60000), 0);
}

static arena_server *serve(const char *dir)
{
    arena_server *s = NULL;
    char err[512];
    ck_assert_msg(arena_server_start(dir, "127.0.0.1:0", &s, err, sizeof err) == 0, "%s", err);
    return s;
}

START_TEST(only_the_league_names_are_served)
{
    char rel[256];
    const char *yes[][2] = {{"/", "index.html"},
                            {"/index.html", "index.html"},
                            {"/live.js", "live.js"},
                            {"/style.css", "style.css"},
                            {"/bot-first.html", "bot-first.html"},
                            {"/games/000012.html", "games/000012.html"},
                            {"/games/000012.analysis.json", "games/000012.analysis.json"}};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        ck_assert_msg(arena_serve_path(yes[i][0], rel, sizeof rel), "%s refused", yes[i][0]);
        ck_assert_str_eq(rel, yes[i][1]);
    }
    const char *no[] = {"",
                        "index.html",
                        "/league.db",
                        "/league.json",
                        "/games.jsonl",
                        "/../league.db",
                        "/games/../league.db",
                        "/games/../../etc/passwd.html",
                        "/.hidden.js",
                        "/games/.x.html",
                        "/bots/first/loa-first",
                        "/games//000001.html",
                        "/a/b/c.html",
                        "/bot-\"q\".html",
                        "/standings.json",
                        "/index.html/"};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        ck_assert_msg(!arena_serve_path(no[i], rel, sizeof rel), "%s served", no[i]);
    char longer[ARENA_SERVE_PATH_MAX + 8] = "/";
    memset(longer + 1, 'a', ARENA_SERVE_PATH_MAX);
    strcpy(longer + ARENA_SERVE_PATH_MAX - 2, ".js");
    ck_assert(!arena_serve_path(longer, rel, sizeof rel));
}
END_TEST

START_TEST(listen_addresses_are_strict)
{
    unsigned char ip[4];
    int port, loop;
    char err[256];
    ck_assert_int_eq(arena_serve_parse_listen(ARENA_SERVE_LISTEN, ip, &port, &loop, err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(loop, 1); /* the default binds loopback only */
    ck_assert_int_eq(arena_serve_parse_listen("0.0.0.0:80", ip, &port, &loop, err, sizeof err), 0);
    ck_assert_int_eq(loop, 0);
    ck_assert_int_eq(port, 80);
    ck_assert_int_eq(arena_serve_parse_listen("localhost:0", ip, &port, &loop, err, sizeof err), 0);
    ck_assert(loop && port == 0);
    const char *bad[] = {"127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
                         "host:80",   ":80",        "1.2.3:80",        "127.0.0.1:80x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(arena_serve_parse_listen(bad[i], ip, &port, &loop, err, sizeof err) != 0,
                      "%s taken", bad[i]);
        ck_assert_msg(strstr(err, "--listen") && !strchr(err, '\n'), "%s", err);
    }
}
END_TEST

/* 1 when dir/games holds no file (or does not exist). */
static int no_pages(const char *dir)
{
    char path[400];
    snprintf(path, sizeof path, "%s/games", dir);
    DIR *d = opendir(path);
    if (!d)
        return 1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n == 0;
}

START_TEST(every_game_is_served_and_nothing_written)
{
    test_paths p = paths_in(tmpdir());
    play_league(&p);
    ck_assert(no_pages(p.out));
    arena_server *s = serve(p.out);
    int port = arena_server_port(s);
    char *body = NULL;
    ck_assert_int_eq(http_get(port, "/", &body), 200);
    ck_assert_msg(strstr(body, "<html"), "%.200s", body);
    free(body);
    ck_assert_int_eq(http_get(port, "/live.js", &body), 200);
    ck_assert_msg(strstr(body, "\"served\":true"), "%.300s", body);
    for (int id = 0; id < GAMES; id++) {
        char link[64], path[64];
        snprintf(link, sizeof link, "\"page\":\"games/%06d.html\"", id);
        ck_assert_msg(strstr(body, link), "live.js does not link game %d", id);
        char *page = NULL;
        snprintf(path, sizeof path, "/games/%06d.html", id);
        ck_assert_int_eq(http_get(port, path, &page), 200);
        /* the league's page of that game: its source names DIR and the id */
        char src[64];
        snprintf(src, sizeof src, " game %d\"", id);
        ck_assert_msg(strstr(page, "viewer.js") && strstr(page, src), "game %d: %.200s", id, page);
        free(page);
    }
    free(body);
    ck_assert_int_eq(http_get(port, "/games/000099.html", &body), 404);
    ck_assert_str_eq(body, "no game 99 in this league\n");
    free(body);
    ck_assert(no_pages(p.out)); /* rendered, never written */
    ck_assert_int_eq(http_raw(port, "HEAD / HTTP/1.0\r\n\r\n", NULL), 200);
    ck_assert_int_eq(http_raw(port, "POST / HTTP/1.0\r\nContent-Length: 0\r\n\r\n", NULL), 405);
    long n, failed;
    arena_server_counts(s, &n, &failed);
    ck_assert_int_eq(failed, 0);
    arena_server_stop(s);
    cleanup();
}
END_TEST

/* ?filter=EXPR on live.js: the standings, figures and games of the games
 * EXPR keeps, as `--standings DIR --filter EXPR` counts them; a refused
 * filter is the page's loaLeagueFilterError with the parser's message; the
 * shared scripts are this build's, whatever DIR holds. */
START_TEST(a_filter_serves_the_games_it_keeps)
{
    test_paths p = paths_in(tmpdir());
    play_league(&p);
    char cmd[1024], line[256] = "";
    snprintf(cmd, sizeof cmd,
             ARENA " --standings '%s' --filter 'bot(first).score == 1' | grep '^Filtered: '",
             p.out);
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    pclose(f);
    int kept = -1, seen = -1;
    ck_assert_int_eq(sscanf(line, "Filtered: %d of %d games", &kept, &seen), 2);
    ck_assert_int_eq(seen, GAMES);
    arena_server *s = serve(p.out);
    int port = arena_server_port(s);
    char *body = NULL, want[256];
    ck_assert_int_eq(http_get(port, "/live.js?filter=bot(first).score%20%3D%3D%201", &body), 200);
    snprintf(want, sizeof want,
             "\"filter\":{\"text\":\"bot(first).score == 1\",\"kept\":%d,\"seen\":%d}", kept, seen);
    ck_assert_msg(strstr(body, want), "no %s in %.300s", want, body);
    snprintf(want, sizeof want, "\"total\":%d,", kept);
    ck_assert_msg(strstr(body, want), "no %s", want);
    /* every game listed is one first won */
    int listed = 0;
    for (const char *g = strstr(body, "\"games\":["); g && (g = strstr(g, "\"black\":")); g++)
        listed++;
    ck_assert_int_eq(listed, kept);
    free(body);
    ck_assert_int_eq(http_get(port, "/live.js?filter=match.plies%20%3D%201", &body), 200);
    ck_assert_msg(strncmp(body, "loaLeagueFilterError(\"column 13: ", 33) == 0, "%.200s", body);
    free(body);
    /* the shared scripts: this build's, not DIR's copy */
    snprintf(cmd, sizeof cmd, "echo old > '%s/metrics.js'", p.out);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(http_get(port, "/metrics.js", &body), 200);
    ck_assert_msg(strstr(body, "window.LoaMetrics"), "%.100s", body);
    free(body);
    arena_server_stop(s);
    cleanup();
}
END_TEST

START_TEST(hostile_paths_reach_nothing_outside)
{
    test_paths p = paths_in(tmpdir());
    play_league(&p);
    /* a secret beside DIR and one inside it that is not a page */
    char path[400];
    snprintf(path, sizeof path, "%s/../secret.html", p.out);
    FILE *f = fopen(path, "w");
    fputs("secret", f);
    fclose(f);
    arena_server *s = serve(p.out);
    int port = arena_server_port(s);
    const char *raw[] = {"GET /../secret.html HTTP/1.0\r\n\r\n",
                         "GET /games/../../secret.html HTTP/1.0\r\n\r\n",
                         "GET /%2e%2e/secret.html HTTP/1.0\r\n\r\n",
                         "GET /games/%2e%2e%2f%2e%2e%2fsecret.html HTTP/1.0\r\n\r\n",
                         "GET /league.db HTTP/1.0\r\n\r\n",
                         "GET /bots/first/loa-first HTTP/1.0\r\n\r\n"};
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) {
        char *body = NULL;
        int st = http_raw(port, raw[i], &body);
        ck_assert_msg(st == 404 || st == 400, "%s: %d", raw[i], st);
        ck_assert_msg(!body || !strstr(body, "secret") || strstr(body, "not found"), "%s: %s",
                      raw[i], body);
        ck_assert_msg(!body || !strstr(body, "SQLite"), "%s served the database", raw[i]);
        free(body);
    }
    arena_server_stop(s);
    cleanup();
}
END_TEST

START_TEST(a_corrupt_database_is_one_line_not_a_crash)
{
    test_paths p = paths_in(tmpdir());
    play_league(&p);
    char db[400];
    snprintf(db, sizeof db, "%s/league.db", p.out);
    arena_server *s = serve(p.out);
    int fd = open(db, O_WRONLY);
    ck_assert_int_ge(fd, 0);
    char junk[4096];
    memset(junk, 'x', sizeof junk);
    ck_assert_int_eq(pwrite(fd, junk, sizeof junk, 0), (ssize_t)sizeof junk);
    close(fd);
    char *body = NULL;
    int port = arena_server_port(s);
    ck_assert_int_eq(http_get(port, "/games/000001.html", &body), 503);
    size_t n = strlen(body);
    ck_assert_msg(n > 1 && body[n - 1] == '\n' && !memchr(body, '\n', n - 1), "%s", body);
    ck_assert_msg(strstr(body, "league.db"), "%s", body);
    free(body);
    ck_assert_int_eq(http_get(port, "/live.js", &body), 503);
    free(body);
    ck_assert_int_eq(http_get(port, "/", NULL), 200); /* the files still are */
    arena_server_stop(s);
    cleanup();
}
END_TEST

typedef struct hit {
    int port, id, status;
} hit;

static void *one_request(void *arg)
{
    hit *h = arg;
    char path[64];
    snprintf(path, sizeof path, "/games/%06d.html", h->id);
    h->status = http_get(h->port, path, NULL);
    return NULL;
}

START_TEST(two_hundred_requests_at_once)
{
    test_paths p = paths_in(tmpdir());
    play_league(&p);
    arena_server *s = serve(p.out);
    enum { N = 200 };
    static hit hits[N];
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        hits[i] = (hit){arena_server_port(s), i % GAMES, 0};
        ck_assert_int_eq(pthread_create(&t[i], NULL, one_request, &hits[i]), 0);
    }
    int ok = 0;
    for (int i = 0; i < N; i++) {
        pthread_join(t[i], NULL);
        ok += hits[i].status == 200;
    }
    ck_assert_int_eq(ok, N);
    long n, failed;
    arena_server_counts(s, &n, &failed);
    ck_assert_int_eq(n, N);
    ck_assert_int_eq(failed, 0);
    arena_server_stop(s);
    cleanup();
}
END_TEST

/* loa-arena serve DIR --listen ADDR in the background: its first stdout
 * line's port, or -1; *pid the process. */
static int serve_cli(const char *dir, const char *listen, const test_io *io, pid_t *pid)
{
    char *argv[] = {ARENA, "serve", (char *)dir, "--listen", (char *)listen, NULL};
    unlink(io->o); /* no line of an earlier run read as this one's */
    *pid = spawn(argv, io->o, io->e);
    for (int waited = 0; waited < 10000; waited += 50) {
        char *out = slurp(io->o);
        const char *at = strstr(out, "http://");
        int port = -1;
        if (at && sscanf(strchr(at + 7, ':') + 1, "%d", &port) == 1) {
            free(out);
            return port;
        }
        free(out);
        sleep_ms(50);
    }
    return -1;
}

START_TEST(the_command_line_binds_loopback_and_warns_otherwise)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    play_league(&p);
    test_io io = io_in(dir, "serve");
    pid_t pid;
    int port = serve_cli(p.out, "127.0.0.1:0", &io, &pid);
    ck_assert_int_gt(port, 0);
    ck_assert_int_eq(http_get(port, "/", NULL), 200);
    char *e = slurp(io.e);
    ck_assert_str_eq(e, ""); /* loopback: no warning */
    free(e);
    kill(pid, SIGTERM);
    ck_assert_int_eq(wait_for(pid, 10000), 0);
    char *o = slurp(io.o);
    ck_assert_msg(strstr(o, "stopped: 1 requests served, 0 failed"), "%s", o);
    free(o);
    port = serve_cli(p.out, "0.0.0.0:0", &io, &pid);
    ck_assert_int_gt(port, 0);
    kill(pid, SIGINT);
    ck_assert_int_eq(wait_for(pid, 10000), 0);
    e = slurp(io.e);
    ck_assert_msg(strstr(e, "warning: serving on 0.0.0.0:0, not loopback"), "%s", e);
    free(e);
    /* bad input: one line, exit 2, nothing served */
    char *bad[][5] = {{ARENA, "serve", (char *)dir, NULL},
                      {ARENA, "serve", (char *)p.out, "--listen", "nowhere"},
                      {ARENA, "serve", (char *)p.out, "--games", "4"}};
    for (size_t i = 0; i < 3; i++) {
        char *argv[6] = {bad[i][0], bad[i][1], bad[i][2], bad[i][3], bad[i][4], NULL};
        ck_assert_int_eq(run(argv, io.o, io.e, 10000), 2);
        e = slurp(io.e);
        ck_assert_msg(strchr(e, '\n') == e + strlen(e) - 1, "%s", e);
        free(e);
    }
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"only_the_league_names_are_served", only_the_league_names_are_served, 10},
        {"listen_addresses_are_strict", listen_addresses_are_strict, 10},
        {"every_game_is_served_and_nothing_written", every_game_is_served_and_nothing_written, 60},
        {"hostile_paths_reach_nothing_outside", hostile_paths_reach_nothing_outside, 60},
        {"a_filter_serves_the_games_it_keeps", a_filter_serves_the_games_it_keeps, 60},
        {"a_corrupt_database_is_one_line_not_a_crash", a_corrupt_database_is_one_line_not_a_crash,
         60},
        {"two_hundred_requests_at_once", two_hundred_requests_at_once, 60},
        {"the_command_line_binds_loopback_and_warns_otherwise",
         the_command_line_binds_loopback_and_warns_otherwise, 60},
    };
    return loa_run_suite("arena_serve", cases, LOA_COUNT(cases));
}
