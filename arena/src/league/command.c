/* command.c - `{bin}`, `{dir}`, `{out}` (shell-quoted when needed) and
 * `{seed}` in bot commands (league/command.h). */
#include "league/command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"

char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir,
                           int64_t seed)
{
    return arena_command_expand_out(command, bin_dir, base_dir, NULL, seed);
}

char *arena_command_expand_out(const char *command, const char *bin_dir, const char *base_dir,
                               const char *out_dir, int64_t seed)
{
    util_buf b = {0};
    util_buf_put(&b, "", 0);
    for (const char *c = command; *c;) {
        if (strncmp(c, "{seed}", 6) == 0) {
            util_buf_printf(&b, "%lld", (long long)seed);
            c += 6;
        } else if (strncmp(c, "{bin}", 5) == 0) {
            util_buf_shell_quoted(&b, bin_dir ? bin_dir : ".");
            c += 5;
        } else if (strncmp(c, "{dir}", 5) == 0) {
            util_buf_shell_quoted(&b, base_dir ? base_dir : ".");
            c += 5;
        } else if (out_dir && strncmp(c, ARENA_OUT_PLACEHOLDER, 5) == 0) {
            util_buf_shell_quoted(&b, out_dir);
            c += 5;
        } else {
            util_buf_put(&b, c++, 1);
        }
    }
    return util_buf_take(&b);
}
