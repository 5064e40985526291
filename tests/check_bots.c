/*
 * Tests of the bundled bots (issue 4): loa-ab's evaluation terms against
 * hand-computed values (the SDK's features under them: check_features),
 * loa-ab's search (win in one, loss in one
 * avoided, deterministic mode), loa-ab's --bench signature, the bots'
 * command lines, and complete games of every bot through loa-referee
 * (skipped with a message when the referee is not built).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ab_positions.h"
#include "bot_sources.h"
#include "check_main.h"
#include "loa/loa.h"
#include "../bots/ab/eval.h"
#include "../bots/ab/search.h"

static loa_board board_of(const char *text)
{
    loa_board b;
    ck_assert_int_eq(loa_board_parse(text, &b), LOA_OK);
    return b;
}

static loa_bitboard squares(const char *list) /* "d4 e5 ..." */
{
    loa_bitboard bb = 0;
    for (const char *p = list; *p; p += p[2] ? 3 : 2) {
        int sq = loa_square_parse(p);
        ck_assert_int_ge(sq, 0);
        bb |= LOA_BIT(sq);
        if (!p[2])
            break;
    }
    return bb;
}

/* ---- evaluation ------------------------------------------------------- */

START_TEST(test_eval_terms_match_hand_computed_features)
{
    eval_terms t;
    loa_board b;
    loa_board_init(&b);
    eval_terms_of(b.pieces[LOA_BLACK], &t);
    ck_assert_int_eq(t.count, 12);
    ck_assert_int_eq(t.euler4, 8);    /* two groups */
    ck_assert_int_eq(t.area, 6 * 8);  /* b..g by 1..8 */
    ck_assert_int_eq(t.com_file, 4);  /* (1+..+6)*2/12 = 3.5, rounded up */
    ck_assert_int_eq(t.com_rank, 4);  /* (0*6 + 7*6)/12 = 3.5 */
    eval_terms_of(squares("d4 e4 d5 e5"), &t);
    ck_assert_int_eq(t.surplus, 0);   /* as tight as 4 checkers can be */
    ck_assert_int_eq(t.com_off, 0);
    ck_assert_int_eq(t.pst_avg, 50);
    /* symmetric start: the evaluation is just the side to move's bonus */
    ck_assert_int_eq(eval_board(&b), EVAL_TEMPO);
    /* a compact group beats a scattered one */
    loa_board tight = board_of("......../......../......../...bb.../...bb.../......../w......./......w. b");
    ck_assert_int_gt(eval_board(&tight), 0);
}
END_TEST

/* ---- search ----------------------------------------------------------- */

static search_result search_fixed(const char *text, int depth)
{
    static search_ctx ctx;
    static int ready;
    if (!ready) {
        ck_assert_int_eq(search_init(&ctx, 4), 0);
        ready = 1;
    }
    search_clear(&ctx);
    loa_board b = board_of(text);
    search_limits lim = {.max_depth = depth};
    return search_run(&ctx, &b, lim);
}

/* 1 if the side to move in b has a move that wins at once. */
static int can_win_now(const loa_board *b)
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

START_TEST(test_search_takes_win_in_one_at_every_depth)
{
    loa_board b = board_of(POS_WIN_IN_ONE);
    for (int depth = 1; depth <= 4; depth++) {
        search_result r = search_fixed(POS_WIN_IN_ONE, depth);
        loa_board c = b;
        ck_assert(loa_is_legal(&b, r.best));
        loa_make_move(&c, r.best, NULL);
        ck_assert_int_eq(loa_board_status(&c, LOA_MAX_PLIES), LOA_BLACK_WINS);
        ck_assert_int_eq(r.score, SEARCH_WIN - 1);
    }
}
END_TEST

