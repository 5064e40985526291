/* arena_cli.c - option parsing for loa-arena (arena_cli.h). */
#include "arena_cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena_cli_words.h"
#include "arena_error.h"
#include "arena_league_file.h"
#include "arena_openings.h"
#include "util/parse.h"
#include "util/text.h"

enum {
    OPT_TURN_MS = 1000,
    OPT_FIRST_TURN_MS,
    OPT_MAX_PLIES,
    OPT_GAUNTLET_BOT,
    OPT_ANCHOR,
    OPT_FORCE_NEW,
    OPT_STANDINGS,
    OPT_KEEP_GOING,
    OPT_HTML,
    OPT_OPENINGS,
    OPT_OPENINGS_ORDER,
    OPT_RANDOM_PLIES,
    OPT_SPRT,
    OPT_SHARD,
    OPT_ADD_BOT,
    OPT_SANDBOX,
    OPT_SANDBOX_RW,
    OPT_EXTEND,
    OPT_EXCLUDE,
    OPT_MERGE,
    OPT_RATING_INTERVAL,
    OPT_TIME_MODE,
    OPT_WALL_CAP,
    OPT_TIME_MARGIN,
    OPT_CPU_METHOD,
    OPT_PAGES,
    OPT_AFFINITY,
    OPT_ANALYSE
};

static const struct option options[] = {
    {"bot", required_argument, NULL, 'b'},
    {"games", required_argument, NULL, 'g'},
    {"concurrency", required_argument, NULL, 'c'},
    {"seed", required_argument, NULL, 's'},
    {"out", required_argument, NULL, 'o'},
    {"format", required_argument, NULL, 'f'},
    {"turn-ms", required_argument, NULL, OPT_TURN_MS},
    {"first-turn-ms", required_argument, NULL, OPT_FIRST_TURN_MS},
    {"max-plies", required_argument, NULL, OPT_MAX_PLIES},
    {"time-mode", required_argument, NULL, OPT_TIME_MODE},
    {"wall-cap", required_argument, NULL, OPT_WALL_CAP},
    {"time-margin", required_argument, NULL, OPT_TIME_MARGIN},
    {"cpu-method", required_argument, NULL, OPT_CPU_METHOD},
    {"pages", required_argument, NULL, OPT_PAGES},
    {"analyse", required_argument, NULL, OPT_ANALYSE},
    {"affinity", no_argument, NULL, OPT_AFFINITY},
    {"gauntlet-bot", required_argument, NULL, OPT_GAUNTLET_BOT},
    {"anchor", required_argument, NULL, OPT_ANCHOR},
    {"force-new", no_argument, NULL, OPT_FORCE_NEW},
    {"keep-going", no_argument, NULL, OPT_KEEP_GOING},
    {"openings", required_argument, NULL, OPT_OPENINGS},
    {"openings-order", required_argument, NULL, OPT_OPENINGS_ORDER},
    {"random-plies", required_argument, NULL, OPT_RANDOM_PLIES},
    {"sprt", required_argument, NULL, OPT_SPRT},
    {"rating-interval", required_argument, NULL, OPT_RATING_INTERVAL},
    {"shard", required_argument, NULL, OPT_SHARD},
    {"add-bot", required_argument, NULL, OPT_ADD_BOT},
    {"sandbox", no_argument, NULL, OPT_SANDBOX},
    {"sandbox-rw", no_argument, NULL, OPT_SANDBOX_RW},
    {"extend", no_argument, NULL, OPT_EXTEND},
    {"exclude", required_argument, NULL, OPT_EXCLUDE},
    {"merge", required_argument, NULL, OPT_MERGE},
    {"standings", required_argument, NULL, OPT_STANDINGS},
    {"html", required_argument, NULL, OPT_HTML},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0}};

