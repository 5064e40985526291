/* error.c - analysis_strerror() from ANALYSIS_ERROR_MAP. */
#include "analysis/error.h"

const char *analysis_strerror(int code)
{
    switch (code) {
    case ANALYSIS_OK: return "success";
#define ANALYSIS_XX(name, c, text) \
    case c: return text;
        ANALYSIS_ERROR_MAP(ANALYSIS_XX)
#undef ANALYSIS_XX
    default: return "unknown analysis error";
    }
}
