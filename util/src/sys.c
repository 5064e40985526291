/* sys.c - the running executable's directory, the CPUs this process may
 * run on, a pidfd, the interrupts as a self-pipe (util/sys.h). */
#include "util/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/error.h"

int util_exe_dir(char *buf, size_t size)
{
    if (!buf || size == 0)
        return UTIL_E_INVAL;
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    /* readlink cuts silently: a path that fills the buffer may be cut */
    int rc = n <= 0 ? UTIL_E_IO : (size_t)n >= size - 1 ? UTIL_E_RANGE : UTIL_OK;
    if (rc != UTIL_OK) {
        int e = n == 0 ? ENOENT : errno;
        snprintf(buf, size, ".");
        errno = e;
        return rc;
    }
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        slash[slash == buf] = '\0'; /* "/loa-arena": "/" */
    return UTIL_OK;
}

int util_cpu_count(int max)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    long n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                         : sysconf(_SC_NPROCESSORS_ONLN);
    if (n > max)
        n = max;
    return n < 1 ? 1 : (int)n;
}

int util_pidfd_open(pid_t pid)
{
#ifdef SYS_pidfd_open
    long fd = syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -1 : (int)fd;
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

static int g_stop_pipe[2] = {-1, -1};

static void on_interrupt(int sig)
{
    (void)sig;
    int saved = errno;
    (void)!write(g_stop_pipe[1], "x", 1); /* a full pipe is readable already */
    errno = saved;
}

int util_stop_pipe(void)
{
    if (pipe2(g_stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL) ||
        sigaction(SIGHUP, &sa, NULL))
        return -1;
    return g_stop_pipe[0];
}
