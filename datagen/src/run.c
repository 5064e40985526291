/*
 * run.c - datagen_run (datagen/datagen.h): worker threads, each owning one
 * bot process (an analysis engine), play games numbered in the order of
 * the run; finished games wait in a window until every earlier game is
 * written, so the file is the same whatever the threads' timing; the
 * caller's thread prints the progress and turns an interrupt into a stop.
 *
 * Threads, not the arena's runner (arena/src/run/): the runner schedules
 * referee games between two bot processes started per game; here one
 * process per worker serves every game (no process start, no referee, no
 * clock per game) and a game is a loop of requests, so the work is a
 * counter under a mutex. Stopping is an eventfd: the engines' stop fd,
 * written once, on an interrupt, the goal reached or an error.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "datagen/datagen.h"
#include "game.h"
#include "keys.h"
#include "label.h"
#include "openings.h"
#include "util/text.h"

typedef struct slot {
    datagen_records recs;
    int ready;
} slot;

typedef struct run {
    const datagen_settings *s;
    datagen_file *file;
    datagen_keys keys;
    datagen_openings open; /* count 0: random openings */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int64_t next_assign, next_commit; /* shard-local game indexes */
    int64_t limit;                    /* shard-local games bound (INT64_MAX: none) */
    int64_t target;                   /* records the file should reach (0: none) */
    slot *window;
    int width;
    int stopping, alive, failed;
    int halt_fd, wake_fd; /* eventfds: the engines' stop; the caller's wake-up */
    datagen_stats st;
    char err[1024];
} run;

static void wake(int fd)
{
    uint64_t one = 1;
    (void)!write(fd, &one, sizeof one);
}

/* Sets the stop (under r->mu): no new game, the searches under way ended. */
static void halt(run *r)
{
    if (!r->stopping) {
        r->stopping = 1;
        wake(r->halt_fd);
        pthread_cond_broadcast(&r->cv);
    }
}

/* The run's failure (under r->mu): the first error kept. */
static void fail(run *r, int rc, const char *why)
{
    if (!r->failed) {
        r->failed = rc;
        if (why != r->err)
            snprintf(r->err, sizeof r->err, "%s", why);
    }
    halt(r);
}

static uint32_t game_number(const run *r, int64_t i)
{
    return (uint32_t)(r->s->shard_index + i * r->s->shard_count);
}

/* Game i's records filtered, deduplicated and appended (under r->mu). */
static int commit_game(run *r, datagen_records *g)
{
    int kept = 0;
    for (int i = 0; i < g->n; i++) {
        datagen_record *rec = &g->rec[i];
        r->st.searched++;
        if (!datagen_filter_keeps(&r->s->filter, rec)) {
            r->st.filtered++;
            continue;
        }
        int added = datagen_keys_add(&r->keys, datagen_record_key(rec));
        if (added < 0)
            return util_fail(DATAGEN_E_NOMEM, r->err, sizeof r->err, "out of memory");
        if (!added) {
            r->st.duplicates++;
            continue;
        }
        g->rec[kept++] = *rec;
    }
    if (kept) {
        g->rec[kept - 1].flags |= DATAGEN_FLAG_GAME_END;
        char err[1024];
        int rc = datagen_file_append(r->file, g->rec, kept, err, sizeof err);
        if (rc)
            return util_fail(rc, r->err, sizeof r->err, "%s", err);
    }
    r->st.added += kept;
    r->st.positions += kept;
    r->st.games++;
    r->st.nodes += g->nodes;
    return 0;
}

/* Writes the games finished in order from the oldest (under r->mu); stops
 * the run once the target is reached or the games are done. */
static void commit_ready(run *r)
{
    for (;;) {
        slot *sl = &r->window[r->next_commit % r->width];
        if (r->failed || r->st.finished || !sl->ready)
            break;
        int rc = commit_game(r, &sl->recs);
        sl->ready = 0;
        if (rc) {
            fail(r, rc, r->err);
            break;
        }
        r->next_commit++;
        r->st.next_game = game_number(r, r->next_commit);
        if ((r->target && r->st.positions >= r->target) || r->next_commit >= r->limit) {
            r->st.finished = 1;
            halt(r);
            break;
        }
    }
    pthread_cond_broadcast(&r->cv);
}

/* Game i's opening into m (under r->mu); its plies, or -1. */
static int opening_of(run *r, int64_t i, loa_move *m)
{
    uint32_t g = game_number(r, i);
    if (r->open.count) {
        int k = (int)(g % (uint32_t)r->open.count);
        memcpy(m, r->open.moves[k], (size_t)r->open.plies[k] * sizeof *m);
        return r->open.plies[k];
    }
    int p = r->s->random_plies;
    return datagen_opening_random(r->s->seed, g, p, m) == 0 ? p : -1;
}

