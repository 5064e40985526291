/*
 * loa-analyse - where did a bot lose? Every position of a game searched by
 * an analysing engine (loa-ab --analyse by default) at a fixed budget, in
 * parallel over positions; each move judged; the analysis written beside
 * the game with its replay page, and a summary printed:
 *
 *   loa-analyse [options] GAME|DIR...
 *   loa-analyse --suite FILE --bot NAME GAME|DIR...   (openings before losses)
 *
 * Options and exit codes: usage() below and docs/analysis.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/analysis.h"
#include "ref/referee.h"
#include "replay/league.h"
#include "util/file.h"
#include "util/parse.h"
#include "util/sys.h"
#include "util/text.h"

enum { EXIT_DONE = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* Most --game ids. */
#define MAX_IDS 4096
/* Largest --jobs, --depth, --movetime, --nodes: bounds that only refuse
 * typos. */
#define MAX_JOBS 256
#define MAX_DEPTH 64
#define MAX_MOVETIME_MS 3600000
#define MAX_NODES 2000000000

static void usage(FILE *out)
{
    fprintf(out, "Usage: loa-analyse [options] GAME|DIR...\n"
          "       loa-analyse --suite FILE --bot NAME [--before N] GAME|DIR...\n"
          "Analyses games: every position searched by an engine at a fixed budget, the\n"
          "score as the side to move's winning chance, each move judged (inaccuracy,\n"
          "mistake, blunder, missed win). Writes GAME.analysis.json and GAME.html beside\n"
          "each game (a league's: DIR/games/<id>.analysis.json and .html) and prints a\n"
          "summary. GAME: a game record, or a game CodinGame recorded (its engine's\n"
          "result or its site's replay JSON); DIR: a loa-arena league (its games).\n"
          "\n"
          "  -b, --bot NAME       only games NAME played\n"
          "      --lost           only lost games (NAME's with --bot, else every decisive one)\n"
          "      --faults         only games lost by a fault (NAME's with --bot): a timeout,\n"
          "                       an invalid answer, a crash\n"
          "      --game ID        only game ID of a league (repeat)\n"
          "      --nodes N        search N positions a position (default %d: loa-ab's\n"
          "                       110 ms at CodinGame's limits; the same on any machine)\n"
          "  -d, --depth N        search N plies a position instead (deterministic)\n"
          "      --movetime MS    search MS milliseconds a position instead\n"
          "      --jobs N         engines searching at once (default: the CPUs)\n"
          "      --engine CMD     the analysing engine, a command speaking the analysis\n"
          "                       protocol (default: loa-ab --analyse, beside loa-analyse)\n"
          "      --scale S        the engine's points per unit of log-odds (default: %g,\n"
          "                       loa-ab's, fitted by loa-analyse-fit)\n"
          "      --no-pages       write the analyses only, no replay page\n"
          "      --keep           keep a game's analysis made before with the same engine\n"
          "                       command, budget and scale; analyse only the others\n"
          "      --marks          list every marked move in the summary\n"
          "      --suite FILE     analyse nothing: write an openings file (loa-arena\n"
          "                       --openings) of the positions before each loss of --bot\n"
          "                       NAME: before its worst move where the game has an\n"
          "                       analysis, else --before plies before the end (the\n"
          "                       options of an analysis above do not go with it)\n"
          "      --before N       plies before the end (default 10; NAME to move)\n"
          "  -q, --quiet          only the totals\n"
          "  -h, --help           this help\n"
          "  -V, --version        the version\n"
          "\n"
          "Exit status: 0 done, 1 a game, a file or the engine failed (one line on stderr\n"
          "names it), 2 bad command line, 130 interrupted (SIGINT, SIGTERM, SIGHUP: the\n"
          "engines stopped at once, the analyses written so far kept).\n",
          ANALYSIS_DEFAULT_NODES, ANALYSIS_SCALE);
}

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
    int keep, kept;       /* --keep; the analyses kept */
    bot_total *bots;
    int nbots, games;
    /* --suite */
    FILE *suite;
    const char *suite_bot;
    int before, lines, skipped;
    char **seen;          /* the suite's lines so far: no position twice */
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
    int kept = r->keep && analysis_load_kept(in->game, in->analysis_path, r->opt, &a, err, sizeof err) == 1;
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
    if ((!kept && (rc = replay_analysis_write(a, in->game, in->analysis_path, err, sizeof err)) != 0) ||
        (page && (rc = in->id >= 0 ? replay_write_league_html(in->game, in->page_path, err, sizeof err)
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
            printf("%s: skipped (the position is %d plies in: an opening has 1..%d)\n", in->label, cut,
                   REF_OPENING_MAX);
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
        fprintf(stderr, "loa-analyse: %s: the position after %d plies is no opening: %s\n", in->label, cut,
                err);
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
    fprintf(r->suite, "# %s: %s (black) vs %s (white), %s lost in %d plies; ply %d, %s\n", in->label,
            info->names[0], info->names[1], side ? "white" : "black", info->plies, cut + 1,
            worst ? "its worst move (the analysis)" : "no analysis: plies before the end");
    fprintf(r->suite, "%s\n", text);
    r->lines++;
    if (!r->quiet)
        printf("%s: ply %d of %d (%s)\n", in->label, cut + 1, info->plies,
               worst ? "worst move" : "before the end");
    return ferror(r->suite) ? ANALYSIS_E_IO : 0;
}

/* The interrupts (SIGINT, SIGTERM, SIGHUP) as bytes on a self-pipe whose
 * read end is the engines' stop fd: a search under way ends at once, the
 * engines are stopped and the analyses written so far kept. */
static int g_stop[2] = {-1, -1};

static void on_interrupt(int sig)
{
    (void)sig;
    int saved = errno;
    (void)!write(g_stop[1], "x", 1); /* a full pipe is readable already */
    errno = saved;
}

/* Installs on_interrupt(); the read end of its pipe, or -1 (then an
 * interrupt ends the process as it would have: the watchdog ends the
 * engines, ref/process.h). */
static int stop_on_interrupts(void)
{
    if (pipe2(g_stop, O_CLOEXEC | O_NONBLOCK) != 0)
        return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL) || sigaction(SIGHUP, &sa, NULL))
        return -1;
    return g_stop[0];
}

