/* arena_error.c - arena_strerror(). */
#include "arena_error.h"

const char *arena_strerror(int code)
{
    switch (code) {
    case ARENA_OK: return "success";
    case ARENA_E_INVAL: return "invalid argument";
    case ARENA_E_NOMEM: return "out of memory";
    case ARENA_E_IO: return "file or directory operation failed";
    case ARENA_E_PARSE: return "league file is unreadable or malformed";
    case ARENA_E_CONFIG: return "invalid league setting";
    case ARENA_E_MISMATCH: return "output directory holds a different league";
    case ARENA_E_SYSTEM: return "thread or signal operation failed";
    case ARENA_E_REFEREE: return "the referee library failed";
    default: return "unknown error";
    }
}
