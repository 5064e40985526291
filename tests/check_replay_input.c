/*
 * check_replay_input: `loa-replay --input` and `--turn-only` give, byte for
 * byte, what a bot read on its stdin in a game loa-referee played: probe
 * bots (tests/probe_bot.c) log every byte they read, and at every turn of
 * both sides the printed input is that log up to the turn, the turn's bytes
 * alone the log's next piece. Games: random seeds with `random` answers,
 * openings (an even and an odd one), passes (the pass fixture's moves, and
 * an opening that leaves a side without a move), games ended by a crash and
 * a timeout (the failing turn's input), and games from CodinGame (the
 * tree's site files and, when present, ../shared's engine results) against
 * the same moves played by loa-referee. Bad plies: one line, nothing out.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "replay_input_test_util.h"

/* The input of ply k of path (turn_only: that turn's alone) into *out. */
static int input_of(const char *path, int k, int turn_only, char **out, size_t *len)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, BIN "loa-replay --input %s--ply %d '%s'",
             turn_only ? "--turn-only " : "", k, path);
    return capture(cmd, out, len);
}

/* Every turn of the game at path against the probes' logs (a log may go on
 * past the game when longer_log: a CodinGame game replayed by scripts). */
static void check_game(const char *path, char *const logs[2], int longer_log)
{
    replay_game *g = load_game(path);
    const replay_info *in = replay_game_info(g);
    int last = in->plies + (in->error_turn != NULL);
    size_t loglen[2], pos[2] = {0, 0};
    char *log[2] = {slurp_bytes(logs[0], &loglen[0]), slurp_bytes(logs[1], &loglen[1])};
    for (int k = in->opening_plies + 1; k <= last; k++) {
        int side = k <= in->plies ? replay_game_ply(g, k)->player : in->error_player;
        char *t, *f;
        size_t tlen, flen;
        ck_assert_int_eq(input_of(path, k, 1, &t, &tlen), 0);
        ck_assert_msg(pos[side] + tlen <= loglen[side] && tlen > 0 &&
                          memcmp(log[side] + pos[side], t, tlen) == 0,
                      "%s: ply %d: the turn's bytes are not the %s probe's", path, k,
                      side ? "white" : "black");
        pos[side] += tlen;
        ck_assert_int_eq(input_of(path, k, 0, &f, &flen), 0);
        ck_assert_msg(flen == pos[side] && memcmp(log[side], f, flen) == 0,
                      "%s: ply %d: the input is not the probe's log through it", path, k);
        free(t);
        free(f);
    }
    for (int s = 0; s < 2 && !longer_log; s++)
        ck_assert_msg(pos[s] == loglen[s], "%s: %s read %zu bytes, --input gives %zu", path,
                      s ? "white" : "black", loglen[s], pos[s]);
    free(log[0]);
    free(log[1]);
    replay_game_free(g);
}

static void play_and_check(long seed, const char *b, const char *w, const char *opening)
{
    played p;
    play(&p, seed, b, w, opening);
    char *logs[2] = {p.log[0], p.log[1]};
    check_game(p.record, logs, 0);
    forget(&p);
}

START_TEST(random_games_with_random_answers_byte_for_byte)
{
    static const long seeds[] = {1, 42, -7};
    play_and_check(seeds[_i], "mix", _i == 1 ? "random" : "first", NULL);
}
END_TEST

START_TEST(openings_even_and_odd_byte_for_byte)
{
    /* the bots' first inputs show the position after the opening and its
     * last move: after an odd opening white is the first bot to move */
    play_and_check(3, "first", "mix", _i ? "b1d3 a2c2 g1g3" : "b1d3 a2c2");
}
END_TEST

/* The moves of side (0 black) of the record at path as a probe's script. */
static void script_of(const char *path, int side, char *buf, size_t size)
{
    replay_game *g = load_game(path);
    const replay_info *in = replay_game_info(g);
    size_t o = (size_t)snprintf(buf, size, "script:");
    for (int k = in->opening_plies + 1; k <= in->plies; k++) {
        const replay_ply *p = replay_game_ply(g, k);
        if (p->player == side)
            o += (size_t)snprintf(buf + o, size - o, "%s,", p->move);
    }
    replay_game_free(g);
}

