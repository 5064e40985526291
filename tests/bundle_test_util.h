/*
 * Shared by loa-bundle's suites (check_bundle, check_bundle_bots): the
 * test's temporary directory, and a shell command run with its stdout.
 */
#ifndef BUNDLE_TEST_UTIL_H
#define BUNDLE_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#define LOA_BUNDLE LOA_BIN_DIR "/loa-bundle"
#define CG_COMPILE "gcc -std=gnu17 -O2 -Wall"

static char tmp_root[64];

static inline void make_root(void)
{
    snprintf(tmp_root, sizeof tmp_root, "/tmp/check_bundle_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp_root));
}

static inline void remove_root(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_root); /* our own mkdtemp directory */
    ck_assert_int_eq(system(cmd), 0);
}

/* Runs cmd through the shell, its stdout into out (size bytes, may be
 * NULL). Returns the exit status, -1 after a signal. */
static inline int run(const char *cmd, char *out, size_t size)
{
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    char sink[4096];
    size_t len = 0, n;
    for (;;) {
        char *dst = out && len + 1 < size ? out + len : sink;
        size_t room = out && len + 1 < size ? size - 1 - len : sizeof sink;
        if ((n = fread(dst, 1, room, f)) == 0)
            break;
        if (dst != sink)
            len += n;
    }
    if (out)
        out[len] = '\0';
    int st = pclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#endif
