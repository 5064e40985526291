/*
 * pool.c - the engines searching a game's positions at once (analysis.h):
 * one thread per engine takes the next position of the game in hand; the
 * caller's thread waits until every position is answered, then judges.
 * Results go to the position's own slot, so their order never depends on
 * which engine answered first.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "loa/timer.h"
#include "util/text.h"

typedef struct worker {
    struct analysis_pool *pool;
    analysis_engine *engine;
    pthread_t thread;
    int started;
} worker;

struct analysis_pool {
    analysis_options opt;
    worker *workers;
    int jobs;
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    /* the game in hand (under lock) */
    long long generation; /* a new game's positions are posted */
    const loa_board *boards;
    replay_position *slots;
    const int *todo; /* indices of the positions to search */
    int count, next, finished;
    int failed; /* an engine failed: no new position is taken */
    char error[1024];
    int quit;
    long long positions, wall_us;
};

static void *work(void *arg)
{
    worker *w = arg;
    analysis_pool *p = w->pool;
    long long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && (p->generation == seen || p->failed || p->next >= p->count))
            pthread_cond_wait(&p->work, &p->lock);
        if (p->quit)
            break;
        int k = p->todo[p->next++];
        if (p->next >= p->count)
            seen = p->generation; /* nothing more to take from this game */
        const loa_board *b = &p->boards[k];
        pthread_mutex_unlock(&p->lock);
        analysis_reply r;
        char err[1024];
        int rc = analysis_engine_analyse(w->engine, b, p->opt.limit, &r, err, sizeof err);
        if (rc == 0)
            analysis_position_set(&p->slots[k], b, &r, p->opt.scale);
        pthread_mutex_lock(&p->lock);
        if (rc && !p->failed) {
            p->failed = rc;
            snprintf(p->error, sizeof p->error, "%s", err);
        }
        if (++p->finished == p->count || p->failed)
            pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int analysis_pool_start(const analysis_options *o, analysis_pool **out, char *err, size_t errsz)
{
    if (!o || !out || !o->engine || o->jobs < 1 || !(o->scale > 0) || o->limit.value < 1)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "analysis_pool_start: bad options");
    *out = NULL;
    analysis_pool *p = calloc(1, sizeof *p);
    if (!p || !(p->workers = calloc((size_t)o->jobs, sizeof *p->workers))) {
        free(p);
        return util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
    }
    p->opt = *o;
    p->jobs = o->jobs;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    int rc = 0;
    for (int i = 0; i < p->jobs && !rc; i++) {
        p->workers[i].pool = p;
        rc = analysis_engine_start(o->engine, o->stop_fd, &p->workers[i].engine, err, errsz);
        if (!rc) {
            if (pthread_create(&p->workers[i].thread, NULL, work, &p->workers[i]) != 0)
                rc = util_fail(ANALYSIS_E_NOMEM, err, errsz, "cannot start a thread");
            else
                p->workers[i].started = 1;
        }
    }
    if (rc) {
        analysis_pool_stop(p);
        return rc;
    }
    *out = p;
    return 0;
}

int analysis_pool_game(analysis_pool *p, const replay_game *g, replay_analysis **out, char *err,
                       size_t errsz)
{
    const replay_info *in = replay_game_info(g);
    if (!p || !in || !out)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "analysis_pool_game: NULL argument");
    *out = NULL;
    if (p->failed)
        return util_fail(p->failed, err, errsz, "%s", p->error);
    replay_analysis *a = replay_analysis_new(in->plies);
    loa_board *boards = malloc(((size_t)in->plies + 1) * sizeof *boards);
    int *todo = malloc(((size_t)in->plies + 1) * sizeof *todo);
    if (!a || !boards || !todo) {
        replay_analysis_free(a);
        free(boards);
        free(todo);
        return util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
    }
    snprintf(a->engine, sizeof a->engine, "%s", p->opt.engine);
    snprintf(a->limit, sizeof a->limit, "%s", analysis_limit_name(p->opt.limit.kind));
    a->limit_value = p->opt.limit.value;
    a->scale = p->opt.scale;
    a->thresholds[REPLAY_MARK_INACCURACY] = ANALYSIS_INACCURACY;
    a->thresholds[REPLAY_MARK_MISTAKE] = ANALYSIS_MISTAKE;
    a->thresholds[REPLAY_MARK_BLUNDER] = ANALYSIS_BLUNDER;
    /* the positions, with the SDK (the game was replayed by it already) */
    int count = 0, rc = 0;
    loa_board_init(&boards[0]);
    for (int n = 0; n <= in->plies && !rc; n++) {
        if (n > 0) {
            loa_move m;
            boards[n] = boards[n - 1];
            if (loa_move_parse(replay_game_ply(g, n)->move, &m) != 0)
                rc = util_fail(ANALYSIS_E_GAME, err, errsz, "%s: ply %d does not replay",
                               in->source, n);
            else
                loa_make_move(&boards[n], m, NULL);
        }
        if (loa_board_status(&boards[n], in->max_plies) != LOA_ONGOING)
            analysis_position_end(&a->positions[n], &boards[n], in->max_plies);
        else
            todo[count++] = n;
    }
    long long t0 = loa_wall_us();
    pthread_mutex_lock(&p->lock);
    if (!rc && count) {
        p->boards = boards;
        p->slots = a->positions;
        p->todo = todo;
        p->count = count;
        p->next = 0;
        p->finished = 0;
        p->generation++;
        pthread_cond_broadcast(&p->work);
        /* every taken position answered: none is left in a worker's hands */
        while (p->finished < p->next || (!p->failed && p->finished < p->count))
            pthread_cond_wait(&p->done, &p->lock);
        p->positions += p->finished;
        p->count = 0;
        if (p->failed)
            rc = util_fail(p->failed, err, errsz, "%s", p->error);
    }
    pthread_mutex_unlock(&p->lock);
    p->wall_us += loa_wall_us() - t0;
    free(boards);
    free(todo);
    if (!rc && analysis_judge(a, g) != 0)
        rc = util_fail(ANALYSIS_E_GAME, err, errsz, "%s: cannot judge its moves", in->source);
    if (rc) {
        replay_analysis_free(a);
        return rc;
    }
    *out = a;
    return 0;
}

void analysis_pool_stats(const analysis_pool *p, long long *positions, long long *wall_us)
{
    if (positions)
        *positions = p ? p->positions : 0;
    if (wall_us)
        *wall_us = p ? p->wall_us : 0;
}

void analysis_pool_stop(analysis_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->jobs; i++) {
        if (p->workers[i].started)
            pthread_join(p->workers[i].thread, NULL);
        analysis_engine_stop(p->workers[i].engine);
    }
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p->workers);
    free(p);
}
