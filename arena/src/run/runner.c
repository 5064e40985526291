/* runner.c - worker threads around ref_game_run(), and the calling
 * thread's wait for results and interrupts (run/runner.h). */
#include "run/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "core/error.h"
#include "league/command.h"
#include "league/openings.h"
#include "loa/timer.h"
#include "util/check.h"

/* Period of the progress tick, microseconds (monotonic clock). */
#define TICK_US 200000

/* A game handed to the workers: its spec, the league it is played in,
 * and its outcome once played. */
typedef struct job {
    arena_game_spec spec;
    const arena_settings *league;
    arena_outcome out;
    struct job *next;
} job;

/* A FIFO of jobs. */
typedef struct fifo {
    job *head, *tail;
    int n;
} fifo;

static void push(fifo *q, job *j)
{
    j->next = NULL;
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
    q->n++;
}

static job *pop(fifo *q)
{
    job *j = q->head;
    if (j && !(q->head = j->next))
        q->tail = NULL;
    q->n -= j != NULL;
    return j;
}

typedef struct runner {
    const arena_runner_config *cfg;
    pthread_mutex_t lock; /* guards pending, done, soft_stop, finished, alive */
    pthread_cond_t work;  /* signalled when a game waits, or on stop or finish */
    fifo pending;         /* games fed, not started: at most `threads` (so a
                              stop, or a change of the league, takes effect
                              within a few games) */
    fifo done;            /* games played, not yet handed to on_result */
    int threads;
    int soft_stop;         /* no new games */
    int finished;          /* the feed has no game any more */
    int alive;             /* workers still running */
    int held;              /* games fed, not yet handed back (the checker's) */
    int next;              /* the fixed list's next game (no feed) */
    int slots;             /* workers that took their slot number */
    int cpus[CPU_SETSIZE]; /* affinity: the allowed CPUs, ascending */
    int ncpus;             /* 0: no pinning */
    int ready_fd;          /* eventfd: workers add 1 per result or exit */
    int stop_fd[2];        /* pipe: its read end is every game's
                              ref_config.stop_fd; one byte stops them all */
} runner;

void arena_runner_check_counts(const arena_runner_counts *c)
{
    LOA_ASSERT(c->threads >= 1 && c->alive >= 0 && c->alive <= c->threads);
    LOA_ASSERT(c->pending >= 0 && c->pending <= c->threads);
    LOA_ASSERT(c->done >= 0 && c->pending + c->done <= c->held);
    LOA_ASSERT(c->held - c->pending - c->done <= c->alive);
    LOA_ASSERT(c->held <= 3 * c->threads);
}

/* The FIFO's links agree with its count (the checker's). */
static void check_fifo(const fifo *q)
{
    int n = 0;
    const job *last = NULL;
    for (const job *j = q->head; j; j = j->next, n++)
        last = j;
    LOA_ASSERT(n == q->n && last == q->tail);
}

/* The runner's checker; the caller holds its lock. */
static void check_locked(const runner *rn)
{
    check_fifo(&rn->pending);
    check_fifo(&rn->done);
    arena_runner_counts c = {rn->threads, rn->alive, rn->pending.n, rn->done.n, rn->held};
    arena_runner_check_counts(&c);
}

/* Wakes the calling thread. An eventfd write only fails when the counter
 * would overflow, and then the fd is readable anyway. */
static void wake(runner *rn)
{
    uint64_t one = 1;
    ssize_t w = write(rn->ready_fd, &one, sizeof one);
    (void)w;
}

