/*
 * check_datagen_cli - loa-datagen end to end with loa-ab at a small budget:
 * the same file whatever the number of workers; a kill -9 at random moments
 * then the same command again gives whole records and the uninterrupted
 * file, byte for byte; shards partition the games and merge into the
 * unsharded file; each filter keeps only what its rule allows and drops
 * only that; the positions goal ends at the first game reaching it; and
 * bad input (an unknown bot, a bot breaking the protocol, an openings file
 * with an illegal move, a file of other settings, of another version or
 * cut mid-record) is one line naming it.
 */
#include <check.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../datagen/src/keys.h"
#include "../datagen/src/label.h"
#include "check_main.h"
#include "datagen_test_util.h"

#define DG LOA_BIN_DIR "/loa-datagen --nodes 1000 -q"

/* 1 if the two files hold the same bytes. */
static int same_bytes(const char *a, const char *b)
{
    char cmd[512], out[256];
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", a, b);
    return run(cmd, out, sizeof out) == 0;
}

static void make(const char *dir, const char *name, const char *args)
{
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, DG " -o %s/%s %s 2>&1", dir, name, args);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s: %s", cmd, out);
}

static void clean(const char *dir)
{
    char cmd[256], out[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run(cmd, out, sizeof out);
}

START_TEST(the_file_is_the_same_whatever_the_concurrency)
{
    char dir[64], a[128], b[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    make(dir, "c1.bin", "--games 8 -c 1");
    make(dir, "c2.bin", "--games 8 -c 2");
    make(dir, "c3.bin", "--games 8 -c 3");
    snprintf(a, sizeof a, "%s/c1.bin", dir);
    for (int c = 2; c <= 3; c++) {
        snprintf(b, sizeof b, "%s/c%d.bin", dir, c);
        ck_assert_msg(same_bytes(a, b), "-c %d differs from -c 1", c);
    }
    int64_t n;
    datagen_record *r = dg_records(a, &n);
    ck_assert_int_gt(n, 8 * 10);
    for (int i = 0; i < n; i++) {
        ck_assert(i == 0 || r[i].game > r[i - 1].game ||
                  (r[i].game == r[i - 1].game && r[i].ply > r[i - 1].ply));
        ck_assert_int_ge(r[i].ply, 8); /* after the 8 random plies */
        ck_assert(r[i].result >= -1 && r[i].result <= 1);
        ck_assert_int_gt(r[i].depth, 0);
    }
    free(r);
    clean(dir);
}
END_TEST

/* Starts loa-datagen in the background on path; its pid. */
static pid_t start(const char *path, const char *args)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "exec " DG " -o %s %s >/dev/null 2>&1", path, args);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    return pid;
}

START_TEST(a_kill_9_then_the_same_command_gives_the_uninterrupted_file)
{
    char dir[64], whole[128], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    const char *args = "--games 40 -c 2";
    make(dir, "whole.bin", args);
    snprintf(whole, sizeof whole, "%s/whole.bin", dir);
    snprintf(path, sizeof path, "%s/killed.bin", dir);
    struct stat st;
    ck_assert_int_eq(stat(whole, &st), 0);
    srand((unsigned)time(NULL));
    int kills = 0, torn = 0;
    for (int round = 0; round < 40 && kills < 8; round++) {
        pid_t pid = start(path, args);
        usleep((useconds_t)(5000 + rand() % 40000)); /* a random moment */
        kill(pid, SIGKILL);
        int status = 0;
        ck_assert_int_eq(waitpid(pid, &status, 0), pid);
        kills += WIFSIGNALED(status);
        struct stat k;
        if (stat(path, &k) == 0 && k.st_size > 64)
            torn += (k.st_size - 64) % 32 != 0;
    }
    ck_assert_msg(kills > 1, "%d kills landed (%d torn)", kills, torn);
    /* a torn tail besides (the kills rarely land inside a write): 13 bytes */
    int fd = open(path, O_WRONLY | O_APPEND);
    if (fd >= 0) {
        ck_assert_int_eq(write(fd, "0123456789abc", 13), 13);
        close(fd);
    }
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, DG " -o %s %s 2>&1", path, args);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    ck_assert_msg(same_bytes(whole, path), "resumed after %d kills (%d torn) differs", kills, torn);
    clean(dir);
}
END_TEST