START_TEST(test_search_avoids_loss_in_one)
{
    loa_board b = board_of(POS_LOSS_IN_ONE);
    /* The position is a real trap: many black moves, the capture g7xd7
     * among them, lose at once. */
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(&b, mv), losing = 0;
    for (int i = 0; i < n; i++) {
        loa_board c = b;
        loa_make_move(&c, mv[i], NULL);
        losing += loa_board_status(&c, LOA_MAX_PLIES) == LOA_WHITE_WINS || can_win_now(&c);
    }
    ck_assert_int_gt(losing, n / 2);
    ck_assert_int_lt(losing, n);
    for (int depth = 2; depth <= 5; depth++) {
        search_result r = search_fixed(POS_LOSS_IN_ONE, depth);
        loa_board c = b;
        ck_assert(loa_is_legal(&b, r.best));
        loa_make_move(&c, r.best, NULL);
        char buf[LOA_MOVE_STRING_MAX];
        ck_assert_msg(loa_board_status(&c, LOA_MAX_PLIES) == LOA_ONGOING && !can_win_now(&c),
                      "depth %d: %s loses at once", depth, loa_move_format(r.best, buf));
        /* black may be lost further on, but not on white's next ply */
        ck_assert_int_gt(r.score, -(SEARCH_WIN - 2));
    }
}
END_TEST

START_TEST(test_search_judges_ply_limit_as_referee_does)
{
    /* At ply 149 black's move is the game's last ply; connection is judged
     * before the limit, so the win in one is still a win. */
    char text[128];
    snprintf(text, sizeof text, "%.*s 149", (int)(strlen(POS_WIN_IN_ONE) - 3), POS_WIN_IN_ONE);
    search_result r = search_fixed(text, 3);
    ck_assert_int_eq(r.score, SEARCH_WIN - 1);
    /* In the middle-game position at ply 149 no win is reachable: every
     * move ends the game drawn, so the score is exactly 0. */
    snprintf(text, sizeof text, "%.*s 149", (int)(strlen(POS_MIDDLE) - 3), POS_MIDDLE);
    loa_board b = board_of(text);
    ck_assert(!can_win_now(&b));
    r = search_fixed(text, 4);
    ck_assert_int_eq(r.score, 0);
}
END_TEST

START_TEST(test_search_repeats_itself_after_clear)
{
    search_result a = search_fixed(POS_MIDDLE, 5);
    /* a different search in between must not change the next answer */
    (void)search_fixed(POS_LOSS_IN_ONE, 4);
    search_result b = search_fixed(POS_MIDDLE, 5);
    ck_assert_uint_eq(a.best, b.best);
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_int_eq(a.depth, 5);
}
END_TEST

/* ---- the executables ---------------------------------------------------- */

/* Runs `cmd` (a shell command) and returns its stdout (static buffer);
 * *status gets the exit status. */
static const char *run(const char *cmd, int *status)
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
static const char *turn_file(const char *text)
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

START_TEST(test_ab_deterministic_mode_plays_the_search_move)
{
    const char *path = turn_file(POS_MIDDLE);
    char cmd[512], first[64];
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-ab --deterministic --depth 5 -q < %s", LOA_BIN_DIR, path);
    snprintf(first, sizeof first, "%s", run(cmd, &st));
    ck_assert_int_eq(st, 0);
    ck_assert_int_ge((int)strlen(first), 5);
    for (int i = 0; i < 2; i++)
        ck_assert_str_eq(run(cmd, &st), first);
    /* and it is the move the search code gives */
    search_result r = search_fixed(POS_MIDDLE, 5);
    char buf[LOA_MOVE_STRING_MAX];
    ck_assert_int_eq(strncmp(first, loa_move_format(r.best, buf), 4), 0);
    unlink(path);
}
END_TEST

START_TEST(test_ab_takes_win_in_one_through_protocol)
{
    char cmd[512];
    int st;
    const char *path = turn_file(POS_WIN_IN_ONE);
    snprintf(cmd, sizeof cmd, "%s/loa-ab -q < %s", LOA_BIN_DIR, path);
    const char *out = run(cmd, &st);
    ck_assert_int_eq(st, 0);
    loa_move m;
    char action[8];
    snprintf(action, sizeof action, "%.4s", out);
    ck_assert_int_eq(loa_move_parse(action, &m), LOA_OK);
    loa_board b = board_of(POS_WIN_IN_ONE);
    loa_make_move(&b, m, NULL);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_BLACK_WINS);
    unlink(path);
}
END_TEST

