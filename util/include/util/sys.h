/*
 * util/sys.h - what the tools ask of the system about themselves: the
 * directory of the running executable (the bundled bots and tools beside
 * it) and the CPUs the process may run on (a default number of workers).
 * Linux: /proc/self/exe and sched_getaffinity(2).
 */
#ifndef UTIL_SYS_H
#define UTIL_SYS_H

#include <stddef.h>

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

#endif