START_TEST(shards_partition_the_games_and_merge_into_the_unsharded_file)
{
    char dir[64], p[4][128], cmd[1024], out[4096];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    make(dir, "all.bin", "--games 15 -c 2");
    datagen_keys games = {0};
    for (int k = 0; k < 3; k++) {
        snprintf(cmd, sizeof cmd, "--games 15 -c 1 --shard %d/3", k);
        snprintf(p[k], sizeof p[k], "shard-%d.bin", k);
        make(dir, p[k], cmd);
        snprintf(p[k], sizeof p[k], "%s/shard-%d.bin", dir, k);
        int64_t n;
        datagen_record *r = dg_records(p[k], &n);
        for (int i = 0; i < n; i++) {
            ck_assert_int_eq(r[i].game % 3, k); /* its games only */
            datagen_keys_add(&games, (uint64_t)r[i].game + 1);
        }
        free(r);
    }
    int64_t n;
    datagen_record *all = dg_records(strcat(strcpy(p[3], dir), "/all.bin"), &n);
    for (int i = 0; i < n; i++) /* together, every game of the unsharded run */
        ck_assert(datagen_keys_has(&games, (uint64_t)all[i].game + 1));
    ck_assert_uint_eq(games.count, (size_t)all[n - 1].game + 1);
    free(all);
    datagen_keys_free(&games);
    snprintf(cmd, sizeof cmd, LOA_BIN_DIR "/loa-datagen --merge -o %s/merged.bin %s %s %s 2>&1",
             dir, p[2], p[0], p[1]);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    snprintf(p[0], sizeof p[0], "%s/merged.bin", dir);
    ck_assert_msg(same_bytes(p[0], p[3]), "the merged shards differ from the unsharded run");
    clean(dir);
}
END_TEST

/* The records of the filtered run pass their rule, and every record of the
 * unfiltered run (the same games) that passes it is in the filtered file. */
START_TEST(each_filter_drops_what_it_says_and_only_that)
{
    static const struct {
        const char *args;
        datagen_filter f;
    } rows[] = {{"--skip-plies 20", {.skip_plies = 20}},
                {"--no-tactical", {.no_tactical = 1}},
                {"--quiet-positions", {.quiet = 1}}};
    char dir[64], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    make(dir, "all.bin", "--games 12");
    snprintf(path, sizeof path, "%s/all.bin", dir);
    int64_t n;
    datagen_record *all = dg_records(path, &n);
    for (size_t row = 0; row < LOA_COUNT(rows); row++) {
        char name[32];
        snprintf(name, sizeof name, "f%zu.bin", row);
        make(dir, name, "--games 12");
        /* the filter is a setting: a new file */
        snprintf(path, sizeof path, "%s/%s", dir, name);
        unlink(path);
        char args[64];
        snprintf(args, sizeof args, "--games 12 %s", rows[row].args);
        make(dir, name, args);
        int64_t m;
        datagen_record *kept = dg_records(path, &m);
        datagen_keys k = {0};
        for (int i = 0; i < m; i++) {
            ck_assert_msg(datagen_filter_keeps(&rows[row].f, &kept[i]), "%s kept a record",
                          rows[row].args);
            datagen_keys_add(&k, datagen_record_key(&kept[i]));
        }
        int64_t passing = 0;
        for (int i = 0; i < n; i++)
            if (datagen_filter_keeps(&rows[row].f, &all[i])) {
                passing++;
                ck_assert(datagen_keys_has(&k, datagen_record_key(&all[i])));
            }
        ck_assert_msg(m < n && passing > 0, "%s: %lld of %lld", rows[row].args, (long long)m,
                      (long long)n);
        datagen_keys_free(&k);
        free(kept);
    }
    free(all);
    clean(dir);
}
END_TEST

START_TEST(the_positions_goal_ends_at_the_first_game_reaching_it)
{
    char dir[64], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    make(dir, "p.bin", "--positions 100 -c 2");
    snprintf(path, sizeof path, "%s/p.bin", dir);
    int64_t n;
    datagen_record *r = dg_records(path, &n);
    int64_t before_last = 0;
    while (before_last < n && r[before_last].game != r[n - 1].game)
        before_last++;
    ck_assert_int_ge(n, 100);
    ck_assert_int_lt(before_last, 100);
    free(r);
    make(dir, "p.bin", "--positions 200 -c 2"); /* a larger goal continues the file */
    r = dg_records(path, &n);
    ck_assert_int_ge(n, 200);
    free(r);
    clean(dir);
}
END_TEST

START_TEST(an_interrupt_stops_at_once_with_whole_games_and_exit_130)
{
    char dir[64], path[128];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    snprintf(path, sizeof path, "%s/i.bin", dir);
    pid_t pid = start(path, "--games 2000 -c 2");
    usleep(300000);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kill(pid, SIGINT);
    int status = 0;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 130, "status %d", status);
    ck_assert_int_lt(t1.tv_sec - t0.tv_sec, 3); /* the searches under way end at once */
    int64_t n;
    datagen_record *r = dg_records(path, &n); /* a strict read: whole records */
    ck_assert_int_gt(n, 0);
    ck_assert(r[n - 1].flags & DATAGEN_FLAG_GAME_END);
    ck_assert_int_lt(r[n - 1].game, 1999);
    free(r);
    clean(dir);
}
END_TEST