/* ---- loa-ab --bench ---------------------------------------------------------- */

/* The node total of `loa-ab --bench` (default depth and table size): a
 * signature of the search. Any change to the search, its ordering, its
 * constants, the evaluation or the table changes it; a change that is meant
 * to leave the search alone (a refactoring) must keep it. Update it on
 * purpose when the search changes, after an arena match has shown the change
 * is an improvement (an SPRT with loa-arena, docs/bots.md). */
#define BENCH_SIGNATURE UINT64_C(1400582)

/* Positions of loa-ab's bench table (bots/ab.c): one output line each. */
#define BENCH_POSITIONS 10

/* Runs loa-ab --bench with extra arguments; its stdout (static buffer). */
static const char *bench_output(const char *args)
{
    static char out[4096];
    char cmd[512];
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-ab --bench %s", LOA_BIN_DIR, args);
    snprintf(out, sizeof out, "%s", run(cmd, &st));
    ck_assert_msg(st == 0, "loa-ab --bench %s exited %d", args, st);
    return out;
}

/* The node total of a bench output's last line `bench: nodes N time ...`. */
static uint64_t bench_total(const char *out)
{
    const char *last = strstr(out, "bench: nodes ");
    ck_assert_msg(last != NULL, "no total line in:\n%s", out);
    unsigned long long total;
    ck_assert_int_eq(sscanf(last, "bench: nodes %llu time", &total), 1);
    return (uint64_t)total;
}

START_TEST(test_bench_node_total_is_the_pinned_signature)
{
    const char *out = bench_output("");
    ck_assert_msg(bench_total(out) == BENCH_SIGNATURE,
                  "the bench signature changed: %" PRIu64 " nodes, pinned %" PRIu64
                  " (a change meant to leave the search alone altered it)\n%s",
                  bench_total(out), BENCH_SIGNATURE, out);
}
END_TEST

START_TEST(test_bench_prints_one_line_per_position_summing_to_the_total)
{
    const char *out = bench_output("--bench-depth 3");
    uint64_t sum = 0;
    int lines = 0;
    for (const char *p = out; (p = strstr(p, "bench: position ")) != NULL; p++) {
        int index;
        unsigned long long nodes;
        char best[8];
        ck_assert_int_eq(sscanf(p, "bench: position %d nodes %llu best %7s", &index, &nodes, best),
                         3);
        ck_assert_int_eq(index, ++lines);
        loa_move m;
        ck_assert_msg(loa_move_parse(best, &m) == LOA_OK, "position %d: best move '%s'", index,
                      best);
        ck_assert_uint_gt(nodes, 0);
        sum += nodes;
    }
    ck_assert_int_eq(lines, BENCH_POSITIONS);
    ck_assert_uint_eq(sum, bench_total(out));
    /* a different depth searches a different tree */
    ck_assert_uint_ne(bench_total(out), BENCH_SIGNATURE);
}
END_TEST

