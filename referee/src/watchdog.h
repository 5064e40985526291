/*
 * watchdog.h - between watch.c (the referee's side: the start, the
 * messages sent) and watchdog.c (the watchdog process): what they share
 * (internal; watch.h says what the watchdog is for and does).
 */
#ifndef REF_WATCHDOG_H
#define REF_WATCHDOG_H

#include <stdint.h>
#include <sys/types.h>

/* One message on the socket pair (SOCK_SEQPACKET: one per datagram). */
typedef struct watch_msg {
    int32_t op; /* WATCH_STARTED, WATCH_RELEASED or WATCH_ENDED */
    int32_t pid;
} watch_msg;

enum {
    WATCH_STARTED = 1, /* with the bot's held descriptors (SCM_RIGHTS) */
    WATCH_RELEASED,    /* the game ends: close them (the bot sees its input end) */
    WATCH_ENDED        /* SIGKILLed, about to be reaped: forget it */
};

/* The watchdog's end of the socket pair is this descriptor in the
 * watchdog (0, 1 and 2 are /dev/null there). */
#define WATCH_FD 3
/* A process is the watchdog, not the program it was started from, when
 * its argv[0] starts with WATCH_ARGV0 ("loa-watchdog (arena pid 1234)"),
 * WATCH_ENV holds the referee's pid and WATCH_FD is a SOCK_SEQPACKET
 * socket: how watch.c's exec of /proc/self/exe becomes the watchdog. */
#define WATCH_ARGV0 "loa-watchdog ("
#define WATCH_ENV "LOA_WATCHDOG"

/* The watchdog process watching the bots registered on WATCH_FD for the
 * process referee: it returns only by exiting, when the referee's end of
 * the socket is closed for good (after ending every bot still registered)
 * or cannot be read. Makes only async-signal-safe calls (it may run in a
 * fork of a threaded process, watch.c's fallback when the exec fails). */
_Noreturn void ref_watchdog_run(pid_t referee);

#endif