static void play(runner *rn, job *j)
{
    const arena_runner_config *cfg = rn->cfg;
    const arena_settings *s = j->league;
    const arena_game_spec *spec = &j->spec;
    arena_outcome *o = &j->out;
    memset(o, 0, sizeof *o);
    o->league = s;
    arena_record_from_spec(&o->record, spec);

    ref_config rc;
    ref_config_init(&rc);
    int side[2] = {spec->black, spec->white};
    /* Expanded per game: `{seed}` is this game's seed. The ref_game keeps
     * its own copy (ref_game_player_command), for the replay line. */
    char *command[2];
    for (int c = 0; c < 2; c++) {
        command[c] = arena_command_expand_out(arena_bot_run_command(&s->bots[side[c]]),
                                              cfg->bin_dir, s->base_dir, cfg->out_dir, spec->seed);
        rc.players[c].name = s->bots[side[c]].name;
        rc.players[c].command = command[c];
        rc.players[c].cwd = s->bots[side[c]].cwd;
        rc.players[c].sandbox = (ref_sandbox)arena_bot_sandbox(s, side[c]);
    }
    if (!command[0] || !command[1]) {
        free(command[0]);
        free(command[1]);
        o->status = ARENA_OUTCOME_REFEREE_ERROR;
        o->record.reason = REF_REASON_REFEREE_ERROR;
        snprintf(o->error, sizeof o->error, "out of memory expanding the bot commands");
        return;
    }
    rc.seed = spec->seed;
    rc.limits = s->limits;
    rc.time_mode = s->time_mode;
    rc.cpu_method = s->cpu_method;
    rc.stop_fd = rn->stop_fd[0];
    /* The round's opening, applied by the referee (both games of the pair) */
    const loa_move *opening = NULL;
    int plies = arena_openings_get(s->openings, spec->opening, &opening);
    if (plies > 0) {
        rc.opening = opening;
        rc.opening_plies = plies;
    }

    ref_game *g = NULL;
    int err = ref_game_run(&rc, &g);
    free(command[0]);
    free(command[1]);
    if (err || !g) {
        ref_game_free(g);
        o->status = ARENA_OUTCOME_REFEREE_ERROR;
        o->record.reason = REF_REASON_REFEREE_ERROR;
        snprintf(o->error, sizeof o->error, "the referee failed: %s", ref_strerror(err));
        return;
    }
    arena_record_set_result(&o->record, g);
    o->game = g; /* ownership: to the runner, with the outcome */
    if (o->record.reason == REF_REASON_ABORTED) {
        o->status = ARENA_OUTCOME_ABORTED;
    } else if (o->record.reason == REF_REASON_REFEREE_ERROR) {
        o->status = ARENA_OUTCOME_REFEREE_ERROR;
        snprintf(o->error, sizeof o->error, "referee error: %.200s", o->record.detail);
    }
}

/* Pins the calling worker to its slot's CPU (see run/runner.h). */
static void pin(runner *rn)
{
    pthread_mutex_lock(&rn->lock);
    int slot = rn->slots++;
    pthread_mutex_unlock(&rn->lock);
    if (rn->ncpus <= 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(rn->cpus[slot % rn->ncpus], &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set); /* failed: unpinned */
}

static void *worker(void *arg)
{
    runner *rn = arg;
    pin(rn);
    for (;;) {
        pthread_mutex_lock(&rn->lock);
        while (!rn->soft_stop && !rn->pending.n && !rn->finished)
            pthread_cond_wait(&rn->work, &rn->lock);
        job *j = rn->soft_stop ? NULL : pop(&rn->pending);
        if (!j) {
            rn->alive--;
            pthread_mutex_unlock(&rn->lock);
            wake(rn);
            return NULL;
        }
        pthread_mutex_unlock(&rn->lock);

        play(rn, j);

        pthread_mutex_lock(&rn->lock);
        push(&rn->done, j);
        LOA_CHECK(check_locked(rn));
        pthread_mutex_unlock(&rn->lock);
        wake(rn);
    }
}

static void soft_stop(runner *rn)
{
    pthread_mutex_lock(&rn->lock);
    rn->soft_stop = 1;
    pthread_cond_broadcast(&rn->work);
    pthread_mutex_unlock(&rn->lock);
}

static void hard_stop(runner *rn)
{
    soft_stop(rn);
    ssize_t w = write(rn->stop_fd[1], "x", 1);
    (void)w; /* a full pipe is already readable */
}

/* The fixed list's feed (a config without one). */
static int next_listed(runner *rn, arena_game_spec *spec, const arena_settings **league)
{
    if (rn->next >= rn->cfg->game_count)
        return -1;
    *spec = rn->cfg->games[rn->next++];
    *league = rn->cfg->settings;
    return 1;
}

/* Games fed until `threads` wait to start (or the feed has none now). */
static int top_up(runner *rn)
{
    const arena_runner_config *cfg = rn->cfg;
    pthread_mutex_lock(&rn->lock);
    int room = rn->soft_stop || rn->finished ? 0 : rn->threads - rn->pending.n;
    pthread_mutex_unlock(&rn->lock);
    int fed = 0, end = 0;
    while (fed < room && !end) {
        job *j = calloc(1, sizeof *j);
        if (!j)
            return ARENA_E_NOMEM;
        int r = cfg->feed ? cfg->feed(&j->spec, &j->league, cfg->user)
                          : next_listed(rn, &j->spec, &j->league);
        if (r <= 0 || !j->league) {
            free(j);
            end = r < 0 ? -1 : 1;
            break;
        }
        pthread_mutex_lock(&rn->lock);
        push(&rn->pending, j);
        rn->held++;
        LOA_CHECK(check_locked(rn));
        pthread_mutex_unlock(&rn->lock);
        fed++;
    }
    pthread_mutex_lock(&rn->lock);
    rn->finished |= end < 0;
    if (fed || end < 0)
        pthread_cond_broadcast(&rn->work);
    pthread_mutex_unlock(&rn->lock);
    return 0;
}

/* Reads the pending interrupts; returns how many (0 also at EOF, where
 * *eof is set: the caller stops polling the fd). */
static int read_interrupts(int fd, int *eof)
{
    char buf[64];
    int n = 0;
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r > 0) {
            n += (int)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            *eof = 1;
        return n; /* EAGAIN: drained */
    }
}

