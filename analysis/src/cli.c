/*
 * cli.c - loa-analyse's command line (cli.h): usage, getopt_long over the
 * options (take_option), then the combinations refused (check_combinations:
 * no input, two budgets, an analysis's options with --suite, --before
 * without it, --suite without --bot, a --bot none of the inputs has), each
 * with a one-line error naming the option at fault.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/parse.h"

/* Largest --depth, --movetime, --nodes: bounds that only refuse typos. */
#define MAX_DEPTH 64
#define MAX_MOVETIME_MS 3600000
#define MAX_NODES 2000000000

enum {
    O_LOST = 256,
    O_FAULTS,
    O_GAME,
    O_NODES,
    O_MOVETIME,
    O_JOBS,
    O_ENGINE,
    O_SCALE,
    O_NO_PAGES,
    O_KEEP,
    O_MARKS,
    O_SUITE,
    O_BEFORE
};

static const struct option opts[] = {{"bot", required_argument, NULL, 'b'},
                                     {"lost", no_argument, NULL, O_LOST},
                                     {"faults", no_argument, NULL, O_FAULTS},
                                     {"game", required_argument, NULL, O_GAME},
                                     {"nodes", required_argument, NULL, O_NODES},
                                     {"depth", required_argument, NULL, 'd'},
                                     {"movetime", required_argument, NULL, O_MOVETIME},
                                     {"jobs", required_argument, NULL, O_JOBS},
                                     {"engine", required_argument, NULL, O_ENGINE},
                                     {"scale", required_argument, NULL, O_SCALE},
                                     {"no-pages", no_argument, NULL, O_NO_PAGES},
                                     {"keep", no_argument, NULL, O_KEEP},
                                     {"marks", no_argument, NULL, O_MARKS},
                                     {"suite", required_argument, NULL, O_SUITE},
                                     {"before", required_argument, NULL, O_BEFORE},
                                     {"quiet", no_argument, NULL, 'q'},
                                     {"help", no_argument, NULL, 'h'},
                                     {"version", no_argument, NULL, 'V'},
                                     {NULL, 0, NULL, 0}};

