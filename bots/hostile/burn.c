/*
 * hostile-burn [CPU_MS [MODE [FROM_TURN]]] - uses CPU_MS (default 100) of CPU
 * time on every turn from FROM_TURN (0-based, default 0), then answers the
 * first listed move. The time is CPU time (the process's CPU clock), not
 * wall time, so a machine overloaded by the test makes the answer late in
 * wall-clock time but never in CPU time. MODE:
 *   self     burn in this process (default);
 *   child    a forked child burns and exits, this process waits for it (the
 *            referee's CPU mode must charge the child to the bot);
 *   threads  two threads burn CPU_MS / 2 each, at once;
 *   forever  no protocol: burn until killed (a load for the tests).
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

static int64_t cpu_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Spins until the calling thread has used ms of CPU. */
static void burn_ms(int ms)
{
    int64_t end = cpu_ns(CLOCK_THREAD_CPUTIME_ID) + (int64_t)ms * 1000000;
    volatile uint64_t x = 1;
    while (cpu_ns(CLOCK_THREAD_CPUTIME_ID) < end)
        for (int i = 0; i < 10000; i++)
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
}

static void *burn_thread(void *arg)
{
    burn_ms(*(int *)arg);
    return NULL;
}

static void burn_turn(int ms, const char *mode)
{
    if (strcmp(mode, "child") == 0) {
        pid_t pid = fork();
        if (pid == 0) {
            hostile_note_pid();
            burn_ms(ms);
            _exit(0);
        }
        if (pid > 0)
            while (waitpid(pid, NULL, 0) < 0)
                ;
    } else if (strcmp(mode, "threads") == 0) {
        int half = ms / 2;
        pthread_t t[2];
        for (int i = 0; i < 2; i++)
            pthread_create(&t[i], NULL, burn_thread, &half);
        for (int i = 0; i < 2; i++)
            pthread_join(t[i], NULL);
    } else {
        burn_ms(ms);
    }
}

int main(int argc, char **argv)
{
    int ms = hostile_arg(argc, argv, 1, 100), from = hostile_arg(argc, argv, 3, 0);
    const char *mode = argc > 2 ? argv[2] : "self";
    hostile_note_pid();
    if (strcmp(mode, "forever") == 0)
        for (;;)
            burn_ms(1000);
    loa_turn t;
    loa_turn_init(&t);
    for (int turn = 0; hostile_read_turn(&t); turn++) {
        if (turn >= from)
            burn_turn(ms, mode);
        hostile_answer_first(&t, mode);
    }
    return 0;
}
