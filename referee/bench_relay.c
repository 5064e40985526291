/*
 * bench_relay.c - the relay floor of loa-referee-bench (bench_relay.h).
 */
#include "bench_relay.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "loa/loa.h"
#include "ref/turn_input.h"

extern char **environ;

int relay_prepare(relay_game *g, int max_plies)
{
    memset(g, 0, sizeof *g);
    g->bytes = malloc((size_t)max_plies * REF_TURN_INPUT_MAX);
    g->offset = malloc(sizeof *g->offset * ((size_t)max_plies + 1));
    if (!g->bytes || !g->offset) {
        relay_free(g);
        return -1;
    }
    loa_board b;
    loa_board_init(&b);
    loa_move moves[LOA_MAX_MOVES], last = LOA_MOVE_NONE;
    size_t at = 0;
    int first[2] = {1, 1};
    g->offset[0] = 0;
    while (g->plies < max_plies && loa_board_status(&b, max_plies) == LOA_ONGOING) {
        int n = loa_generate_moves_cg(&b, moves);
        loa_sort_moves(moves, n);
        at += ref_turn_input(g->bytes + at, &b, first[b.side], last, moves, n);
        first[b.side] = 0;
        last = n ? moves[0] : LOA_MOVE_PASS; /* loa-first's answer */
        loa_make_move(&b, last, NULL);
        g->offset[++g->plies] = at;
    }
    return 0;
}

void relay_free(relay_game *g)
{
    free(g->bytes);
    free(g->offset);
    memset(g, 0, sizeof *g);
}

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

typedef struct relay_bot {
    pid_t pid;
    int in, out; /* our ends: its stdin, its stdout */
} relay_bot;

static int spawn_bot(const char *bot, relay_bot *r)
{
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    char *argv[] = {(char *)bot, NULL};
    int rc = posix_spawn(&r->pid, bot, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    r->in = in[1];
    r->out = out[0];
    if (rc != 0) {
        close(r->in);
        close(r->out);
        errno = rc;
        return -1;
    }
    return 0;
}

/* Reads until a newline (the bot writes one line per turn). */
static int read_line(int fd)
{
    char buf[256];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n > 0 && memchr(buf, '\n', (size_t)n))
            return 0;
        if (n == 0 || (n < 0 && errno != EINTR))
            return -1;
    }
}

int relay_play(const relay_game *g, const char *bot, int64_t *us, char *err, size_t errsz)
{
    int64_t t0 = now_us();
    relay_bot b[2];
    if (spawn_bot(bot, &b[0]) != 0) {
        snprintf(err, errsz, "%s: %s", bot, strerror(errno));
        return -1;
    }
    if (spawn_bot(bot, &b[1]) != 0) {
        snprintf(err, errsz, "%s: %s", bot, strerror(errno));
        close(b[0].in);
        close(b[0].out);
        waitpid(b[0].pid, NULL, 0);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < g->plies && rc == 0; i++) {
        relay_bot *r = &b[i % 2];
        size_t len = g->offset[i + 1] - g->offset[i];
        if (write(r->in, g->bytes + g->offset[i], len) != (ssize_t)len || read_line(r->out)) {
            snprintf(err, errsz, "turn %d: the bot did not answer", i + 1);
            rc = -1;
        }
    }
    /* end of input ends loa-first */
    for (int k = 0; k < 2; k++) {
        close(b[k].in);
        close(b[k].out);
        if (rc)
            kill(b[k].pid, SIGKILL);
        waitpid(b[k].pid, NULL, 0);
    }
    *us = now_us() - t0;
    return rc;
}
