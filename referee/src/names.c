/*
 * names.c - the reason and error tables of referee.h (REF_REASON_MAP,
 * REF_ERROR_MAP) as functions, and process-wide setup.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "orphans.h"
#include "sandbox.h"
#include "watch.h"

#include "ref/referee.h"

/* One row per reason, in enum order: generated from REF_REASON_MAP. */
static const struct reason_row {
    const char *name;
    int fault;
    const char *text;
} reasons[] = {
#define REF_REASON_XX(name, str, fault, text) [REF_REASON_##name] = {str, fault, text},
    REF_REASON_MAP(REF_REASON_XX)
#undef REF_REASON_XX
};

static int known(ref_reason r)
{
    return (int)r >= 0 && (int)r < REF_REASON_COUNT;
}

const char *ref_reason_name(ref_reason r)
{
    return known(r) ? reasons[r].name : "none";
}

ref_reason ref_reason_from_name(const char *name)
{
    if (!name)
        return REF_REASON_NONE;
    for (int i = 0; i < REF_REASON_COUNT; i++)
        if (strcmp(name, reasons[i].name) == 0)
            return (ref_reason)i;
    return REF_REASON_NONE;
}

int ref_reason_is_fault(ref_reason r)
{
    return known(r) ? reasons[r].fault : 0;
}

const char *ref_reason_describe(ref_reason r)
{
    return known(r) ? reasons[r].text : "";
}

const char *ref_strerror(int code)
{
    switch (code) {
    case REF_OK: return "success";
#define REF_ERROR_XX(name, c, text) \
    case c: return text;
        REF_ERROR_MAP(REF_ERROR_XX)
#undef REF_ERROR_XX
    default: return "unknown referee error";
    }
}

int ref_global_init(void)
{
    /* SIG_IGN (not a handler): async-safe by construction, and a write to a
     * bot that closed its stdin then fails with EPIPE, which the line layer
     * judges. Bots get SIGPIPE back to default at spawn (proc.c). */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGPIPE, &sa, NULL) != 0)
        return REF_E_SYSTEM;
    /* Bots' orphans come back here, to be ended with their game
     * (orphans.h). A kernel that refuses it only makes that less
     * thorough: not an error. */
    ref_orphans_enable();
    /* The watchdog (watch.h), started now rather than by the first game:
     * before the program's threads, and not a descriptor that appears
     * during a game. A failure here is retried, and reported, by the
     * first bot's start. */
    ref_watch_fd();
    return REF_OK;
}

const char *ref_sandbox_name(ref_sandbox s)
{
    return s == REF_SANDBOX_READ_ONLY      ? "read-only"
           : s == REF_SANDBOX_WRITABLE_CWD ? "writable-cwd"
                                           : "off";
}

/* bwrap found: whether it makes the sandbox (sandbox.h). */
static int sandbox_works(char *err, size_t errsz)
{
    char why[256];
    if (ref_sandbox_probe(why, sizeof why) == 0)
        return REF_OK;
    if (err && errsz)
        snprintf(err, errsz, "%s: %s", ref_strerror(REF_E_SANDBOX_UNUSABLE), why);
    return REF_E_SANDBOX_UNUSABLE;
}

int ref_sandbox_check(char *err, size_t errsz)
{
    /* as posix_spawnp will look for it: each PATH directory in turn */
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *d = path; *d;) {
        size_t n = strcspn(d, ":");
        char file[4096];
        if (n > 0 && n < sizeof file - 8) {
            snprintf(file, sizeof file, "%.*s/bwrap", (int)n, d);
            if (access(file, X_OK) == 0)
                return sandbox_works(err, errsz);
        }
        d += n + (d[n] == ':');
    }
    if (err && errsz)
        snprintf(err, errsz, "%s", ref_strerror(REF_E_SANDBOX));
    return REF_E_SANDBOX;
}

static const char *const time_mode_names[] = {"wall", "cpu"};
static const char *const cpu_method_names[] = {"auto", "cgroup", "proc"};

const char *ref_time_mode_name(ref_time_mode m)
{
    return (unsigned)m < 2 ? time_mode_names[m] : "wall";
}

const char *ref_cpu_method_name(ref_cpu_method m)
{
    return (unsigned)m < 3 ? cpu_method_names[m] : "auto";
}

int ref_time_mode_from_name(const char *name, ref_time_mode *out)
{
    for (int i = 0; name && i < 2; i++)
        if (strcmp(name, time_mode_names[i]) == 0) {
            *out = (ref_time_mode)i;
            return REF_OK;
        }
    return REF_E_INVAL;
}

int ref_cpu_method_from_name(const char *name, ref_cpu_method *out)
{
    for (int i = 0; name && i < 3; i++)
        if (strcmp(name, cpu_method_names[i]) == 0) {
            *out = (ref_cpu_method)i;
            return REF_OK;
        }
    return REF_E_INVAL;
}