static void *worker(void *arg)
{
    run *r = arg;
    analysis_engine *e = NULL;
    datagen_records recs = {0};
    char err[1024];
    int cg = r->s->protocol == DATAGEN_PROTOCOL_CODINGAME;
    int rc = cg ? 0 : analysis_engine_start(r->s->bot, r->halt_fd, &e, err, sizeof err);
    pthread_mutex_lock(&r->mu);
    if (rc)
        fail(r, DATAGEN_E_BOT, err);
    while (!rc && !r->stopping) {
        if (r->next_assign >= r->limit)
            break;
        if (r->next_assign >= r->next_commit + r->width) {
            pthread_cond_wait(&r->cv, &r->mu);
            continue;
        }
        int64_t i = r->next_assign++;
        loa_move m[REF_OPENING_MAX];
        int n = opening_of(r, i, m);
        pthread_mutex_unlock(&r->mu);
        rc = n < 0 ? util_fail(DATAGEN_E_OPENING, err, sizeof err,
                               "game %u: no random opening of %d plies", game_number(r, i),
                               r->s->random_plies)
             : cg  ? datagen_game_play_codingame(r->s->bot, DATAGEN_CODINGAME_TURN_MS,
                                                 r->s->win_score, r->halt_fd, game_number(r, i), m,
                                                 n, &recs, err, sizeof err)
                   : datagen_game_play(e, r->s->limit, game_number(r, i), m, n, &recs, err,
                                       sizeof err);
        pthread_mutex_lock(&r->mu);
        if (rc) {
            if (rc != DATAGEN_E_STOPPED)
                fail(r, rc, err);
            break;
        }
        slot *sl = &r->window[i % r->width];
        datagen_records t = sl->recs; /* the slot's buffer reused next time */
        sl->recs = recs;
        recs = t;
        sl->ready = 1;
        commit_ready(r);
    }
    r->alive--;
    pthread_mutex_unlock(&r->mu);
    wake(r->wake_fd);
    analysis_engine_stop(e);
    free(recs.rec);
    return NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The file's records read back: the positions' set, the next game. */
static int scan_file(run *r, char *err, size_t errsz)
{
    enum { CHUNK = 4096 };
    datagen_record *buf = malloc(CHUNK * sizeof *buf);
    int64_t count = datagen_file_count(r->file);
    int rc = buf ? 0 : util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    for (int64_t at = 0; at < count && !rc; at += CHUNK) {
        int n = (int)(count - at < CHUNK ? count - at : CHUNK);
        rc = datagen_file_read(r->file, at, n, buf, err, errsz);
        for (int i = 0; i < n && !rc; i++)
            if (datagen_keys_add(&r->keys, datagen_record_key(&buf[i])) < 0)
                rc = util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
        if (!rc && at + n == count) { /* the last record: its game was the last written */
            int64_t g = buf[n - 1].game;
            r->next_commit = (g - r->s->shard_index) / r->s->shard_count + 1;
        }
    }
    free(buf);
    r->st.positions = count;
    return rc;
}

/* Creates path, or opens it to resume when its settings are these. */
static int open_file(run *r, const char *path, char *err, size_t errsz)
{
    char hash[17];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)r->open.hash);
    char *json = datagen_settings_json(r->s, r->open.count ? hash : NULL, r->open.count);
    if (!json)
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    int rc;
    if (access(path, F_OK) != 0) {
        rc = datagen_file_create(path, json, &r->file, err, errsz);
    } else {
        r->st.resumed = 1;
        char why[512];
        rc = datagen_file_open(path, DATAGEN_OPEN_RESUME, &r->file, err, errsz);
        if (!rc &&
            datagen_settings_differ(datagen_file_settings(r->file), json, 0, why, sizeof why))
            rc = util_fail(DATAGEN_E_SETTINGS, err, errsz,
                           "%s was made with other settings (%s): another file, or its options",
                           path, why);
        if (!rc) {
            r->st.cut = datagen_file_cut(r->file);
            rc = scan_file(r, err, errsz);
        }
    }
    free(json);
    return rc;
}

/* The settings and goal checked, the openings and the file ready. */
static int prepare(run *r, const char *path, const datagen_goal *g, char *err, size_t errsz)
{
    const datagen_settings *s = r->s;
    if (!s->bot || !*s->bot || (s->protocol == DATAGEN_PROTOCOL_ANALYSIS && s->limit.value < 1) ||
        s->shard_count < 1 || s->shard_index < 0 || s->shard_index >= s->shard_count ||
        g->workers < 1 || g->workers > DATAGEN_MAX_WORKERS || g->games < 0 || g->positions < 0 ||
        s->filter.skip_plies < 0 ||
        (!s->openings && (s->random_plies < 1 || s->random_plies > REF_OPENING_MAX)))
        return util_fail(DATAGEN_E_INVAL, err, errsz, "invalid settings");
    /* the referee's process-wide part (subreaper, watchdog) before threads */
    if (s->protocol == DATAGEN_PROTOCOL_CODINGAME && ref_global_init() != 0)
        return util_fail(DATAGEN_E_IO, err, errsz, "the referee: %s", strerror(errno));
    int rc = s->openings ? datagen_openings_load(s->openings, &r->open, err, errsz) : 0;
    if (rc)
        return rc;
    int64_t games = g->games ? g->games : INT64_MAX;
    if (r->open.count && games > r->open.count)
        games = r->open.count; /* a deterministic bot plays an opening's game once */
    if (games > (int64_t)UINT32_MAX + 1)
        games = (int64_t)UINT32_MAX + 1; /* the record's game field */
    r->limit = games <= s->shard_index
                   ? 0
                   : (games - s->shard_index + s->shard_count - 1) / s->shard_count;
    r->target = g->positions;
    r->width = g->workers * DATAGEN_WINDOW_PER_WORKER;
    if (!(r->window = calloc((size_t)r->width, sizeof *r->window)))
        return util_fail(DATAGEN_E_NOMEM, err, errsz, "out of memory");
    if ((rc = open_file(r, path, err, errsz)))
        return rc;
    r->next_assign = r->next_commit;
    r->st.next_game = game_number(r, r->next_commit);
    if (r->next_commit >= r->limit || (r->target && r->st.positions >= r->target))
        r->st.finished = 1;
    return 0;
}

