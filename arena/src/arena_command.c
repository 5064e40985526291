/* arena_command.c - `{bin}`, `{dir}` (shell-quoted when needed) and `{seed}`
 * in bot commands; shell quoting. */
#include "arena_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The characters no POSIX shell treats specially. */
static const char shell_safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                 "_./,:=+-@%";

/* Appends s for /bin/sh: as it is when every character is safe (so that
 * `{bin}/loa-ab` reads /usr/bin/loa-ab, in records and in the replay
 * command printed from them), else single-quoted ('...' with ' as '\'').
 * Returns the bytes written (dst NULL: counts only). */
static size_t quote_into(char *dst, const char *s)
{
    size_t n = 0;
    if (*s && strspn(s, shell_safe) == strlen(s)) {
        n = strlen(s);
        if (dst)
            memcpy(dst, s, n);
        return n;
    }
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

char *arena_shell_quote(const char *s)
{
    size_t n = quote_into(NULL, s);
    char *out = malloc(n + 1);
    if (out) {
        quote_into(out, s);
        out[n] = '\0';
    }
    return out;
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
