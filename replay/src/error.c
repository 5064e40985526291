/* error.c - replay_strerror() from REPLAY_ERROR_MAP. */
#include "replay/error.h"

const char *replay_strerror(int code)
{
    switch (code) {
    case REPLAY_OK: return "success";
#define REPLAY_XX(name, c, text) \
    case c: return text;
        REPLAY_ERROR_MAP(REPLAY_XX)
#undef REPLAY_XX
    default: return "unknown replay error";
    }
}