/* The caller's thread while the workers play: progress, interrupts. */
static void watch(run *r, int stop_fd, datagen_progress_fn progress, void *user, double t0)
{
    double last = t0;
    int stop_seen = stop_fd < 0;
    for (;;) {
        pthread_mutex_lock(&r->mu);
        int alive = r->alive;
        datagen_stats st = r->st;
        pthread_mutex_unlock(&r->mu);
        double t = now_s();
        if (progress && (t - last) * 1000 >= DATAGEN_PROGRESS_MS) {
            progress(&st, t - t0, user);
            last = t;
        }
        if (!alive)
            break;
        struct pollfd p[2] = {{.fd = r->wake_fd, .events = POLLIN},
                              {.fd = stop_seen ? -1 : stop_fd, .events = POLLIN}};
        int ms = DATAGEN_PROGRESS_MS - (int)((t - last) * 1000);
        if (poll(p, 2, ms < 1 ? 1 : ms) < 0 && errno != EINTR)
            break;
        uint64_t v;
        if (p[0].revents & POLLIN)
            (void)!read(r->wake_fd, &v, sizeof v);
        if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
            stop_seen = 1;
            pthread_mutex_lock(&r->mu);
            halt(r);
            pthread_mutex_unlock(&r->mu);
        }
    }
}

/* Starts the workers, watches them, joins them. */
static void play(run *r, int workers, int stop_fd, datagen_progress_fn progress, void *user,
                 double t0)
{
    pthread_t *t = calloc((size_t)workers, sizeof *t);
    int started = 0;
    pthread_mutex_lock(&r->mu);
    if (!t)
        fail(r, DATAGEN_E_NOMEM, "out of memory");
    for (; t && started < workers && !r->stopping; started++) {
        r->alive++;
        if (pthread_create(&t[started], NULL, worker, r) != 0) {
            r->alive--;
            fail(r, DATAGEN_E_NOMEM, "cannot start a worker thread");
            break;
        }
    }
    pthread_mutex_unlock(&r->mu);
    watch(r, stop_fd, progress, user, t0);
    for (int i = 0; i < started; i++)
        pthread_join(t[i], NULL);
    free(t);
}

int datagen_run(const char *path, const datagen_settings *s, const datagen_goal *g, int stop_fd,
                datagen_progress_fn progress, void *user, datagen_stats *st, char *err,
                size_t errsz)
{
    run r = {.s = s, .halt_fd = -1, .wake_fd = -1};
    memset(st, 0, sizeof *st);
    double t0 = now_s();
    int rc = prepare(&r, path, g, err, errsz);
    if (!rc && !r.st.finished) {
        r.halt_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        r.wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        if (r.halt_fd < 0 || r.wake_fd < 0)
            rc = util_fail(DATAGEN_E_IO, err, errsz, "eventfd: %s", strerror(errno));
    }
    if (!rc && !r.st.finished) {
        pthread_mutex_init(&r.mu, NULL);
        pthread_cond_init(&r.cv, NULL);
        play(&r, g->workers, stop_fd, progress, user, t0);
        pthread_cond_destroy(&r.cv);
        pthread_mutex_destroy(&r.mu);
        rc = r.failed        ? util_fail(r.failed, err, errsz, "%s", r.err)
             : r.st.finished ? 0
                             : util_fail(DATAGEN_E_STOPPED, err, errsz, "stopped");
    }
    if (progress && (!rc || rc == DATAGEN_E_STOPPED))
        progress(&r.st, now_s() - t0, user);
    *st = r.st;
    for (int i = 0; r.window && i < r.width; i++)
        free(r.window[i].recs.rec);
    free(r.window);
    if (r.halt_fd >= 0)
        close(r.halt_fd);
    if (r.wake_fd >= 0)
        close(r.wake_fd);
    datagen_file_close(r.file);
    if (rc && rc != DATAGEN_E_STOPPED && r.file && !r.st.resumed && !r.st.added)
        unlink(path); /* made by this run and empty: no stale settings left behind */
    datagen_keys_free(&r.keys);
    datagen_openings_free(&r.open);
    return rc;
}
