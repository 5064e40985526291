/*
 * check_referee_sandbox_privileges.c - what a sandboxed bot may do,
 * whoever runs the referee (docs/referee.md, "The sandbox"): hostile-escape
 * (bots/hostile/escape.c) reads its capabilities, tries to remount / read-
 * write and to create a file outside its directory, and plays only when
 * all three failed. Under --sandbox it must play, whether the referee runs
 * as root (the library in this process, as CI runs it) or as a user
 * (loa-referee under setpriv as nobody when this runs as root, else as
 * this user), and through loa-arena --sandbox (the same library). Without
 * the sandbox the same bot gets out (the test is real). Where bubblewrap
 * cannot make the sandbox (no user namespace), --sandbox is refused. Without
 * a working bwrap the suite is skipped (exit 77) unless CI is set.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "ref/referee.h"
#include "referee_test_util.h"

#define ESCAPE BIN "/hostile-escape"
#define REFEREE BIN "/loa-referee"
#define ARENA BIN "/loa-arena"
#define FIRST BIN "/loa-first"

/* A directory anyone may write to, outside /tmp (which the sandbox
 * replaces, so a file there would prove nothing) and outside the bot's
 * working directory: beside build/bin, or in /var/tmp when the build tree
 * is under /tmp (a clean clone there, as CI may make). Its path into dir. */
static void outside_dir(char *dir, size_t size)
{
    if (strncmp(BIN, "/tmp/", 5) == 0)
        snprintf(dir, size, "/var/tmp/sandbox-escape-XXXXXX");
    else
        snprintf(dir, size, "%s/../sandbox-escape-XXXXXX", BIN);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(chmod(dir, 0777), 0);
}

/* Copies of build/bin's hostile-escape and loa-first in the test's
 * directory dir, run as ./NAME: the sandbox replaces /tmp, so a build
 * tree under /tmp would be out of a sandboxed bot's sight. */
static void local_bots(const char *dir)
{
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s' '%s/' && chmod 755 '%s'/hostile-escape '%s'/loa-first",
             ESCAPE, FIRST, dir, dir, dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* The escape bot's line in the game's first ply's stderr: it ran, and
 * found CapEff all zero. */
static void assert_no_capability_seen(const ref_game *g)
{
    ck_assert_int_gt(ref_game_ply_count(g), 0);
    const char *err = ref_game_ply(g, 0)->stderr_tail;
    ck_assert_msg(err && strstr(err, "CapEff 0000000000000000"), "the bot said: %s",
                  err ? err : "(nothing)");
}

static const ref_result *play(game *t, const char *black, int sandbox)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = black;
    c.players[0].cwd = t->dir;
    c.players[0].sandbox = (ref_sandbox)sandbox;
    c.players[1].command = FIRST;
    c.limits.first_turn_ms = 5000; /* bubblewrap's start on a loaded machine */
    c.limits.max_plies = 6;
    ck_assert_int_eq(ref_game_run(&c, &t->g), REF_OK);
    t->r = ref_game_result(t->g);
    return t->r;
}

START_TEST(the_bot_keeps_no_capability_and_writes_nothing_outside)
{
    char out[512], file[600], cmd[1400];
    outside_dir(out, sizeof out);
    snprintf(file, sizeof file, "%s/escaped", out);
    snprintf(cmd, sizeof cmd, "./hostile-escape %s remount", file);
    static const int modes[] = {REF_SANDBOX_READ_ONLY, REF_SANDBOX_WRITABLE_CWD};
    for (int i = 0; i < 2; i++) {
        game t;
        game_init(&t);
        local_bots(t.dir);
        const ref_result *r = play(&t, cmd, modes[i]);
        ck_assert_msg(r->reason == REF_REASON_PLY_LIMIT,
                      "%s sandbox, euid %d: the bot got out (exit status 1 capabilities, +2 "
                      "remount, +4 file written): %s",
                      ref_sandbox_name(modes[i]), (int)geteuid(), r->detail);
        assert_no_capability_seen(t.g);
        ck_assert_int_ne(access(file, F_OK), 0);
        game_done(&t);
        remove_tree(t.dir);
    }
    /* Without the sandbox the file is written, and root keeps its
     * capabilities (no remount tried: it would be the host's). */
    snprintf(cmd, sizeof cmd, "./hostile-escape %s", file);
    game t;
    game_init(&t);
    local_bots(t.dir);
    const ref_result *r = play(&t, cmd, REF_SANDBOX_OFF);
    ck_assert_int_eq(r->reason, REF_REASON_CRASHED);
    ck_assert_int_eq(r->exit_status, geteuid() == 0 ? 5 : 4);
    ck_assert_int_eq(access(file, F_OK), 0);
    game_done(&t);
    remove_tree(t.dir);
    remove_tree(out);
}
END_TEST

