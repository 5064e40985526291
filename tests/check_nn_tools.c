/*
 * check_nn_tools: the value network's programs (issue 46) on weights files
 * the test writes (nn_test_util.h): loa-nn check and eval (each record's
 * `zq score` equal to loa_nn_zq in this process, over a datagen file
 * written here), loa-ab --eval nn refusing bad weights with the file and
 * the reason, playing legal games through loa-referee, and the network
 * bot's bundle (examples/nn/bot.c with its weights embedded) compiled
 * alone, warning-free, under CodinGame's limit, searching as the native
 * build and playing, and its local build (the blobs of loa-bundle
 * --embed-only, the SDK's library) searching the same.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datagen/file.h"
#include "loa/loa.h"
#include "loa/nn.h"
#include "loa/playout.h"

#include "bots_test_util.h"
#include "check_main.h"
#include "nn_test_util.h"

static char g_tmp[64];
static loa_nn g_nn;

/* The temporary directory with w.bin (H = 256), short.bin (one byte
 * less), over.bin (unit 3 could overflow int16). */
static void setup(void)
{
    snprintf(g_tmp, sizeof g_tmp, "/tmp/check_nn_tools_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_tmp));
    char path[128];
    nn_spec s = nn_spec_valid(256, 46);
    s.w1max = 40; /* activations between the clamps too */
    size_t n;
    unsigned char *p = nn_spec_bytes(&s, &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), 0);
    const char *names[] = {"w.bin", "short.bin", "over.bin"};
    for (int i = 0; i < 3; i++) {
        if (i == 2) { /* b1q[3] = 32767 */
            p[32 + 128 * 256 + 6] = 0xFF;
            p[32 + 128 * 256 + 7] = 0x7F;
        }
        snprintf(path, sizeof path, "%s/%s", g_tmp, names[i]);
        FILE *f = fopen(path, "wb");
        ck_assert_ptr_nonnull(f);
        ck_assert_uint_eq(fwrite(p, 1, i == 1 ? n - 1 : n, f), i == 1 ? n - 1 : n);
        fclose(f);
    }
    free(p);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_tmp);
    ck_assert_int_eq(system(cmd), 0);
}

static int built(const char *exe)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", LOA_BIN_DIR, exe);
    if (access(path, X_OK) == 0)
        return 1;
    fprintf(stderr, "check_nn_tools: SKIPPED: %s is not built\n", path);
    return 0;
}

START_TEST(loa_nn_check_says_the_shape_or_the_reason)
{
    setup();
    char cmd[512];
    int st;
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/loa-nn' check w.bin 2>&1", g_tmp, LOA_BIN_DIR);
    ck_assert_str_eq(run(cmd, &st), "w.bin: inputs 128 hidden 256 s1 64 s2 64 k 73: OK\n");
    ck_assert_int_eq(st, 0);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/loa-nn' check short.bin 2>&1", g_tmp, LOA_BIN_DIR);
    ck_assert_str_eq(run(cmd, &st),
                     "loa-nn: short.bin: size is 33571 bytes, the header (hidden 256) implies "
                     "33572\n");
    ck_assert_int_eq(st, 1);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/loa-nn' check none.bin 2>&1", g_tmp, LOA_BIN_DIR);
    ck_assert_ptr_nonnull(strstr(run(cmd, &st), "none.bin: cannot read"));
    ck_assert_int_eq(st, 1);
    snprintf(cmd, sizeof cmd, "'%s/loa-nn' frobnicate x 2>&1", LOA_BIN_DIR);
    ck_assert_ptr_nonnull(strstr(run(cmd, &st), "expected a command"));
    ck_assert_int_eq(st, 2);
    teardown();
}
END_TEST

/* d.bin: the positions of random games, as datagen records; returns
 * their count and fills boards[]. */
