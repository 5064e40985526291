/* error.c - arena_strerror() from ARENA_ERROR_MAP, leaguedb's codes told
 * by leaguedb_strerror(); arena_error_kind() (core/error.h). */
#include "core/error.h"

const char *arena_strerror(int code)
{
    if (code <= -801 && code >= -899)
        return leaguedb_strerror(code);
    switch (code) {
    case ARENA_OK: return "success";
#define ARENA_XX(name, c, text) \
    case c: return text;
        ARENA_ERROR_MAP(ARENA_XX)
#undef ARENA_XX
    default: return "unknown error";
    }
}

int arena_error_kind(int code)
{
    switch (code) {
    case LEAGUEDB_E_INVAL: return ARENA_E_INVAL;
    case LEAGUEDB_E_NOMEM: return ARENA_E_NOMEM;
    case LEAGUEDB_E_IO: return ARENA_E_IO;
    case LEAGUEDB_E_PARSE: return ARENA_E_PARSE;
    case LEAGUEDB_E_BUSY: return ARENA_E_BUSY;
    default: return code;
    }
}