/* Hands every finished game to on_result (then frees it), and feeds the
 * workers. Returns the number of workers still alive. */
static int deliver(runner *rn)
{
    const arena_runner_config *cfg = rn->cfg;
    for (;;) {
        pthread_mutex_lock(&rn->lock);
        job *j = pop(&rn->done);
        rn->held -= j != NULL;
        LOA_CHECK(check_locked(rn));
        pthread_mutex_unlock(&rn->lock);
        if (!j)
            break;
        if (cfg->on_result(&j->out, cfg->user) != 0)
            soft_stop(rn);
        ref_game_free(j->out.game);
        free(j);
    }
    if (top_up(rn))
        hard_stop(rn); /* out of memory: stop at once */
    pthread_mutex_lock(&rn->lock);
    int alive = rn->alive, left = rn->done.n;
    pthread_mutex_unlock(&rn->lock);
    return alive + left;
}

/* The calling thread's loop: results, interrupts, ticks, until every worker
 * has ended. Returns 0 or ARENA_E_SYSTEM (poll failed: games stopped). */
static int wait_loop(runner *rn, int *interrupts)
{
    const arena_runner_config *cfg = rn->cfg;
    struct pollfd fds[2] = {{.fd = rn->ready_fd, .events = POLLIN},
                            {.fd = cfg->interrupt_fd, .events = POLLIN}};
    int rc = 0;
    int64_t next_tick = loa_wall_us() + TICK_US;
    for (;;) {
        /* A worker queues its last result before it counts itself out
         * (both under the lock): none alive and none left, all delivered. */
        if (deliver(rn) == 0)
            return rc;
        int64_t now = loa_wall_us();
        int timeout = next_tick > now ? (int)((next_tick - now + 999) / 1000) : 0;
        int n = poll(fds, fds[1].fd >= 0 ? 2 : 1, timeout);
        if (n < 0 && errno != EINTR) {
            /* Cannot wait any more: stop the games at once; the workers
             * then end by themselves and the loop sees alive reach 0. If
             * poll keeps failing, the loop spins only until then (the
             * referee's kill grace). */
            rc = ARENA_E_SYSTEM;
            hard_stop(rn);
            fds[1].fd = -1;
            continue;
        }
        if (n > 0 && (fds[0].revents & POLLIN)) {
            uint64_t v;
            ssize_t r = read(rn->ready_fd, &v, sizeof v);
            (void)r; /* EAGAIN: another read got it */
        }
        if (n > 0 && fds[1].fd >= 0 && fds[1].revents) {
            int eof = 0, got = read_interrupts(fds[1].fd, &eof);
            if (eof || (fds[1].revents & (POLLERR | POLLNVAL)))
                fds[1].fd = -1;
            int before = *interrupts;
            *interrupts += got;
            if (*interrupts >= 2 && before < 2)
                hard_stop(rn);
            else if (*interrupts >= 1 && before < 1)
                soft_stop(rn);
        }
        now = loa_wall_us();
        if (n > 0 || now >= next_tick) {
            deliver(rn);
            if (cfg->on_tick)
                cfg->on_tick(cfg->user);
            if (now >= next_tick)
                next_tick = now + TICK_US;
        }
    }
}