START_TEST(test_bots_handle_help_bad_options_and_bad_input)
{
    static const char *bots[] = {"loa-random", "loa-greedy", "loa-negamax", "loa-ab", "loa-mcts"};
    char cmd[512];
    int st;
    for (int i = 0; i < (int)LOA_COUNT(bots); i++) {
        snprintf(cmd, sizeof cmd, "%s/%s --help", LOA_BIN_DIR, bots[i]);
        ck_assert_msg(strstr(run(cmd, &st), "Usage:") != NULL, "%s --help", bots[i]);
        ck_assert_int_eq(st, 0);
        snprintf(cmd, sizeof cmd, "%s/%s --no-such-option 2>/dev/null", LOA_BIN_DIR, bots[i]);
        run(cmd, &st);
        ck_assert_int_eq(st, 2);
        /* empty input: the game is over before it started, a clean exit */
        snprintf(cmd, sizeof cmd, "%s/%s < /dev/null", LOA_BIN_DIR, bots[i]);
        ck_assert_str_eq(run(cmd, &st), "");
        ck_assert_int_eq(st, 0);
        /* garbage input: an error exit, no answer */
        snprintf(cmd, sizeof cmd, "echo x | %s/%s 2>/dev/null", LOA_BIN_DIR, bots[i]);
        ck_assert_str_eq(run(cmd, &st), "");
        ck_assert_int_eq(st, 1);
    }
    snprintf(cmd, sizeof cmd, "%s/loa-ab --depth 99 2>/dev/null", LOA_BIN_DIR);
    run(cmd, &st);
    ck_assert_int_eq(st, 2);
    static const char *bad_mcts[] = {"--cutoff 151", "--cutoff -1", "--explore x", "--playouts 0",
                                     "--seed 1x", "--seed 99999999999999999999", "-t 0", "extra"};
    for (size_t i = 0; i < LOA_COUNT(bad_mcts); i++) {
        snprintf(cmd, sizeof cmd, "%s/loa-mcts %s 2>/dev/null", LOA_BIN_DIR, bad_mcts[i]);
        run(cmd, &st);
        ck_assert_msg(st == 2, "loa-mcts %s exited %d", bad_mcts[i], st);
    }
}
END_TEST

/* The move a bot (command line without input) answers to black's first turn
 * at position text. */
static loa_move bot_answer(const char *bot_args, const char *text)
{
    char cmd[512], action[8];
    int st;
    snprintf(cmd, sizeof cmd, "%s/%s < %s 2>/dev/null", LOA_BIN_DIR, bot_args, turn_file(text));
    const char *out = run(cmd, &st);
    ck_assert_int_eq(st, 0);
    snprintf(action, sizeof action, "%.4s", out);
    loa_move m;
    ck_assert_msg(loa_move_parse(action, &m) == LOA_OK, "%s answered '%s'", bot_args, out);
    loa_board b = board_of(text);
    ck_assert_msg(loa_is_legal(&b, m), "%s answered the illegal '%s'", bot_args, out);
    return m;
}

/* Status after black plays m at text; *then_lost = white can win at once. */
static loa_status after(const char *text, loa_move m, int *then_lost)
{
    loa_board b = board_of(text);
    loa_make_move(&b, m, NULL);
    *then_lost = can_win_now(&b);
    return loa_board_status(&b, LOA_MAX_PLIES);
}

START_TEST(test_greedy_and_negamax_take_win_in_one)
{
    int lost;
    ck_assert_int_eq(after(POS_WIN_IN_ONE, bot_answer("loa-greedy -s 1", POS_WIN_IN_ONE), &lost),
                     LOA_BLACK_WINS);
    ck_assert_int_eq(after(POS_WIN_IN_ONE, bot_answer("loa-negamax -D -s 1", POS_WIN_IN_ONE), &lost),
                     LOA_BLACK_WINS);
    unlink(turn_file(POS_WIN_IN_ONE));
}
END_TEST

START_TEST(test_greedy_and_negamax_never_connect_the_opponent)
{
    int lost;
    /* greedy never connects the opponent (the capture g7xd7 would); negamax
     * also sees white's reply */
    for (int seed = 1; seed <= 5; seed++) {
        char args[64];
        snprintf(args, sizeof args, "loa-greedy -s %d", seed);
        ck_assert_int_eq(after(POS_LOSS_IN_ONE, bot_answer(args, POS_LOSS_IN_ONE), &lost),
                         LOA_ONGOING);
        snprintf(args, sizeof args, "loa-negamax -D -s %d", seed);
        ck_assert_int_eq(after(POS_LOSS_IN_ONE, bot_answer(args, POS_LOSS_IN_ONE), &lost),
                         LOA_ONGOING);
        ck_assert(!lost);
    }
    unlink(turn_file(POS_LOSS_IN_ONE));
}
END_TEST

