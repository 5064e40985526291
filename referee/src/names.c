/*
 * names.c - stable names of end reasons, error messages, process-wide setup.
 */
#include <signal.h>
#include <string.h>

#include "ref/referee.h"

static const char *const reason_names[] = {
    [REF_REASON_NONE] = "none",
    [REF_REASON_CONNECTED] = "connected",
    [REF_REASON_OPPONENT_CONNECTED] = "opponent_connected",
    [REF_REASON_PLY_LIMIT] = "ply_limit",
    [REF_REASON_TIMEOUT] = "timeout",
    [REF_REASON_INVALID_UNKNOWN_MOVE] = "invalid_unknown_move",
    [REF_REASON_INVALID_PASS] = "invalid_pass",
    [REF_REASON_INVALID_EMPTY] = "invalid_empty",
    [REF_REASON_INVALID_NOT_A_MOVE] = "invalid_not_a_move",
    [REF_REASON_INVALID_LINE_TOO_LONG] = "invalid_line_too_long",
    [REF_REASON_CRASHED] = "crashed",
    [REF_REASON_CLOSED_OUTPUT] = "closed_output",
    [REF_REASON_FAILED_TO_START] = "failed_to_start",
    [REF_REASON_REFEREE_ERROR] = "referee_error",
    [REF_REASON_ABORTED] = "aborted",
};
#define N_REASONS ((int)(sizeof reason_names / sizeof reason_names[0]))

const char *ref_reason_name(ref_reason r)
{
    return (int)r >= 0 && (int)r < N_REASONS ? reason_names[r] : "none";
}

ref_reason ref_reason_from_name(const char *name)
{
    if (!name)
        return REF_REASON_NONE;
    for (int i = 0; i < N_REASONS; i++)
        if (strcmp(name, reason_names[i]) == 0)
            return (ref_reason)i;
    return REF_REASON_NONE;
}

int ref_reason_is_fault(ref_reason r)
{
    switch (r) {
    case REF_REASON_TIMEOUT:
    case REF_REASON_INVALID_UNKNOWN_MOVE:
    case REF_REASON_INVALID_PASS:
    case REF_REASON_INVALID_EMPTY:
    case REF_REASON_INVALID_NOT_A_MOVE:
    case REF_REASON_INVALID_LINE_TOO_LONG:
    case REF_REASON_CRASHED:
    case REF_REASON_CLOSED_OUTPUT:
    case REF_REASON_FAILED_TO_START:
        return 1;
    default:
        return 0;
    }
}

const char *ref_strerror(int code)
{
    switch (code) {
    case REF_OK: return "success";
    case REF_E_INVAL: return "invalid argument (NULL, empty command or a limit <= 0)";
    case REF_E_NOMEM: return "out of memory";
    case REF_E_SYSTEM: return "a system call failed";
    case REF_E_IO: return "writing the record failed";
    case REF_E_JSON: return "building the JSON record failed";
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
    return sigaction(SIGPIPE, &sa, NULL) == 0 ? REF_OK : REF_E_SYSTEM;
}
