/*
 * check_referee_sandbox.c - bots under bubblewrap (ref_player.sandbox):
 * a game is played as without; a bot cannot write outside its working
 * directory (nor there unless writable), cannot reach the network (a
 * listener of this test on 127.0.0.1 is out of its reach), sees a private
 * /tmp, and nothing it starts outlives the game (its PID namespace); the
 * record says how each bot ran; interpreted and JIT bots (Python, Node,
 * Java stubs) run inside. Without a working bwrap the suite is skipped
 * (exit 77) unless CI is set.
 */
#include <arpa/inet.h>
#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "ref/referee.h"
#include "referee_test_util.h"

#define FIRST BIN "/loa-first"
#define STUB BIN "/loa-stub"

/* A copy of build/bin/<name> in the test's directory, for a sandboxed bot
 * to run as ./<name>: the sandbox replaces /tmp, and a build directory
 * under /tmp (a clean clone there) would be out of its sight. */
static void local_copy(game *t, const char *name)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cp '%s/%s' '%s/'", BIN, name, t->dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* Empties the test's directory, then game_done. */
static void finish(game *t)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'/*", t->dir);
    ck_assert_int_eq(system(cmd), 0);
    game_done(t);
}

/* Plays black (sandboxed as mode, in dir) against loa-first (free). */
static const ref_result *play_boxed(game *t, const char *black, const char *dir, int mode,
                                    int max_plies)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = black;
    c.players[0].cwd = dir;
    c.players[0].sandbox = (ref_sandbox)mode;
    c.players[1].command = FIRST;
    c.limits.first_turn_ms = 5000; /* a JVM's start inside a sandbox on a loaded machine */
    c.limits.turn_ms = 2000;
    c.limits.max_plies = max_plies;
    c.seed = 42;
    ck_assert_int_eq(ref_game_run(&c, &t->g), REF_OK);
    t->r = ref_game_result(t->g);
    return t->r;
}

START_TEST(plays_a_game_and_records_the_sandbox)
{
    game t;
    game_init(&t);
    local_copy(&t, "loa-ab");
    const ref_result *r = play_boxed(&t, "./loa-ab -D -d 2", t.dir, REF_SANDBOX_READ_ONLY, 20);
    ck_assert_msg(r->fault == -1, "%s", r->detail);
    cJSON *j = ref_game_to_json(t.g);
    cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "players"), 0);
    cJSON *p1 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "players"), 1);
    ck_assert_str_eq(cJSON_GetObjectItem(p0, "sandbox")->valuestring, "read-only");
    ck_assert_ptr_null(cJSON_GetObjectItem(p1, "sandbox")); /* loa-first ran free */
    cJSON_Delete(j);
    finish(&t);
}
END_TEST

START_TEST(confines_files_network_and_tmp)
{
    game t;
    game_init(&t);
    /* a listener the bot could reach without the sandbox */
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    ck_assert_int_eq(bind(ls, (struct sockaddr *)&a, sizeof a), 0);
    ck_assert_int_eq(listen(ls, 1), 0);
    socklen_t al = sizeof a;
    getsockname(ls, (struct sockaddr *)&a, &al);
    /* a file of the real /tmp the bot must not see */
    char marker[128];
    snprintf(marker, sizeof marker, "/tmp/loa-sandbox-marker-%d", (int)getpid());
    FILE *mf = fopen(marker, "w");
    ck_assert_ptr_nonnull(mf);
    fclose(mf);
    /* each escape that works ends the bot with its own code (a crash) */
    char cmd[2048];
    local_copy(&t, "loa-first");
    snprintf(cmd, sizeof cmd,
             "bash -c 'touch /etc/loa-probe 2>/dev/null && exit 9; "
             "echo x > ./probe 2>/dev/null && exit 8; "
             "(exec 3<>/dev/tcp/127.0.0.1/%d) 2>/dev/null && exit 7; "
             "[ -e %s ] && exit 6; exec ./loa-first'",
             ntohs(a.sin_port), marker);
    const ref_result *r = play_boxed(&t, cmd, t.dir, REF_SANDBOX_READ_ONLY, 10);
    ck_assert_msg(r->reason == REF_REASON_PLY_LIMIT, "an escape worked: %s", r->detail);
    /* and out of the sandbox the same probes do work (the test is real) */
    game u;
    game_init(&u);
    ref_config c;
    ref_config_init(&c);
    local_copy(&u, "loa-first");
    c.players[0].command = cmd;
    c.players[0].cwd = u.dir;
    c.players[1].command = FIRST;
    c.limits.max_plies = 10;
    ck_assert_int_eq(ref_game_run(&c, &u.g), REF_OK);
    ck_assert_int_eq(ref_game_result(u.g)->reason, REF_REASON_CRASHED);
    char probe[200];
    finish(&u);
    /* a writable working directory: the bot's file is there after */
    snprintf(cmd, sizeof cmd, "sh -c 'echo kept > ./probe && exec ./loa-first'");
    game v;
    game_init(&v);
    local_copy(&v, "loa-first");
    r = play_boxed(&v, cmd, v.dir, REF_SANDBOX_WRITABLE_CWD, 10);
    ck_assert_msg(r->reason == REF_REASON_PLY_LIMIT, "%s", r->detail);
    snprintf(probe, sizeof probe, "%s/probe", v.dir);
    ck_assert_int_eq(access(probe, F_OK), 0);
    finish(&v);
    unlink(marker);
    close(ls);
    finish(&t);
}
END_TEST

