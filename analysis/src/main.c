/*
 * loa-analyse - where did a bot lose? Every position of a game searched by
 * an analysing engine (loa-ab --analyse by default) at a fixed budget, in
 * parallel over positions; each move judged; the analysis written beside
 * the game with its replay page, and a summary printed:
 *
 *   loa-analyse [options] GAME|DIR...
 *   loa-analyse --suite FILE --bot NAME GAME|DIR...   (openings before losses)
 *
 * This file runs what the command line (cli.c) asked: the analysis
 * (analyse: the engines' pool, each input's games, the totals) or the suite
 * (write_suite). Options and exit codes: cli.c's usage() and
 * docs/analysis.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "cli.h"
#include "ref/referee.h"
#include "replay/league.h"
#include "util/file.h"
#include "util/sys.h"
#include "util/text.h"

/* The default engine: loa-ab --analyse beside this program, else from PATH. */
static void default_engine(char *buf, size_t size)
{
    char dir[PATH_MAX], ab[PATH_MAX + 8];
    snprintf(buf, size, "loa-ab --analyse");
    if (util_exe_dir(dir, sizeof dir) != 0)
        return;
    snprintf(ab, sizeof ab, "%s/loa-ab", dir);
    char *q = access(ab, X_OK) == 0 ? util_shell_quote(ab) : NULL;
    if (q && strlen(q) + sizeof " --analyse" <= size)
        snprintf(buf, size, "%s --analyse", q);
    free(q);
}

/* ---- per bot totals ---------------------------------------------------------- */

typedef struct bot_total {
    char name[128];
    int games, lost, judged;
    int marks[REPLAY_MARK_COUNT];
} bot_total;

typedef struct run {
    analysis_pool *pool;
    const analysis_options *opt;
    int pages, quiet, marks;
    int keep, kept; /* --keep; the analyses kept */
    bot_total *bots;
    int nbots, games;
    /* --suite */
    FILE *suite;
    const char *suite_bot;
    int before, lines, skipped;
    char **seen; /* the suite's lines so far: no position twice */
    int nseen;
} run;

static bot_total *bot_of(run *r, const char *name)
{
    for (int i = 0; i < r->nbots; i++)
        if (strcmp(r->bots[i].name, name) == 0)
            return &r->bots[i];
    bot_total *b = realloc(r->bots, ((size_t)r->nbots + 1) * sizeof *b);
    if (!b)
        return NULL;
    r->bots = b;
    b = &r->bots[r->nbots++];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    for (char *c = b->name; *c; c++) /* a bot's name cannot drive the terminal */
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    return b;
}

static int analyse_one(const analysis_input_game *in, void *user)
{
    run *r = user;
    replay_analysis *a = NULL;
    char err[1024];
    int kept = r->keep &&
               analysis_load_kept(in->game, in->analysis_path, r->opt, &a, err, sizeof err) == 1;
    int rc = kept ? 0 : analysis_pool_game(r->pool, in->game, &a, err, sizeof err);
    if (rc) {
        if (rc != ANALYSIS_E_STOPPED) /* main() says it */
            fprintf(stderr, "loa-analyse: %s: %s\n", in->label, err);
        return rc;
    }
    /* a league's game gets a league's page (the league's one viewer beside
     * its index), which reads the analysis just written beside it; a kept
     * analysis has its page already, unless it was removed */
    int page = r->pages && (!kept || access(in->page_path, F_OK) != 0);
    if ((!kept &&
         (rc = replay_analysis_write(a, in->game, in->analysis_path, err, sizeof err)) != 0) ||
        (page &&
         (rc = in->id >= 0 ? replay_write_league_html(in->game, in->page_path, err, sizeof err)
                           : replay_write_html_analysed(in->game, a, in->page_path, err,
                                                        sizeof err)) != 0)) {
        fprintf(stderr, "loa-analyse: %s\n", err);
        replay_analysis_free(a);
        return ANALYSIS_E_IO;
    }
    r->games++;
    r->kept += kept;
    const replay_info *info = replay_game_info(in->game);
    for (int s = 0; s < 2; s++) {
        bot_total *b = bot_of(r, info->names[s]);
        if (!b)
            continue;
        replay_side_summary sum = replay_analysis_side(a, in->game, s);
        b->games++;
        b->lost += sum.lost;
        for (int m = 0; m < REPLAY_MARK_COUNT; m++) {
            b->marks[m] += sum.marks[m];
            b->judged += sum.marks[m];
        }
    }
    if (!r->quiet) {
        analysis_summary_game(stdout, in->label, in->game, a, r->marks);
        printf("    analysis %s%s%s%s\n", in->analysis_path, r->pages ? ", page " : "",
               r->pages ? in->page_path : "", kept ? " (kept: made before the same way)" : "");
        fflush(stdout);
    }
    replay_analysis_free(a);
    return 0;
}

