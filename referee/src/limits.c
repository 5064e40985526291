/* limits.c - a game's limits (ref_limits, ref/referee.h): their bounds
 * (REF_LIMITS_MAP), the wall cap's default and the rule of the CPU mode's
 * settings, each written once here so that loa-referee, the arena and the
 * game itself apply the same. */
#include <stdio.h>

#include "ref/referee.h"

int ref_limits_check(const ref_limits *l, char *err, size_t errsz)
{
#define REF_LIMIT_XX(NAME, field, option, min, max, unit, what, zero_unset)                      \
    if ((l->field < (min) || l->field > (max)) && !((zero_unset) && l->field == 0)) {            \
        if (err && errsz)                                                                        \
            snprintf(err, errsz, "%s must be in %d..%d %s (%d given)", what, (min), (max), unit, \
                     l->field);                                                                  \
        return REF_E_INVAL;                                                                      \
    }
    REF_LIMITS_MAP(REF_LIMIT_XX)
#undef REF_LIMIT_XX
    return 0;
}

int ref_limits_wall_cap(const ref_limits *l, int limit_ms)
{
    return l->wall_cap_ms > 0 ? l->wall_cap_ms : 4 * limit_ms;
}

ref_time_misfit ref_time_misfit_of(ref_time_mode mode, const ref_limits *l, ref_cpu_method method)
{
    if (mode == REF_TIME_CPU)
        return REF_TIME_FITS;
    if (l->wall_cap_ms)
        return REF_TIME_STRAY_CAP;
    return method != REF_CPU_AUTO ? REF_TIME_STRAY_METHOD : REF_TIME_FITS;
}

int ref_cpu_method_check(ref_time_mode mode, ref_cpu_method method, char *why, size_t whysz)
{
    if (why && whysz)
        why[0] = '\0';
    if (mode != REF_TIME_CPU || method != REF_CPU_CGROUP)
        return 0;
    return ref_cpu_method_probe(why, whysz) == REF_CPU_CGROUP ? 0 : REF_E_CPU;
}
