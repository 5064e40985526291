/*
 * Helpers shared by loa-ab's suites (check_ab_search, check_ab_audit,
 * check_ab_case): positions, running a command, a turn's protocol input,
 * a search result as loa-ab's report.
 */
#ifndef AB_TEST_UTIL_H
#define AB_TEST_UTIL_H

#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "../bots/ab/search.h"
#include "../bots/tools/audit_check.h"
#include "ab_positions.h"
#include "loa/loa.h"

static inline loa_board ab_board(const char *text)
{
    loa_board b;
    ck_assert_msg(loa_board_parse(text, &b) == LOA_OK, "bad board %s", text);
    return b;
}

/* Runs the shell command cmd; returns its whole stdout (malloc'd, the caller
 * frees) and its exit status in *status (-1 if it did not exit). */
static inline char *ab_run(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = 0, cap = 1 << 16;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    for (;;) {
        if (cap - n < 4096) {
            cap *= 2;
            out = realloc(out, cap);
            ck_assert_ptr_nonnull(out);
        }
        size_t got = fread(out + n, 1, cap - n - 1, p);
        if (got == 0)
            break;
        n += got;
    }
    out[n] = '\0';
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return out;
}

/* The JSON in file path (a game record), parsed: cJSON_Delete() it. Fails
 * the test when it cannot be read or parsed. */
static inline cJSON *ab_read_json(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s", path);
    static char text[1 << 21];
    text[fread(text, 1, sizeof text - 1, f)] = '\0';
    fclose(f);
    cJSON *root = cJSON_Parse(text);
    ck_assert_msg(root != NULL, "%s is not JSON", path);
    return root;
}

/* Writes the referee's input of one turn at b (docs/rules.md): the colour
 * line on the bot's first turn, the rows, the last move, the sorted move
 * list (or the single pass). */
static inline void ab_write_turn(FILE *f, const loa_board *b, loa_move last, int first_turn)
{
    if (first_turn)
        fprintf(f, "%c\n", b->side == LOA_BLACK ? 'b' : 'w');
    for (int r = 7; r >= 0; r--) {
        for (int c = 0; c < 8; c++)
            fputc(loa_board_square_char(b, LOA_SQUARE(c, r)), f);
        fputc('\n', f);
    }
    char buf[LOA_MOVE_STRING_MAX];
    fprintf(f, "%s\n", loa_move_format(last, buf));
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    loa_sort_moves(mv, n);
    if (n == 0)
        fprintf(f, "1\npass\n");
    else
        fprintf(f, "%d\n", n);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s\n", loa_move_format(mv[i], buf));
}

/* A search result as loa-ab reports it (bots/ab.c, audit_check.h). */
static inline audit_report ab_report_of(const search_result *r)
{
    audit_report a;
    memset(&a, 0, sizeof a);
    a.move = r->best == LOA_MOVE_PASS ? r->best : LOA_MOVE_SQUARES(r->best);
    a.depth = r->depth;
    a.score = r->score;
    a.lower_bound = r->lower_bound;
    a.nodes = (long long)r->nodes;
    a.pv_len = r->pv_len;
    for (int i = 0; i < r->pv_len; i++)
        a.pv[i] = r->pv[i] == LOA_MOVE_PASS ? r->pv[i] : LOA_MOVE_SQUARES(r->pv[i]);
    return a;
}

/* b's move m (squares or a pass) with its capture flag. */
static inline loa_move ab_flagged(const loa_board *b, loa_move m)
{
    if (m != LOA_MOVE_PASS && (b->pieces[b->side ^ 1] >> LOA_MOVE_TO(m) & 1))
        m |= LOA_MOVE_CAPTURE;
    return m;
}

#endif
