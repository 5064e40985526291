/* error.c - datagen_strerror() from DATAGEN_ERROR_MAP. */
#include "datagen/error.h"

const char *datagen_strerror(int code)
{
    switch (code) {
    case DATAGEN_OK: return "success";
#define DATAGEN_XX(name, c, text) \
    case c: return text;
        DATAGEN_ERROR_MAP(DATAGEN_XX)
#undef DATAGEN_XX
    default: return "unknown datagen error";
    }
}