/* 1 if a process whose command line holds text exists. */
static int process_with(const char *text)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int found = 0;
    while (d && (e = readdir(d)) && !found) {
        char path[300], buf[512];
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        for (size_t i = 0; i < n; i++)
            if (!buf[i])
                buf[i] = ' ';
        buf[n] = '\0';
        found = strstr(buf, text) != NULL;
    }
    if (d)
        closedir(d);
    return found;
}

START_TEST(nothing_it_starts_outlives_the_game)
{
    game t;
    game_init(&t);
    /* a sleeper in a session of its own, named by a unique duration */
    char tag[64], cmd[512];
    snprintf(tag, sizeof tag, "1000.%d%ld", (int)getpid(), (long)time(NULL) % 100000);
    local_copy(&t, "loa-first");
    snprintf(cmd, sizeof cmd, "sh -c 'setsid sleep %s & exec ./loa-first'", tag);
    const ref_result *r = play_boxed(&t, cmd, t.dir, REF_SANDBOX_READ_ONLY, 10);
    ck_assert_msg(r->reason == REF_REASON_PLY_LIMIT, "%s", r->detail);
    int64_t until = now_ms() + 2000;
    while (process_with(tag) && now_ms() < until)
        usleep(10000);
    ck_assert_msg(!process_with(tag), "the sandboxed bot's sleeper outlived the game");
    finish(&t);
}
END_TEST

/* A descriptor the referee's launcher left open on a host directory (a
 * shell's `exec 57<dir`) would take a sandboxed bot through
 * /proc/self/fd/57 to files it cannot see, and let it write there. */
