/* serve.c - loa-arena serve DIR (app/serve.h): libmicrohttpd's daemon, a
 * fixed set of names, pages rendered from the league database. */
#include "app/serve.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/league_pages.h"
#include "app/serve_live.h"
#include "core/error.h"
#include "leaguedb/leaguedb.h"
#include "loa/loa.h"
#include "replay/league.h"
#include "replay/replay.h"
#include "store/store.h"
#include "util/text.h"

struct arena_server {
    struct MHD_Daemon *daemon;
    char *dir;  /* as given: what messages name */
    char *abs;  /* its real path: the pages' commands name it */
    int dir_fd; /* the files are opened below it */
    int port;
    atomic_long requests, failed;
    arena_live_cache *live; /* live.js, the league's and a filter's */
};

int arena_serve_parse_listen(const char *text, unsigned char addr[4], int *port, int *loopback,
                             char *err, size_t errsz)
{
    const char *colon = text ? strrchr(text, ':') : NULL;
    char host[64];
    struct in_addr a;
    long p = -1;
    if (colon && (size_t)(colon - text) < sizeof host) {
        memcpy(host, text, (size_t)(colon - text));
        host[colon - text] = '\0';
        char *end;
        errno = 0;
        p = colon[1] >= '0' && colon[1] <= '9' ? strtol(colon + 1, &end, 10) : -1;
        if (p >= 0 && (errno || *end || p > 65535))
            p = -1;
    }
    if (p < 0)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--listen: '%s' is not ADDR:PORT (e.g. 127.0.0.1:8140; port 0..65535)",
                         text ? text : "");
    if (strcmp(host, "localhost") == 0)
        snprintf(host, sizeof host, "127.0.0.1");
    if (inet_pton(AF_INET, host, &a) != 1)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--listen: '%s' is not an IPv4 address (e.g. 127.0.0.1, 0.0.0.0)", host);
    memcpy(addr, &a.s_addr, 4);
    *port = (int)p;
    *loopback = addr[0] == 127;
    return 0;
}

/* 1 when s is a name of [0-9A-Za-z._+-] not starting with a dot. */
static int plain_name(const char *s, size_t n)
{
    if (n == 0 || s[0] == '.')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!(s[i] >= '0' && s[i] <= '9') && !(s[i] >= 'a' && s[i] <= 'z') &&
            !(s[i] >= 'A' && s[i] <= 'Z') && !strchr("._+-", s[i]))
            return 0;
    return 1;
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n > t && strcmp(s + n - t, tail) == 0;
}

int arena_serve_path(const char *path, char *rel, size_t rel_size)
{
    size_t n = path ? strlen(path) : 0;
    if (n == 0 || path[0] != '/' || n > ARENA_SERVE_PATH_MAX || n >= rel_size)
        return 0;
    if (n == 1) {
        snprintf(rel, rel_size, "index.html");
        return 1;
    }
    const char *name = path + 1, *slash = strchr(name, '/');
    if (slash) { /* games/<name>.html or games/<name>.analysis.json */
        if ((size_t)(slash - name) != 5 || strncmp(name, "games", 5) != 0 ||
            !plain_name(slash + 1, strlen(slash + 1)) ||
            !(ends_with(slash + 1, ".html") || ends_with(slash + 1, ".analysis.json")))
            return 0;
    } else if (!plain_name(name, strlen(name)) ||
               !(strcmp(name, "index.html") == 0 || ends_with(name, ".js") ||
                 ends_with(name, ".css") ||
                 (strncmp(name, "bot-", 4) == 0 && ends_with(name, ".html")))) {
        return 0;
    }
    snprintf(rel, rel_size, "%s", name);
    return 1;
}

/* An answer: a status, a malloc'd body and its type. */
typedef struct answer {
    unsigned status;
    char *body;
    size_t len;
    const char *type;
    int live; /* no caching: live.js and rendered pages change */
} answer;

static void say(answer *a, unsigned status, const char *fmt, const char *what)
{
    char line[600];
    snprintf(line, sizeof line, fmt, what);
    for (char *c = line; *c; c++) /* one line, whatever a message held */
        if ((unsigned char)*c < ' ')
            *c = ' ';
    size_t n = strlen(line);
    a->status = status;
    a->type = "text/plain; charset=utf-8";
    a->body = malloc(n + 2);
    if (a->body) {
        memcpy(a->body, line, n);
        a->body[n] = '\n';
        a->len = n + 1;
    }
}

