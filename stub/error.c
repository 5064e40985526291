/* error.c - stub_strerror() from STUB_ERROR_MAP (stub.h). */
#include "stub.h"

const char *stub_strerror(int code)
{
    switch (code) {
    case STUB_OK: return "success";
#define STUB_XX(name, c, text) \
    case c: return text;
        STUB_ERROR_MAP(STUB_XX)
#undef STUB_XX
    default: return "unknown error";
    }
}
