/*
 * sandbox.c - bubblewrap's argv around a bot's shell, and the probe that
 * tells whether bubblewrap can make that sandbox here. See sandbox.h.
 */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The bot's user and group inside the sandbox: nobody and nogroup (Debian's
 * 65534). */
#define SANDBOX_NOBODY "65534"

/* Not --die-with-parent: the watchdog ends the sandbox when the referee
 * dies (watch.h), through bwrap's own process, the namespace's init being
 * its child; bwrap dying first on its own would hand that init to PID 1 out
 * of the watchdog's reach, and bwrap sets it only after its setup, leaving
 * a referee killed before with nothing to end the sandbox at all. */
void ref_sandbox_argv(const char *line, const char *dir, int writable, char **argv)
{
    int n = 0;
    /* A user namespace of its own, always: run by root, bubblewrap would
     * otherwise leave the bot root with every capability, free to remount
     * / read-write and write anywhere. In it the bot is nobody, with no
     * capability (--cap-drop ALL: the bounding set emptied too, so none
     * comes back through an exec) and no nested user namespace to gain
     * some in (--disable-userns). Run by a user, bubblewrap makes the
     * namespace anyway and drops the capabilities itself: the same
     * options change only the bot's uid inside. */
    static char *const head[] = {"bwrap",
                                 "--new-session",
                                 "--unshare-all",
                                 "--unshare-user",
                                 "--uid",
                                 SANDBOX_NOBODY,
                                 "--gid",
                                 SANDBOX_NOBODY,
                                 "--disable-userns",
                                 "--cap-drop",
                                 "ALL",
                                 "--ro-bind",
                                 "/",
                                 "/",
                                 "--dev",
                                 "/dev",
                                 "--proc",
                                 "/proc",
                                 "--tmpfs",
                                 "/tmp"};
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        argv[n++] = head[i];
    /* after the private /tmp, so that a directory under /tmp stays seen */
    argv[n++] = writable ? "--bind" : "--ro-bind";
    argv[n++] = (char *)dir;
    argv[n++] = (char *)dir;
    argv[n++] = "--chdir";
    argv[n++] = (char *)dir;
    argv[n++] = "--";
    argv[n++] = "/bin/sh";
    argv[n++] = "-c";
    argv[n++] = (char *)line;
    argv[n] = NULL;
}

int ref_sandbox_probe(char *why, size_t size)
{
    char *argv[REF_SANDBOX_ARGV_MAX + 1];
    char text[256];
    size_t n = 0;
    int errp[2], st = 0, rc;
    ref_sandbox_argv("exit 0", "/", 0, argv);
    if (pipe2(errp, O_CLOEXEC) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        return -1;
    }
    posix_spawn_file_actions_t fa;
    pid_t pid = -1;
    rc = posix_spawn_file_actions_init(&fa);
    if (!rc && !(rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)) &&
        !(rc = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0)) &&
        !(rc = posix_spawn_file_actions_adddup2(&fa, errp[1], 2)))
        rc = posix_spawnp(&pid, "bwrap", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(errp[1]);
    /* to its end (every process holding the pipe gone), a line's worth kept */
    while (!rc && n < sizeof text - 1) {
        ssize_t r = read(errp[0], text + n, sizeof text - 1 - n);
        if (r > 0)
            n += (size_t)r;
        else if (r == 0 || errno != EINTR)
            break;
    }
    close(errp[0]);
    text[n] = '\0';
    text[strcspn(text, "\n")] = '\0';
    if (rc) {
        snprintf(why, size, "bwrap: %s", strerror(rc));
        return -1;
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(why, size, "bwrap: %s", strerror(errno));
            return -1;
        }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (n)
        snprintf(why, size, "%s", text);
    else if (WIFEXITED(st))
        snprintf(why, size, "bwrap: exit status %d", WEXITSTATUS(st));
    else
        snprintf(why, size, "bwrap: killed by signal %d", WTERMSIG(st));
    return -1;
}