START_TEST(games_with_passes_byte_for_byte)
{
    char b[2048], w[2048];
    const char *fixture = LOA_SOURCE_DIR "/tests/fixtures/replay/pass.json";
    script_of(fixture, 0, b, sizeof b);
    script_of(fixture, 1, w, sizeof w);
    if (_i == 0) {
        play_and_check(7, b, w, NULL); /* the fixture's game: passes at 21 to 29 */
    } else {
        /* its first 20 plies as an opening: black's first input is a pass */
        char opening[256] = "";
        replay_game *g = load_game(fixture);
        for (int k = 1; k <= 20; k++)
            strcat(strcat(opening, replay_game_ply(g, k)->move), " ");
        replay_game_free(g);
        play_and_check(7, "first", "first", opening);
    }
}
END_TEST

START_TEST(failing_turns_byte_for_byte)
{
    /* the input of the turn that ended the game (ply plies + 1) */
    if (_i == 0)
        play_and_check(11, "crash:6", "first", NULL);
    else
        play_and_check(11, "first", "late:4:900", NULL);
}
END_TEST

/* A CodinGame file against loa-referee playing its moves (scripts): the
 * same inputs, the failing turn's included. */
static void codingame_case(const char *path)
{
    char b[4096], w[4096];
    script_of(path, 0, b, sizeof b);
    script_of(path, 1, w, sizeof w);
    replay_game *g = load_game(path);
    long seed = atol(replay_game_info(g)->seed_text);
    replay_game_free(g);
    played p;
    play(&p, seed, b, w, NULL);
    char *logs[2] = {p.log[0], p.log[1]};
    check_game(path, logs, 1);
    forget(&p);
}

START_TEST(codingame_files_byte_for_byte)
{
    static const char *const names[] = {"normal", "random-and-comments", "timeout", "invalid",
                                        "pass"};
    char path[512];
    snprintf(path, sizeof path, LOA_SOURCE_DIR "/tests/fixtures/codingame/%s.site.json", names[_i]);
    codingame_case(path);
    snprintf(path, sizeof path, LOA_CODINGAME_CASES "/%s.json", names[_i]);
    if (access(path, R_OK) == 0) /* the maintainers' engine results, when present */
        codingame_case(path);
}
END_TEST

/* loa-replay ARGS fails with status 1, one line naming words, no stdout. */
static void refused(const char *args, const char *words)
{
    char cmd[1024], *out, *err;
    size_t olen, elen;
    snprintf(cmd, sizeof cmd, BIN "loa-replay %s 2>/tmp/loa-input-err.txt", args);
    ck_assert_int_eq(capture(cmd, &out, &olen), 1);
    ck_assert_uint_eq(olen, 0);
    err = slurp_bytes("/tmp/loa-input-err.txt", &elen);
    ck_assert_msg(strstr(err, words) && strchr(err, '\n') == err + elen - 1, "%s: %s", args, err);
    free(out);
    free(err);
}

START_TEST(bad_plies_one_line_nothing_printed)
{
    const char *rec = LOA_SOURCE_DIR "/tests/fixtures/replay/opening.json";
    char args[600];
    snprintf(args, sizeof args, "--input --ply 0 %s", rec);
    refused(args, "ply 0: no bot plays it");
    snprintf(args, sizeof args, "--input --ply 5000 %s", rec);
    refused(args, "ply 5000 is past the end");
    snprintf(args, sizeof args, "--input --ply 1 %s", rec);
    refused(args, "is a ply of the game's opening");
    refused("--input --ply 3 /nonexistent/game.json", "/nonexistent/game.json");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"bad_plies_one_line_nothing_printed", bad_plies_one_line_nothing_printed, 30},
    };
    const loa_loop_tcase loops[] = {
        {"random_games_with_random_answers_byte_for_byte",
         random_games_with_random_answers_byte_for_byte, 120, 3},
        {"openings_even_and_odd_byte_for_byte", openings_even_and_odd_byte_for_byte, 120, 2},
        {"games_with_passes_byte_for_byte", games_with_passes_byte_for_byte, 120, 2},
        {"failing_turns_byte_for_byte", failing_turns_byte_for_byte, 120, 2},
        {"codingame_files_byte_for_byte", codingame_files_byte_for_byte, 120, 5},
    };
    return loa_run_suite_loops("replay_input", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
