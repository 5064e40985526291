/*
 * util/sys.h - what the tools ask of the system about themselves: the
 * directory of the running executable (the bundled bots and tools beside
 * it), the CPUs the process may run on (a default number of workers), a
 * process's pidfd, the interrupts as a descriptor. Linux: /proc/self/exe,
 * sched_getaffinity(2), pidfd_open(2).
 */
#ifndef UTIL_SYS_H
#define UTIL_SYS_H

#include <stddef.h>
#include <sys/types.h>

/* The directory of the running executable (/proc/self/exe, links
 * resolved) into buf[size]: "/usr/local/bin" for /usr/local/bin/loa-arena,
 * "/" for /loa-arena. Returns 0, or, with "." in buf (size > 1),
 * UTIL_E_INVAL (NULL buf or size 0), UTIL_E_IO (the link cannot be read,
 * errno set) or UTIL_E_RANGE (the path does not fit in size - 1 bytes).
 * Callers that look beside the executable use ".", the current directory,
 * or look elsewhere on an error. Thread-safe. */
int util_exe_dir(char *buf, size_t size);

/* The number of CPUs this process may run on, in 1..max (max < 1: as 1):
 * its affinity mask (`taskset -c 1 loa-arena` is 1, a container's cpuset
 * counts), the online CPUs when the mask cannot be read. The caller's max
 * is its own bound on workers (loa-arena's concurrency, loa-analyse's
 * --jobs). Thread-safe. */
int util_cpu_count(int max);

/* A pidfd of process pid (pidfd_open(2), Linux >= 5.3; close-on-exec),
 * readable when the process ends: a wait on it in poll() beside other
 * descriptors, and a handle that no later process with the same pid can
 * be mistaken for. Returns the descriptor (the caller closes it), or -1
 * (errno: ENOSYS on an older kernel, or a seccomp refusal, ESRCH), where
 * callers fall back to waitpid/waitid. Thread-safe. */
int util_pidfd_open(pid_t pid);

/* The interrupts (SIGINT, SIGTERM, SIGHUP) as bytes on a self-pipe: after
 * this call each of them writes a byte into a non-blocking, close-on-exec
 * pipe (the handler is async-signal-safe; a full pipe is readable
 * already) instead of ending the process, and the returned read end is
 * readable from the first one: a tool puts it in its poll sets (the
 * referee's ref_config.stop_fd, loa-analyse's and loa-datagen's stop fd)
 * and stops cleanly. Returns the read end, or -1 (errno set) when the pipe
 * or a handler cannot be made (then an interrupt ends the process as it
 * would have). Call once, from main(); the pipe lives as long as the
 * process. */
int util_stop_pipe(void);

#endif
