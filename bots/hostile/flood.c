/*
 * hostile-flood [FIRST_MB [LATER_KB [after]]] - plays properly, but floods
 * stderr: before each answer it writes FIRST_MB megabytes (default 8) on its
 * first turn and LATER_KB kilobytes (default 256) on later ones, each flood
 * ending with the line "end of turn N". The referee must drain stderr while
 * waiting (a full pipe would block the bot into a timeout) and keep a tail.
 *
 * With `after`, it floods LATER_KB kilobytes right AFTER each answer, while
 * the opponent thinks, and reports in its next answer's comment how long
 * that flood took ("flood-ms=N"): short only if the referee drains the
 * stderr of the bot that is not to move too.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

static void flood(long bytes, const char *end_fmt, int turn)
{
    static char chunk[65536];
    memset(chunk, 'e', sizeof chunk);
    for (size_t i = 63; i < sizeof chunk; i += 64)
        chunk[i] = '\n';
    while (bytes > 0) {
        size_t n = bytes < (long)sizeof chunk ? (size_t)bytes : sizeof chunk;
        ssize_t w = write(2, chunk, n);
        if (w <= 0)
            return;
        bytes -= w;
    }
    dprintf(2, end_fmt, turn);
}

int main(int argc, char **argv)
{
    long first = hostile_arg(argc, argv, 1, 8) * 1024L * 1024L;
    long later = hostile_arg(argc, argv, 2, 256) * 1024L;
    int after = argc > 3 && strcmp(argv[3], "after") == 0;
    long long flood_ms = -1;
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    for (int turn = 1; hostile_read_turn(&t); turn++) {
        if (!after) {
            flood(turn == 1 ? first : later, "end of turn %d\n", turn);
            hostile_answer_first(&t, "flooded");
            continue;
        }
        char comment[32];
        snprintf(comment, sizeof comment, "flood-ms=%lld", flood_ms);
        hostile_answer_first(&t, comment);
        long long t0 = loa_now_ms();
        flood(later, "after turn %d\n", turn);
        flood_ms = loa_now_ms() - t0;
    }
    return 0;
}
