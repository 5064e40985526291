/* analyse.c - loa-analyse run on a league's directory after its games
 * (app/analyse.h). */
#include "app/analyse.h"

#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "core/error.h"
#include "util/text.h"

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

int arena_analyse_league(const char *bin_dir, const char *dir, arena_analyse_which which, int quiet,
                         char *err, size_t errsz)
{
    char exe[PATH_MAX];
    snprintf(exe, sizeof exe, "%s/loa-analyse", bin_dir ? bin_dir : ".");
    char *argv[6];
    int n = 0;
    argv[n++] = exe;
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
