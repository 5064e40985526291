/*
 * hostile-fork [TURNS [CODE [ESCAPE]]] - forks two children and a grandchild
 * that ignore SIGTERM and sleep forever, holding the bot's pipes open. The
 * parent plays TURNS turns (default 2) then exits with status CODE (default
 * 3) on the next one; TURNS < 0: plays the whole game and exits at its end.
 * ESCAPE 1: each child first calls setsid(), ESCAPE 2: setpgid(0, 0), so
 * that killing the bot's process group misses them (default 0: stay). The
 * referee must still judge the exit at once (the pipes stay open) and no
 * child may outlive the game, nor stay a zombie.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "common.h"

static int ready[2]; /* each sleeper writes a byte once its pid is noted */
static int escape;   /* 1 setsid, 2 setpgid */

static void spawn_sleeper(int depth)
{
    pid_t pid = fork();
    if (pid != 0)
        return;
    if (escape == 1 && setsid() < 0)
        _exit(1);
    if (escape == 2 && setpgid(0, 0) != 0)
        _exit(1);
    signal(SIGTERM, SIG_IGN);
    hostile_note_pid();
    if (write(ready[1], "", 1) != 1)
        _exit(1);
    if (depth > 0)
        spawn_sleeper(depth - 1);
    hostile_sleep_forever();
}

int main(int argc, char **argv)
{
    int turns = hostile_arg(argc, argv, 1, 2), code = hostile_arg(argc, argv, 2, 3);
    escape = hostile_arg(argc, argv, 3, 0);
    loa_turn t;
    hostile_note_pid();
    if (pipe(ready) != 0)
        return 1;
    spawn_sleeper(1); /* a child and its own child */
    spawn_sleeper(0);
    /* play only once all pids are in the file, so that a test can count
     * them even when the game is short */
    char b[3];
    for (size_t got = 0; got < sizeof b;) {
        ssize_t n = read(ready[0], b, sizeof b - got);
        if (n <= 0)
            return 1;
        got += (size_t)n;
    }
    loa_turn_init(&t);
    for (int turn = 0; hostile_read_turn(&t); turn++) {
        if (turn == turns)
            exit(code);
        hostile_answer_first(&t, NULL);
    }
    return 0;
}