static int write_datagen(loa_board *boards, int max)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/d.bin", g_tmp);
    datagen_file *f;
    ck_assert_int_eq(datagen_file_create(path, "{\"test\":1}", &f, err, sizeof err), 0);
    loa_rng r;
    loa_rng_seed(&r, 9);
    int n = 0;
    for (int g = 0; n < max; g++) {
        loa_board b;
        loa_board_init(&b);
        for (; n < max && loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING; n++) {
            datagen_record rec = {.black = b.pieces[0],
                                  .white = b.pieces[1],
                                  .ply = (uint16_t)b.ply,
                                  .side = (uint8_t)b.side,
                                  .game = (uint32_t)g};
            ck_assert_int_eq(datagen_file_append(f, &rec, 1, err, sizeof err), 0);
            boards[n] = b;
            loa_make_move(&b, loa_random_move(&b, &r), NULL);
        }
    }
    datagen_file_close(f);
    return n;
}

START_TEST(loa_nn_eval_prints_zq_and_score_of_every_record_in_order)
{
    setup();
    static loa_board boards[3000];
    int n = write_datagen(boards, 3000);
    char cmd[512], line[64];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/loa-nn' eval w.bin d.bin >out.txt", g_tmp,
             LOA_BIN_DIR);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/out.txt", g_tmp);
    FILE *f = fopen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    int i = 0, distinct = 0;
    long prev = 0;
    for (; fgets(line, sizeof line, f); i++) {
        ck_assert_int_lt(i, n);
        long zq;
        int score;
        ck_assert_int_eq(sscanf(line, "%ld %d", &zq, &score), 2);
        ck_assert_int_eq(zq, loa_nn_zq(&g_nn, &boards[i]));
        ck_assert_int_eq(score, loa_nn_eval(&g_nn, &boards[i]));
        distinct += zq != prev;
        prev = zq;
    }
    fclose(f);
    ck_assert_int_eq(i, n);
    ck_assert_int_gt(distinct, n / 2); /* the network tells positions apart */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/loa-nn' eval --limit 7 w.bin d.bin | wc -l", g_tmp,
             LOA_BIN_DIR);
    int st;
    ck_assert_str_eq(run(cmd, &st), "7\n");
    teardown();
}
END_TEST

START_TEST(loa_ab_refuses_bad_weights_naming_the_file_and_the_reason)
{
    setup();
    static const char *const rows[][2] = {
        {"--weights short.bin", "loa-ab: --weights short.bin: size is 33571 bytes, the header "
                                "(hidden 256) implies 33572\n"},
        {"--eval nn --weights over.bin",
         "loa-ab: --weights over.bin: hidden unit 3 could overflow int16: |b1q| + its 24 largest "
         "|W1q| = "},
        {"--weights none.bin", "loa-ab: --weights none.bin: cannot open: No such file"},
        {"--eval nn", "loa-ab: --eval nn needs --weights FILE\n"},
        {"--eval net --weights w.bin", "loa-ab: bad value 'net' for option --eval\n"},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        char cmd[512];
        int st;
        snprintf(cmd, sizeof cmd, "cd '%s' && '%s/loa-ab' %s </dev/null 2>&1", g_tmp, LOA_BIN_DIR,
                 rows[i][0]);
        const char *out = run(cmd, &st);
        ck_assert_msg(strncmp(out, rows[i][1], strlen(rows[i][1])) == 0, "%s: said %s", rows[i][0],
                      out);
        ck_assert_int_eq(st, 2);
    }
    teardown();
}
END_TEST

/* One game through loa-referee (generous limits: legality, not timing);
 * asserts neither bot was at fault; returns the referee's output. */
static const char *referee_game(const char *p1, const char *p2, long seed)
{
    static char cmd[2048];
    int st, s1, s2;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s/loa-referee' -p1 \"%s\" -p2 \"%s\" -d seed=%ld --first-turn-ms 5000 "
             "--turn-ms 2000 2>&1",
             g_tmp, LOA_BIN_DIR, p1, p2, seed);
    const char *out = run(cmd, &st);
    ck_assert_msg(sscanf(out, "%d %d", &s1, &s2) == 2, "referee said: %s", out);
    ck_assert_msg(s1 >= 0 && s2 >= 0, "%s vs %s: a bot failed: %s", p1, p2, out);
    return out;
}

START_TEST(loa_ab_eval_nn_plays_legal_games_through_the_referee)
{
    if (!built("loa-referee"))
        return;
    setup();
    char nn[512], hand[512];
    snprintf(nn, sizeof nn, "%s/loa-ab --eval nn --weights w.bin --nodes 3000", LOA_BIN_DIR);
    snprintf(hand, sizeof hand, "%s/loa-ab --nodes 3000", LOA_BIN_DIR);
    referee_game(nn, hand, 1);
    referee_game(hand, nn, 2);
    teardown();
}
END_TEST

