/* limits.c - the bounds of a game's limits (REF_LIMITS_MAP, ref/referee.h). */
#include <stdio.h>

#include "ref/referee.h"

int ref_limits_check(const ref_limits *l, char *err, size_t errsz)
{
#define REF_LIMIT_XX(NAME, field, option, min, max, unit, what, zero_unset)                   \
    if ((l->field < (min) || l->field > (max)) && !((zero_unset) && l->field == 0)) {         \
        if (err && errsz)                                                                     \
            snprintf(err, errsz, "%s must be in %d..%d %s (%d given)", what, (min), (max),     \
                     unit, l->field);                                                         \
        return REF_E_INVAL;                                                                   \
    }
    REF_LIMITS_MAP(REF_LIMIT_XX)
#undef REF_LIMIT_XX
    return 0;
}