void arena_cli_usage(FILE *out)
{
    fputs(
        "Usage: loa-arena [OPTIONS] [LEAGUE.json]\n"
        "       loa-arena --standings DIR [--anchor NAME] [--exclude NAME]\n"
        "       loa-arena --add-bot NAME=COMMAND --out DIR\n"
        "       loa-arena --out DIR [--games N]   (resume or extend DIR's league)\n"
        "       loa-arena --html DIR\n"
        "       loa-arena --merge OUT DIR...\n"
        "Runs a league of Lines of Action bots (CodinGame protocol and limits) in parallel,\n"
        "keeps every result in DIR (resumable), and prints standings with Elo ratings.\n"
        "\n"
        "League (flags override the league file):\n"
        "  -b, --bot NAME=COMMAND   add a bot (repeat); COMMAND runs with /bin/sh -c;\n"
        "                           {bin} = loa-arena's directory, {dir} = the league file's\n"
        "  -f, --format FORMAT      round-robin (default) or gauntlet\n"
        "      --gauntlet-bot NAME  the bot meeting all others (implies gauntlet;\n"
        "                           default: the first bot)\n"
        "  -g, --games N            games per pairing, even (colour-swapped pairs; default 2;\n"
        "                           with --sprt the most to play, default 100000)\n"
        "  -s, --seed S             master seed; game seeds derive from it (default 1)\n"
        "      --turn-ms MS         limit per turn (default 150)\n"
        "      --first-turn-ms MS   limit on a bot's first turn (default 1000)\n"
        "      --max-plies N        draw after N plies (default 150)\n"
        "      --time-mode MODE     wall (default, CodinGame's: wall-clock time) or cpu\n"
        "                           (the CPU time a bot used, its children counted):\n"
        "                           fair on a busy machine (docs/referee.md)\n"
        "      --wall-cap MS        cpu mode: wall-clock time a turn may take whatever its\n"
        "                           CPU time (default 4 times the turn's limit)\n"
        "      --time-margin MS     accept answers late by at most MS, counted as late\n"
        "      --cpu-method M       cpu mode: auto (default), cgroup or proc\n"
        "      --affinity           pin each game (its referee thread and both bots) to\n"
        "                           one CPU: faster with fast bots, no migrations; a bot\n"
        "                           thinking on its opponent's time slows it (docs/arena.md)\n"
        "      --pages WHICH        replay pages written as games end: faults (default:\n"
        "                           games lost by a bot's fault), all or none; --html DIR\n"
        "                           writes the rest later (docs/replay.md)\n"
        "      --analyse WHICH      after the league, loa-analyse its lost games (every\n"
        "                           decisive one), faults or all: each move judged, the\n"
        "                           worst moments linked from the index (docs/analysis.md)\n"
        "      --openings FILE      start each colour-swapped pair from an opening of FILE\n"
        "                           (one a line, moves separated by spaces; # comments)\n"
        "      --openings-order O   file (default: in file order) or random (shuffled\n"
        "                           from the seed); both wrap around\n"
        "      --random-plies N     or start each pair after N random legal plies drawn\n"
        "                           from the round's seed\n",
        out);
    /* in two: C99 compilers need only take 4095 characters in one string */
    fputs(
        "Version testing (two bots: the first, or the gauntlet bot, is tested):\n"
        "      --sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]\n"
        "                           sequential test on colour-swapped game pairs (pentanomial,\n"
        "                           as fastchess and fishtest): stops when H0 (stronger by E0)\n"
        "                           or H1 (stronger by E1) is accepted\n"
        "      --rating-interval N  print the standings (and the SPRT line) every N games\n"
        "Running:\n"
        "      --add-bot NAME=CMD   with --out DIR: add a bot to DIR's league and play only\n"
        "                           its new pairings (no existing game is replayed)\n"
        "      --extend             the league file lists more bots than DIR's league:\n"
        "                           add them (as --add-bot)\n"
        "      --shard K/N          play only shard K of N (game pairs k with k % N == K;\n"
        "                           run each shard anywhere, then --merge their DIRs)\n"
        "  -c, --concurrency N      games at once (default: the CPUs it may use)\n"
        "  -o, --out DIR            output directory (default: LEAGUE-results, or\n"
        "                           arena-results/<hash of the league> without a file)\n"
        "      --force-new          DIR holds another league, or a bot changed since its\n"
        "                           games were played: archive DIR's league, start anew\n"
        "      --keep-going         a bot that cannot start loses its games (default:\n"
        "                           the league stops at its first game, exit 3)\n"
        "      --sandbox            run every bot under bubblewrap (no network, its own\n"
        "                           processes, the system read-only; docs/referee.md)\n"
        "      --sandbox-rw         the same, the bots' working directories writable\n"
        "  -q, --quiet              no progress display, no line per game\n"
        "Standings:\n"
        "      --anchor NAME        rate NAME at 0 Elo (default: mean 0)\n"
        "      --standings DIR      print the standings of DIR without playing\n"
        "      --exclude NAME       with --standings: leave NAME and its games out\n"
        "      --merge OUT DIR...   merge result directories of one league (shards, or\n"
        "                           copies) into OUT; games are checked, never duplicated;\n"
        "                           --pages says which new games get a page\n"
        "      --html DIR           rewrite DIR/index.html and every game's replay page\n"
        "                           DIR/games/<id>.html, playing nothing (docs/replay.md)\n"
        "  -h, --help               this text\n"
        "  -V, --version            version\n"
        "\n"
        "fastchess's and cutechess's words work too (-engine cmd=X name=Y, -rounds, -games,\n"
        "-concurrency, -openings file=F, -sprt ...; docs/arena.md).\n"
        "Re-running the same command resumes: finished games are kept. Ctrl-C once stops\n"
        "scheduling and lets running games end; twice stops them at once.\n"
        "Exit status: 0 done, 1 I/O failure while running, 2 bad input (or a bot changed),\n"
        "3 a bot failed to start, 130 interrupted.\n"
        "Details: docs/arena.md\n",
        out);
}