int main(int argc, char **argv)
{
    enum { O_LOST = 256, O_FAULTS, O_GAME, O_NODES, O_MOVETIME, O_JOBS, O_ENGINE, O_SCALE, O_NO_PAGES,
           O_KEEP, O_MARKS, O_SUITE, O_BEFORE };
    static const struct option opts[] = {
        {"bot", required_argument, NULL, 'b'},       {"lost", no_argument, NULL, O_LOST},
        {"faults", no_argument, NULL, O_FAULTS},
        {"game", required_argument, NULL, O_GAME},   {"nodes", required_argument, NULL, O_NODES},
        {"depth", required_argument, NULL, 'd'},     {"movetime", required_argument, NULL, O_MOVETIME},
        {"jobs", required_argument, NULL, O_JOBS},   {"engine", required_argument, NULL, O_ENGINE},
        {"scale", required_argument, NULL, O_SCALE}, {"no-pages", no_argument, NULL, O_NO_PAGES},
        {"keep", no_argument, NULL, O_KEEP},
        {"marks", no_argument, NULL, O_MARKS},       {"suite", required_argument, NULL, O_SUITE},
        {"before", required_argument, NULL, O_BEFORE}, {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},            {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    analysis_filter filter = {0};
    static int64_t ids[MAX_IDS];
    analysis_options o = {.limit = {ANALYSIS_LIMIT_NODES, ANALYSIS_DEFAULT_NODES}, .scale = ANALYSIS_SCALE,
                          .stop_fd = -1};
    int limits = 0, pages = 1, quiet = 0, marks = 0, keep = 0, before = ANALYSIS_SUITE_BEFORE, c, v;
    int before_given = 0; /* --before without --suite: refused, not ignored */
    int analysing = 0; /* the first option only an analysis reads (--suite refuses it) */
    const char *suite = NULL;
    char engine[2048], err[1024];
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:d:qhV", opts, NULL)) != -1) {
        const char *bad = NULL;
        int64_t id;
        switch (c) {
        case 'b': filter.bot = optarg; break;
        case O_LOST: filter.lost = 1; break;
        case O_FAULTS: filter.faults = 1; break;
        case O_GAME:
            if (filter.id_count >= MAX_IDS || util_parse_i64(optarg, 0, INT64_MAX, &id) != 0)
                bad = "a game id (at most 4096 of them)";
            else
                ids[filter.id_count++] = id, filter.ids = ids;
            break;
        case O_NODES:
        case 'd':
        case O_MOVETIME:
            limits++;
            o.limit.kind = c == 'd' ? ANALYSIS_LIMIT_DEPTH : c == O_NODES ? ANALYSIS_LIMIT_NODES
                                                                          : ANALYSIS_LIMIT_MOVETIME;
            if (util_parse_int(optarg, 1, c == 'd' ? MAX_DEPTH : c == O_NODES ? MAX_NODES : MAX_MOVETIME_MS,
                               &v) != 0)
                bad = c == 'd' ? "a depth from 1 to 64" : c == O_NODES ? "a number of nodes from 1 to 2000000000"
                                                                        : "a time from 1 to 3600000 ms";
            o.limit.value = v;
            break;
        case O_JOBS:
            if (util_parse_int(optarg, 1, MAX_JOBS, &o.jobs) != 0)
                bad = "a number of jobs from 1 to 256";
            break;
        case O_ENGINE: o.engine = optarg; break;
        case O_SCALE: {
            char *end;
            errno = 0;
            o.scale = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(o.scale > 0 && o.scale < 1e6))
                bad = "a positive number of points (below 1000000)";
            break;
        }
        case O_NO_PAGES: pages = 0; break;
        case O_KEEP: keep = 1; break;
        case O_MARKS: marks = 1; break;
        case O_SUITE: suite = optarg; break;
        case O_BEFORE:
            if (util_parse_int(optarg, 1, REPLAY_PLIES_MAX, &before) != 0)
                bad = "a number of plies from 1";
            before_given = 1;
            break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); return EXIT_DONE;
        case 'V': printf("loa-analyse %s\n", LOA_ANALYSIS_VERSION); return EXIT_DONE;
        case ':':
            fprintf(stderr, "loa-analyse: option '%s' needs an argument (see --help)\n", argv[optind - 1]);
            return EXIT_USAGE;
        default:
            fprintf(stderr, "loa-analyse: unknown option '%s' (see --help)\n", argv[optind - 1]);
            return EXIT_USAGE;
        }
        if (bad) {
            fprintf(stderr, "loa-analyse: '%s' is not %s\n", optarg, bad);
            return EXIT_USAGE;
        }
        if (!analysing && (c == O_NODES || c == 'd' || c == O_MOVETIME || c == O_JOBS ||
                           c == O_ENGINE || c == O_SCALE || c == O_NO_PAGES || c == O_KEEP ||
                           c == O_MARKS))
            analysing = c;
    }
    if (optind == argc) {
        fputs("loa-analyse: give a game or a league directory (see --help)\n", stderr);
        return EXIT_USAGE;
    }
    if (limits > 1) {
        fputs("loa-analyse: --nodes, --depth and --movetime exclude each other\n", stderr);
        return EXIT_USAGE;
    }
    if (suite && analysing) {
        int i = 0;
        while (opts[i].val != analysing)
            i++;
        fprintf(stderr, "loa-analyse: --suite analyses nothing: --%s does not go with it (see "
                "--help)\n", opts[i].name);
        return EXIT_USAGE;
    }
    if (before_given && !suite) {
        fputs("loa-analyse: --before goes with --suite (where a suite cuts a lost game; see "
              "--help)\n", stderr);
        return EXIT_USAGE;
    }
    if (suite && !filter.bot) {
        fputs("loa-analyse: --suite needs --bot NAME (whose losses make the suite)\n", stderr);
        return EXIT_USAGE;
    }
    if (filter.bot && analysis_bot_missing(filter.bot, argv + optind, argc - optind, err, sizeof err)) {
        fprintf(stderr, "loa-analyse: %s\n", err);
        return EXIT_USAGE;
    }
    signal(SIGPIPE, SIG_IGN); /* an engine that left is an error, not a signal */
    run r = {0};
    r.pages = pages;
    r.quiet = quiet;
    r.marks = marks;
    r.keep = keep;
    r.opt = &o;
    int rc = 0;
    if (suite) {
        r.suite_bot = filter.bot;
        r.before = before;
        filter.lost = 1;
        r.suite = fopen(suite, "w");
        if (!r.suite) {
            fprintf(stderr, "loa-analyse: cannot write %s: %s\n", suite, strerror(errno));
            return EXIT_FAILED;
        }
        fprintf(r.suite, "# loa-analyse --suite: the positions before each loss of %s (one opening a line,\n"
                         "# the moves from the start; loa-arena --openings plays each with both colours)\n",
                filter.bot);
        for (int i = optind; i < argc && !rc; i++) {
            rc = analysis_foreach_game(argv[i], &filter, suite_one, &r, err, sizeof err);
            if (rc && rc != ANALYSIS_E_NOMEM && rc != ANALYSIS_E_IO)
                fprintf(stderr, "loa-analyse: %s\n", err);
        }
        if (fclose(r.suite) != 0 && !rc)
            rc = ANALYSIS_E_IO;
        for (int i = 0; i < r.nseen; i++)
            free(r.seen[i]);
        free(r.seen);
        printf("loa-analyse: %s: %d openings (%d losses skipped)\n", suite, r.lines, r.skipped);
        if (!r.lines && !rc)
            fprintf(stderr, "loa-analyse: no game lost by %s was found\n", filter.bot);
        return rc ? EXIT_FAILED : r.lines ? EXIT_DONE : EXIT_FAILED;
    }
    if (!o.engine) {
        default_engine(engine, sizeof engine);
        o.engine = engine;
    }
    if (!o.jobs)
        o.jobs = util_cpu_count(MAX_JOBS);
    o.stop_fd = stop_on_interrupts();
    if ((rc = analysis_pool_start(&o, &r.pool, err, sizeof err)) != 0) {
        fprintf(stderr, "loa-analyse: %s\n", err);
        return EXIT_FAILED;
    }
    for (int i = optind; i < argc && !rc; i++) {
        int had = r.games;
        rc = analysis_foreach_game(argv[i], &filter, analyse_one, &r, err, sizeof err);
        if (rc == ANALYSIS_E_GAME || rc == ANALYSIS_E_INVAL)
            fprintf(stderr, "loa-analyse: %s\n", err);
        /* a league's index links the new pages, and each lost game's worst
         * moment */
        struct stat sb;
        if (pages && r.games > had && stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode) &&
            replay_write_index(argv[i], err, sizeof err) != 0)
            fprintf(stderr, "loa-analyse: warning: %s\n", err);
    }
    long long positions, wall_us;
    analysis_pool_stats(r.pool, &positions, &wall_us);
    analysis_pool_stop(r.pool);
    double s = wall_us / 1e6;
    char kept[48] = "";
    if (keep)
        snprintf(kept, sizeof kept, " (%d kept)", r.kept);
    printf("loa-analyse: %d game%s%s, %lld positions in %.1f s (%.1f positions/s; %s %lld, %d job%s)\n",
           r.games, r.games == 1 ? "" : "s", kept, positions, s, s > 0 ? positions / s : 0.0,
           analysis_limit_name(o.limit.kind), o.limit.value, o.jobs, o.jobs == 1 ? "" : "s");
    if (r.nbots)
        printf("  %5s %5s %6s %12s %8s %8s %11s  %s\n", "games", "lost", "judged", "inaccuracies",
               "mistakes", "blunders", "missed wins", "bot");
    for (int i = 0; i < r.nbots; i++) {
        const bot_total *b = &r.bots[i];
        printf("  %5d %5d %6d %12d %8d %8d %11d  %s\n", b->games, b->lost, b->judged,
               b->marks[REPLAY_MARK_INACCURACY], b->marks[REPLAY_MARK_MISTAKE],
               b->marks[REPLAY_MARK_BLUNDER], b->marks[REPLAY_MARK_MISSED_WIN], b->name);
    }
    free(r.bots);
    fflush(stdout);
    if (!rc && !r.games)
        fputs("loa-analyse: no game matched\n", stderr);
    if (rc == ANALYSIS_E_STOPPED) {
        fprintf(stderr, "loa-analyse: interrupted: the engines stopped; the analyses written so far "
                "kept (%d game%s)\n", r.games, r.games == 1 ? "" : "s");
        return EXIT_INTERRUPTED;
    }
    return rc ? EXIT_FAILED : EXIT_DONE;
}