START_TEST(test_mcts_wins_in_one_avoids_losing_in_one_and_repeats_with_a_seed)
{
    int lost;
    ck_assert_int_eq(after(POS_WIN_IN_ONE,
                           bot_answer("loa-mcts -D --playouts 2000 -s 1", POS_WIN_IN_ONE), &lost),
                     LOA_BLACK_WINS);
    for (int seed = 1; seed <= 3; seed++) {
        char args[96];
        snprintf(args, sizeof args, "loa-mcts -D --playouts 20000 -s %d", -seed); /* {seed} may be negative */
        loa_move m = bot_answer(args, POS_LOSS_IN_ONE);
        ck_assert_int_eq(after(POS_LOSS_IN_ONE, m, &lost), LOA_ONGOING);
        ck_assert_msg(!lost, "seed %d: loa-mcts lets white connect at once", seed);
        /* the same seed, the same search */
        ck_assert_uint_eq(bot_answer(args, POS_LOSS_IN_ONE), m);
    }
    unlink(turn_file(POS_LOSS_IN_ONE));
}
END_TEST

START_TEST(test_random_repeats_with_a_seed_and_spreads_over_seeds)
{
    loa_move first = bot_answer("loa-random -s 42", POS_MIDDLE);
    ck_assert_uint_eq(bot_answer("loa-random -s 42", POS_MIDDLE), first);
    int differ = 0;
    for (int seed = 1; seed <= 8; seed++) {
        char args[64];
        snprintf(args, sizeof args, "loa-random -s %d", seed);
        differ += bot_answer(args, POS_MIDDLE) != first;
    }
    ck_assert_int_gt(differ, 0);
    unlink(turn_file(POS_MIDDLE));
}
END_TEST

/* ---- loa-ab on CodinGame ---------------------------------------------------- */

/* CodinGame's limit on a submitted file, in characters (bundle/bundle.h's
 * BUNDLE_CODINGAME_MAX_CHARS; not included: the bots do not depend on the
 * bundler). */
#define CODINGAME_MAX_CHARS 100000

START_TEST(test_ab_bundle_fits_codingame_with_comments_stripped)
{
    char path[512];
    snprintf(path, sizeof path, "%s/loa-bundle", LOA_BIN_DIR);
    if (access(path, X_OK) != 0) {
        fprintf(stderr, "check_bots: SKIPPED the bundle size: %s is not built\n", path);
        return;
    }
    /* loa-ab's sources as bots/CMakeLists.txt lists them, main file first
     * (bot_sources.h); docs/bots.md tells contestants to bundle it with -s. */
    char cmd[1024];
    int st;
    snprintf(cmd, sizeof cmd, "cd %s/bots && %s -q -s " LOA_AB_SOURCES " | wc -c",
             LOA_SOURCE_DIR, path);
    long chars = strtol(run(cmd, &st), NULL, 10);
    ck_assert_int_eq(st, 0);
    ck_assert_msg(chars > 10000, "the bundle is implausibly small: %ld characters", chars);
    ck_assert_msg(chars <= CODINGAME_MAX_CHARS, "loa-bundle -s loa-ab: %ld characters, over %d",
                  chars, CODINGAME_MAX_CHARS);
}
END_TEST

/* ---- complete games through the referee ---------------------------------- */

static int referee_built(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/loa-referee", LOA_BIN_DIR);
    return access(path, X_OK) == 0;
}

/* Plays one game through loa-referee; asserts that neither bot was at
 * fault (no -1 score) and returns the p1 score. */
