/*
 * check_bundle_bots - every bot that bots/CMakeLists.txt builds with
 * loa_add_bot() (bot_sources.h, generated from it): bundled with the loa-bundle binary, compiled alone in an
 * empty temporary directory with CodinGame's command (gcc -std=gnu17 -O2
 * submit.c -lm -lpthread, plus -Wall, which must print nothing), fed the
 * same turns as the original binary (same answers expected), and played in
 * a game through loa-referee; and a C++ bot on the SDK
 * (tests/fixtures/cpp/bot.cpp): its headers compile as C++, and its
 * bundle, compiled by g++, plays a game. loa-bundle's include resolution
 * on fixture projects: check_bundle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot_sources.h"
#include "bundle_test_util.h"
#include "check_main.h"
#include "loa/loa.h"
#include "playout_turns.h"

#define REFEREE LOA_BIN_DIR "/loa-referee"
#define FIRST LOA_BIN_DIR "/loa-first"

/* ---- the bundled bots ------------------------------------------------------- */

/* Most source files of a bot (loa-ab has 10). */
#define BOT_SOURCES_MAX 16

typedef struct bot {
    char name[64];
    char sources[BOT_SOURCES_MAX][128];
    int nsources;
} bot;

/* Every bot bots/CMakeLists.txt builds with loa_add_bot(), with its
 * sources in build order (bot_sources.h, generated from that file). */
static int read_bots(bot *bots, int max)
{
    static const struct {
        const char *name, *sources;
    } rows[] = {LOA_BOT_SOURCES};
    int n = 0;
    for (size_t i = 0; i < LOA_COUNT(rows) && n < max; i++) {
        bot *b = &bots[n++];
        memset(b, 0, sizeof *b);
        snprintf(b->name, sizeof b->name, "%s", rows[i].name);
        char list[1024], *save = NULL;
        snprintf(list, sizeof list, "%s", rows[i].sources);
        for (char *tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
            ck_assert_msg(b->nsources < BOT_SOURCES_MAX, "%s: more than %d sources", b->name,
                          BOT_SOURCES_MAX);
            snprintf(b->sources[b->nsources++], sizeof b->sources[0], "%s", tok);
        }
        ck_assert_msg(b->nsources > 0, "%s: no sources in bot_sources.h", b->name);
    }
    return n;
}

/* Options making a bot's answers depend on its input only, from its --help. */
static const char *deterministic_args(const char *binary)
{
    static char args[64];
    char cmd[700], help[8192];
    snprintf(cmd, sizeof cmd, "'%s' --help 2>&1 < /dev/null", binary);
    run(cmd, help, sizeof help);
    args[0] = '\0';
    if (strstr(help, "--deterministic"))
        strcat(args, " --deterministic");
    if (strstr(help, "--seed"))
        strcat(args, " --seed 7");
    return args;
}

