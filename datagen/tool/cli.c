/*
 * cli.c - loa-datagen's command line (cli.h): usage, getopt_long over the
 * options (take_option), then the combinations refused (check), each with
 * a one-line error naming the option at fault.
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref/referee.h"
#include "util/parse.h"

/* Largest --depth, --movetime, --nodes: bounds that only refuse typos
 * (loa-analyse's). */
#define MAX_DEPTH 64
#define MAX_MOVETIME_MS 3600000
#define MAX_NODES 2000000000
/* Most shards (the arena's bound). */
#define MAX_SHARDS 1000000

enum {
    O_NODES = 256,
    O_MOVETIME,
    O_RANDOM_PLIES,
    O_OPENINGS,
    O_GAMES,
    O_POSITIONS,
    O_SKIP_PLIES,
    O_NO_TACTICAL,
    O_QUIET_POSITIONS,
    O_SHARD,
    O_MERGE,
    O_INFO,
    O_PROTOCOL,
    O_WIN_SCORE
};

static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
                                     {"bot", required_argument, NULL, 'b'},
                                     {"protocol", required_argument, NULL, O_PROTOCOL},
                                     {"win-score", required_argument, NULL, O_WIN_SCORE},
                                     {"nodes", required_argument, NULL, O_NODES},
                                     {"depth", required_argument, NULL, 'd'},
                                     {"movetime", required_argument, NULL, O_MOVETIME},
                                     {"seed", required_argument, NULL, 's'},
                                     {"random-plies", required_argument, NULL, O_RANDOM_PLIES},
                                     {"openings", required_argument, NULL, O_OPENINGS},
                                     {"games", required_argument, NULL, O_GAMES},
                                     {"positions", required_argument, NULL, O_POSITIONS},
                                     {"concurrency", required_argument, NULL, 'c'},
                                     {"skip-plies", required_argument, NULL, O_SKIP_PLIES},
                                     {"no-tactical", no_argument, NULL, O_NO_TACTICAL},
                                     {"quiet-positions", no_argument, NULL, O_QUIET_POSITIONS},
                                     {"shard", required_argument, NULL, O_SHARD},
                                     {"merge", no_argument, NULL, O_MERGE},
                                     {"info", no_argument, NULL, O_INFO},
                                     {"quiet", no_argument, NULL, 'q'},
                                     {"help", no_argument, NULL, 'h'},
                                     {"version", no_argument, NULL, 'V'},
                                     {NULL, 0, NULL, 0}};

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: loa-datagen -o FILE [options]            generate (or resume) FILE\n"
            "       loa-datagen --merge -o OUT FILE...       merge files, duplicates dropped\n"
            "       loa-datagen --info FILE...               a file's settings and figures\n"
            "Plays self-play games with a bot and writes every position it searched, with\n"
            "its score, its move and the game's result, to FILE (docs/datagen.md: the\n"
            "format). Runs again with the same options continue FILE after its last game.\n"
            "\n"
            "  -o, --output FILE      the file written\n"
            "  -b, --bot CMD          the bot: a command speaking the analysis protocol\n"
            "                         (default: loa-ab --analyse --hash 1, beside loa-datagen)\n"
            "      --protocol P       analysis (the default) or codingame: the bot plays\n"
            "                         CodinGame's protocol through the referee at its own\n"
            "                         budget and prints '[PDATA][turn] score = S' (and\n"
            "                         depth = D) on stderr each turn (docs/metrics.md)\n"
            "      --win-score W      codingame: a score S with |S| > W - 1000 is a proven\n"
            "                         win or loss W - |S| plies away (loa-ab: 30000)\n"
            "      --nodes N          its budget a position (default %d)\n"
            "  -d, --depth N          search N plies a position instead\n"
            "      --movetime MS      search MS milliseconds a position instead (the file\n"
            "                         then depends on the machine's speed)\n"
            "  -s, --seed N           the random openings' seed, 0..2^53-1 (default 1)\n"
            "      --random-plies K   game g starts after K random plies drawn from the seed\n"
            "                         and g (default %d)\n"
            "      --openings FILE    game g starts from line g of an openings file instead\n"
            "                         (loa-arena's format; one game an opening)\n"
            "      --games N          play games 0..N-1 (a shard: its part of them)\n"
            "      --positions N      stop after the game that brings FILE to N positions\n"
            "  -c, --concurrency N    games at once, one bot process each (default: the CPUs)\n"
            "      --skip-plies N     drop positions before ply N\n"
            "      --no-tactical      drop positions whose side to move can connect at once\n"
            "      --quiet-positions  keep only quiet positions: neither side can connect at\n"
            "                         once, the move played captures nothing, the score is\n"
            "                         not a proven win or loss\n"
            "      --shard K/N        play only the games g with g %% N == K (0 <= K < N)\n"
            "      --merge            merge the FILEs into -o OUT in game order, each position\n"
            "                         once (the shards of a run give the unsharded file)\n"
            "      --info             print each FILE's settings, counts and results\n"
            "  -q, --quiet            no progress line\n"
            "  -h, --help             this help\n"
            "  -V, --version          the version\n"
            "\n"
            "Exit status: 0 done, 1 failed (one line on stderr names the file, the bot or\n"
            "the opening), 2 bad command line, 130 interrupted (FILE holds whole games:\n"
            "the same command resumes it).\n",
            DATAGEN_DEFAULT_NODES, DATAGEN_DEFAULT_RANDOM_PLIES);
}