/* The whole of a small text file, malloc'd (the caller frees). */
static char *slurp_file(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "no file %s", path);
    char *text = calloc(1, 1 << 16);
    ck_assert_ptr_nonnull(text);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

/* The result's "reason" of a JSON record file, into buf. */
static void record_reason(const char *path, char *buf, size_t size)
{
    char *text = slurp_file(path);
    cJSON *j = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(j);
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(j, "result");
    const cJSON *reason = cJSON_GetObjectItemCaseSensitive(result, "reason");
    ck_assert(cJSON_IsString(reason));
    snprintf(buf, size, "%s", reason->valuestring);
    cJSON_Delete(j);
}

/* loa-referee run by a user: as root, dropped to nobody by setpriv (the
 * files it needs readable by nobody: the build tree, the test's directory
 * made so); as a user, as that user. */
START_TEST(a_referee_run_by_a_user_confines_the_same)
{
    const char *as = "";
    if (geteuid() == 0) {
        if (system("setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null") != 0) {
            ck_assert_msg(!getenv("CI"), "setpriv cannot run as nobody on a CI machine");
            printf("sandbox_privileges: the user case skipped (setpriv cannot drop to nobody)\n");
            return;
        }
        as = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    }
    char out[512], file[600], cmd[3000], record[200], reason[64];
    outside_dir(out, sizeof out);
    snprintf(file, sizeof file, "%s/escaped", out);
    game t;
    game_init(&t);
    ck_assert_int_eq(chmod(t.dir, 0777), 0);
    local_bots(t.dir);
    snprintf(record, sizeof record, "%s/game.json", t.dir);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && %stimeout 60 %s -p1 './hostile-escape %s remount' -p2 ./loa-first "
             "--sandbox --first-turn-ms 5000 --max-plies 6 -l %s -q >/dev/null",
             t.dir, as, REFEREE, file, record);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    record_reason(record, reason, sizeof reason);
    ck_assert_msg(strcmp(reason, "ply_limit") == 0, "as %s: %s (the bot got out)",
                  *as ? "nobody" : "this user", reason);
    ck_assert_int_ne(access(file, F_OK), 0);
    /* the same referee and user without the sandbox: the file is written */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && %stimeout 60 %s -p1 './hostile-escape %s' -p2 ./loa-first --max-plies 6 "
             "-l %s -q >/dev/null",
             t.dir, as, REFEREE, file, record);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    record_reason(record, reason, sizeof reason);
    ck_assert_str_eq(reason, "crashed");
    ck_assert_int_eq(access(file, F_OK), 0);
    remove_tree(t.dir);
    remove_tree(out);
}
END_TEST

/* loa-arena --sandbox starts its bots with the same library: the escape
 * bot plays its games to the ply limit, as black and as white. */
