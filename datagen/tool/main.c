/*
 * loa-datagen - self-play data for training (docs/datagen.md): games of a
 * bot against itself, every position it searched written with its score,
 * its move and the game's result, to a file of fixed-size records
 * (datagen/format.h); resumable, shardable, merged back.
 *
 *   loa-datagen -o FILE [options]        generate or resume
 *   loa-datagen --merge -o OUT FILE...   merge
 *   loa-datagen --info FILE...           a file's settings and figures
 *
 * This file runs what the command line (cli.c) asked: the bot found, the
 * interrupts turned into a stop, the progress line, the closing line.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "info.h"
#include "util/sys.h"
#include "util/text.h"

/* The default bot, as the file's settings name it. Its table is cleared
 * before every position, and clearing loa-ab's default 32 MiB would cost
 * more than a 5,000-node search: 1 MiB holds such a search. */
#define DEFAULT_BOT "loa-ab --analyse --hash 1"

/* The default bot's loa-ab is the one beside this program: its directory
 * put first on PATH (the settings keep the plain name, so that a run's
 * shards on several machines, installed anywhere, agree). */
static void find_default_bot(void)
{
    char dir[PATH_MAX], ab[PATH_MAX + 8];
    if (util_exe_dir(dir, sizeof dir) != 0)
        return;
    snprintf(ab, sizeof ab, "%s/loa-ab", dir);
    const char *path = getenv("PATH");
    size_t n = strlen(dir) + (path ? strlen(path) : 0) + 2;
    char *both = access(ab, X_OK) == 0 ? malloc(n) : NULL;
    if (!both)
        return;
    snprintf(both, n, "%s%s%s", dir, path ? ":" : "", path ? path : "");
    setenv("PATH", both, 1);
    free(both);
}

/* 1 if the bot's program (its command's first word, when a plain word) is
 * neither a path to an executable nor on PATH: said at once, before a
 * shell says "not found" at the first position. */
static int bot_missing(const char *cmd)
{
    size_t n = strcspn(cmd, " \t");
    char word[PATH_MAX];
    if (n == 0 || n >= sizeof word || strcspn(cmd, "|&;<>()$`\\\"'=*?[#~{}") < n)
        return 0; /* shell syntax: the shell judges it */
    memcpy(word, cmd, n);
    word[n] = '\0';
    const char *builtins[] = {"cd", "exec", "eval", "env", "nice", "timeout", "taskset"};
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (strcmp(word, builtins[i]) == 0)
            return 0;
    if (strchr(word, '/'))
        return access(word, X_OK) != 0;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t len = strcspn(p, ":");
        char full[PATH_MAX * 2];
        snprintf(full, sizeof full, "%.*s/%s", (int)len, len ? p : ".", word);
        if (access(full, X_OK) == 0)
            return 0;
        p += len + (p[len] == ':');
    }
    return 1;
}

typedef struct progress_state {
    const datagen_cli *cli;
    int tty;
} progress_state;

/* The progress line: positions (of the goal), their rate, games, ETA; on a
 * terminal redrawn in place each second, else a line every 10 seconds. */
static void progress(const datagen_stats *st, double s, void *user)
{
    progress_state *p = user;
    static double last_line;
    if (p->cli->quiet || (!p->tty && s - last_line < 10))
        return;
    last_line = s;
    double rate = s > 0 ? st->added / s : 0, grate = s > 0 ? st->games / s : 0;
    char goal[64] = "", eta[64] = "";
    const datagen_goal *g = &p->cli->goal;
    double left = -1;
    if (g->positions) {
        snprintf(goal, sizeof goal, " of %lld", (long long)g->positions);
        left = rate > 0 ? (g->positions - st->positions) / rate : -1;
    } else if (g->games && grate > 0) {
        int64_t mine = (g->games - p->cli->set.shard_index + p->cli->set.shard_count - 1) /
                       p->cli->set.shard_count;
        left = (mine - (st->next_game - p->cli->set.shard_index) / p->cli->set.shard_count) / grate;
    }
    if (left >= 0)
        snprintf(eta, sizeof eta, ", ETA %dh%02dm%02ds", (int)(left / 3600), (int)(left / 60) % 60,
                 (int)left % 60);
    fprintf(stderr, "%spositions %lld%s, %.0f positions/s, games %lld (%.1f/s)%s%s",
            p->tty ? "\r" : "", (long long)st->positions, goal, rate, (long long)st->games, grate,
            eta, p->tty ? "\033[K" : "\n");
}

