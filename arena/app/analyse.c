/* analyse.c - loa-analyse run on a league's directory after its games
 * (app/analyse.h). */
#include "app/analyse.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/error.h"
#include "util/text.h"
#include "util/sys.h"

extern char **environ;

int arena_analyse_from_name(const char *name, arena_analyse_which *out)
{
    static const char *const names[] = {"lost", "faults", "all"};
    for (int i = 0; i < 3; i++)
        if (name && strcmp(name, names[i]) == 0) {
            *out = (arena_analyse_which)(i + 1);
            return 0;
        }
    return ARENA_E_CONFIG;
}

/* Waits for pid's exit on its pidfd; each interrupt read from interrupt_fd
 * is forwarded to it as SIGTERM (loa-analyse stops its engines at once and
 * exits 130). Without a pidfd a blocking waitpid: a terminal's Ctrl-C still
 * reaches loa-analyse, in this process's group. */
static void wait_forwarding(pid_t pid, int interrupt_fd)
{
    int pidfd = util_pidfd_open(pid);
    while (pidfd >= 0) {
        struct pollfd p[2] = {{pidfd, POLLIN, 0}, {interrupt_fd, POLLIN, 0}};
        int n = poll(p, interrupt_fd >= 0 ? 2 : 1, -1);
        if (n < 0 && errno != EINTR)
            break;
        if (n > 0 && p[0].revents)
            break;
        if (n > 0 && interrupt_fd >= 0 && p[1].revents) {
            char buf[64];
            ssize_t r;
            int got = 0;
            while ((r = read(interrupt_fd, buf, sizeof buf)) > 0)
                got = 1;
            if (r == 0 || (p[1].revents & (POLLERR | POLLNVAL)))
                interrupt_fd = -1; /* a closed pipe: no more interrupts */
            if (got)
                kill(pid, SIGTERM); /* not reaped yet: pid is still the child's */
        }
    }
    if (pidfd >= 0)
        close(pidfd);
}

int arena_analyse_league(const char *bin_dir, const char *dir, arena_analyse_which which, int quiet,
                         int interrupt_fd, char *err, size_t errsz)
{
    char exe[PATH_MAX];
    snprintf(exe, sizeof exe, "%s/loa-analyse", bin_dir ? bin_dir : ".");
    char *argv[7];
    int n = 0;
    argv[n++] = exe;
    argv[n++] = "--keep"; /* a rerun analyses only the games analysed by no such run */
    if (which == ARENA_ANALYSE_LOST)
        argv[n++] = "--lost";
    else if (which == ARENA_ANALYSE_FAULTS)
        argv[n++] = "--faults";
    if (quiet)
        argv[n++] = "-q";
    argv[n++] = (char *)dir;
    argv[n] = NULL;
    fflush(stdout);
    fflush(stderr);
    pid_t pid;
    int rc = posix_spawn(&pid, exe, NULL, NULL, argv, environ);
    if (rc != 0) {
        util_fail(ARENA_E_IO, err, errsz, "cannot run %s: %s", exe, strerror(rc));
        return 127;
    }
    wait_forwarding(pid, interrupt_fd);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            util_fail(ARENA_E_IO, err, errsz, "%s: %s", exe, strerror(errno));
            return 127;
        }
    if (WIFEXITED(status)) {
        if (WEXITSTATUS(status) == 127)
            util_fail(ARENA_E_IO, err, errsz, "cannot run %s (built without the analysis component?)", exe);
        return WEXITSTATUS(status);
    }
    util_fail(ARENA_E_IO, err, errsz, "%s ended by signal %d", exe, WTERMSIG(status));
    return 1;
}
