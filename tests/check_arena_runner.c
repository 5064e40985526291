/*
 * check_arena_runner.c - the scheduler (run/runner.c) with real games of
 * loa-first: every game handed back once with its ref_game, a result
 * callback that stops scheduling, and stopping through the interrupt fd
 * (one byte: no new game; two bytes: running games aborted at once);
 * commands expanded per game ({seed}) and each round's opening played.
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/openings.h"
#include "league/schedule.h"
#include "run/runner.h"

#define FIRST LOA_BIN_DIR "/loa-first"

typedef struct seen {
    int results, ok, aborted, with_game, ticks;
    int stop_after; /* on_result asks to stop after this many; 0 never */
    int tick_fd;    /* on the first tick, tick_bytes go to this fd (0: none) */
    int tick_bytes;
    int ids[64];
} seen;

static int on_result(const arena_outcome *o, void *user)
{
    seen *s = user;
    ck_assert_int_lt(s->results, 64);
    s->ids[s->results++] = o->record.id;
    s->ok += o->status == ARENA_OUTCOME_OK;
    s->aborted += o->status == ARENA_OUTCOME_ABORTED;
    s->with_game += o->game != NULL;
    if (o->status == ARENA_OUTCOME_OK)
        ck_assert_int_eq(o->record.plies, ref_game_result(o->game)->plies);
    return s->stop_after && s->results >= s->stop_after;
}

static void on_tick(void *user)
{
    seen *s = user;
    if (s->ticks++ == 0 && s->tick_bytes > 0)
        ck_assert_int_eq(write(s->tick_fd, "xx", (size_t)s->tick_bytes), s->tick_bytes);
}

/* A league of two bots running `command`, its schedule in *games. */
static int setup(arena_settings *s, const char *command, int games_per_pairing,
                 arena_game_spec **games)
{
    arena_settings_init(s);
    ck_assert_int_eq(arena_settings_add_bot(s, "a", command, NULL, NULL, 0), 0);
    ck_assert_int_eq(arena_settings_add_bot(s, "b", command, NULL, NULL, 0), 0);
    s->games = games_per_pairing;
    int count = 0;
    ck_assert_int_eq(arena_schedule_build(s, games, &count), 0);
    ck_assert_int_eq(ref_global_init(), 0);
    return count;
}

static arena_runner_config config(const arena_settings *s, const arena_game_spec *games, int count,
                                  int concurrency, int irq_fd, seen *out)
{
    arena_runner_config c = {
        .settings = s,
        .games = games,
        .game_count = count,
        .concurrency = concurrency,
        .bin_dir = LOA_BIN_DIR,
        .interrupt_fd = irq_fd,
        .on_result = on_result,
        .on_tick = on_tick,
        .user = out,
    };
    return c;
}

START_TEST(test_every_game_once)
{
    arena_settings s;
    arena_game_spec *games;
    int count = setup(&s, FIRST, 6, &games);
    seen out = {0};
    arena_runner_config c = config(&s, games, count, 2, -1, &out);
    int interrupts = -1;
    ck_assert_int_eq(arena_runner_run(&c, &interrupts), 0);
    ck_assert_int_eq(interrupts, 0);
    ck_assert_int_eq(out.results, count);
    ck_assert_int_eq(out.ok, count);
    ck_assert_int_eq(out.with_game, count);
    ck_assert_int_ge(out.ticks, 1);
    for (int i = 0; i < out.results; i++)
        for (int j = 0; j < i; j++)
            ck_assert_int_ne(out.ids[i], out.ids[j]);
    free(games);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_result_callback_stops)
{
    arena_settings s;
    arena_game_spec *games;
    int count = setup(&s, FIRST, 20, &games);
    seen out = {.stop_after = 1};
    arena_runner_config c = config(&s, games, count, 1, -1, &out);
    ck_assert_int_eq(arena_runner_run(&c, NULL), 0);
    /* the one worker may have taken the next game before the answer */
    ck_assert_int_ge(out.results, 1);
    ck_assert_int_le(out.results, 2);
    free(games);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_first_interrupt_no_new_game)
{
    arena_settings s;
    arena_game_spec *games;
    int count = setup(&s, FIRST, 20, &games);
    int irq[2];
    ck_assert_int_eq(pipe2(irq, O_NONBLOCK), 0);
    ck_assert_int_eq(write(irq[1], "x", 1), 1);
    seen out = {0};
    arena_runner_config c = config(&s, games, count, 1, irq[0], &out);
    int interrupts = 0;
    ck_assert_int_eq(arena_runner_run(&c, &interrupts), 0);
    ck_assert_int_eq(interrupts, 1);
    ck_assert_int_le(out.results, 2);
    ck_assert_int_eq(out.aborted, 0); /* running games end normally */
    close(irq[0]);
    close(irq[1]);
    free(games);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_second_interrupt_aborts)
{
    arena_settings s;
    arena_game_spec *games;
    /* bots that never answer, under a first-turn limit longer than the
     * tcase timeout: only the stop fd can end their games in time. The
     * interrupts come at the first tick (200 ms), once the games run. */
    int count = setup(&s, "sleep 600", 2, &games);
    s.limits.first_turn_ms = 3600000;
    int irq[2];
    ck_assert_int_eq(pipe2(irq, O_NONBLOCK), 0);
    seen out = {.tick_fd = irq[1], .tick_bytes = 2};
    arena_runner_config c = config(&s, games, count, 2, irq[0], &out);
    int interrupts = 0;
    ck_assert_int_eq(arena_runner_run(&c, &interrupts), 0);
    ck_assert_int_eq(interrupts, 2);
    ck_assert_int_ge(out.results, 1);
    ck_assert_int_eq(out.ok, 0);
    ck_assert_int_eq(out.aborted, out.results);
    ck_assert_int_eq(out.with_game, out.results);
    close(irq[0]);
    close(irq[1]);
    free(games);
    arena_settings_clear(&s);
}
END_TEST

