/* arena_runner.c - worker threads around ref_game_run() (arena_runner.h). */
#include "arena_runner.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena_error.h"
#include "ref/referee.h"

typedef struct runner {
    const arena_runner_config *cfg;
    char *commands[ARENA_MAX_BOTS]; /* expanded commands */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int next;          /* next game index to hand out */
    int soft_stop;     /* no new games */
    int stop_fd[2];    /* pipe: its read end is every game's ref_config.stop_fd;
                          one byte written stops them all at once */
    int alive;         /* workers still running */
    arena_outcome *outcomes; /* [game_count] */
    int *queue;        /* finished indices, FIFO */
    int qhead, qtail;
} runner;

void arena_record_from_spec(arena_game_record *r, const arena_game_spec *g)
{
    memset(r, 0, sizeof *r);
    r->id = g->id;
    r->round = g->round;
    r->pairing = g->pairing;
    r->black = g->black;
    r->white = g->white;
    r->seed = g->seed;
    r->winner = -1;
    r->fault = -1;
    r->time[0].first_ms = r->time[1].first_ms = -1;
}

/* Fills the result and per-side times of o from a played game. */
static void summarise(const ref_game *g, arena_outcome *o)
{
    arena_game_record *r = &o->record;
    const ref_result *res = ref_game_result(g);
    r->winner = res->winner;
    r->scores[0] = res->scores[0];
    r->scores[1] = res->scores[1];
    r->fault = res->fault;
    r->plies = res->plies;
    snprintf(r->reason, sizeof r->reason, "%s", ref_reason_name(res->reason));
    snprintf(r->detail, sizeof r->detail, "%s", res->detail);
    r->start_time = ref_game_start_time(g);
    r->duration_ms = (double)ref_game_duration_us(g) / 1000.0;
    int n = ref_game_ply_count(g);
    for (int i = 0; i < n; i++) {
        const ref_ply *p = ref_game_ply(g, i);
        if (!p || p->player < 0 || p->player > 1)
            continue;
        arena_side_time *t = &r->time[p->player];
        double ms = (double)p->time_us / 1000.0;
        if (t->first_ms < 0) {
            t->first_ms = ms;
        } else {
            t->turns++;
            t->total_ms += ms;
            if (ms > t->max_ms)
                t->max_ms = ms;
        }
    }
    if (res->reason == REF_REASON_ABORTED)
        o->status = ARENA_OUTCOME_ABORTED;
    else if (res->reason == REF_REASON_REFEREE_ERROR)
        o->status = ARENA_OUTCOME_REFEREE_ERROR;
}

static void play(runner *rn, int index)
{
    const arena_runner_config *cfg = rn->cfg;
    const arena_settings *s = cfg->settings;
    const arena_game_spec *spec = &cfg->games[index];
    arena_outcome *o = &rn->outcomes[index];
    memset(o, 0, sizeof *o);
    arena_record_from_spec(&o->record, spec);

    ref_config rc;
    ref_config_init(&rc);
    int side[2] = {spec->black, spec->white};
    for (int c = 0; c < 2; c++) {
        rc.players[c].name = s->bots[side[c]].name;
        rc.players[c].command = rn->commands[side[c]];
        rc.players[c].cwd = s->bots[side[c]].cwd;
    }
    rc.seed = spec->seed;
    rc.first_turn_ms = s->first_turn_ms;
    rc.turn_ms = s->turn_ms;
    rc.max_plies = s->max_plies;
    rc.stop_fd = rn->stop_fd[0];

    ref_game *g = NULL;
    int err = ref_game_run(&rc, &g);
    if (err || !g) {
        o->status = ARENA_OUTCOME_REFEREE_ERROR;
        snprintf(o->error, sizeof o->error, "the referee failed: %s", ref_strerror(err));
        snprintf(o->record.reason, sizeof o->record.reason, "referee_error");
        return;
    }
    summarise(g, o);
    if (o->status == ARENA_OUTCOME_REFEREE_ERROR)
        snprintf(o->error, sizeof o->error, "referee error: %.200s", o->record.detail);
    if (o->status == ARENA_OUTCOME_OK && cfg->records_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%06d.json", cfg->records_dir, spec->id);
        int wr = ref_game_write_json(g, path);
        if (wr == 0)
            o->record_written = 1;
        else
            snprintf(o->error, sizeof o->error, "cannot write %.200s: %s", path, ref_strerror(wr));
    }
    ref_game_free(g);
}

