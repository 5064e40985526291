/*
 * closefds.h - the descriptors a new process must not keep (internal):
 * below both forkexec.c (a bot's child keeps only the descriptors it is
 * given) and watch.c (the watchdog's child keeps only its socket), which
 * call it and nothing of each other's for it.
 */
#ifndef REF_CLOSEFDS_H
#define REF_CLOSEFDS_H

/* In a child after (v)fork (async-signal-safe): closes every descriptor >=
 * lowfd except keep (-1: none), or only marks it close-on-exec when
 * cloexec. One close_range(2) when the kernel has it (5.9; CLOSE_RANGE_CLOEXEC
 * 5.11), else a walk of /proc/self/fd. Returns 0, or -1 with errno (no
 * close_range and no /proc). */
int ref_close_fds(int lowfd, int keep, int cloexec);

#endif
