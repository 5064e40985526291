/* error.c - leaguedb_strerror() from LEAGUEDB_ERROR_MAP (leaguedb/error.h). */
#include "leaguedb/error.h"

const char *leaguedb_strerror(int code)
{
    switch (code) {
    case LEAGUEDB_OK: return "success";
#define LEAGUEDB_XX(name, c, text) \
    case c: return text;
        LEAGUEDB_ERROR_MAP(LEAGUEDB_XX)
#undef LEAGUEDB_XX
    default: return "unknown error";
    }
}
