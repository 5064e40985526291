/* common.c - helpers of the hostile bots. See common.h. */
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void hostile_note_pid(void)
{
    const char *path = getenv("HOSTILE_PIDFILE");
    if (!path || !*path)
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    char buf[24], rev[24];
    int n = 0, r = 0;
    long pid = (long)getpid();
    do
        rev[r++] = (char)('0' + pid % 10);
    while ((pid /= 10) > 0);
    while (r > 0)
        buf[n++] = rev[--r];
    buf[n++] = '\n';
    if (write(fd, buf, (size_t)n) != n)
        n = -1;
    close(fd);
}

int hostile_read_turn(loa_turn *t)
{
    return loa_turn_read(stdin, t) == LOA_OK;
}

void hostile_answer_first(const loa_turn *t, const char *comment)
{
    loa_turn_write(stdout, t->moves[0], comment);
}

_Noreturn void hostile_sleep_forever(void)
{
    for (;;)
        pause();
}

void hostile_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int hostile_arg(int argc, char **argv, int i, int def)
{
    return i < argc ? atoi(argv[i]) : def;
}

_Noreturn void hostile_die_by(int sig)
{
    fflush(NULL);
    signal(sig, SIG_DFL);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached */
}
