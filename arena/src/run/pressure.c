/* pressure.c - the machine's CPU pressure over a recent window
 * (run/pressure.h). */
#include "run/pressure.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/sys.h"

/* PSI's "some total=" in us, or -1 (unreadable: no file, or a kernel with
 * PSI compiled in but disabled, whose read fails with EOPNOTSUPP). */
static double read_psi(const char *path)
{
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    char line[256];
    double v = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "some ", 5) == 0) {
            const char *t = strstr(line, " total=");
            if (t) {
                char *end;
                double d = strtod(t + 7, &end);
                if (end != t + 7 && d >= 0)
                    v = d;
            }
            break;
        }
    fclose(f);
    return v;
}

/* /proc/loadavg's running-or-runnable count, minus the reader itself, or -1. */
static double read_runnable(const char *path)
{
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    double a, b, c;
    int running, total;
    int ok = fscanf(f, "%lf %lf %lf %d/%d", &a, &b, &c, &running, &total) == 5;
    fclose(f);
    return ok && running >= 1 ? running - 1 : -1;
}

void arena_pressure_init(arena_pressure *p, const char *psi_path, const char *loadavg_path,
                         int cores)
{
    memset(p, 0, sizeof *p);
    snprintf(p->psi_path, sizeof p->psi_path, "%s", psi_path ? psi_path : "/proc/pressure/cpu");
    snprintf(p->loadavg_path, sizeof p->loadavg_path, "%s",
             loadavg_path ? loadavg_path : "/proc/loadavg");
    p->cores = cores > 0 ? cores : util_cpu_count(INT_MAX);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    p->online = online > p->cores ? (int)online : p->cores;
    if (read_psi(p->psi_path) >= 0)
        p->source = ARENA_PRESSURE_PSI;
    else if (read_runnable(p->loadavg_path) >= 0)
        p->source = ARENA_PRESSURE_RUNNABLE;
}

int arena_pressure_judge(arena_pressure_source source, double value, int online, int cores)
{
    if (cores < 1)
        cores = 1;
    if (online < cores)
        online = cores;
    if (source == ARENA_PRESSURE_PSI) {
        double ours = value * online / cores;
        return (ours > 1 ? 1 : ours) >= ARENA_PRESSURE_PSI_LOADED;
    }
    return source == ARENA_PRESSURE_RUNNABLE ? value > cores : -1;
}

static int newest(const arena_pressure *p)
{
    return (p->head + ARENA_PRESSURE_SAMPLES - 1) % ARENA_PRESSURE_SAMPLES;
}

void arena_pressure_sample(arena_pressure *p, int64_t now_us)
{
    if (p->source == ARENA_PRESSURE_NONE)
        return;
    if (p->n && now_us - p->ring[newest(p)].t_us < 50000)
        return;
    double v =
        p->source == ARENA_PRESSURE_PSI ? read_psi(p->psi_path) : read_runnable(p->loadavg_path);
    if (v < 0)
        return;
    p->ring[p->head].t_us = now_us;
    p->ring[p->head].v = v;
    p->head = (p->head + 1) % ARENA_PRESSURE_SAMPLES;
    if (p->n < ARENA_PRESSURE_SAMPLES)
        p->n++;
}

int arena_pressure_loaded(arena_pressure *p, int64_t now_us, int64_t window_us, double *value)
{
    *value = 0;
    if (p->source == ARENA_PRESSURE_NONE)
        return -1;
    /* the window's end, sampled now (the 50 ms rule may keep the last one) */
    arena_pressure_sample(p, now_us);
    if (p->n == 0)
        return -1;
    int last = newest(p);
    int64_t from = p->ring[last].t_us - window_us;
    if (p->source == ARENA_PRESSURE_PSI) {
        /* the newest sample at or before the window's start, else (a
         * league younger than the window) the oldest one */
        int base = -1;
        for (int k = 1; k < p->n; k++) {
            base = (last - k + ARENA_PRESSURE_SAMPLES) % ARENA_PRESSURE_SAMPLES;
            if (p->ring[base].t_us <= from)
                break;
        }
        if (base < 0)
            return -1;
        int64_t span = p->ring[last].t_us - p->ring[base].t_us;
        if (span < ARENA_PRESSURE_MIN_SPAN_US || span > 2 * window_us)
            return -1;
        double share = (p->ring[last].v - p->ring[base].v) / (double)span;
        *value = share < 0 ? 0 : share > 1 ? 1 : share;
        return arena_pressure_judge(p->source, *value, p->online, p->cores);
    }
    double sum = 0;
    int count = 0;
    for (int k = 0; k < p->n; k++) {
        int i = (last - k + ARENA_PRESSURE_SAMPLES) % ARENA_PRESSURE_SAMPLES;
        if (p->ring[i].t_us < from)
            break;
        sum += p->ring[i].v;
        count++;
    }
    if (count == 0)
        return -1;
    *value = sum / count;
    return arena_pressure_judge(p->source, *value, p->online, p->cores);
}
