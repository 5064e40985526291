/*
 * loa-arena-serve-bench - the served pages' figures (app/serve.h) on a
 * league DIR: the time to serve a random game's page (rendered from
 * league.db; N requests one after another over loopback: median, p90, p99,
 * max), C requests at once (how many failed), and live.js (its build and
 * size). The speed goals live here, never in unit tests (docs/arena.md,
 * "Serving the league"). A league of 100,000 real games:
 * `loa-arena-store-bench -n 100000 -k -o /tmp` keeps one.
 *
 *   loa-arena-serve-bench DIR [-n N] [-c C] [-s SEED]
 *     -n N     pages one after another (default 1000)
 *     -c C     requests at once (default 200)
 *     -s SEED  which games (default 1)
 */
#include <arpa/inet.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "app/serve.h"
#include "loa/loa.h"
#include "store/store.h"
#include "util/parse.h"

static double now_ms(void)
{
    return (double)loa_wall_us() / 1000.0;
}

/* GET path from 127.0.0.1:port: the status (-1: none), the body's bytes. */
static int get(int port, const char *path, size_t *bytes)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    char req[256], buf[1 << 16];
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.0\r\n\r\n", path);
    if (write(fd, req, (size_t)n) != n) {
        close(fd);
        return -1;
    }
    int status = -1;
    size_t total = 0;
    for (ssize_t r; (r = read(fd, buf, sizeof buf)) > 0; total += (size_t)r)
        if (total == 0 && sscanf(buf, "HTTP/1.%*d %d", &status) != 1)
            status = -1;
    close(fd);
    *bytes = total;
    return status;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct shot {
    int port, id, status;
    pthread_barrier_t *start;
} shot;

static void *fire(void *arg)
{
    shot *s = arg;
    char path[64];
    size_t bytes;
    snprintf(path, sizeof path, "/games/%06d.html", s->id);
    pthread_barrier_wait(s->start);
    s->status = get(s->port, path, &bytes);
    return NULL;
}

static int usage(void)
{
    fprintf(stderr, "usage: loa-arena-serve-bench DIR [-n N] [-c C] [-s SEED]\n");
    return 2;
}

int main(int argc, char **argv)
{
    int n = 1000, conc = 200, seed = 1;
    for (int ch; (ch = getopt(argc, argv, "n:c:s:")) != -1;) {
        int *v = ch == 'n' ? &n : ch == 'c' ? &conc : ch == 's' ? &seed : NULL;
        if (!v || util_parse_int(optarg, 1, 10000000, v) != 0)
            return usage();
    }
    if (optind != argc - 1 || conc > 10000)
        return usage();
    const char *dir = argv[optind];
    char err[1024];
    arena_store *st = NULL;
    if (arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err,
                         sizeof err)) {
        fprintf(stderr, "loa-arena-serve-bench: %s\n", err);
        return 1;
    }
    int games = arena_store_count(st);
    arena_store_close(st);
    arena_server *srv = NULL;
    if (games < 1 || arena_server_start(dir, "127.0.0.1:0", &srv, err, sizeof err)) {
        fprintf(stderr, "loa-arena-serve-bench: %s\n", games < 1 ? "no games" : err);
        return 1;
    }
    int port = arena_server_port(srv);
    srand((unsigned)seed);
    size_t bytes = 0, page_bytes = 0;
    double t0 = now_ms();
    int st_live = get(port, "/live.js", &bytes);
    printf("league: %s, %d games; live.js: status %d, %.1f KB, built and sent in %.1f ms\n", dir,
           games, st_live, bytes / 1024.0, now_ms() - t0);
    double *ms = malloc(sizeof *ms * (size_t)n);
    int bad = 0;
    for (int i = 0; ms && i < n; i++) {
        char path[64];
        snprintf(path, sizeof path, "/games/%06d.html", rand() % games);
        double a = now_ms();
        bad += get(port, path, &bytes) != 200;
        ms[i] = now_ms() - a;
        page_bytes += bytes;
    }
    if (ms) {
        qsort(ms, (size_t)n, sizeof *ms, cmp_double);
        printf("game pages, %d one after another: median %.2f ms, p90 %.2f, p99 %.2f, max %.2f; "
               "%.1f KB a page; %d failed\n",
               n, ms[n / 2], ms[n * 9 / 10], ms[n * 99 / 100], ms[n - 1],
               page_bytes / 1024.0 / (double)n, bad);
    }
    free(ms);
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)conc);
    shot *shots = calloc((size_t)conc, sizeof *shots);
    pthread_t *t = calloc((size_t)conc, sizeof *t);
    int ok = 0;
    double c0 = now_ms();
    for (int i = 0; shots && t && i < conc; i++) {
        shots[i] = (shot){port, rand() % games, 0, &start};
        pthread_create(&t[i], NULL, fire, &shots[i]);
    }
    for (int i = 0; shots && t && i < conc; i++) {
        pthread_join(t[i], NULL);
        ok += shots[i].status == 200;
    }
    printf("%d requests at once: %d answered 200, %d failed, all done in %.1f ms\n", conc, ok,
           conc - ok, now_ms() - c0);
    free(shots);
    free(t);
    pthread_barrier_destroy(&start);
    arena_server_stop(srv);
    return bad || ok != conc;
}