static const char *type_of(const char *rel)
{
    return ends_with(rel, ".html")  ? "text/html; charset=utf-8"
           : ends_with(rel, ".js")  ? "text/javascript; charset=utf-8"
           : ends_with(rel, ".css") ? "text/css; charset=utf-8"
                                    : "application/json";
}

/* rel's file below DIR, when it is a regular file: 1 answered, 0 none. */
static int from_file(arena_server *s, const char *rel, answer *a)
{
    int fd = openat(s->dir_fd, rel, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > REPLAY_LEAGUE_FILE_MAX) {
        close(fd);
        return 0;
    }
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    while (buf && got < (size_t)st.st_size) {
        ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    if (!buf) {
        say(a, 500, "out of memory reading %s", rel);
        return 1;
    }
    *a = (answer){200, buf, got, type_of(rel), strcmp(rel, "live.js") == 0};
    return 1;
}

/* A league's shared script or style as this build has it, not DIR's copy
 * (an older build's): the served live.js is this build's. 1 when rel is
 * one (answered), 0 when not. */
static int shared_file(const char *rel, answer *a)
{
    char err[256], *body = NULL;
    size_t len = 0;
    int rc = replay_league_shared_file(rel, &body, &len, err, sizeof err);
    if (rc == REPLAY_E_INVAL)
        return 0;
    if (rc)
        say(a, 500, "%s", err);
    else
        *a = (answer){200, body, len, type_of(rel), 0};
    return 1;
}

/* games/NNNNNN.html rendered from the database. */
static void game_page(arena_server *s, const char *rel, answer *a)
{
    const char *digits = rel + 6;
    char *end;
    errno = 0;
    long id = digits[0] >= '0' && digits[0] <= '9' ? strtol(digits, &end, 10) : -1;
    if (id < 0 || errno || id > INT_MAX || strcmp(end, ".html") != 0) {
        say(a, 404, "not found: /%s", rel);
        return;
    }
    char err[512], source[PATH_MAX + 32], path[PATH_MAX + 32];
    leaguedb *db = NULL;
    cJSON *record = NULL;
    replay_game *g = NULL;
    int rc = leaguedb_open(s->dir, LEAGUEDB_READ, &db, err, sizeof err);
    if (rc == 0)
        rc = leaguedb_record(db, id, &record, err, sizeof err);
    leaguedb_close(db);
    if (rc == LEAGUEDB_E_INVAL) {
        char what[64];
        snprintf(what, sizeof what, "%ld", id);
        say(a, 404, "no game %s in this league", what);
        return;
    }
    snprintf(source, sizeof source, "%s game %ld", s->abs, id);
    snprintf(path, sizeof path, "%s/%s", s->dir, rel); /* its analysis's place */
    if (rc == 0)
        rc = replay_game_from_record(record, source, &g, err, sizeof err);
    cJSON_Delete(record);
    if (rc == 0) {
        *a = (answer){200, NULL, 0, type_of(rel), 1};
        rc = replay_league_game_html(g, path, &a->body, &a->len, err, sizeof err);
    }
    replay_game_free(g);
    if (rc)
        say(a, 503, "%s", err);
}

/* live.js from the database; with filter (?filter=EXPR, NULL: none) of the
 * games it keeps (app/serve_live.h). */
static void live_js(arena_server *s, const char *filter, answer *a)
{
    char err[512] = "";
    char *js = NULL;
    size_t len = 0;
    if (arena_live_cache_get(s->live, filter, &js, &len, err, sizeof err) == 0)
        *a = (answer){200, js, len, "text/javascript; charset=utf-8", 1};
    else
        say(a, 503, "%s", err[0] ? err : "out of memory");
}

static void respond(arena_server *s, const char *url, const char *filter, answer *a)
{
    char rel[ARENA_SERVE_PATH_MAX + 1];
    if (!arena_serve_path(url, rel, sizeof rel))
        say(a, 404, "not found: %s", url);
    else if (strcmp(rel, "live.js") == 0)
        live_js(s, filter, a);
    else if (strncmp(rel, "games/", 6) == 0 && ends_with(rel, ".html"))
        game_page(s, rel, a); /* rendered now, written or not: its commands name DIR */
    else if (shared_file(rel, a) || from_file(s, rel, a))
        return;
    else
        say(a, 404, "not found: %s", url);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **state)
{
    (void)version, (void)upload, (void)upload_size, (void)state;
    arena_server *s = cls;
    answer a = {0};
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        say(&a, 405, "%s: only GET and HEAD are served", method);
    else
        respond(s, url, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "filter"), &a);
    atomic_fetch_add(&s->requests, 1);
    if (a.status >= 500 || !a.body)
        atomic_fetch_add(&s->failed, 1);
    if (!a.body)
        return MHD_NO;
    struct MHD_Response *r = MHD_create_response_from_buffer(a.len, a.body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(a.body);
        return MHD_NO;
    }
    MHD_add_response_header(r, "Content-Type", a.type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Cache-Control", a.live ? "no-store" : "no-cache");
    if (a.status == 405)
        MHD_add_response_header(r, "Allow", "GET, HEAD");
    enum MHD_Result rc = MHD_queue_response(c, a.status, r);
    MHD_destroy_response(r);
    return rc;
}

static void server_free(arena_server *s)
{
    if (!s)
        return;
    if (s->dir_fd >= 0)
        close(s->dir_fd);
    arena_live_cache_free(s->live);
    free(s->dir);
    free(s->abs);
    free(s);
}

int arena_server_start(const char *dir, const char *listen, arena_server **out, char *err,
                       size_t errsz)
{
    *out = NULL;
    unsigned char ip[4];
    int port, loopback;
    int rc = arena_serve_parse_listen(listen, ip, &port, &loopback, err, errsz);
    if (rc)
        return rc;
    if (!leaguedb_exists(dir))
        return util_fail(ARENA_E_CONFIG, err, errsz, "%s holds no league (no league.db)", dir);
    arena_server *s = calloc(1, sizeof *s);
    if (!s)
        return ARENA_E_NOMEM;
    s->dir_fd = -1;
    s->dir = strdup(dir);
    s->abs = realpath(dir, NULL);
    s->live = s->dir ? arena_live_cache_new(s->dir) : NULL;
    if (!s->dir || !s->abs || !s->live ||
        (s->dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
        rc = util_fail(ARENA_E_IO, err, errsz, "%s: %s", dir, strerror(errno));
        server_free(s);
        return rc;
    }
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    memcpy(&sa.sin_addr.s_addr, ip, 4);
    s->daemon =
        MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, (uint16_t)port, NULL, NULL, on_request, s,
                         MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa, MHD_OPTION_THREAD_POOL_SIZE,
                         (unsigned)ARENA_SERVE_THREADS, MHD_OPTION_CONNECTION_LIMIT,
                         (unsigned)ARENA_SERVE_CONNECTIONS, MHD_OPTION_LISTEN_BACKLOG_SIZE,
                         (unsigned)ARENA_SERVE_CONNECTIONS, MHD_OPTION_END);
    if (!s->daemon) {
        rc = util_fail(ARENA_E_IO, err, errsz, "cannot listen on %s (%s)", listen,
                       errno ? strerror(errno) : "libmicrohttpd refused");
        server_free(s);
        return rc;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    *out = s;
    return 0;
}

int arena_server_port(const arena_server *s)
{
    return s->port;
}

void arena_server_counts(const arena_server *s, long *requests, long *failed)
{
    *requests = atomic_load(&((arena_server *)s)->requests);
    *failed = atomic_load(&((arena_server *)s)->failed);
}

void arena_server_stop(arena_server *s)
{
    if (!s)
        return;
    MHD_stop_daemon(s->daemon);
    server_free(s);
}

int arena_task_serve(const arena_request *req)
{
    const char *listen = req->listen ? req->listen : ARENA_SERVE_LISTEN;
    unsigned char ip[4];
    int port, loopback;
    char err[1024];
    if (arena_serve_parse_listen(listen, ip, &port, &loopback, err, sizeof err)) {
        fprintf(stderr, "loa-arena: %s\n", err);
        return 2;
    }
    if (!loopback)
        fprintf(stderr,
                "loa-arena: warning: serving on %s, not loopback: anyone who reaches this "
                "machine reads the league (bot names, commands, stderr); there is no password\n",
                listen);
    /* the daemon's threads inherit the mask: the signals come to sigwait */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    arena_server *s = NULL;
    int rc = arena_server_start(req->dir, listen, &s, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: serve: %s\n", err);
        return arena_error_kind(rc) == ARENA_E_IO ? 1 : 2;
    }
    printf("loa-arena: serving %s at http://%u.%u.%u.%u:%d/ (Ctrl-C stops)\n", req->dir, ip[0],
           ip[1], ip[2], ip[3], arena_server_port(s));
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    long n, failed;
    arena_server_counts(s, &n, &failed);
    arena_server_stop(s);
    printf("loa-arena: stopped: %ld requests served, %ld failed\n", n, failed);
    return 0;
}