static int generate(datagen_cli *cli)
{
    char err[2048];
    if (!cli->set.bot) {
        cli->set.bot = DEFAULT_BOT;
        find_default_bot();
    }
    if (bot_missing(cli->set.bot)) {
        fprintf(stderr, "loa-datagen: --bot '%s': no such program\n", cli->set.bot);
        return EXIT_FAILED;
    }
    if (!cli->goal.workers)
        cli->goal.workers = util_cpu_count(DATAGEN_CLI_MAX_WORKERS);
    progress_state ps = {cli, isatty(STDERR_FILENO)};
    datagen_stats st;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = datagen_run(cli->out, &cli->set, &cli->goal, util_stop_pipe(), progress, &ps, &st, err,
                         sizeof err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (ps.tty && !cli->quiet)
        fputc('\n', stderr);
    if (rc && rc != DATAGEN_E_STOPPED) {
        fprintf(stderr, "loa-datagen: %s\n", err);
        return EXIT_FAILED;
    }
    if (st.cut)
        printf("loa-datagen: %s: %lld bytes of an interrupted write removed\n", cli->out,
               (long long)st.cut);
    printf("loa-datagen: %s: %lld positions (%lld new) after game %lld%s\n", cli->out,
           (long long)st.positions, (long long)st.added,
           (long long)(st.next_game - cli->set.shard_count),
           rc           ? " (interrupted: the same command resumes it)"
           : st.resumed ? " (resumed)"
                        : "");
    struct rusage ru; /* this process's threads, not the bots: what generating adds */
    getrusage(RUSAGE_SELF, &ru);
    double own = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    printf("  this run: %lld games, %lld positions searched in %.1f s (%.0f positions/s, %d "
           "workers; %.0f nodes a position, %.0f nodes/s; loa-datagen's own CPU %.2f s); "
           "dropped %lld duplicates, %lld by the filters\n",
           (long long)st.games, (long long)st.searched, s, s > 0 ? (double)st.searched / s : 0,
           cli->goal.workers, st.searched ? (double)st.nodes / (double)st.searched : 0,
           s > 0 ? (double)st.nodes / s : 0, own, (long long)st.duplicates, (long long)st.filtered);
    return rc ? EXIT_INTERRUPTED : EXIT_DONE;
}

static int merge(const datagen_cli *cli, int argc, char **argv)
{
    char err[2048];
    int64_t records = 0, dropped = 0;
    int rc = datagen_merge(cli->out, (const char *const *)argv + cli->first, argc - cli->first,
                           &records, &dropped, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-datagen: %s\n", err);
        return EXIT_FAILED;
    }
    printf("loa-datagen: %s: %lld positions from %d files (%lld duplicates dropped)\n", cli->out,
           (long long)records, argc - cli->first, (long long)dropped);
    return EXIT_DONE;
}

int main(int argc, char **argv)
{
    datagen_cli cli;
    int status;
    if (!datagen_cli_parse(argc, argv, &cli, &status))
        return status;
    signal(SIGPIPE, SIG_IGN); /* a bot that left is an error, not a signal */
    switch (cli.task) {
    case DATAGEN_TASK_MERGE: return merge(&cli, argc, argv);
    case DATAGEN_TASK_INFO: return datagen_tool_info(argc - cli.first, argv + cli.first);
    default: return generate(&cli);
    }
}