static int referee_game(const char *p1, const char *p2, long seed)
{
    char cmd[1024];
    int st, s1, s2;
    /* Generous limits: this checks that the games complete without an
     * error, not the bots' timing (a loaded CI machine must not fail it);
     * loa-arena leagues measure at the real limits (docs/bots.md). */
    snprintf(cmd, sizeof cmd,
             "%s/loa-referee -p1 \"%s/%s\" -p2 \"%s/%s\" -d seed=%ld "
             "--first-turn-ms 5000 --turn-ms 2000 2>&1",
             LOA_BIN_DIR, LOA_BIN_DIR, p1, LOA_BIN_DIR, p2, seed);
    const char *out = run(cmd, &st);
    ck_assert_msg(sscanf(out, "%d %d", &s1, &s2) == 2, "%s vs %s: referee said: %s", p1, p2, out);
    ck_assert_msg(s1 >= 0 && s2 >= 0, "%s vs %s (seed %ld): a bot failed: %s", p1, p2, seed, out);
    return s1;
}

START_TEST(test_every_bot_completes_games_through_referee)
{
    if (!referee_built()) {
        fprintf(stderr, "check_bots: SKIPPED the referee games: %s/loa-referee is not built\n",
                LOA_BIN_DIR);
        return;
    }
    /* every bot, both colours */
    referee_game("loa-random -s 1", "loa-greedy -s 2", 11);
    referee_game("loa-greedy -s 3", "loa-negamax -s 4", 12);
    referee_game("loa-negamax -s 5", "loa-ab", 13);
    ck_assert_int_eq(referee_game("loa-ab", "loa-random -s 6", 14), 1);
    referee_game("loa-ab --deterministic --depth 3", "loa-ab --move-time 20", 15);
    referee_game("loa-mcts -s 7", "loa-negamax -s 8", 16);
    referee_game("loa-greedy -s 9", "loa-mcts --cutoff 150 -t 20 -s 10", 17);
}
END_TEST

int main(void)
{
    /* Timeouts fit an ASan build on a loaded 2-core machine (about 5 times
     * the Release time): the bench at depth 9 takes 0.5 s in Release. */
    const loa_tcase cases[] = {
        {"eval_terms_match_hand_computed_features", test_eval_terms_match_hand_computed_features,
         10},
        {"search_takes_win_in_one_at_every_depth", test_search_takes_win_in_one_at_every_depth,
         30},
        {"search_avoids_loss_in_one", test_search_avoids_loss_in_one, 30},
        {"search_judges_ply_limit_as_referee_does", test_search_judges_ply_limit_as_referee_does,
         30},
        {"search_repeats_itself_after_clear", test_search_repeats_itself_after_clear, 30},
        {"ab_deterministic_mode_plays_the_search_move",
         test_ab_deterministic_mode_plays_the_search_move, 30},
        {"ab_takes_win_in_one_through_protocol", test_ab_takes_win_in_one_through_protocol, 30},
        {"bench_node_total_is_the_pinned_signature", test_bench_node_total_is_the_pinned_signature,
         60},
        {"bench_prints_one_line_per_position_summing_to_the_total",
         test_bench_prints_one_line_per_position_summing_to_the_total, 30},
        {"ab_bundle_fits_codingame_with_comments_stripped",
         test_ab_bundle_fits_codingame_with_comments_stripped, 30},
        {"bots_handle_help_bad_options_and_bad_input",
         test_bots_handle_help_bad_options_and_bad_input, 30},
        {"greedy_and_negamax_take_win_in_one", test_greedy_and_negamax_take_win_in_one, 30},
        {"greedy_and_negamax_never_connect_the_opponent",
         test_greedy_and_negamax_never_connect_the_opponent, 30},
        {"mcts_wins_in_one_avoids_losing_in_one_and_repeats_with_a_seed",
         test_mcts_wins_in_one_avoids_losing_in_one_and_repeats_with_a_seed, 60},
        {"random_repeats_with_a_seed_and_spreads_over_seeds",
         test_random_repeats_with_a_seed_and_spreads_over_seeds, 30},
        {"every_bot_completes_games_through_referee",
         test_every_bot_completes_games_through_referee, 120},
    };
    return loa_run_suite("bots", cases, LOA_COUNT(cases));
}