void arena_cli_clear(arena_cli *cli)
{
    arena_settings_clear(&cli->settings);
    free(cli->league_file);
    free(cli->standings_dir);
    free(cli->html_dir);
    free(cli->merge_out);
    for (int i = 0; i < cli->merge_count; i++)
        free(cli->merge_dirs[i]);
    free(cli->merge_dirs);
    for (int i = 0; i < cli->add_bot_count; i++)
        free(cli->add_bots[i]);
    free(cli->add_bots);
    for (int i = 0; i < cli->exclude_count; i++)
        free(cli->exclude[i]);
    free(cli->exclude);
    memset(cli, 0, sizeof *cli);
}

/* The short options of loa-arena; ':' after those that take a value. */
#define SHORT_OPTIONS "b:g:c:s:o:f:qhV"

/* Whether argument a ("--out", "-o") takes the next argument as its value
 * (for arena_words_translate: a value is never read as a word). */
static int takes_value(const char *a)
{
    if (a[0] == '-' && a[1] == '-') {
        for (const struct option *o = options; o->name; o++)
            if (strcmp(a + 2, o->name) == 0)
                return o->has_arg == required_argument;
        return 0;
    }
    const char *p = a[0] == '-' && a[1] ? strchr(SHORT_OPTIONS, a[1]) : NULL;
    return p && p[1] == ':';
}

/* Appends a copy of w to the list *v of *n words. 0 or ARENA_E_NOMEM. */
static int push_word(char ***v, int *n, const char *w)
{
    char **p = realloc(*v, sizeof *p * (size_t)(*n + 1));
    if (!p)
        return ARENA_E_NOMEM;
    *v = p;
    if (!(p[*n] = strdup(w)))
        return ARENA_E_NOMEM;
    (*n)++;
    return 0;
}

/* A flag's value, kept until the league file is read. */
typedef struct flag {
    int opt;
    const char *arg;
} flag;

static int int_arg(const char *name, const char *arg, int64_t min, int64_t max, int *out,
                   char *err, size_t errsz)
{
    int64_t v;
    if (util_parse_i64(arg, min, max, &v))
        return util_fail(ARENA_E_CONFIG, err, errsz, "--%s: '%s' is not an integer in %lld..%lld",
                         name, arg, (long long)min, (long long)max);
    *out = (int)v;
    return 0;
}