START_TEST(network_bot_bundle_compiles_alone_fits_and_plays)
{
    if (!built("loa-bundle") || !built("loa-referee"))
        return;
    setup();
    char cmd[2048];
    int st;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s/loa-bundle' -q -s examples/nn/bot.c bots/ab/*.c --embed nn='%s/w.bin' "
             "-o '%s/submit.c' 2>&1 && cd '%s' && gcc -std=gnu17 -O2 -Wall submit.c -o submit -lm "
             "-lpthread 2>&1",
             LOA_SOURCE_DIR, LOA_BIN_DIR, g_tmp, g_tmp, g_tmp);
    const char *out = run(cmd, &st);
    ck_assert_msg(st == 0 && out[0] == '\0', "bundle or compile: %s", out);
    snprintf(cmd, sizeof cmd, "wc -m <'%s/submit.c'", g_tmp);
    long chars = atol(run(cmd, &st));
    ck_assert_msg(chars > 33572 / 2 && chars < 100000, "the bundle has %ld characters", chars);
    /* the embedded network is the default evaluation: the native build
     * with --weights searches the same tree */
    char want[256];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s/loa-ab' --weights w.bin --bench-depth 5 | grep -o 'nodes [0-9]*' | "
             "tail -1",
             g_tmp, LOA_BIN_DIR);
    const char *native = run(cmd, &st);
    ck_assert_uint_lt(strlen(native), sizeof want);
    memcpy(want, native, strlen(native) + 1);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && ./submit --bench-depth 5 | grep -o 'nodes [0-9]*' | tail -1", g_tmp);
    ck_assert_msg(want[0] && strcmp(run(cmd, &st), want) == 0, "bundle %s, native %s",
                  run(cmd, &st), want);
    snprintf(cmd, sizeof cmd, "cd '%s' && ./submit --eval hand --bench-depth 5 | tail -1", g_tmp);
    ck_assert_msg(strstr(run(cmd, &st), want) == NULL, "--eval hand still searched the network");
    char hand[512];
    snprintf(hand, sizeof hand, "%s/loa-ab --nodes 3000", LOA_BIN_DIR);
    referee_game("./submit --nodes 3000", hand, 3);
    /* a local build of the same bot: its blobs as a C file of their own
     * (loa-bundle --embed-only) beside the sources and the SDK's library */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s/loa-bundle' -q --embed-only --embed nn='%s/w.bin' -o '%s/blobs.c' "
             "2>&1 && gcc -std=gnu17 -O2 -Wall -I sdk/include examples/nn/bot.c bots/ab/*.c "
             "'%s/blobs.c' '%s/lib/libloa.a' -o '%s/local' %s -lm -lpthread 2>&1",
             LOA_SOURCE_DIR, LOA_BIN_DIR, g_tmp, g_tmp, g_tmp, LOA_BINARY_DIR, g_tmp,
             LOA_SAN_FLAGS);
    out = run(cmd, &st);
    ck_assert_msg(st == 0 && out[0] == '\0', "local build: %s", out);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && ./local --bench-depth 5 | grep -o 'nodes [0-9]*' | tail -1", g_tmp);
    ck_assert_str_eq(run(cmd, &st), want);
    teardown();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"loa_nn_check_says_the_shape_or_the_reason", loa_nn_check_says_the_shape_or_the_reason,
         30},
        {"loa_nn_eval_prints_zq_and_score_of_every_record_in_order",
         loa_nn_eval_prints_zq_and_score_of_every_record_in_order, 60},
        {"loa_ab_refuses_bad_weights_naming_the_file_and_the_reason",
         loa_ab_refuses_bad_weights_naming_the_file_and_the_reason, 30},
        {"loa_ab_eval_nn_plays_legal_games_through_the_referee",
         loa_ab_eval_nn_plays_legal_games_through_the_referee, 120},
        {"network_bot_bundle_compiles_alone_fits_and_plays",
         network_bot_bundle_compiles_alone_fits_and_plays, 180},
    };
    return loa_run_suite("nn_tools", cases, LOA_COUNT(cases));
}