/* cmd (2>&1 appended) exits with status and prints one line holding want. */
static void one_line_error(const char *cmd, int status, const char *want)
{
    char full[1024], out[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    ck_assert_msg(run(full, out, sizeof out) == status, "%s: %s", cmd, out);
    ck_assert_msg(dg_one_line(out) && strstr(out, want), "%s: %s (want %s)", cmd, out, want);
}

START_TEST(bad_input_is_one_line_naming_it)
{
    char dir[64], cmd[1024], want[256];
    dg_tmpdir(dir, sizeof dir, "datagen_cli");
    snprintf(cmd, sizeof cmd, DG " -o %s/a.bin --games 2 --bot no-such-bot-45", dir);
    one_line_error(cmd, 1, "--bot 'no-such-bot-45': no such program");
    snprintf(cmd, sizeof cmd, DG " -o %s/a.bin --games 2 --bot cat", dir);
    one_line_error(cmd, 1, "engine 'cat' answered 'go nodes 1000 ");
    snprintf(want, sizeof want, "%s/a.bin", dir);
    ck_assert_msg(access(want, F_OK) != 0, "a failed run left its empty file");
    snprintf(cmd, sizeof cmd, "printf 'b1d3 a2c2\\n# fine above\\nb1d3 b1d2\\n' > %s/o.txt", dir);
    one_line_error(strcat(cmd, " && echo ok"), 0, "ok");
    snprintf(cmd, sizeof cmd, DG " -o %s/a.bin --openings %s/o.txt", dir, dir);
    snprintf(want, sizeof want, "%s/o.txt:3: ply 2 'b1d2'", dir);
    one_line_error(cmd, 1, want);
    make(dir, "a.bin", "--games 2");
    snprintf(cmd, sizeof cmd, DG " -o %s/a.bin --games 2 --seed 9", dir);
    one_line_error(cmd, 1, "other settings (seed: 1 in the file, 9 now)");
    snprintf(cmd, sizeof cmd,
             "cp %s/a.bin %s/v.bin && printf '\\003' | dd of=%s/v.bin bs=1 seek=8 conv=notrunc "
             "2>/dev/null && " LOA_BIN_DIR "/loa-datagen --info %s/v.bin",
             dir, dir, dir, dir);
    snprintf(want, sizeof want, "%s/v.bin: version 3 (this loa-datagen reads version 1)", dir);
    one_line_error(cmd, 1, want);
    snprintf(cmd, sizeof cmd, DG " -o %s/v.bin --games 2", dir);
    one_line_error(cmd, 1, want);
    snprintf(cmd, sizeof cmd,
             "head -c -3 %s/a.bin > %s/cut.bin && " LOA_BIN_DIR
             "/loa-datagen --merge -o %s/m.bin %s/a.bin %s/cut.bin",
             dir, dir, dir, dir, dir);
    snprintf(want, sizeof want, "%s/cut.bin: cut mid-record (29 bytes after record", dir);
    one_line_error(cmd, 1, want);
    one_line_error(LOA_BIN_DIR "/loa-datagen -o x.bin", 2, "no end: give --games N");
    one_line_error(LOA_BIN_DIR "/loa-datagen -o x.bin --games 1 --shard 3/3", 2,
                   "--shard '3/3': expected K/N with 0 <= K < N");
    clean(dir);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"the_file_is_the_same_whatever_the_concurrency",
         the_file_is_the_same_whatever_the_concurrency, 120},
        {"a_kill_9_then_the_same_command_gives_the_uninterrupted_file",
         a_kill_9_then_the_same_command_gives_the_uninterrupted_file, 240},
        {"shards_partition_the_games_and_merge_into_the_unsharded_file",
         shards_partition_the_games_and_merge_into_the_unsharded_file, 120},
        {"each_filter_drops_what_it_says_and_only_that",
         each_filter_drops_what_it_says_and_only_that, 120},
        {"the_positions_goal_ends_at_the_first_game_reaching_it",
         the_positions_goal_ends_at_the_first_game_reaching_it, 120},
        {"an_interrupt_stops_at_once_with_whole_games_and_exit_130",
         an_interrupt_stops_at_once_with_whole_games_and_exit_130, 60},
        {"bad_input_is_one_line_naming_it", bad_input_is_one_line_naming_it, 120},
    };
    return loa_run_suite("datagen_cli", cases, LOA_COUNT(cases));
}
