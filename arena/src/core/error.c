/* error.c - arena_strerror() from ARENA_ERROR_MAP (core/error.h). */
#include "core/error.h"

const char *arena_strerror(int code)
{
    switch (code) {
    case ARENA_OK:
        return "success";
#define ARENA_XX(name, c, text) \
    case c:                     \
        return text;
        ARENA_ERROR_MAP(ARENA_XX)
#undef ARENA_XX
    default:
        return "unknown error";
    }
}
