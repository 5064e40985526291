/*
 * check_stub_play - plays the generated LOA stub of every language whose
 * toolchain is installed in full games through loa-referee, against
 * loa-first (which answers at once, so each game costs little more than the
 * stub's own time), once as black and once as white.
 *
 * The stubs of tests/golden/stub/features.stub (every construct of the stub
 * language) and edges.stub (no game loop, a long loop amount, quotes, a
 * percent sign and a backslash) are built too and run on their .input
 * files: each must print the escaped text of its writes and the joined
 * values.
 *
 * A stub passes when the referee plays the game to its end (exit 0), the
 * stub's score is not -1 (no timeout, no invalid answer, no crash), and the
 * game record (-l, JSON) shows a normal end (connection or ply limit) with
 * every one of the stub's answers `random`, each within CodinGame's time
 * limits (1000 ms first turn, 150 ms after), which the referee enforces.
 *
 * Building and running each language is tests/stub_toolchain.sh's job; a
 * language whose toolchain is missing is reported as skipped. Set
 * LOA_STUB_REQUIRE to a comma-separated list of languages (CI does, see
 * stub/ci-packages.txt) to make a skip of one of them a failure. Without a
 * built loa-referee the test says so and checks nothing else.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "stub.h"

#define TOOLCHAIN LOA_SOURCE_DIR "/tests/stub_toolchain.sh"
#define REFEREE LOA_BIN_DIR "/loa-referee"
#define FIRST LOA_BIN_DIR "/loa-first"
#define STUB LOA_BIN_DIR "/loa-stub"
#define GOLDEN LOA_SOURCE_DIR "/tests/golden/stub"

/* Runs cmd through the shell; stdout (at most size - 1 bytes) into out.
 * Returns the exit status, or -1 when killed by a signal. */
static int run(const char *cmd, char *out, size_t size)
{
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    size_t len = 0, n;
    char sink[4096];
    while ((n = fread(len + 1 < size ? out + len : sink, 1,
                      len + 1 < size ? size - 1 - len : sizeof sink, f)) > 0)
        if (len + 1 < size)
            len += n;
    out[len < size ? len : size - 1] = '\0';
    int st = pclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Appends s to buf in single quotes for the shell. */
static void shell_quote(char *buf, size_t size, const char *s)
{
    size_t k = strlen(buf);
    if (k + 1 < size)
        buf[k++] = '\'';
    for (; *s && k + 5 < size; s++) {
        if (*s == '\'') {
            memcpy(buf + k, "'\\''", 4);
            k += 4;
        } else
            buf[k++] = *s;
    }
    if (k + 1 < size)
        buf[k++] = '\'';
    buf[k] = '\0';
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int required(const char *lang)
{
    const char *req = getenv("LOA_STUB_REQUIRE");
    size_t n = strlen(lang);
    for (const char *p = req; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, lang, n) == 0)
            return 1;
        p = e ? e + 1 : p + len;
    }
    return 0;
}

/* The stubs of tests/golden/stub/ that each language also runs, on their
 * .input file: the start of what they must print. The features stub ends by
 * failing to read a second turn, the edges stub has no game loop; the
 * booleans they print last are spelled differently by each language. */
static const struct {
    const char *name;
    const char *want;
} run_stubs[] = {
    {"features", "hello \"world\" {1}\nhello \"world\" {1}\nMOVE 1 lbl 0.5"},
    {"edges", "3 hello  world for it's 100% \\ done "},
};

/* Builds stub run_stubs[k] in language l and runs it on its input; returns
 * 0 when it printed what it must, else 1 after printing why. */
static int runs_stub(const stub_lang *l, const char *dir, size_t k)
{
    const char *name = run_stubs[k].name, *want = run_stubs[k].want;
    char src[600], build[600], cmd[4096], bot[2048], out[512];
    snprintf(src, sizeof src, "%s/%s/%s", dir, name, l->file_name);
    snprintf(build, sizeof build, "%s/%s/build", dir, name);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/%s' && '%s' --lang %s --stub '%s/%s.stub' -o '%s'", dir,
             name, STUB, l->name, GOLDEN, name, src);
    ck_assert_int_eq(run(cmd, bot, sizeof bot), 0);
    snprintf(cmd, sizeof cmd, "'%s' %s '%s' '%s'", TOOLCHAIN, l->name, src, build);
    if (run(cmd, bot, sizeof bot) != 0) {
        fprintf(stderr, "stub_play: %s: the %s stub does not build\n", l->name, name);
        return 1;
    }
    bot[strcspn(bot, "\n")] = '\0';
    /* only the output counts, not how the program ends */
    snprintf(cmd, sizeof cmd, "timeout 20 sh -c \"%s\" < '%s/%s.input' 2>/dev/null | head -n 3",
             bot, GOLDEN, name);
    run(cmd, out, sizeof out);
    if (strncmp(out, want, strlen(want)) != 0) {
        fprintf(stderr, "stub_play: %s: the %s stub printed '%s', expected '%s...'\n", l->name,
                name, out, want);
        return 1;
    }
    return 0;
}

