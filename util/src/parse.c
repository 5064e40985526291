/* parse.c - strict decimal integers (util/parse.h). */
#include "util/parse.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "util/error.h"

int util_parse_i64(const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    if (!text || !out)
        return UTIL_E_INVAL;
    /* strtoll alone accepts leading spaces and an empty digit run: check
     * the shape first so that " 5" and "+" are syntax errors. */
    const char *p = text;
    if (*p == '+' || *p == '-')
        p++;
    if (*p < '0' || *p > '9')
        return UTIL_E_SYNTAX;
    errno = 0;
    char *end = NULL;
    long long v = strtoll(text, &end, 10);
    if (*end != '\0')
        return UTIL_E_SYNTAX;
    if (errno == ERANGE || v < lo || v > hi)
        return UTIL_E_RANGE;
    *out = (int64_t)v;
    return UTIL_OK;
}

int util_parse_int(const char *text, int lo, int hi, int *out)
{
    int64_t v;
    int rc = util_parse_i64(text, lo, hi, &v);
    if (rc == UTIL_OK && out)
        *out = (int)v;
    return out ? rc : UTIL_E_INVAL;
}

int util_double_to_i64(double d, int64_t lo, int64_t hi, int64_t *out)
{
    /* Every comparison is on doubles until d is known to fit: (double)lo
     * and (double)hi round to the nearest double, so the bounds are
     * checked again on the integer. 2^63 is the first double beyond
     * int64_t. */
    if (!isfinite(d) || d != floor(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0)
        return UTIL_E_RANGE;
    int64_t v = (int64_t)d;
    if (v < lo || v > hi)
        return UTIL_E_RANGE;
    *out = v;
    return UTIL_OK;
}