/* One suite line: the first `cut` plies of g, checked as an opening. */
static int suite_one(const analysis_input_game *in, void *user)
{
    run *r = user;
    const replay_info *info = replay_game_info(in->game);
    int side = strcmp(info->winner ? info->winner : "", "black") == 0 ? 1 : 0;
    if (!info->winner || strcmp(info->names[side], r->suite_bot) != 0)
        return 0; /* NAME won (in self-play both sides are NAME: the loser is taken) */
    replay_analysis *a = NULL;
    char err[1024];
    int rc = replay_analysis_load(in->game, in->analysis_path, &a, err, sizeof err);
    if (rc && !(rc == REPLAY_E_IO && errno == ENOENT))
        fprintf(stderr, "loa-analyse: %s (cut %d plies before the end instead)\n", err, r->before);
    int cut = analysis_suite_cut(in->game, rc ? NULL : a, side, r->before);
    int worst = !rc && replay_analysis_side(a, in->game, side).worst;
    replay_analysis_free(a);
    if (cut < 1 || cut > REF_OPENING_MAX || cut >= info->max_plies) {
        r->skipped++;
        if (!r->quiet)
            printf("%s: skipped (the position is %d plies in: an opening has 1..%d)\n", in->label,
                   cut, REF_OPENING_MAX);
        return 0;
    }
    char text[REF_OPENING_TEXT_MAX] = "";
    for (int n = 1; n <= cut; n++) {
        if (n > 1)
            strcat(text, " ");
        strcat(text, replay_game_ply(in->game, n)->move);
    }
    loa_move moves[REF_OPENING_MAX];
    int k;
    if (ref_opening_parse(text, moves, REF_OPENING_MAX, &k, err, sizeof err) != 0) {
        fprintf(stderr, "loa-analyse: %s: the position after %d plies is no opening: %s\n",
                in->label, cut, err);
        r->skipped++;
        return 0;
    }
    for (int i = 0; i < r->nseen; i++)
        if (strcmp(r->seen[i], text) == 0)
            return 0;
    char **seen = realloc(r->seen, ((size_t)r->nseen + 1) * sizeof *seen);
    if (!seen || !(seen[r->nseen] = strdup(text))) {
        if (seen)
            r->seen = seen;
        return ANALYSIS_E_NOMEM;
    }
    r->seen = seen;
    r->nseen++;
    fprintf(r->suite, "# %s: %s (black) vs %s (white), %s lost in %d plies; ply %d, %s\n",
            in->label, info->names[0], info->names[1], side ? "white" : "black", info->plies,
            cut + 1, worst ? "its worst move (the analysis)" : "no analysis: plies before the end");
    fprintf(r->suite, "%s\n", text);
    r->lines++;
    if (!r->quiet)
        printf("%s: ply %d of %d (%s)\n", in->label, cut + 1, info->plies,
               worst ? "worst move" : "before the end");
    return ferror(r->suite) ? ANALYSIS_E_IO : 0;
}

/* --suite: the positions before each loss of --bot NAME in the inputs,
 * written to the suite file as openings. Returns the exit status. */
static int write_suite(const analysis_cli *cli, int argc, char **argv)
{
    analysis_filter filter = cli->filter;
    run r = {0};
    char err[1024];
    int rc = 0;
    r.quiet = cli->quiet;
    r.suite_bot = filter.bot;
    r.before = cli->before;
    filter.lost = 1;
    r.suite = fopen(cli->suite, "w");
    if (!r.suite) {
        fprintf(stderr, "loa-analyse: cannot write %s: %s\n", cli->suite, strerror(errno));
        return EXIT_FAILED;
    }
    fprintf(r.suite,
            "# loa-analyse --suite: the positions before each loss of %s (one opening a line,\n"
            "# the moves from the start; loa-arena --openings plays each with both colours)\n",
            filter.bot);
    for (int i = cli->first; i < argc && !rc; i++) {
        rc = analysis_foreach_game(argv[i], &filter, suite_one, &r, err, sizeof err);
        if (rc && rc != ANALYSIS_E_NOMEM && rc != ANALYSIS_E_IO)
            fprintf(stderr, "loa-analyse: %s\n", err);
    }
    if (fclose(r.suite) != 0 && !rc)
        rc = ANALYSIS_E_IO;
    for (int i = 0; i < r.nseen; i++)
        free(r.seen[i]);
    free(r.seen);
    printf("loa-analyse: %s: %d openings (%d losses skipped)\n", cli->suite, r.lines, r.skipped);
    if (!r.lines && !rc)
        fprintf(stderr, "loa-analyse: no game lost by %s was found\n", filter.bot);
    return rc ? EXIT_FAILED : r.lines ? EXIT_DONE : EXIT_FAILED;
}

