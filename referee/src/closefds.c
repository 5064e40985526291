/*
 * closefds.c - closing (or marking close-on-exec) every descriptor from
 * one up, in a child after (v)fork (closefds.h).
 */
#include "closefds.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/* close_range(2) through syscall(): the same with or without glibc's
 * wrapper (2.34), and ENOSYS on an older kernel. */
static int sys_close_range(unsigned lo, unsigned hi, unsigned flags)
{
#ifdef SYS_close_range
    return (int)syscall(SYS_close_range, lo, hi, flags);
#else
    (void)lo, (void)hi, (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

/* The fallback: every fd listed in /proc/self/fd, by getdents64 (opendir
 * allocates: not for a child of vfork or of a threaded fork). */
static int close_fds_by_proc(int lowfd, int keep, int cloexec)
{
    int dfd = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return -1;
    char buf[2048];
    for (;;) {
        ssize_t n = getdents64(dfd, buf, sizeof buf);
        if (n <= 0) {
            int e = errno;
            close(dfd);
            errno = e;
            return n < 0 ? -1 : 0;
        }
        for (ssize_t off = 0; off < n;) {
            struct dirent64 *d = (struct dirent64 *)(buf + off);
            off += d->d_reclen;
            int fd = 0;
            const char *c = d->d_name;
            if (*c < '0' || *c > '9')
                continue;
            for (; *c >= '0' && *c <= '9'; c++)
                fd = fd * 10 + (*c - '0');
            if (fd < lowfd || fd == keep || fd == dfd)
                continue;
            if (cloexec)
                fcntl(fd, F_SETFD, FD_CLOEXEC);
            else
                close(fd);
        }
    }
}

int ref_close_fds(int lowfd, int keep, int cloexec)
{
    unsigned flags = cloexec ? CLOSE_RANGE_CLOEXEC : 0;
    int rc = 0;
    if (keep < lowfd) {
        rc = sys_close_range((unsigned)lowfd, ~0U, flags);
    } else {
        if (keep > lowfd)
            rc = sys_close_range((unsigned)lowfd, (unsigned)keep - 1, flags);
        if (rc == 0)
            rc = sys_close_range((unsigned)keep + 1, ~0U, flags);
    }
    /* ENOSYS (before 5.9) or EINVAL (the flag, before 5.11) */
    return rc == 0 ? 0 : close_fds_by_proc(lowfd, keep, cloexec);
}