START_TEST(loa_arena_sandbox_confines_the_same)
{
#ifdef LOA_HAVE_ARENA
    char out[512], file[600], bot[1200], league[200], cmd[3000], games[260];
    outside_dir(out, sizeof out);
    snprintf(file, sizeof file, "%s/escaped", out);
    game t;
    game_init(&t);
    snprintf(league, sizeof league, "%s/league", t.dir);
    snprintf(bot, sizeof bot, "escape=%s %s remount", ESCAPE, file);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && timeout 120 %s -b '%s' -b first=%s -g 2 -c 1 --max-plies 6 "
             "--first-turn-ms 5000 --sandbox -o %s -q >/dev/null",
             t.dir, ARENA, bot, FIRST, league);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
    snprintf(games, sizeof games, "%s/games.jsonl", league);
    FILE *f = fopen(games, "r");
    ck_assert_ptr_nonnull(f);
    char line[1 << 14];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        cJSON *j = cJSON_Parse(line);
        ck_assert_ptr_nonnull(j);
        const cJSON *reason = cJSON_GetObjectItemCaseSensitive(j, "reason");
        ck_assert(cJSON_IsString(reason));
        ck_assert_msg(strcmp(reason->valuestring, "ply_limit") == 0, "game %d: %s", n,
                      reason->valuestring);
        cJSON_Delete(j);
        n++;
    }
    fclose(f);
    ck_assert_int_eq(n, 2);
    ck_assert_int_ne(access(file, F_OK), 0);
    remove_tree(t.dir);
    remove_tree(out);
#else
    printf("sandbox_privileges: loa-arena not built: its case skipped\n");
#endif
}
END_TEST

/* Where the kernel lets no user namespace be made, bubblewrap cannot make
 * the sandbox: --sandbox is refused up front (exit 2, one line saying why)
 * by loa-referee and loa-arena, not a game lost by every sandboxed bot.
 * Made by a user namespace of the test's own whose limit is 0 (skipped
 * where the test cannot make one). */
START_TEST(sandbox_refused_where_no_user_namespace_can_be_made)
{
    static const char no_userns[] = "unshare -Ur sh -c 'echo 0 >/proc/sys/user/max_user_namespaces";
    char cmd[2000], err[200];
    snprintf(cmd, sizeof cmd, "%s' 2>/dev/null", no_userns);
    if (system(cmd) != 0) {
        printf("sandbox_privileges: no user namespace of the test's own: refusal case skipped\n");
        return;
    }
    game t;
    game_init(&t);
    snprintf(err, sizeof err, "%s/err", t.dir);
    const char *want = "bubblewrap cannot make the sandbox here (it needs a user namespace): "
                       "bwrap: ";
    snprintf(cmd, sizeof cmd,
             "%s && exec %s -p1 %s -p2 %s --max-plies 2 --sandbox -q' >/dev/null 2>%s", no_userns,
             REFEREE, FIRST, FIRST, err);
    int st = system(cmd);
    char *text = slurp_file(err);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "loa-referee: status %d: %s", st, text);
    ck_assert_msg(strstr(text, "loa-referee: --sandbox: ") && strstr(text, want), "%s", text);
    ck_assert_msg(!strchr(text, '\n') || !strchr(text, '\n')[1], "one line: %s", text);
    free(text);
#ifdef LOA_HAVE_ARENA
    snprintf(cmd, sizeof cmd,
             "%s && exec %s -b a=%s -b b=%s -g 2 --sandbox -o %s/league -q' >/dev/null 2>%s",
             no_userns, ARENA, FIRST, FIRST, t.dir, err);
    st = system(cmd);
    text = slurp_file(err);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "loa-arena: status %d: %s", st, text);
    ck_assert_msg(strstr(text, "loa-arena: sandbox: ") && strstr(text, want), "%s", text);
    free(text);
#endif
    remove_tree(t.dir);
}
END_TEST

int main(void)
{
    if (system("bwrap --ro-bind / / --unshare-all true >/dev/null 2>&1") != 0 && !getenv("CI")) {
        printf("sandbox_privileges: bwrap missing or not usable here (Debian package "
               "bubblewrap): skipped\n");
        return 77;
    }
    const loa_tcase cases[] = {
        {"the_bot_keeps_no_capability_and_writes_nothing_outside",
         the_bot_keeps_no_capability_and_writes_nothing_outside, 60},
        {"a_referee_run_by_a_user_confines_the_same", a_referee_run_by_a_user_confines_the_same,
         90},
        {"loa_arena_sandbox_confines_the_same", loa_arena_sandbox_confines_the_same, 150},
        {"sandbox_refused_where_no_user_namespace_can_be_made",
         sandbox_refused_where_no_user_namespace_can_be_made, 60},
    };
    return loa_run_suite("referee_sandbox_privileges", cases, LOA_COUNT(cases));
}
