/*
 * load_util.h - an overloaded machine for the timing tests
 * (check_referee_time, check_arena_league_run_time): 2 CPU-burning processes per
 * core (hostile-burn forever), which die with the test process whatever
 * kills it (PR_SET_PDEATHSIG). Such tests run alone (ctest RUN_SERIAL).
 */
#ifndef LOAD_UTIL_H
#define LOAD_UTIL_H

#include <check.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define BURNERS_PER_CORE 2
#define MAX_BURNERS 64

typedef struct load {
    pid_t pid[MAX_BURNERS];
    int n;
} load;

static inline void load_start(load *l)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    l->n = (int)(cores > 0 ? cores : 1) * BURNERS_PER_CORE;
    if (l->n > MAX_BURNERS)
        l->n = MAX_BURNERS;
    for (int i = 0; i < l->n; i++) {
        pid_t pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            execl(LOA_BIN_DIR "/hostile-burn", "hostile-burn", "1000", "forever", (char *)NULL);
            _exit(127);
        }
        l->pid[i] = pid;
    }
    usleep(300000); /* let them take the cores (and PSI see it) */
}

static inline void load_stop(load *l)
{
    for (int i = 0; i < l->n; i++) {
        kill(l->pid[i], SIGKILL);
        waitpid(l->pid[i], NULL, 0);
    }
    l->n = 0;
}

#endif