/* Each game's commands and opening, as the referee ran them. */
static int on_result_commands(const arena_outcome *o, void *user)
{
    seen *s = user;
    ck_assert_int_eq(o->status, ARENA_OUTCOME_OK);
    ck_assert_msg(!ref_reason_is_fault(o->record.reason), "%s", o->record.detail);
    char want[128];
    snprintf(want, sizeof want, "%s --seed-was %lld", FIRST, (long long)o->record.seed);
    for (int c = 0; c < 2; c++)
        ck_assert_str_eq(ref_game_player_command(o->game, c), want);
    const loa_move *m = NULL;
    int n = ref_game_opening(o->game, &m);
    char text[REF_OPENING_TEXT_MAX];
    ck_assert_str_eq(ref_opening_format(m, n, text, sizeof text),
                     o->record.round % 2 ? "c1c3" : "b1d3 a2c2");
    ck_assert_int_eq(o->record.opening, o->record.round % 2);
    s->results++;
    return 0;
}

START_TEST(test_expands_seed_and_plays_openings_per_game)
{
    /* {seed} is the game's own seed (rounds differ), and each round's
     * opening is handed to the referee for both games of its pair */
    arena_settings s;
    arena_game_spec *games;
    int n = setup(&s, FIRST " --seed-was {seed}", 4, &games);
    free(games);
    char path[300], err[256];
    snprintf(path, sizeof path, "%s/op.txt", tmpdir());
    write_text(path, "b1d3 a2c2\nc1c3\n");
    ck_assert_int_eq(arena_openings_load(path, &s.openings, err, sizeof err), 0);
    ck_assert_int_eq(arena_schedule_build(&s, &games, &n), 0);
    seen out = {0};
    arena_runner_config c = config(&s, games, n, 2, -1, &out);
    c.on_result = on_result_commands;
    ck_assert_int_eq(arena_runner_run(&c, NULL), 0);
    ck_assert_int_eq(out.results, 4);
    free(games);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_refuses_bad_config)
{
    arena_settings s;
    arena_game_spec *games;
    int count = setup(&s, FIRST, 2, &games);
    seen out = {0};
    arena_runner_config c = config(&s, games, count, 0, -1, &out);
    ck_assert_int_eq(arena_runner_run(&c, NULL), ARENA_E_INVAL);
    c = config(&s, games, count, 1, -1, &out);
    c.on_result = NULL;
    ck_assert_int_eq(arena_runner_run(&c, NULL), ARENA_E_INVAL);
    ck_assert_int_eq(arena_runner_run(NULL, NULL), ARENA_E_INVAL);
    ck_assert_int_eq(out.results, 0);
    free(games);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"hands_every_game_back_once_with_its_game", test_every_game_once, 60},
        {"stops_scheduling_when_the_callback_asks", test_result_callback_stops, 60},
        {"starts_no_game_after_one_interrupt", test_first_interrupt_no_new_game, 60},
        {"aborts_running_games_on_two_interrupts", test_second_interrupt_aborts, 60},
        {"refuses_a_bad_config", test_refuses_bad_config, 30},
        {"expands_seed_and_plays_openings_per_game", test_expands_seed_and_plays_openings_per_game,
         60},
    };
    return loa_run_suite("arena_runner", cases, LOA_COUNT(cases));
}
