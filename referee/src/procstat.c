/* procstat.c - /proc/PID/stat's fields (procstat.h). */
#include "procstat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

ssize_t ref_procfs_read(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n, total = 0;
    while ((size_t)total < size - 1 &&
           ((n = read(fd, buf + total, size - 1 - (size_t)total)) > 0 || (n < 0 && errno == EINTR)))
        if (n > 0)
            total += n;
    close(fd);
    buf[total] = '\0';
    return total;
}

int ref_procstat_read(pid_t pid, ref_procstat *out)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if (ref_procfs_read(path, buf, sizeof buf) <= 0)
        return -1;
    char *p = strrchr(buf, ')');
    if (!p)
        return -1;
    memset(out, 0, sizeof *out);
    long long cut = 0, cst = 0;
    int field = 2;
    char *save = NULL;
    for (char *tok = strtok_r(p + 1, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        switch (++field) {
        case 3: out->state = tok[0]; break;
        case 4: out->ppid = (pid_t)strtol(tok, NULL, 10); break;
        case 5: out->pgrp = (pid_t)strtol(tok, NULL, 10); break;
        case 16: cut = strtoll(tok, NULL, 10); break;
        case 17: cst = strtoll(tok, NULL, 10); break;
        case 20: out->threads = strtol(tok, NULL, 10); break;
        default: break;
        }
        if (field == 20)
            break;
    }
    if (field < 20)
        return -1;
    out->child_ticks = cut + cst;
    return 0;
}

/* Appends the pids listed in one children file to list (up to max). */
static void add_children_file(const char *path, pid_t *list, int *n, int max)
{
    char buf[4096];
    if (ref_procfs_read(path, buf, sizeof buf) <= 0)
        return;
    char *p = buf, *end;
    for (;;) {
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        if (v > 0 && *n < max)
            list[(*n)++] = (pid_t)v;
        p = end;
    }
}

int ref_proc_children(pid_t pid, long threads, pid_t *list, int n, int max)
{
    char path[96];
    if (threads <= 1) {
        snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
        add_children_file(path, list, &n, max);
        return n;
    }
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *d = opendir(path);
    if (!d)
        return n;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/children", (int)pid, e->d_name);
        add_children_file(path, list, &n, max);
    }
    closedir(d);
    return n;
}
