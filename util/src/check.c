/* check.c - a failed invariant said and the process aborted (util/check.h). */
#include "util/check.h"

#include <stdio.h>
#include <stdlib.h>

_Noreturn void util_assert_fail(const char *cond, const char *file, int line, const char *func)
{
    /* one write of the whole line: two threads failing at once do not
     * interleave theirs */
    char msg[1024];
    snprintf(msg, sizeof msg, "%s:%d: %s: invariant failed: %s\n", file, line, func, cond);
    fputs(msg, stderr);
    fflush(stderr);
    abort();
}