static void *worker(void *arg)
{
    runner *rn = arg;
    for (;;) {
        pthread_mutex_lock(&rn->lock);
        if (rn->soft_stop || rn->next >= rn->cfg->game_count) {
            rn->alive--;
            pthread_cond_broadcast(&rn->cond);
            pthread_mutex_unlock(&rn->lock);
            return NULL;
        }
        int i = rn->next++;
        pthread_mutex_unlock(&rn->lock);

        play(rn, i);

        pthread_mutex_lock(&rn->lock);
        rn->queue[rn->qtail++] = i;
        pthread_cond_broadcast(&rn->cond);
        pthread_mutex_unlock(&rn->lock);
    }
}

static void check_interrupts(runner *rn)
{
    const volatile sig_atomic_t *irq = rn->cfg->interrupts;
    if (!irq || *irq == 0)
        return;
    pthread_mutex_lock(&rn->lock);
    rn->soft_stop = 1;
    pthread_mutex_unlock(&rn->lock);
    if (*irq >= 2) {
        ssize_t w = write(rn->stop_fd[1], "x", 1);
        (void)w; /* a full pipe is already readable */
    }
}

int arena_runner_run(const arena_runner_config *cfg)
{
    if (!cfg || !cfg->settings || cfg->game_count < 0 || (cfg->game_count && !cfg->games) ||
        cfg->concurrency < 1 || !cfg->on_result)
        return ARENA_E_INVAL;
    if (cfg->game_count == 0)
        return 0;
    runner rn;
    memset(&rn, 0, sizeof rn);
    rn.cfg = cfg;
    int rc = 0;
    if (pipe2(rn.stop_fd, O_CLOEXEC | O_NONBLOCK) != 0)
        return ARENA_E_SYSTEM;
    const arena_settings *s = cfg->settings;
    for (int i = 0; i < s->bot_count; i++)
        if (!(rn.commands[i] = arena_command_expand(s->bots[i].command, cfg->bin_dir,
                                                    s->base_dir)))
            rc = ARENA_E_NOMEM;
    rn.outcomes = calloc((size_t)cfg->game_count, sizeof *rn.outcomes);
    rn.queue = calloc((size_t)cfg->game_count, sizeof *rn.queue);
    if (!rn.outcomes || !rn.queue)
        rc = ARENA_E_NOMEM;
    int threads = cfg->concurrency < cfg->game_count ? cfg->concurrency : cfg->game_count;
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!tid)
        rc = ARENA_E_NOMEM;
    if (rc) {
        for (int i = 0; i < s->bot_count; i++)
            free(rn.commands[i]);
        free(rn.outcomes);
        free(rn.queue);
        free(tid);
        close(rn.stop_fd[0]);
        close(rn.stop_fd[1]);
        return rc;
    }
    pthread_mutex_init(&rn.lock, NULL);
    pthread_cond_init(&rn.cond, NULL);

    /* Workers inherit this mask: interrupts are for the caller's thread. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int started = 0;
    for (; started < threads; started++) {
        pthread_mutex_lock(&rn.lock);
        rn.alive++;
        pthread_mutex_unlock(&rn.lock);
        if (pthread_create(&tid[started], NULL, worker, &rn) != 0) {
            pthread_mutex_lock(&rn.lock);
            rn.alive--;
            pthread_mutex_unlock(&rn.lock);
            break;
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (started == 0) {
        rc = ARENA_E_SYSTEM;
    } else {
        int head = 0;
        for (;;) {
            check_interrupts(&rn);
            pthread_mutex_lock(&rn.lock);
            if (rn.qtail == head && rn.alive > 0) {
                struct timespec ts;
                clock_gettime(CLOCK_REALTIME, &ts);
                ts.tv_nsec += 200 * 1000000L;
                if (ts.tv_nsec >= 1000000000L) {
                    ts.tv_sec++;
                    ts.tv_nsec -= 1000000000L;
                }
                pthread_cond_timedwait(&rn.cond, &rn.lock, &ts);
            }
            int tail = rn.qtail, alive = rn.alive;
            pthread_mutex_unlock(&rn.lock);
            for (; head < tail; head++)
                cfg->on_result(&rn.outcomes[rn.queue[head]], cfg->user);
            if (cfg->on_tick)
                cfg->on_tick(cfg->user);
            if (alive == 0) {
                pthread_mutex_lock(&rn.lock);
                tail = rn.qtail;
                pthread_mutex_unlock(&rn.lock);
                for (; head < tail; head++)
                    cfg->on_result(&rn.outcomes[rn.queue[head]], cfg->user);
                break;
            }
        }
        for (int i = 0; i < started; i++)
            pthread_join(tid[i], NULL);
    }
    pthread_cond_destroy(&rn.cond);
    pthread_mutex_destroy(&rn.lock);
    for (int i = 0; i < s->bot_count; i++)
        free(rn.commands[i]);
    free(rn.outcomes);
    free(rn.queue);
    free(tid);
    close(rn.stop_fd[0]);
    close(rn.stop_fd[1]);
    return rc;
}