static int apply(arena_cli *cli, const flag *f, char *err, size_t errsz)
{
    arena_settings *s = &cli->settings;
    switch (f->opt) {
    case 'b':
        return arena_settings_add_bot_arg(s, f->arg, err, errsz);
    case 'g':
        s->games_given = 1;
        return int_arg("games", f->arg, 1, 1000000, &s->games, err, errsz);
    case OPT_SPRT: {
        char tmp[512];
        if (arena_sprt_spec_parse(f->arg, &s->sprt_params, tmp, sizeof tmp))
            return util_fail(ARENA_E_CONFIG, err, errsz, "--sprt: %s", tmp);
        s->sprt = 1;
        return 0;
    }
    case OPT_SHARD:
        if (arena_shard_parse(f->arg, &s->shard_index, &s->shard_count))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--shard: '%s' is not K/N with 0 <= K < N (e.g. 0/3, 1/3, 2/3)",
                             f->arg);
        return 0;
    case OPT_RATING_INTERVAL:
        return int_arg("rating-interval", f->arg, 0, ARENA_MAX_GAMES, &s->rating_interval, err,
                       errsz);
    case 'c':
        return int_arg("concurrency", f->arg, 1, 256, &s->concurrency, err, errsz);
    case 's':
        if (util_parse_i64(f->arg, INT64_MIN, INT64_MAX, &s->seed))
            return util_fail(ARENA_E_CONFIG, err, errsz, "--seed: '%s' is not a 64-bit integer",
                             f->arg);
        return 0;
    case 'o':
        if (!*f->arg)
            return util_fail(ARENA_E_CONFIG, err, errsz, "--out: empty directory name");
        free(s->out_dir);
        return (s->out_dir = util_path_tidy(f->arg)) ? 0 : ARENA_E_NOMEM;
    case 'f':
        if (arena_format_parse(f->arg, &s->format))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--format: '%s' is not round-robin or gauntlet", f->arg);
        return 0;
    case OPT_TURN_MS:
        return int_arg("turn-ms", f->arg, 1, 3600000, &s->turn_ms, err, errsz);
    case OPT_FIRST_TURN_MS:
        return int_arg("first-turn-ms", f->arg, 1, 3600000, &s->first_turn_ms, err, errsz);
    case OPT_MAX_PLIES:
        return int_arg("max-plies", f->arg, 1, 100000, &s->max_plies, err, errsz);
    case OPT_TIME_MODE:
        if (ref_time_mode_from_name(f->arg, &s->time_mode))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--time-mode: '%s' is not wall or cpu", f->arg);
        return 0;
    case OPT_CPU_METHOD:
        if (ref_cpu_method_from_name(f->arg, &s->cpu_method))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--cpu-method: '%s' is not auto, cgroup or proc", f->arg);
        return 0;
    case OPT_AFFINITY:
        s->affinity = 1;
        return 0;
    case OPT_PAGES:
        if (arena_pages_from_name(f->arg, &s->pages))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--pages: '%s' is not faults, all or none", f->arg);
        return 0;
    case OPT_WALL_CAP:
        return int_arg("wall-cap", f->arg, 1, 3600000, &s->wall_cap_ms, err, errsz);
    case OPT_TIME_MARGIN:
        return int_arg("time-margin", f->arg, 0, 3600000, &s->time_margin_ms, err, errsz);
    case OPT_GAUNTLET_BOT:
        s->format = ARENA_FORMAT_GAUNTLET;
        return arena_set_string(&s->gauntlet_bot, f->arg);
    case OPT_ANCHOR:
        cli->anchor_set = 1;
        return arena_set_string(&s->anchor, f->arg);
    case OPT_OPENINGS:
        if (!*f->arg)
            return util_fail(ARENA_E_CONFIG, err, errsz, "--openings: empty file name");
        return arena_absolute_path(NULL, f->arg, &s->openings_file, err, errsz);
    case OPT_OPENINGS_ORDER:
        if (arena_openings_order_parse(f->arg, &s->openings_random))
            return util_fail(ARENA_E_CONFIG, err, errsz,
                             "--openings-order: '%s' is not file or random", f->arg);
        return 0;
    case OPT_RANDOM_PLIES:
        return int_arg("random-plies", f->arg, 1, REF_OPENING_MAX, &s->random_plies, err,
                       errsz);
    default:
        return 0;
    }
}

static int parse_args(int argc, char **argv, arena_cli *cli, char *err, size_t errsz);

int arena_cli_parse(int argc, char **argv, arena_cli *cli, char *err, size_t errsz)
{
    arena_words w;
    int rc = arena_words_translate(argc, argv, takes_value, &w, err, errsz);
    if (rc) {
        memset(cli, 0, sizeof *cli);
        arena_settings_init(&cli->settings);
        return rc;
    }
    rc = parse_args(w.argc, w.argv, cli, err, errsz);
    arena_words_free(&w);
    return rc;
}

