/*
 * procstat.h - the few fields of /proc/PID/stat the referee reads
 * (internal), and a process's children: the process group and this
 * process's children (orphans.c), the CPU of reaped children, the thread
 * count and the process tree (cpu_tree.c). One parser for both, because the
 * command name (field 2) may hold spaces and parentheses: fields are
 * counted after its last ')'. Thread-safe (no state).
 */
#ifndef REF_PROCSTAT_H
#define REF_PROCSTAT_H

#include <sys/types.h>

typedef struct ref_procstat {
    char state;            /* field 3: R, S, Z, ... */
    pid_t ppid;            /* field 4 */
    pid_t pgrp;            /* field 5 */
    long long child_ticks; /* fields 16 + 17: cutime + cstime, clock ticks */
    long threads;          /* field 20: num_threads */
} ref_procstat;

/* Reads a small /proc file into buf[size] (NUL-terminated). Returns its
 * length, or -1 (no such file). Async-signal-safe (open, read, close: the
 * watchdog, a fork of a threaded process, uses it). */
ssize_t ref_procfs_read(const char *path, char *buf, size_t size);

/* Reads pid's fields into *out. Returns 0, or -1 (no such process, or an
 * unreadable line). */
int ref_procstat_read(pid_t pid, ref_procstat *out);

/* Appends pid's children to list[n..max) (from /proc/PID/task/TID/children:
 * a child belongs to the thread that forked it, so every thread's file is
 * read unless threads is 1) and returns the new count. A process that is
 * gone adds nothing. */
int ref_proc_children(pid_t pid, long threads, pid_t *list, int n, int max);

#endif