static int parse_shard(const char *text, int *k, int *n)
{
    const char *slash = strchr(text, '/');
    char a[32];
    if (!slash || (size_t)(slash - text) >= sizeof a)
        return -1;
    memcpy(a, text, (size_t)(slash - text));
    a[slash - text] = '\0';
    return util_parse_int(a, 0, MAX_SHARDS - 1, k) || util_parse_int(slash + 1, 1, MAX_SHARDS, n) ||
                   *k >= *n
               ? -1
               : 0;
}

/* A budget option into cli->set.limit; NULL or what arg should be. */
static const char *take_budget(int c, const char *arg, datagen_cli *cli)
{
    int v;
    analysis_limit *l = &cli->set.limit;
    l->kind = c == 'd'       ? ANALYSIS_LIMIT_DEPTH
              : c == O_NODES ? ANALYSIS_LIMIT_NODES
                             : ANALYSIS_LIMIT_MOVETIME;
    int hi = c == 'd' ? MAX_DEPTH : c == O_NODES ? MAX_NODES : MAX_MOVETIME_MS;
    if (util_parse_int(arg, 1, hi, &v))
        return c == 'd'       ? "a depth from 1 to 64"
               : c == O_NODES ? "a number of nodes from 1 to 2000000000"
                              : "a time from 1 to 3600000 ms";
    l->value = v;
    return NULL;
}

/* One option c with argument arg. Returns NULL, or what arg should be. */
static const char *take_option(int c, const char *arg, datagen_cli *cli)
{
    int64_t v;
    datagen_settings *s = &cli->set;
    switch (c) {
    case 'o': cli->out = arg; return NULL;
    case 'b': s->bot = arg; return *arg ? NULL : "a command";
    case O_PROTOCOL:
        if (strcmp(arg, "analysis") == 0 || strcmp(arg, "codingame") == 0) {
            s->protocol = arg[0] == 'c' ? DATAGEN_PROTOCOL_CODINGAME : DATAGEN_PROTOCOL_ANALYSIS;
            return NULL;
        }
        return "analysis or codingame";
    case O_WIN_SCORE:
        return util_parse_int(arg, DATAGEN_WIN_SCORE_RANGE + 1, DATAGEN_WIN_SCORE_MAX,
                              &s->win_score)
                   ? "a score from 1001 to 1000000000"
                   : NULL;
    case O_NODES:
    case 'd':
    case O_MOVETIME: return take_budget(c, arg, cli);
    case 's':
        return util_parse_i64(arg, 0, DATAGEN_CLI_MAX_SEED, &s->seed) ? "an integer 0..2^53-1"
                                                                      : NULL;
    case O_RANDOM_PLIES:
        return util_parse_int(arg, 1, REF_OPENING_MAX, &s->random_plies)
                   ? "a number of plies from 1 to 100"
                   : NULL;
    case O_OPENINGS: s->openings = arg; return NULL;
    case O_GAMES:
        return util_parse_i64(arg, 1, (int64_t)UINT32_MAX + 1, &cli->goal.games)
                   ? "a number of games from 1 to 2^32"
                   : NULL;
    case O_POSITIONS:
        return util_parse_i64(arg, 1, INT64_MAX, &cli->goal.positions) ? "a positive number" : NULL;
    case 'c':
        return util_parse_int(arg, 1, DATAGEN_CLI_MAX_WORKERS, &cli->goal.workers)
                   ? "a number from 1 to 256"
                   : NULL;
    case O_SKIP_PLIES:
        return util_parse_i64(arg, 0, LOA_MAX_PLIES, &v) ? "a ply from 0 to 150"
                                                         : (s->filter.skip_plies = (int)v, NULL);
    case O_NO_TACTICAL: s->filter.no_tactical = 1; return NULL;
    case O_QUIET_POSITIONS: s->filter.quiet = 1; return NULL;
    case O_SHARD:
        return parse_shard(arg, &s->shard_index, &s->shard_count) ? "K/N with 0 <= K < N" : NULL;
    case O_MERGE: cli->task = DATAGEN_TASK_MERGE; return NULL;
    case O_INFO: cli->task = DATAGEN_TASK_INFO; return NULL;
    case 'q': cli->quiet = 1; return NULL;
    default: return "";
    }
}

