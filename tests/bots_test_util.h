/*
 * bots_test_util.h - shared by the bundled bots' suites (check_bots: loa-ab's
 * engine and its executable; check_bots_programs: every bot's program): a
 * position from its text, whether the side to move wins at once, a shell
 * command's output, a first turn's protocol input in a file. static
 * inline: each suite uses some.
 */
#ifndef BOTS_TEST_UTIL_H
#define BOTS_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "loa/loa.h"
#include "playout_turns.h"

static inline loa_board board_of(const char *text)
{
    loa_board b;
    ck_assert_int_eq(loa_board_parse(text, &b), LOA_OK);
    return b;
}

/* 1 if the side to move in b has a move that wins at once. */
static inline int can_win_now(const loa_board *b)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        loa_status st = loa_board_status(&c, LOA_MAX_PLIES);
        if (st == (b->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS))
            return 1;
    }
    return 0;
}

/* Runs `cmd` (a shell command) and returns its stdout (static buffer);
 * *status gets the exit status. */
static inline const char *run(const char *cmd, int *status)
{
    static char out[8192];
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return out;
}

/* Writes the protocol input of black's first turn at position text into
 * a temporary file and returns its path (static buffer). */
static inline const char *turn_file(const char *text)
{
    static char path[64];
    loa_board b = board_of(text);
    snprintf(path, sizeof path, "/tmp/check_bots_turn_%d.txt", (int)getpid());
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "%c\n", b.side == LOA_BLACK ? 'b' : 'w');
    for (int r = 7; r >= 0; r--) {
        for (int c = 0; c < 8; c++)
            fputc(loa_board_square_char(&b, LOA_SQUARE(c, r)), f);
        fputc('\n', f);
    }
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(&b, mv);
    loa_sort_moves(mv, n);
    fprintf(f, "null\n%d\n", n);
    char buf[LOA_MOVE_STRING_MAX];
    for (int i = 0; i < n; i++)
        fprintf(f, "%s\n", loa_move_format(mv[i], buf));
    fclose(f);
    return path;
}

#endif