static void release(runner *rn)
{
    for (job *j; (j = pop(&rn->pending));)
        free(j); /* fed, never started (a stop) */
    for (job *j; (j = pop(&rn->done));) {
        ref_game_free(j->out.game);
        free(j);
    }
    if (rn->ready_fd >= 0)
        close(rn->ready_fd);
    if (rn->stop_fd[0] >= 0)
        close(rn->stop_fd[0]);
    if (rn->stop_fd[1] >= 0)
        close(rn->stop_fd[1]);
}

/* Starts up to `threads` workers with the interrupt signals blocked (they
 * inherit the mask: interrupts are for the caller's thread). Returns how
 * many started. */
static int start_workers(runner *rn, pthread_t *tid, int threads)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int started = 0;
    for (; started < threads; started++) {
        pthread_mutex_lock(&rn->lock);
        rn->alive++;
        pthread_mutex_unlock(&rn->lock);
        if (pthread_create(&tid[started], NULL, worker, rn) != 0) {
            pthread_mutex_lock(&rn->lock);
            rn->alive--;
            pthread_mutex_unlock(&rn->lock);
            break;
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return started;
}

int arena_runner_cpus(int *cpus, int max)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    int n = 0;
    for (int c = 0; c < CPU_SETSIZE && n < max; c++)
        if (CPU_ISSET(c, &set))
            cpus[n++] = c;
    return n;
}

int arena_runner_run(const arena_runner_config *cfg, int *interrupts)
{
    int seen = 0;
    if (interrupts)
        *interrupts = 0;
    if (!cfg || (!cfg->feed && !cfg->settings) || cfg->game_count < 0 ||
        (cfg->game_count && !cfg->games) || cfg->concurrency < 1 || !cfg->on_result)
        return ARENA_E_INVAL;
    if (!cfg->feed && cfg->game_count == 0)
        return 0;
    runner rn;
    memset(&rn, 0, sizeof rn);
    rn.cfg = cfg;
    rn.ready_fd = rn.stop_fd[0] = rn.stop_fd[1] = -1;
    rn.ready_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (rn.ready_fd < 0 || pipe2(rn.stop_fd, O_CLOEXEC | O_NONBLOCK) != 0) {
        release(&rn);
        return ARENA_E_SYSTEM;
    }
    int threads = cfg->concurrency;
    if (!cfg->feed && cfg->game_count < threads)
        threads = cfg->game_count;
    /* affinity is the first league's: a property of the run */
    const arena_settings *first = cfg->settings;
    if (first && first->affinity)
        rn.ncpus = arena_runner_cpus(rn.cpus, CPU_SETSIZE);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!tid) {
        release(&rn);
        return ARENA_E_NOMEM;
    }
    pthread_mutex_init(&rn.lock, NULL);
    pthread_cond_init(&rn.work, NULL);
    rn.threads = threads;
    int rc = top_up(&rn);
    int started = rc ? 0 : start_workers(&rn, tid, threads);
    if (started == 0) {
        rc = rc ? rc : ARENA_E_SYSTEM;
    } else {
        rc = wait_loop(&rn, &seen);
        for (int i = 0; i < started; i++)
            pthread_join(tid[i], NULL);
    }
    pthread_cond_destroy(&rn.work);
    pthread_mutex_destroy(&rn.lock);
    free(tid);
    release(&rn);
    if (interrupts)
        *interrupts = seen;
    return rc;
}
