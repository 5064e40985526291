/* analyse.c - loa-analyse run on a league's directory after its games
 * (app/analyse.h). */
#include "app/analyse.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/error.h"
#include "ref/process.h"
#include "util/buf.h"
#include "util/text.h"

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

/* Waits for loa-analyse's exit; each interrupt read from interrupt_fd is
 * forwarded to it as SIGTERM (it stops its engines at once and exits 130).
 * Returns its wait status (ref_process_end: it is reaped). */
static int wait_forwarding(ref_process *p, int interrupt_fd)
{
    while (ref_process_wait(p, INT64_MAX, interrupt_fd, NULL) == REF_E_STOPPED) {
        char buf[64];
        ssize_t r;
        int got = 0;
        while ((r = read(interrupt_fd, buf, sizeof buf)) > 0)
            got = 1;
        if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR))
            interrupt_fd = -1; /* a closed pipe: no more interrupts */
        if (got)
            ref_process_signal(p, SIGTERM);
    }
    return ref_process_end(p, REF_PROCESS_GRACE_MS);
}

int arena_analyse_league(const char *bin_dir, const char *dir, arena_analyse_which which, int quiet,
                         int interrupt_fd, char *err, size_t errsz)
{
    char exe[PATH_MAX];
    snprintf(exe, sizeof exe, "%s/loa-analyse", bin_dir ? bin_dir : ".");
    /* a rerun analyses only the games analysed by no such run */
    util_buf cmd = {0};
    util_buf_shell_quoted(&cmd, exe);
    util_buf_str(&cmd, which == ARENA_ANALYSE_LOST     ? " --keep --lost"
                       : which == ARENA_ANALYSE_FAULTS ? " --keep --faults"
                                                       : " --keep");
    util_buf_str(&cmd, quiet ? " -q " : " ");
    util_buf_shell_quoted(&cmd, dir);
    char *command = util_buf_take(&cmd);
    if (!command) {
        util_fail(ARENA_E_IO, err, errsz, "cannot run %s: out of memory", exe);
        return 127;
    }
    fflush(stdout);
    fflush(stderr);
    /* its own process group (the watchdog ends it with this process, kill
     * -9 included), its output this process's */
    ref_process_spec spec = {.command = command,
                             .sandbox = REF_SANDBOX_OFF,
                             .stdout_fd = STDOUT_FILENO,
                             .stderr_fd = STDERR_FILENO};
    ref_process *p;
    int os = 0, rc = ref_process_start(&spec, &p, &os);
    free(command);
    if (rc != 0) {
        util_fail(ARENA_E_IO, err, errsz, "cannot run %s: %s", exe,
                  os ? strerror(os) : ref_strerror(rc));
        return 127;
    }
    int status = wait_forwarding(p, interrupt_fd);
    if (WIFEXITED(status)) {
        if (WEXITSTATUS(status) == 127)
            util_fail(ARENA_E_IO, err, errsz,
                      "cannot run %s (built without the analysis component?)", exe);
        return WEXITSTATUS(status);
    }
    util_fail(ARENA_E_IO, err, errsz, "%s ended by signal %d", exe, WTERMSIG(status));
    return 1;
}
