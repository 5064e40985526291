/* error.c - util_strerror() from UTIL_ERROR_MAP (util/error.h): the
 * messages come from the one table of codes, so that a code and its text
 * cannot drift apart. */
#include "util/error.h"

const char *util_strerror(int code)
{
    switch (code) {
    case UTIL_OK: return "success";
#define UTIL_XX(name, c, text) \
    case c: return text;
        UTIL_ERROR_MAP(UTIL_XX)
#undef UTIL_XX
    default: return "unknown util error";
    }
}