/* The option at fault as its long name ("--shard"), whichever form was
 * given (each option has its own value c); an unknown one as written. */
static void option_name(int c, const char *word, char *buf, size_t size)
{
    for (int i = 0; c != '?' && c != ':' && opts[i].name; i++)
        if (opts[i].val == c) {
            snprintf(buf, size, "--%s", opts[i].name);
            return;
        }
    snprintf(buf, size, "%s", word);
}

/* The combinations refused: a one-line message, or NULL. */
static const char *check(const datagen_cli *cli, int argc, int budgets)
{
    int files = argc - cli->first;
    if (budgets > 1)
        return "--nodes, --depth and --movetime: give one";
    if (cli->set.protocol != DATAGEN_PROTOCOL_CODINGAME && cli->set.win_score)
        return "--win-score: for --protocol codingame (the analysis protocol says win P)";
    if (cli->set.protocol == DATAGEN_PROTOCOL_CODINGAME && budgets)
        return "--protocol codingame: the bot's budget is its own command's (e.g. loa-ab "
               "--nodes 5000), not --nodes, --depth or --movetime";
    if (cli->task == DATAGEN_TASK_INFO)
        return files < 1 ? "--info: name a file" : NULL;
    if (!cli->out)
        return "no output file: give -o FILE";
    if (cli->task == DATAGEN_TASK_MERGE)
        return files < 1 ? "--merge: name the files to merge" : NULL;
    if (files > 0)
        return "a generation takes no file argument (-o FILE names its output)";
    if (cli->set.protocol == DATAGEN_PROTOCOL_CODINGAME && !cli->set.bot)
        return "--protocol codingame: give the bot, -b CMD";
    if (!cli->goal.games && !cli->goal.positions && !cli->set.openings)
        return "no end: give --games N or --positions N (or --openings FILE)";
    return NULL;
}

int datagen_cli_parse(int argc, char **argv, datagen_cli *cli, int *status)
{
    memset(cli, 0, sizeof *cli);
    cli->set.limit = (analysis_limit){ANALYSIS_LIMIT_NODES, DATAGEN_DEFAULT_NODES};
    cli->set.seed = 1;
    cli->set.random_plies = DATAGEN_DEFAULT_RANDOM_PLIES;
    cli->set.shard_count = 1;
    int c, budgets = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:b:d:s:c:qhV", opts, NULL)) != -1) {
        if (c == 'h' || c == 'V') {
            if (c == 'h')
                usage(stdout);
            else
                printf("loa-datagen %s\n", LOA_DATAGEN_VERSION);
            *status = EXIT_DONE;
            return 0;
        }
        const char *bad = c == '?' || c == ':' ? "" : take_option(c, optarg, cli);
        budgets += c == 'd' || c == O_NODES || c == O_MOVETIME;
        if (bad) {
            char name[64];
            option_name(c, argv[optind - 1], name, sizeof name);
            const char *opt = name;
            if (c == '?' || c == ':' || !*bad)
                fprintf(stderr, "loa-datagen: %s: %s (see --help)\n", opt,
                        c == ':' ? "needs a value" : "unknown option");
            else
                fprintf(stderr, "loa-datagen: %s '%s': expected %s\n", opt, optarg, bad);
            *status = EXIT_USAGE;
            return 0;
        }
    }
    cli->first = optind;
    const char *why = check(cli, argc, budgets);
    if (why) {
        fprintf(stderr, "loa-datagen: %s (see --help)\n", why);
        *status = EXIT_USAGE;
        return 0;
    }
    return 1;
}
