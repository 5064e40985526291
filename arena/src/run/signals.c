/* signals.c - SIGINT/SIGTERM/SIGHUP through a self-pipe
 * (run/signals.h). */
#include "run/signals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "core/error.h"

/* The self-pipe of interrupts (SIGINT, SIGTERM, SIGHUP): the handler
 * writes one byte per signal to g_irq_pipe[1]; the runner polls
 * g_irq_pipe[0]. Set once before the handler is installed. */
static int g_irq_pipe[2] = {-1, -1};
/* strlen(program_invocation_short_name), for the handler's messages. */
static size_t g_name_len;

/* Async-signal-safe: write(2) only. The count is the handler's own (the
 * handler masks the three signals, so it never runs nested) and only
 * chooses the message; the runner counts the bytes. */
static void on_signal(int sig)
{
    (void)sig;
    static int count;
    int saved = errno;
    if (count < 2)
        count++;
    static const char once[] = ": interrupted: no new games; waiting for the running "
                               "ones (interrupt again to stop them now)\n";
    static const char twice[] = ": stopping the running games now\n";
    /* the program's name (loa-arena, loa-tune; _GNU_SOURCE's
     * program_invocation_short_name), measured before any signal */
    ssize_t w = write(STDERR_FILENO, "\n", 1);
    w = write(STDERR_FILENO, program_invocation_short_name, g_name_len);
    w = count == 1 ? write(STDERR_FILENO, once, sizeof once - 1)
                   : write(STDERR_FILENO, twice, sizeof twice - 1);
    w = write(g_irq_pipe[1], "x", 1); /* full pipe: already readable, enough */
    (void)w;
    errno = saved;
}

int arena_signals_install(void)
{
    if (pipe2(g_irq_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return ARENA_E_SYSTEM;
    g_name_len = strlen(program_invocation_short_name);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL) ||
        sigaction(SIGHUP, &sa, NULL))
        return ARENA_E_SYSTEM;
    return 0;
}

int arena_signals_late(void)
{
    char buf[64];
    int n = 0;
    ssize_t r;
    while (g_irq_pipe[0] >= 0 && (r = read(g_irq_pipe[0], buf, sizeof buf)) > 0)
        n += (int)r;
    return n;
}

int arena_signals_fd(void)
{
    return g_irq_pipe[0];
}
