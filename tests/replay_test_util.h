/*
 * Shared by the replay suites that drive loa-replay (check_replay,
 * check_replay_codingame): running a command line.
 */
#ifndef REPLAY_TEST_UTIL_H
#define REPLAY_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <sys/wait.h>

/* Runs a shell command (append 2>&1 for its stderr); its exit status, or -1
 * when it did not exit; its output in out (NUL-terminated, cut to fit). */
static inline int run(const char *cmd, char *out, size_t outsz)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, outsz - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#endif
