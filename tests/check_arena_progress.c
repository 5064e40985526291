/*
 * check_arena_progress.c - what a running league shows: the live line, one line per game, quiet,
 * and warnings on the error stream in every mode.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "report/progress.h"

START_TEST(test_progress_modes)
{
    arena_settings s;
    league(&s, 3, 2);
    arena_game_record r = record_for(&s, 0, 0);
    r.duration_ms = 1234;
    static const char *const want[] = {
        "game 2/6 #000000 bot0 - bot1 1-0 connected, 40 plies, 1.23 s\n", /* LINES */
        "",                                                               /* QUIET */
    };
    for (int mode = 0; mode < 3; mode++) {
        FILE *out = tmpfile(), *err = tmpfile();
        arena_progress *p = arena_progress_create(out, err, mode, &s, 6, 1);
        ck_assert_ptr_nonnull(p);
        arena_progress_game(p, &r);
        arena_progress_warn(p, "careful");
        arena_progress_end(p);
        ck_assert_int_eq(arena_progress_played(p), 1);
        arena_progress_free(p);
        char buf[1024] = "", ebuf[256] = "";
        rewind(out);
        rewind(err);
        buf[fread(buf, 1, sizeof buf - 1, out)] = '\0';
        ebuf[fread(ebuf, 1, sizeof ebuf - 1, err)] = '\0';
        ck_assert_str_eq(ebuf, "loa-arena: warning: careful\n");
        if (mode == ARENA_PROGRESS_LIVE) {
            /* redrawn in place: done/total, leader, errors */
            ck_assert_ptr_nonnull(strstr(buf, "\r\033[K2/6 games (33%)"));
            ck_assert_ptr_nonnull(strstr(buf, "leader bot0 100.0%"));
            ck_assert_ptr_nonnull(strstr(buf, "errors 0"));
        } else {
            ck_assert_str_eq(buf, want[mode - 1]);
        }
        fclose(out);
        fclose(err);
    }
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_status_and_printed_text)
{
    arena_settings s;
    league(&s, 2, 2);
    arena_game_record r = record_for(&s, 0, 0);
    for (int mode = 0; mode < 3; mode++) {
        FILE *out = tmpfile(), *err = tmpfile();
        arena_progress *p = arena_progress_create(out, err, mode, &s, 100000, 0);
        arena_progress_set_status(p, "SPRT 3 pairs, LLR 0.50 (-2.94, 2.94)");
        arena_progress_game(p, &r);
        arena_progress_print(p, "interim\n");
        arena_progress_end(p);
        arena_progress_free(p);
        char buf[1024] = "";
        rewind(out);
        buf[fread(buf, 1, sizeof buf - 1, out)] = '\0';
        if (mode == ARENA_PROGRESS_LIVE) {
            /* the status replaces the total, the ETA and the leader; printed
             * text clears the live line first */
            ck_assert_msg(strstr(buf, "\r\033[K1 games  "), "%s", buf);
            ck_assert_msg(strstr(buf, "SPRT 3 pairs, LLR 0.50 (-2.94, 2.94)  errors 0"), "%s", buf);
            ck_assert_msg(!strstr(buf, "ETA"), "%s", buf);
            ck_assert_msg(strstr(buf, "\r\033[Kinterim\n"), "%s", buf);
        } else if (mode == ARENA_PROGRESS_LINES) {
            ck_assert_msg(strstr(buf, "interim\n"), "%s", buf);
        } else {
            ck_assert_str_eq(buf, ""); /* quiet: nothing */
        }
        fclose(out);
        fclose(err);
    }
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"shows_games_in_every_mode", test_progress_modes, 30},
        {"shows_a_status_and_printed_text", test_status_and_printed_text, 30},
    };
    return loa_run_suite("arena_progress", cases, LOA_COUNT(cases));
}