START_TEST(an_inherited_descriptor_reaches_nothing_outside)
{
    game t;
    game_init(&t);
    char path[200];
    snprintf(path, sizeof path, "%s/secret", t.dir); /* under the real /tmp: hidden */
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("hidden\n", f);
    fclose(f);
    int dfd = open(t.dir, O_RDONLY | O_DIRECTORY); /* not close-on-exec */
    ck_assert_int_ge(dfd, 0);
    ck_assert_int_eq(dup2(dfd, 57), 57);
    close(dfd);
    const ref_result *r = play_boxed(&t,
                                     "cat /proc/self/fd/57/secret && exit 9; "
                                     "echo x >/proc/self/fd/57/written && exit 8; "
                                     "exec ./loa-first",
                                     BIN, REF_SANDBOX_READ_ONLY, 4);
    ck_assert_msg(r->reason == REF_REASON_PLY_LIMIT, "the bot reached the host: %s", r->detail);
    snprintf(path, sizeof path, "%s/written", t.dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    close(57);
    finish(&t);
}
END_TEST

/* A sandboxed bot that closes its stdout or stdin is judged at once, as
 * without the sandbox (bubblewrap's own processes hold no copy of them). */
START_TEST(closing_a_pipe_is_seen_at_once)
{
    static const char *const cmds[] = {"exec >&-; sleep 30", "exec <&-; sleep 30"};
    static const char *const which[] = {"standard output", "standard input"};
    for (int i = 0; i < 2; i++) {
        game t;
        game_init(&t);
        int64_t t0 = now_ms();
        const ref_result *r = play_boxed(&t, cmds[i], BIN, REF_SANDBOX_READ_ONLY, 10);
        int64_t ms = now_ms() - t0;
        ck_assert_msg(r->reason == REF_REASON_CLOSED_OUTPUT && strstr(r->detail, which[i]),
                      "%s: %s", cmds[i], r->detail);
        ck_assert_msg(ms < 2500, "%s: judged after %lld ms", cmds[i], (long long)ms);
        finish(&t);
    }
}
END_TEST

/* A bot under the real /tmp (not in its working directory) is out of the
 * sandbox's sight: the result says so, not only "not found". */
START_TEST(a_bot_under_tmp_is_said_to_be_hidden)
{
    game t;
    game_init(&t);
    local_copy(&t, "loa-first");
    char cmd[200];
    snprintf(cmd, sizeof cmd, "%s/loa-first", t.dir);
    const ref_result *r = play_boxed(&t, cmd, BIN, REF_SANDBOX_READ_ONLY, 4);
    ck_assert_int_eq(r->reason, REF_REASON_FAILED_TO_START);
    char want[300];
    snprintf(want, sizeof want, "the sandbox's /tmp is its own, empty: %s is not there", cmd);
    ck_assert_msg(strstr(r->detail, want), "%s", r->detail);
    /* in its working directory under /tmp, the same bot is seen */
    ref_game_free(t.g);
    r = play_boxed(&t, cmd, t.dir, REF_SANDBOX_READ_ONLY, 4);
    ck_assert_msg(r->reason == REF_REASON_PLY_LIMIT, "%s", r->detail);
    finish(&t);
}
END_TEST

/* Stubs of interpreted and JIT languages play a game inside (their
 * toolchains outside: skipped without them, unless CI is set). */
static const struct {
    const char *lang, *file, *tool, *build, *run;
} stubs[] = {
    {"python3", "bot.py", "python3", NULL, "python3 bot.py"},
    {"javascript", "bot.js", "node", NULL, "node bot.js"},
    {"java", "Player.java", "javac", "javac Player.java", "java -Xshare:auto Player"},
};

START_TEST(interpreted_and_jit_bots_run_inside)
{
    char cmd[1024], out[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", stubs[_i].tool);
    if (system(cmd) != 0) {
        ck_assert_msg(!getenv("CI"), "%s is missing on a CI machine", stubs[_i].tool);
        printf("sandbox: %s skipped (no %s)\n", stubs[_i].lang, stubs[_i].tool);
        return;
    }
    game t;
    game_init(&t);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' --lang %s -o %s && %s", t.dir, STUB, stubs[_i].lang,
             stubs[_i].file, stubs[_i].build ? stubs[_i].build : "true");
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    const ref_result *r = play_boxed(&t, stubs[_i].run, t.dir, REF_SANDBOX_READ_ONLY, 8);
    snprintf(out, sizeof out, "%s", r->detail);
    ck_assert_msg(r->fault != 0, "the %s stub failed inside the sandbox: %s", stubs[_i].lang, out);
    finish(&t);
}
END_TEST

int main(void)
{
    if (system("bwrap --ro-bind / / --unshare-all true >/dev/null 2>&1") != 0 && !getenv("CI")) {
        printf("sandbox: bwrap missing or not usable here (Debian package bubblewrap): "
               "skipped\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"plays_a_game_and_records_the_sandbox", plays_a_game_and_records_the_sandbox, 60},
        {"confines_files_network_and_tmp", confines_files_network_and_tmp, 60},
        {"nothing_it_starts_outlives_the_game", nothing_it_starts_outlives_the_game, 60},
        {"an_inherited_descriptor_reaches_nothing_outside",
         an_inherited_descriptor_reaches_nothing_outside, 60},
        {"closing_a_pipe_is_seen_at_once", closing_a_pipe_is_seen_at_once, 60},
        {"a_bot_under_tmp_is_said_to_be_hidden", a_bot_under_tmp_is_said_to_be_hidden, 60},
    };
    const loa_loop_tcase loops[] = {
        {"interpreted_and_jit_bots_run_inside", interpreted_and_jit_bots_run_inside, 120,
         (int)LOA_COUNT(stubs)},
    };
    return loa_run_suite_loops("referee_sandbox", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