/* Checks the JSON record of a game: a normal end, and every answer of
 * player `me` (0 black, 1 white) was `random`. Returns 0, else 1 after
 * printing why. */
static int check_record(const char *lang, const char *path, int me)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "stub_play: %s: no record %s\n", lang, path);
        return 1;
    }
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    cJSON *rec = cJSON_Parse(text);
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(rec, "result");
    const cJSON *reason = cJSON_GetObjectItemCaseSensitive(result, "reason");
    const cJSON *plies = cJSON_GetObjectItemCaseSensitive(rec, "plies");
    int bad = !cJSON_IsString(reason) || !cJSON_IsArray(plies);
    if (!bad && strcmp(reason->valuestring, "connected") != 0 &&
        strcmp(reason->valuestring, "opponent_connected") != 0 &&
        strcmp(reason->valuestring, "ply_limit") != 0) {
        fprintf(stderr, "stub_play: %s: the game ended by '%s'\n", lang, reason->valuestring);
        bad = 1;
    }
    int mine = 0;
    const cJSON *ply;
    cJSON_ArrayForEach(ply, plies)
    {
        const cJSON *player = cJSON_GetObjectItemCaseSensitive(ply, "player");
        const cJSON *output = cJSON_GetObjectItemCaseSensitive(ply, "output");
        if (!cJSON_IsNumber(player) || player->valueint != me)
            continue;
        mine++;
        if (!cJSON_IsString(output) || strcmp(output->valuestring, "random") != 0) {
            fprintf(stderr, "stub_play: %s answered '%s', not random\n", lang,
                    cJSON_IsString(output) ? output->valuestring : "?");
            bad = 1;
            break;
        }
    }
    if (!bad && mine == 0) {
        fprintf(stderr, "stub_play: %s: the record holds none of its answers\n", lang);
        bad = 1;
    }
    if (bad && !rec)
        fprintf(stderr, "stub_play: %s: unreadable record %s\n", lang, path);
    cJSON_Delete(rec);
    return bad;
}

/* 1 when the game of record path ended on a timeout. */
static int timed_out(const char *path)
{
    FILE *f = fopen(path, "rb");
    static char text[1 << 20];
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    cJSON *rec = cJSON_Parse(text);
    const cJSON *reason = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "result"), "reason");
    int yes = cJSON_IsString(reason) && strcmp(reason->valuestring, "timeout") == 0;
    cJSON_Delete(rec);
    return yes;
}

/* Plays one game; returns 0 when the stub played it cleanly, 2 when it
 * lost on time, else 1 after printing why. */
static int play_once(const char *lang, const char *bot_cmd, int stub_black, long seed,
                     const char *dir, int scale)
{
    char cmd[8192] = "", out[256], errpath[512], recpath[512];
    snprintf(errpath, sizeof errpath, "%s/referee-%s.err", dir, stub_black ? "black" : "white");
    snprintf(recpath, sizeof recpath, "%s/record-%s.json", dir, stub_black ? "black" : "white");
    shell_quote(cmd, sizeof cmd, REFEREE);
    strcat(cmd, " -p1 ");
    shell_quote(cmd, sizeof cmd, stub_black ? bot_cmd : FIRST);
    strcat(cmd, " -p2 ");
    shell_quote(cmd, sizeof cmd, stub_black ? FIRST : bot_cmd);
    size_t k = strlen(cmd);
    snprintf(cmd + k, sizeof cmd - k,
             " -d 'seed=%ld' --first-turn-ms %d --turn-ms %d -l '%s' 2>'%s'", seed, 1000 * scale,
             150 * scale, recpath, errpath);
    double t0 = now_s();
    int rc = run(cmd, out, sizeof out);
    double secs = now_s() - t0;
    int s1, s2;
    long echoed;
    if (rc != 0 || sscanf(out, "%d %d seed=%ld", &s1, &s2, &echoed) != 3 || echoed != seed) {
        fprintf(stderr, "stub_play: %s: referee failed (exit %d), output '%s'; see %s\n", lang, rc,
                out, errpath);
        return 1;
    }
    int mine = stub_black ? s1 : s2;
    printf("stub_play: %-10s as %s, seed %ld: %d %d in %.2f s\n", lang,
           stub_black ? "black" : "white", seed, s1, s2, secs);
    if (mine == -1) {
        char err[1024] = "";
        FILE *f = fopen(errpath, "r");
        if (f) {
            size_t n = fread(err, 1, sizeof err - 1, f);
            err[n] = '\0';
            fclose(f);
        }
        fprintf(stderr, "stub_play: %s scored -1 (timeout, invalid answer or crash): %s\n", lang,
                err);
        return timed_out(recpath) ? 2 : 1;
    }
    return check_record(lang, recpath, stub_black ? 0 : 1);
}

