/*
 * probe_bot.c - test-probe LOG [MODE]: a bot that appends every byte it
 * reads on its stdin to LOG (as it reads them, before it answers), so that
 * a test compares `loa-replay --input` with what a bot really read. MODE:
 * `first` (the default: the first move listed), `random` (answers `random`
 * with a comment), `mix` (random on odd turns, first on even ones),
 * `script:M1,M2,...` (its moves in order; `pass` when told so), `late:K:MS`
 * (first, but sleeps MS ms before its K-th answer, 1-based), `crash:K`
 * (exits with status 3 instead of its K-th answer), `other:K` (the last
 * listed move at its K-th turn). Writes `probe turn N` on stderr each turn.
 * Reads with read(2): no byte is taken from the pipe before it is logged.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The bytes read and not yet parsed. */
static char buf[1 << 16];
static size_t have;
static int logfd = -1;

/* The next line (without '\n') into line[cap], reading as needed; 0 at EOF. */
static int next_line(char *line, size_t cap)
{
    for (;;) {
        char *nl = memchr(buf, '\n', have);
        if (nl) {
            size_t n = (size_t)(nl - buf);
            snprintf(line, cap, "%.*s", (int)n, buf);
            memmove(buf, nl + 1, have - n - 1);
            have -= n + 1;
            return 1;
        }
        ssize_t r = read(0, buf + have, sizeof buf - have);
        if (r <= 0)
            return 0;
        if (write(logfd, buf + have, (size_t)r) != r)
            return 0;
        have += (size_t)r;
    }
}

/* One turn read: the moves listed into moves (count returned), -1 at EOF. */
static int read_turn(char moves[][8])
{
    char line[256];
    if (!next_line(line, sizeof line))
        return -1;
    if (strlen(line) == 1 && !next_line(line, sizeof line)) /* the colour line */
        return -1;
    for (int i = 0; i < 9; i++) /* the other rows, lastMove, moveCount */
        if (!next_line(line, sizeof line))
            return -1;
    int n = atoi(line);
    for (int i = 0; i < n; i++)
        if (!next_line(moves[i], 8))
            return -1;
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    logfd = open(argv[1], O_WRONLY | O_CREAT | O_APPEND, 0644);
    const char *mode = argc > 2 ? argv[2] : "first";
    char script[4096] = "", *next = script;
    if (strncmp(mode, "script:", 7) == 0)
        snprintf(script, sizeof script, "%s", mode + 7);
    int k = strchr(mode, ':') ? atoi(strchr(mode, ':') + 1) : 0;
    const char *ms = k ? strchr(strchr(mode, ':') + 1, ':') : NULL;
    static char moves[128][8];
    for (int turn = 1;; turn++) {
        int n = read_turn(moves);
        if (n < 0)
            return 0;
        fprintf(stderr, "probe turn %d\n", turn);
        if (strncmp(mode, "crash:", 6) == 0 && turn == k)
            return 3;
        if (strncmp(mode, "late:", 5) == 0 && turn == k && ms) {
            struct timespec d = {atoi(ms + 1) / 1000, atoi(ms + 1) % 1000 * 1000000L};
            nanosleep(&d, NULL);
        }
        if (!strcmp(mode, "random") || (!strcmp(mode, "mix") && turn % 2))
            printf("random probe %d\n", turn);
        else if (strncmp(mode, "script:", 7) == 0) {
            char *m = strsep(&next, ",");
            printf("%s\n", m ? m : moves[0]);
        } else if (strncmp(mode, "other:", 6) == 0 && turn == k)
            printf("%s\n", moves[n - 1]);
        else
            printf("%s\n", moves[0]);
        fflush(stdout);
    }
}
