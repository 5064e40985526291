/*
 * metric_bot.c - test-metric-bot N [MODE [SEED]]: loa-first (the first legal move,
 * at once) that reports N metrics a turn on its stderr in cgarena's form
 * (docs/metrics.md), a known fixed sequence: at its t-th turn (1-based),
 * `[PDATA][t] mK = V` for K = 0..N-1 with V = 10 * t + K, and at its first
 * turn `[PDATA] game_m = 7` and `[TDATA] map = "small"`, in one write a
 * turn. N = 0 prints
 * nothing: the same bot silent, for the parsing cost's measure. MODE:
 *   plain    the above (the default)
 *   flood    the above, then 1000 lines `[PDATA][t] flood = K` a turn
 *   hostile  texts with quotes, HTML, non-numbers, a metric that changes
 *            type (`kind` an integer on odd turns, a text on even ones),
 *            spacing variations, a name too long, a value too long
 *   comment  the N metrics as `mK=V` words of the answer's comment
 *   text     the same bytes as plain, not metric lines ("(PDATA)")
 *   random   the above, playing a move that wins at once when there is
 *            one, else a random legal move (seeded by SEED, else by its
 *            pid), instead of the first: games won and lost
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loa/loa.h"

static void hostile(int t)
{
    fprintf(stderr, "[PDATA][%d] quote = say \"hi\" & <b>bold</b>\n", t);
    fprintf(stderr, "[pdata][%d]\tspaced\t=\t%d \n", t, t);
    fprintf(stderr, "  [PDATA][%d] real=%d.5\n", t, t);
    if (t % 2)
        fprintf(stderr, "[PDATA][%d] kind = %d\n", t, t);
    else
        fprintf(stderr, "[PDATA][%d] kind = even\n", t);
    fprintf(stderr, "[PDATA][%d] nan = NaN\n", t);
    fprintf(stderr, "[PDATA][%d] %0100d = 1\n", t, 0);
    fprintf(stderr, "[PDATA][%d] long = %0200d\n", t, 0);
    fprintf(stderr, "[PDATA]nospace = 1\n[PDATA] noval =\nnot [PDATA] x = 1\n");
}

static loa_move winning_or_random(const loa_turn *t)
{
    for (int i = 0; i < t->move_count; i++) {
        loa_board b = t->board;
        loa_make_move(&b, t->moves[i], NULL);
        if (loa_board_status(&b, LOA_MAX_PLIES) ==
            (t->board.side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS))
            return t->moves[i];
    }
    return t->moves[rand() % t->move_count];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 0;
    const char *mode = argc > 2 ? argv[2] : "plain";
    loa_turn turn;
    loa_turn_init(&turn);
    int rc;
    char comment[4096], lines[4096];
    /* "text": the same bytes, not metric lines (what reading them costs) */
    const char *tag = strcmp(mode, "text") == 0 ? "(PDATA)" : "[PDATA]";
    srand(argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : (unsigned)getpid());
    for (int t = 1; (rc = loa_turn_read(stdin, &turn)) == LOA_OK; t++) {
        size_t o = 0, l = 0;
        comment[0] = lines[0] = '\0';
        for (int k = 0; k < n && l < sizeof lines - 64; k++) {
            if (strcmp(mode, "comment") == 0)
                o += (size_t)snprintf(comment + o, sizeof comment - o, "%sm%d=%d", k ? " " : "", k,
                                      10 * t + k);
            else
                l += (size_t)snprintf(lines + l, sizeof lines - l, "%s[%d] m%d = %d\n", tag, t, k,
                                      10 * t + k);
        }
        if (n > 0 && t == 1)
            l += (size_t)snprintf(lines + l, sizeof lines - l,
                                  "%s game_m = 7\n[TDATA] map = \"small\"\n", tag);
        if (l) /* one write a turn, as a bot should (docs/metrics.md) */
            fputs(lines, stderr);
        if (strcmp(mode, "flood") == 0)
            for (int k = 0; k < 1000; k++)
                fprintf(stderr, "[PDATA][%d] flood = %d\n", t, k);
        if (strcmp(mode, "hostile") == 0)
            hostile(t);
        loa_move move = turn.moves[0];
        if (strcmp(mode, "random") == 0)
            move = winning_or_random(&turn);
        if (loa_turn_write(stdout, move, comment[0] ? comment : NULL) != LOA_OK)
            return 1;
    }
    return rc == LOA_E_EOF ? 0 : 1;
}