static int parse_args(int argc, char **argv, arena_cli *cli, char *err, size_t errsz)
{
    memset(cli, 0, sizeof *cli);
    arena_settings_init(&cli->settings);
    flag *flags = calloc((size_t)argc + 1, sizeof *flags);
    if (!flags)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int nflags = 0, rc = 0, opt;
    optind = 0; /* GNU: full re-initialisation, so tests may parse repeatedly */
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":" SHORT_OPTIONS, options, NULL)) != -1) {
        if (opt == '?') {
            if (optopt)
                rc = util_fail(ARENA_E_CONFIG, err, errsz, "unknown option '-%c' (see --help)",
                               optopt);
            else
                rc = util_fail(ARENA_E_CONFIG, err, errsz, "unknown option '%s' (see --help)",
                               argv[optind - 1]);
            break;
        }
        if (opt == ':') {
            rc = util_fail(ARENA_E_CONFIG, err, errsz, "option '%s' needs a value",
                           argv[optind - 1]);
            break;
        }
        switch (opt) {
        case 'q': cli->quiet = 1; break;
        case 'h': cli->help = 1; break;
        case 'V': cli->version = 1; break;
        case OPT_FORCE_NEW: cli->force_new = 1; break;
        case OPT_KEEP_GOING: cli->keep_going = 1; break;
        case OPT_EXTEND: cli->settings.extend = 1; break;
        case OPT_SANDBOX: cli->sandbox = REF_SANDBOX_READ_ONLY; break;
        case OPT_SANDBOX_RW: cli->sandbox = REF_SANDBOX_WRITABLE_CWD; break;
        case OPT_STANDINGS:
            if ((rc = arena_set_string(&cli->standings_dir, optarg)))
                break;
            break;
        case OPT_HTML: rc = arena_set_string(&cli->html_dir, optarg); break;
        case OPT_MERGE: rc = arena_set_string(&cli->merge_out, optarg); break;
        case OPT_ADD_BOT: rc = push_word(&cli->add_bots, &cli->add_bot_count, optarg); break;
        case OPT_EXCLUDE: rc = push_word(&cli->exclude, &cli->exclude_count, optarg); break;
        case OPT_ANALYSE:
            if (arena_analyse_from_name(optarg, &cli->analyse))
                rc = util_fail(ARENA_E_CONFIG, err, errsz, "--analyse: '%s' is not lost, faults or all",
                               optarg);
            break;
        default:
            flags[nflags].opt = opt;
            flags[nflags].arg = optarg;
            nflags++;
            break;
        }
        if (rc)
            break;
    }
    if (!rc && cli->merge_out) {
        /* --merge OUT DIR...: every positional argument is a directory */
        for (int i = 0; i < nflags && !rc; i++)
            rc = flags[i].opt == OPT_PAGES
                     ? apply(cli, &flags[i], err, errsz)
                     : util_fail(ARENA_E_CONFIG, err, errsz,
                                 "--merge OUT DIR... takes only result directories (and "
                                 "--pages, --quiet)");
        if (rc)
            ;
        else if (cli->standings_dir || cli->html_dir || cli->force_new || cli->analyse)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "--merge OUT DIR... takes only result directories (and --pages, "
                           "--quiet)");
        else if (optind >= argc)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "--merge %s: no result directory to merge (--merge OUT DIR...)",
                           cli->merge_out);
        else if (!(cli->merge_dirs = calloc((size_t)(argc - optind), sizeof *cli->merge_dirs)))
            rc = ARENA_E_NOMEM;
        for (int i = optind; !rc && i < argc; i++)
            if (!(cli->merge_dirs[cli->merge_count++] = strdup(argv[i])))
                rc = ARENA_E_NOMEM;
        if (rc == ARENA_E_NOMEM)
            util_fail(rc, err, errsz, "out of memory");
        free(flags);
        return rc;
    }
    if (!rc && optind < argc) {
        if (argc - optind > 1)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "more than one league file given ('%s' and '%s')", argv[optind],
                           argv[optind + 1]);
        else
            rc = arena_set_string(&cli->league_file, argv[optind]);
    }
    if (rc || cli->help || cli->version) {
        free(flags);
        return rc;
    }
    if (cli->analyse && (cli->html_dir || cli->standings_dir)) {
        free(flags);
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--analyse goes with a league to play (loa-analyse DIR analyses a played one)");
    }
    if (cli->html_dir) {
        if (cli->league_file || nflags || cli->standings_dir || cli->force_new)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "--html DIR takes nothing else (it reads DIR, plays nothing)");
        free(flags);
        return rc;
    }
    if (cli->standings_dir) {
        if (cli->league_file)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "--standings DIR takes no league file (it reads DIR/league.json)");
        if (cli->add_bot_count)
            rc = util_fail(ARENA_E_CONFIG, err, errsz, "--standings DIR takes no --add-bot");
        for (int i = 0; i < nflags && !rc; i++) {
            if (flags[i].opt != OPT_ANCHOR)
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "--standings DIR only combines with --anchor and --exclude");
            else
                rc = apply(cli, &flags[i], err, errsz);
        }
        free(flags);
        return rc;
    }
    if (cli->exclude_count) {
        free(flags);
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "--exclude NAME only changes printed standings: --standings DIR "
                         "--exclude NAME");
    }
    if (cli->add_bot_count) {
        /* The league comes from DIR (main reads it): only run flags here. */
        for (int i = 0; i < nflags && !rc; i++)
            if (flags[i].opt != 'o' && flags[i].opt != 'c')
                rc = util_fail(ARENA_E_CONFIG, err, errsz,
                               "--add-bot NAME=COMMAND --out DIR adds a bot to DIR's league and "
                               "takes only --out, --concurrency, --quiet, --keep-going");
        if (!rc && cli->league_file)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "--add-bot takes no league file: list the bot in the file and use "
                           "--extend");
        for (int i = 0; i < nflags && !rc; i++)
            rc = apply(cli, &flags[i], err, errsz);
        if (!rc && !cli->settings.out_dir)
            rc = util_fail(ARENA_E_CONFIG, err, errsz,
                           "--add-bot needs --out DIR, the league to add the bot to");
        free(flags);
        return rc;
    }
    if (!cli->league_file && !rc) {
        /* `--out DIR` without a league file or bots: DIR's own league, read
         * from DIR/league.json (resumed, or extended by --games N) */
        const char *out = NULL;
        int bots = 0;
        for (int i = 0; i < nflags; i++) {
            bots += flags[i].opt == 'b';
            if (flags[i].opt == 'o')
                out = flags[i].arg;
        }
        char *own = out && !bots ? util_path_join(out, "league.json") : NULL;
        if (own && access(own, F_OK) == 0) {
            cli->league_file = own;
            cli->out_league = 1;
        } else {
            free(own);
        }
    }
    if (cli->league_file) {
        rc = arena_settings_load_file(&cli->settings, cli->league_file, err, errsz);
        if (!rc && cli->settings.bot_count > 0) {
            for (int i = 0; i < nflags; i++)
                if (flags[i].opt == 'b') {
                    rc = util_fail(ARENA_E_CONFIG, err, errsz,
                                   "--bot cannot be combined with a league file: add the bot to "
                                   "its \"bots\"");
                    break;
                }
        }
    } else {
        rc = arena_set_string(&cli->settings.base_dir, ".");
    }
    for (int i = 0; i < nflags && !rc; i++)
        rc = apply(cli, &flags[i], err, errsz);
    /* An SPRT runs until a bound is crossed: without a count, the maximum is
     * large (the schedule appends, so it costs nothing until played). */
    if (!rc && cli->sandbox) { /* the flag wins over the file, for every bot */
        cli->settings.sandbox = cli->sandbox;
        for (int i = 0; i < cli->settings.bot_count; i++)
            cli->settings.bots[i].sandbox = -1;
    }
    if (!rc && cli->settings.sprt && !cli->settings.games_given)
        cli->settings.games = ARENA_SPRT_GAMES_DEFAULT;
    if (!rc && !cli->settings.out_dir && cli->settings.bot_count >= 2) {
        /* Flags only: a directory of this league's own, never one shared
         * with every other flag league. */
        if (!(cli->settings.out_dir = arena_settings_default_out(&cli->settings)))
            rc = ARENA_E_NOMEM;
        cli->out_derived = 1;
    }
    if (rc == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    if (!rc && (rc = arena_settings_validate(&cli->settings, err, errsz)) && cli->league_file) {
        /* name the file the league came from */
        char tmp[512];
        snprintf(tmp, sizeof tmp, "%s", err);
        util_fail(rc, err, errsz, "%s: %s", cli->league_file, tmp);
    }
    /* The openings, read or drawn now: a bad line is bad input (exit 2)
     * before anything runs. */
    if (!rc)
        rc = arena_openings_for_league(&cli->settings, &cli->settings.openings, err, errsz);
    free(flags);
    return rc;
}