/* Plays one game; returns 0 when the stub played it cleanly, else 1. A
 * loss on time is played once more with the limits multiplied by 2 plus
 * the load a core: the games are judged on the wall clock at CodinGame's
 * 1000 and 150 ms, which a loaded machine (CI runs suites under ASan
 * beside others) can miss for a JVM's start or an interpreter's turn, and
 * what this suite verifies is the stub's protocol, not its speed. A stub
 * that never answers loses the second game too. */
static int play(const char *lang, const char *bot_cmd, int stub_black, long seed, const char *dir)
{
    int r = play_once(lang, bot_cmd, stub_black, seed, dir, 1);
    if (r == 2) {
        double load = 0;
        FILE *f = fopen("/proc/loadavg", "r");
        if (f) {
            if (fscanf(f, "%lf", &load) != 1)
                load = 0;
            fclose(f);
        }
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        int scale = 2 + (int)(load / (double)(cores > 0 ? cores : 1));
        printf("stub_play: %s lost on time at load %.1f: played again, limits times %d\n", lang,
               load, scale);
        r = play_once(lang, bot_cmd, stub_black, seed, dir, scale);
    }
    return r != 0;
}

/* One row per language of stub_languages(): generate, build, play twice,
 * run the features and edges stubs. Each language in its own forked run
 * with its own timeout, so that a hanging toolchain names its language. */
START_TEST(plays_full_games_in_each_installed_language)
{
    int n;
    const stub_lang *const *all = stub_languages(&n);
    ck_assert_int_lt(_i, n);
    const stub_lang *l = all[_i];
    if (access(REFEREE, X_OK) != 0 || access(FIRST, X_OK) != 0) {
        printf("stub_play: %s SKIPPED: %s or %s is not built\n", l->name, REFEREE, FIRST);
        return;
    }
    char root[] = "/tmp/check_stub_play_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(root));
    char dir[512], src[640], build[640], cmd[4096], bot[2048];
    snprintf(dir, sizeof dir, "%s/%s", root, l->name);
    ck_assert_int_eq(mkdir(dir, 0777), 0);
    snprintf(src, sizeof src, "%s/%s", dir, l->file_name);
    snprintf(build, sizeof build, "%s/build", dir);
    snprintf(cmd, sizeof cmd, "'%s' --lang %s -o '%s'", STUB, l->name, src);
    ck_assert_int_eq(run(cmd, bot, sizeof bot), 0);
    snprintf(cmd, sizeof cmd, "'%s' %s '%s' '%s'", TOOLCHAIN, l->name, src, build);
    int rc = run(cmd, bot, sizeof bot);
    bot[strcspn(bot, "\n")] = '\0';
    int bad;
    const char *verdict;
    if (rc == 77) {
        bad = required(l->name);
        verdict = bad ? "FAILED: required (LOA_STUB_REQUIRE) but its toolchain is missing"
                      : "skipped, toolchain missing";
    } else if (rc != 0) {
        bad = 1;
        verdict = "FAILED: the generated stub does not build";
    } else {
        bad = play(l->name, bot, 1, 1000 + _i, dir) + play(l->name, bot, 0, 2000 + _i, dir);
        for (size_t k = 0; k < LOA_COUNT(run_stubs); k++)
            bad += runs_stub(l, dir, k);
        verdict = bad ? "FAILED" : "verified";
    }
    if (bad) {
        printf("stub_play: %s %s (files kept in %s)\n", l->name, verdict, root);
    } else {
        printf("stub_play: %s %s\n", l->name, verdict);
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", root); /* our own mkdtemp directory */
        ck_assert_int_eq(system(cmd), 0);
    }
    fflush(stdout);
    ck_assert_msg(!bad, "%s: %s", l->name, verdict);
}
END_TEST

int main(void)
{
    int n;
    stub_languages(&n);
    /* A row's time: building the slowest toolchains (Kotlin, Scala, Swift)
     * three times takes most of it; two games against loa-first take
     * seconds. */
    const loa_loop_tcase loops[] = {
        {"plays_full_games_in_each_installed_language", plays_full_games_in_each_installed_language,
         200, n},
    };
    return loa_run_suite_loops("stub_play", NULL, 0, loops, LOA_COUNT(loops));
}
