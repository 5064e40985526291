/* arena_command.c - `{bin}`, `{dir}` (shell-quoted) and `{seed}` in bot
 * commands. */
#include "arena_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends s single-quoted for /bin/sh ('...' with ' as '\''). */
static size_t quote_into(char *dst, const char *s)
{
    size_t n = 0;
    if (dst)
        dst[n] = '\'';
    n++;
    for (; *s; s++) {
        if (*s == '\'') {
            if (dst)
                memcpy(dst + n, "'\\''", 4);
            n += 4;
        } else {
            if (dst)
                dst[n] = *s;
            n++;
        }
    }
    if (dst)
        dst[n] = '\'';
    return n + 1;
}

static size_t expand_into(char *dst, const char *cmd, const char *bin, const char *dir,
                          const char *seed)
{
    size_t n = 0;
    while (*cmd) {
        if (strncmp(cmd, "{seed}", 6) == 0) {
            size_t len = strlen(seed);
            if (dst)
                memcpy(dst + n, seed, len);
            n += len;
            cmd += 6;
            continue;
        }
        if (strncmp(cmd, "{bin}", 5) == 0) {
            n += quote_into(dst ? dst + n : NULL, bin);
            cmd += 5;
        } else if (strncmp(cmd, "{dir}", 5) == 0) {
            n += quote_into(dst ? dst + n : NULL, dir);
            cmd += 5;
        } else {
            if (dst)
                dst[n] = *cmd;
            n++;
            cmd++;
        }
    }
    return n;
}

char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir,
                           int64_t seed)
{
    const char *bin = bin_dir ? bin_dir : ".";
    const char *dir = base_dir ? base_dir : ".";
    char num[24];
    snprintf(num, sizeof num, "%lld", (long long)seed);
    size_t n = expand_into(NULL, command, bin, dir, num);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    expand_into(out, command, bin, dir, num);
    out[n] = '\0';
    return out;
}