/* The games of one input analysed; a league's index then links the new
 * pages, and each lost game's worst moment. Returns the walk's code. */
static int analyse_input(run *r, const analysis_filter *filter, const char *input)
{
    char err[1024];
    int had = r->games;
    int rc = analysis_foreach_game(input, filter, analyse_one, r, err, sizeof err);
    if (rc == ANALYSIS_E_GAME || rc == ANALYSIS_E_INVAL)
        fprintf(stderr, "loa-analyse: %s\n", err);
    struct stat sb;
    if (r->pages && r->games > had && stat(input, &sb) == 0 && S_ISDIR(sb.st_mode) &&
        replay_write_index(input, err, sizeof err) != 0)
        fprintf(stderr, "loa-analyse: warning: %s\n", err);
    return rc;
}

/* The totals line and the table of each bot's marks, on stdout. */
static void print_totals(const run *r, const analysis_options *o, long long positions,
                         long long wall_us)
{
    double s = wall_us / 1e6;
    char kept[48] = "";
    if (r->keep)
        snprintf(kept, sizeof kept, " (%d kept)", r->kept);
    printf("loa-analyse: %d game%s%s, %lld positions in %.1f s (%.1f positions/s; %s %lld, %d "
           "job%s)\n",
           r->games, r->games == 1 ? "" : "s", kept, positions, s, s > 0 ? positions / s : 0.0,
           analysis_limit_name(o->limit.kind), o->limit.value, o->jobs, o->jobs == 1 ? "" : "s");
    if (r->nbots)
        printf("  %5s %5s %6s %12s %8s %8s %11s  %s\n", "games", "lost", "judged", "inaccuracies",
               "mistakes", "blunders", "missed wins", "bot");
    for (int i = 0; i < r->nbots; i++) {
        const bot_total *b = &r->bots[i];
        printf("  %5d %5d %6d %12d %8d %8d %11d  %s\n", b->games, b->lost, b->judged,
               b->marks[REPLAY_MARK_INACCURACY], b->marks[REPLAY_MARK_MISTAKE],
               b->marks[REPLAY_MARK_BLUNDER], b->marks[REPLAY_MARK_MISSED_WIN], b->name);
    }
}

/* The analysis: the engines started (the default engine and --jobs
 * filled in, interrupts turned into a stop), each input's games analysed,
 * the engines stopped, the totals printed. Returns the exit status. */
static int analyse(const analysis_cli *cli, int argc, char **argv)
{
    analysis_options o = cli->opt;
    char engine[2048], err[1024];
    run r = {0};
    r.pages = cli->pages;
    r.quiet = cli->quiet;
    r.marks = cli->marks;
    r.keep = cli->keep;
    r.opt = &o;
    if (!o.engine) {
        default_engine(engine, sizeof engine);
        o.engine = engine;
    }
    if (!o.jobs)
        o.jobs = util_cpu_count(ANALYSIS_CLI_MAX_JOBS);
    o.stop_fd = util_stop_pipe();
    int rc = analysis_pool_start(&o, &r.pool, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "loa-analyse: %s\n", err);
        return EXIT_FAILED;
    }
    for (int i = cli->first; i < argc && !rc; i++)
        rc = analyse_input(&r, &cli->filter, argv[i]);
    long long positions, wall_us;
    analysis_pool_stats(r.pool, &positions, &wall_us);
    analysis_pool_stop(r.pool);
    print_totals(&r, &o, positions, wall_us);
    free(r.bots);
    fflush(stdout);
    if (!rc && !r.games)
        fputs("loa-analyse: no game matched\n", stderr);
    if (rc == ANALYSIS_E_STOPPED) {
        fprintf(stderr,
                "loa-analyse: interrupted: the engines stopped; the analyses written so far "
                "kept (%d game%s)\n",
                r.games, r.games == 1 ? "" : "s");
        return EXIT_INTERRUPTED;
    }
    return rc ? EXIT_FAILED : EXIT_DONE;
}

int main(int argc, char **argv)
{
    static analysis_cli cli; /* static: its --game ids are 32 KiB */
    int status;
    if (!analysis_cli_parse(argc, argv, &cli, &status))
        return status;
    signal(SIGPIPE, SIG_IGN); /* an engine that left is an error, not a signal */
    return cli.suite ? write_suite(&cli, argc, argv) : analyse(&cli, argc, argv);
}