START_TEST(bundled_bots_compile_alone_and_answer_like_originals)
{
    bot bots[32];
    int n = read_bots(bots, 32);
    ck_assert_int_ge(n, 1);
    make_root();
    char turns[600];
    snprintf(turns, sizeof turns, "%s/turns.txt", tmp_root);
    write_playout_turns(turns, 8);
    int played = 0, have_referee = access(REFEREE, X_OK) == 0 && access(FIRST, X_OK) == 0;
    for (int i = 0; i < n; i++) {
        bot *b = &bots[i];
        char dir[700], cmd[4096], msgs[8192], orig[600];
        snprintf(orig, sizeof orig, LOA_BIN_DIR "/%.63s", b->name);
        ck_assert_msg(access(orig, X_OK) == 0, "%s is not built", orig);
        snprintf(dir, sizeof dir, "%s/%.63s", tmp_root, b->name);
        ck_assert_int_eq(mkdir(dir, 0777), 0);
        /* Bundle from the source tree; compile in an empty directory. */
        snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -q", LOA_SOURCE_DIR "/bots", LOA_BUNDLE);
        for (int k = 0; k < b->nsources; k++) {
            size_t l = strlen(cmd);
            snprintf(cmd + l, sizeof cmd - l, " '%s'", b->sources[k]);
        }
        size_t l = strlen(cmd);
        snprintf(cmd + l, sizeof cmd - l, " -o '%s/submit.c' 2>&1", dir);
        int st = run(cmd, msgs, sizeof msgs);
        /* Over CodinGame's limit (status 3) the message names -s when the
         * stripped file fits: do what it tells a user (docs/bots.md bundles
         * loa-ab so), and the stripped bundle must then fit and play alike. */
        if (st == 3 && strstr(msgs, "which fits")) {
            char *q = strstr(cmd, " -q");
            ck_assert_ptr_nonnull(q);
            memmove(q + 6, q + 3, strlen(q + 3) + 1);
            memcpy(q, " -q -s", 6);
            st = run(cmd, msgs, sizeof msgs);
        }
        ck_assert_msg(st == 0, "bundling %s failed: %s", b->name, msgs);
        snprintf(cmd, sizeof cmd, "grep -c '^#include \"' '%s/submit.c'", dir);
        run(cmd, msgs, sizeof msgs);
        ck_assert_msg(atoi(msgs) == 0, "%s: the bundle still includes local files", b->name);
        snprintf(cmd, sizeof cmd, "cd '%s' && " CG_COMPILE " submit.c -o bot -lm -lpthread 2>&1",
                 dir);
        ck_assert_msg(run(cmd, msgs, sizeof msgs) == 0 && msgs[0] == '\0',
                      "%s: compiling the bundle failed or warned:\n%s", b->name, msgs);

        /* Same input, same answers. */
        const char *args = deterministic_args(orig);
        char want[8192], got[8192];
        snprintf(cmd, sizeof cmd, "'%s'%s < '%s' 2>/dev/null", orig, args, turns);
        run(cmd, want, sizeof want);
        snprintf(cmd, sizeof cmd, "'%s/bot'%s < '%s' 2>/dev/null", dir, args, turns);
        run(cmd, got, sizeof got);
        ck_assert_msg(want[0] != '\0', "%s answered nothing", b->name);
        ck_assert_msg(strcmp(want, got) == 0, "%s: the bundle answered\n%s\nthe original\n%s",
                      b->name, got, want);

        /* A game through the referee, with the bot's default options (-v:
         * referee.err then says why a game went wrong, e.g. a timeout on a
         * machine loaded by other work). */
        if (have_referee) {
            char out[256];
            snprintf(cmd, sizeof cmd, "'%s' -v -p1 '%s/bot' -p2 '%s' -d seed=%d 2>'%s/referee.err'",
                     REFEREE, dir, FIRST, 40 + i, dir);
            int rc = run(cmd, out, sizeof out);
            int s1 = -2, s2 = -2;
            ck_assert_msg(rc == 0 && sscanf(out, "%d %d", &s1, &s2) == 2,
                          "%s: referee exit %d, output '%s'", b->name, rc, out);
            ck_assert_msg(s1 != -1, "%s: the bundle scored -1 (see %s/referee.err)", b->name, dir);
            played++;
        }
        printf("bundle: %-12s bundled, compiled warning-free, same answers on %s%s%s\n", b->name,
               "8 turns", have_referee ? ", game score " : "", have_referee ? "ok" : "");
    }
    if (!have_referee)
        printf("bundle: SKIPPED the games: %s is not built\n", REFEREE);
    fflush(stdout);
    remove_root();
}
END_TEST

/* ---- C++ ------------------------------------------------------------------ */

START_TEST(cpp_bot_bundles_compiles_with_gpp_and_plays)
{
    char out[8192], cmd[4096];
    if (run("command -v g++ >/dev/null 2>&1", NULL, 0) != 0) {
        printf("bundle: SKIPPED the C++ bot: g++ is not installed\n");
        return;
    }
    make_root();
    /* the SDK's headers, included by C++ (extern "C", no C-only syntax) */
    snprintf(cmd, sizeof cmd,
             "g++ -std=c++17 -Wall -Wextra -Wpedantic -fsyntax-only -I'%s/sdk/include' "
             "'%s/tests/fixtures/cpp/bot.cpp' 2>&1",
             LOA_SOURCE_DIR, LOA_SOURCE_DIR);
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && out[0] == '\0', "g++ on the headers:\n%s", out);
    /* the bundle: the bot and the SDK units it uses in one C++ file */
    snprintf(cmd, sizeof cmd,
             "cd '%s/tests/fixtures/cpp' && '%s' -q bot.cpp -o '%s/submit.cpp' 2>&1 && "
             "cd '%s' && g++ -std=c++17 -O2 -Wall -Wextra submit.cpp -o bot 2>&1",
             LOA_SOURCE_DIR, LOA_BUNDLE, tmp_root, tmp_root);
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && out[0] == '\0',
                  "bundling or compiling the C++ bot failed or warned:\n%s", out);
    if (access(REFEREE, X_OK) != 0) {
        printf("bundle: SKIPPED the C++ bot's game: %s is not built\n", REFEREE);
    } else {
        snprintf(cmd, sizeof cmd,
                 "'%s' -p1 '%s/bot' -p2 '" LOA_BIN_DIR "/loa-random -s 2' "
                 "-d seed=9 2>&1",
                 REFEREE, tmp_root);
        int s1 = -2, s2 = -2;
        ck_assert_int_eq(run(cmd, out, sizeof out), 0);
        ck_assert_msg(sscanf(out, "%d %d", &s1, &s2) == 2 && s1 != -1 && s2 != -1,
                      "the C++ bot's game: %s", out);
    }
    remove_root();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"bundled_bots_compile_alone_and_answer_like_originals",
         bundled_bots_compile_alone_and_answer_like_originals, 200},
        {"cpp_bot_bundles_compiles_with_gpp_and_plays", cpp_bot_bundles_compiles_with_gpp_and_plays,
         120},
    };
    return loa_run_suite("bundle_bots", cases, LOA_COUNT(cases));
}