/* --help: every option and the exit statuses (docs/analysis.md says more). */
static void usage(FILE *out)
{
    fprintf(out,
            "Usage: loa-analyse [options] GAME|DIR...\n"
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

/* What the option loop remembers beyond *cli, for check_combinations(). */
typedef struct parse_state {
    int limits;       /* how many of --nodes, --depth, --movetime */
    int before_given; /* --before without --suite: refused, not ignored */
    int analysing;    /* the first option only an analysis reads (--suite refuses it) */
} parse_state;

/* --nodes, --depth or --movetime (option c) with argument arg into *limit.
 * Returns NULL, or what arg should have been. */
static const char *parse_budget(int c, const char *arg, analysis_limit *limit)
{
    int v = 0;
    const char *bad = NULL;
    limit->kind = c == 'd'       ? ANALYSIS_LIMIT_DEPTH
                  : c == O_NODES ? ANALYSIS_LIMIT_NODES
                                 : ANALYSIS_LIMIT_MOVETIME;
    if (util_parse_int(arg, 1,
                       c == 'd'       ? MAX_DEPTH
                       : c == O_NODES ? MAX_NODES
                                      : MAX_MOVETIME_MS,
                       &v) != 0)
        bad = c == 'd'       ? "a depth from 1 to 64"
              : c == O_NODES ? "a number of nodes from 1 to 2000000000"
                             : "a time from 1 to 3600000 ms";
    limit->value = v;
    return bad;
}

/* --scale's argument into *scale. Returns NULL, or what arg should have been. */
static const char *parse_scale(const char *arg, double *scale)
{
    char *end;
    errno = 0;
    *scale = strtod(arg, &end);
    if (errno || end == arg || *end || !(*scale > 0 && *scale < 1e6))
        return "a positive number of points (below 1000000)";
    return NULL;
}

/* Option c of getopt_long (its optarg) into *cli and *st. Returns 1 to go
 * on, or 0 with *status (--help, --version, a bad option or argument). */
static int take_option(int c, char **argv, analysis_cli *cli, parse_state *st, int *status)
{
    const char *bad = NULL;
    int64_t id;
    switch (c) {
    case 'b': cli->filter.bot = optarg; break;
    case O_LOST: cli->filter.lost = 1; break;
    case O_FAULTS: cli->filter.faults = 1; break;
    case O_GAME:
        if (cli->filter.id_count >= ANALYSIS_CLI_MAX_IDS ||
            util_parse_i64(optarg, 0, INT64_MAX, &id) != 0)
            bad = "a game id (at most 4096 of them)";
        else
            cli->ids[cli->filter.id_count++] = id, cli->filter.ids = cli->ids;
        break;
    case O_NODES:
    case 'd':
    case O_MOVETIME:
        st->limits++;
        bad = parse_budget(c, optarg, &cli->opt.limit);
        break;
    case O_JOBS:
        if (util_parse_int(optarg, 1, ANALYSIS_CLI_MAX_JOBS, &cli->opt.jobs) != 0)
            bad = "a number of jobs from 1 to 256";
        break;
    case O_ENGINE: cli->opt.engine = optarg; break;
    case O_SCALE: bad = parse_scale(optarg, &cli->opt.scale); break;
    case O_NO_PAGES: cli->pages = 0; break;
    case O_KEEP: cli->keep = 1; break;
    case O_MARKS: cli->marks = 1; break;
    case O_SUITE: cli->suite = optarg; break;
    case O_BEFORE:
        if (util_parse_int(optarg, 1, REPLAY_PLIES_MAX, &cli->before) != 0)
            bad = "a number of plies from 1";
        st->before_given = 1;
        break;
    case 'q': cli->quiet = 1; break;
    case 'h': usage(stdout); return *status = EXIT_DONE, 0;
    case 'V': printf("loa-analyse %s\n", LOA_ANALYSIS_VERSION); return *status = EXIT_DONE, 0;
    case ':':
        fprintf(stderr, "loa-analyse: option '%s' needs an argument (see --help)\n",
                argv[optind - 1]);
        return *status = EXIT_USAGE, 0;
    default:
        fprintf(stderr, "loa-analyse: unknown option '%s' (see --help)\n", argv[optind - 1]);
        return *status = EXIT_USAGE, 0;
    }
    if (bad) {
        fprintf(stderr, "loa-analyse: '%s' is not %s\n", optarg, bad);
        return *status = EXIT_USAGE, 0;
    }
    if (!st->analysing &&
        (c == O_NODES || c == 'd' || c == O_MOVETIME || c == O_JOBS || c == O_ENGINE ||
         c == O_SCALE || c == O_NO_PAGES || c == O_KEEP || c == O_MARKS))
        st->analysing = c;
    return 1;
}

/* The options together, after the loop (argv[optind..]: the inputs).
 * Returns 1, or 0 with *status after the message, in this order: no input,
 * two budgets, an analysis's option with --suite, --before without it,
 * --suite without --bot, a --bot none of the inputs has. */
static int check_combinations(int argc, char **argv, const analysis_cli *cli, const parse_state *st,
                              int *status)
{
    char err[1024];
    *status = EXIT_USAGE;
    if (optind == argc) {
        fputs("loa-analyse: give a game or a league directory (see --help)\n", stderr);
        return 0;
    }
    if (st->limits > 1) {
        fputs("loa-analyse: --nodes, --depth and --movetime exclude each other\n", stderr);
        return 0;
    }
    if (cli->suite && st->analysing) {
        int i = 0;
        while (opts[i].val != st->analysing)
            i++;
        fprintf(stderr,
                "loa-analyse: --suite analyses nothing: --%s does not go with it (see "
                "--help)\n",
                opts[i].name);
        return 0;
    }
    if (st->before_given && !cli->suite) {
        fputs("loa-analyse: --before goes with --suite (where a suite cuts a lost game; see "
              "--help)\n",
              stderr);
        return 0;
    }
    if (cli->suite && !cli->filter.bot) {
        fputs("loa-analyse: --suite needs --bot NAME (whose losses make the suite)\n", stderr);
        return 0;
    }
    if (cli->filter.bot &&
        analysis_bot_missing(cli->filter.bot, argv + optind, argc - optind, err, sizeof err)) {
        fprintf(stderr, "loa-analyse: %s\n", err);
        return 0;
    }
    return 1;
}

int analysis_cli_parse(int argc, char **argv, analysis_cli *cli, int *status)
{
    memset(cli, 0, sizeof *cli);
    cli->opt = (analysis_options){.limit = {ANALYSIS_LIMIT_NODES, ANALYSIS_DEFAULT_NODES},
                                  .scale = ANALYSIS_SCALE,
                                  .stop_fd = -1};
    cli->pages = 1;
    cli->before = ANALYSIS_SUITE_BEFORE;
    parse_state st = {0};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:d:qhV", opts, NULL)) != -1)
        if (!take_option(c, argv, cli, &st, status))
            return 0;
    if (!check_combinations(argc, argv, cli, &st, status))
        return 0;
    cli->first = optind;
    return 1;
}
