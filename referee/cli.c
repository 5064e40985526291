/*
 * cli.c - loa-referee's command line (cli.h): usage, the single-dash words
 * of CodinGame's SDK referees (-p1, -p2, -seed, -league), getopt_long for
 * the rest, and a one-line error naming the word at fault.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/error.h"
#include "util/parse.h"

/* Distinct from every short option letter: --league (renamed -league). */
enum {
    OPT_LEAGUE = 0x100,
    OPT_SANDBOX,
    OPT_SANDBOX_RW,
    OPT_TIME_MODE,
    OPT_WALL_CAP,
    OPT_TIME_MARGIN,
    OPT_CPU_METHOD
};

/* "+": stop at the first operand instead of permuting argv, so that the
 * word being parsed is always args[optind] before each getopt_long call
 * (how an unknown option is named, see ref_cli_parse). ":" after it:
 * report a missing argument as ':' (opterr is 0 anyway). */
static const char *short_opts = "+:d:l:vqshV";
static const struct option long_opts[] = {
    {"black", required_argument, NULL, 'B'},
    {"white", required_argument, NULL, 'W'},
    {"black-name", required_argument, NULL, 'N'},
    {"white-name", required_argument, NULL, 'M'},
    {"black-cwd", required_argument, NULL, 'C'},
    {"white-cwd", required_argument, NULL, 'D'},
    {"seed", required_argument, NULL, 'S'},
    {"league", required_argument, NULL, OPT_LEAGUE},
    {"record", required_argument, NULL, 'l'},
    {"text-record", required_argument, NULL, 'T'},
    {"olympiad", no_argument, NULL, 'O'},
    {"html", required_argument, NULL, 'H'},
    {"first-turn-ms", required_argument, NULL, 'F'},
    {"turn-ms", required_argument, NULL, 'R'},
    {"max-plies", required_argument, NULL, 'P'},
    {"time-mode", required_argument, NULL, OPT_TIME_MODE},
    {"wall-cap", required_argument, NULL, OPT_WALL_CAP},
    {"time-margin", required_argument, NULL, OPT_TIME_MARGIN},
    {"cpu-method", required_argument, NULL, OPT_CPU_METHOD},
    {"opening", required_argument, NULL, 'o'},
    {"sandbox", no_argument, NULL, OPT_SANDBOX},
    {"sandbox-rw", no_argument, NULL, OPT_SANDBOX_RW},
    {"verbose", no_argument, NULL, 'v'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* --help: every option and the exit statuses (docs/referee.md says more). */
static void usage(FILE *out)
{
    /* the defaults are the SDK's constants, not copies of them */
    fprintf(out,
            "Usage: loa-referee -p1 CMD -p2 CMD [-d \"seed=N\"] [-l RECORD.json] [options]\n"
            "Plays one Lines of Action game between two bots exactly as CodinGame's referee\n"
            "does, then prints the score of p1 (black), the score of p2 (white), one per line\n"
            "(1 win, 0 loss or draw, -1 the bot at fault), and the line `seed=N`.\n"
            "\n"
            "Players (a command is run with /bin/sh -c in its own process group):\n"
            "  -p1, --black CMD        black, moves first (required)\n"
            "  -p2, --white CMD        white (required)\n"
            "      --black-name NAME   display name of black in records (default: the command)\n"
            "      --white-name NAME   display name of white\n"
            "      --black-cwd DIR     working directory of black (default: the current one)\n"
            "      --white-cwd DIR     working directory of white\n"
            "      --sandbox           run both bots under bubblewrap: no network, their own\n"
            "                          processes, the system read-only, a private /tmp,\n"
            "                          as nobody without any privilege (root included)\n"
            "      --sandbox-rw        the same, their working directories writable\n"
            "Game:\n"
            "  -d PARAMS               game parameters as CodinGame writes them: \"seed=N\"\n"
            "      --seed N            seed of `random` answers, a signed 64-bit integer\n"
            "                          (default: drawn at random, printed so the game replays)\n"
            "      --first-turn-ms MS  time limit of each bot's first turn (default %d)\n"
            "      --turn-ms MS        time limit of every later turn (default %d)\n"
            "      --max-plies N       draw after N plies in total (default %d)\n"
            "      --time-mode MODE    how a turn's time is judged: wall (default, CodinGame's:\n"
            "                          wall-clock time) or cpu (the CPU time the bot used,\n"
            "                          its threads and child processes counted)\n"
            "      --wall-cap MS       cpu mode: wall-clock time a turn may take whatever its\n"
            "                          CPU time (default 4 times the turn's limit)\n"
            "      --time-margin MS    accept an answer late by at most MS, counted as late\n"
            "                          (default 0)\n"
            "      --cpu-method M      cpu mode: auto (default), cgroup or proc (docs/referee.md)\n"
            "      --opening \"MOVES\"   start from these plies (e.g. \"b1d3 a2c2\", spaces or\n"
            "                          commas), applied by the referee; they count in the plies\n"
            "Records:\n"
            "  -l, --record FILE       write the JSON record to FILE (docs/record.md)\n"
            "      --text-record FILE  write the tag-pair text record to FILE\n"
            "      --olympiad          moves as E2-E3 in the text record and --verbose\n"
            "      --html FILE         write the game's replay page to FILE (docs/replay.md)\n"
            "Output:\n"
            "  -v, --verbose           on stderr: every ply, its time and comment, the board\n"
            "                          after it, and the result line\n"
            "                          (without -v the result line is written only when\n"
            "                          stderr is a terminal: league tools never see it)\n"
            "  -q, --quiet             no result line on stderr, even on a terminal\n"
            "CodinGame and league tools (accepted as separate words):\n"
            "  -seed N                 same as --seed N (cgarena)\n"
            "  -league N               accepted and ignored: LOA has one league\n"
            "  -s                      accepted and ignored (CodinGame's viewer-server flag)\n"
            "Other:\n"
            "  -h, --help              this help\n"
            "  -V, --version           print the version\n"
            "\n"
            "Exit status:\n"
            "  0    the game was played, whoever won (a bot's timeout, invalid answer, crash\n"
            "       or failure to start is a result: that bot scores -1)\n"
            "  1    the referee itself failed: the game could not be run (out of file\n"
            "       descriptors, processes, memory) or a record could not be written\n"
            "  2    bad command line (a one-line error on stderr)\n"
            "  130  interrupted by SIGINT/SIGTERM (both bots are ended first)\n",
            LOA_FIRST_TURN_MS, LOA_TURN_MS, LOA_MAX_PLIES);
}

/* One line on stderr, fmt with its one %s argument; returns EXIT_USAGE. */
static int usage_error(const char *fmt, const char *arg)
{
    fputs("loa-referee: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try --help)\n", stderr);
    return EXIT_USAGE;
}

/* Strict signed 64-bit decimal (util_parse_i64: the whole text, no spaces). */
static int parse_i64(const char *s, int64_t *v)
{
    return util_parse_i64(s, INT64_MIN, INT64_MAX, v) == UTIL_OK ? 0 : -1;
}

/* The limit options and their bounds, from the referee's one table
 * (REF_LIMITS_MAP, ref/referee.h: loa-arena reads the same). */
static const struct limit_option {
    const char *name;
    int min, max;
    const char *unit;
} limit_options[] = {
#define REF_LIMIT_XX(NAME, field, option, min, max, unit, what, zero_unset) \
    {option, min, max, unit},
    REF_LIMITS_MAP(REF_LIMIT_XX)
#undef REF_LIMIT_XX
};

/* --NAME ARG, a limit: an integer in its bounds into *v. Returns 1, or 0
 * with *status after the message ("--turn-ms '0': expected 1..3600000
 * ms"). */
static int parse_limit(const char *name, const char *arg, int *v, int *status)
{
    for (size_t i = 0; i < sizeof limit_options / sizeof limit_options[0]; i++) {
        const struct limit_option *o = &limit_options[i];
        if (strcmp(o->name, name) != 0)
            continue;
        if (util_parse_int(arg, o->min, o->max, v) == UTIL_OK)
            return 1;
        fprintf(stderr, "loa-referee: --%s '%s': expected %d..%d %s (try --help)\n", name, arg,
                o->min, o->max, o->unit);
        *status = EXIT_USAGE;
        return 0;
    }
    *status = EXIT_USAGE; /* not a limit option: a bug */
    return 0;
}

/* -d: "key=value" pairs separated by spaces, newlines or ';'. Only `seed`
 * is a parameter of this game. */
static int parse_params(const char *s, int64_t *seed, int *have_seed)
{
    char buf[512];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t\r\n;", &save); tok;
         tok = strtok_r(NULL, " \t\r\n;", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        if (strcmp(tok, "seed") != 0 || parse_i64(eq + 1, seed))
            return -1;
        *have_seed = 1;
    }
    return 0;
}

/* 1 when the option word `opt` consumes the next word as its argument. */
static int takes_argument(const char *opt)
{
    if (opt[0] != '-')
        return 0;
    if (opt[1] != '-')
        return opt[1] && strchr("dl", opt[1]) && !opt[2]; /* -d X, -l X (not -dX) */
    for (const struct option *o = long_opts; o->name; o++)
        if (o->has_arg == required_argument && strcmp(opt + 2, o->name) == 0)
            return 1;
    return 0;
}

/* CodinGame's single-dash long words and their getopt_long names. */
static const char *const single_dash[][2] = {{"-p1", "--black"},
                                             {"-p2", "--white"},
                                             {"-seed", "--seed"},
                                             {"-league", "--league"}};

/* Copies argv into args, renaming the single-dash long words in option
 * position: getopt_long would read "-p1" as -p with argument "1" and
 * "-league" as -l with argument "eague". Returns 0, or the exit status
 * after a message (-p3 and beyond: LOA has two players). */
static int rename_words(int argc, char **argv, char **args)
{
    int operands = 0; /* after "--" nothing is an option */
    for (int i = 0; i < argc; i++) {
        args[i] = argv[i];
        if (i > 0 && strcmp(argv[i], "--") == 0)
            operands = 1;
        if (i == 0 || operands || takes_argument(args[i - 1]))
            continue;
        for (size_t k = 0; k < sizeof single_dash / sizeof single_dash[0]; k++)
            if (strcmp(argv[i], single_dash[k][0]) == 0)
                args[i] = (char *)single_dash[k][1]; /* getopt_long never writes to it */
        if (strncmp(argv[i], "-p", 2) == 0 && argv[i][2] >= '3' && argv[i][2] <= '9')
            return usage_error("%s: LOA is a two-player game (only -p1 and -p2)", argv[i]);
    }
    args[argc] = NULL;
    return 0;
}

/* A game option c (the seed, -d's parameters, a limit, the time mode, the
 * opening; its argument optarg) into *cli. Returns 1, or 0 with *status
 * after the message. */
static int take_game_option(int c, ref_cli *cli, int *status)
{
    ref_config *cfg = &cli->cfg;
    int64_t v;
    switch (c) {
    case 'S':
        if (parse_i64(optarg, &v))
            return *status = usage_error("--seed '%s': not a signed 64-bit integer", optarg), 0;
        cfg->seed = v;
        cli->have_seed = 1;
        break;
    case OPT_LEAGUE: /* CodinGame's league level: LOA has one league */
        if (parse_i64(optarg, &v))
            return *status = usage_error("-league '%s': expected a league level "
                                         "(an integer); it is ignored",
                                         optarg),
                   0;
        break;
    case 'd':
        if (parse_params(optarg, &cfg->seed, &cli->have_seed))
            return *status =
                       usage_error("-d '%s': expected game parameters \"seed=<integer>\"", optarg),
                   0;
        break;
    case 'F':
        if (!parse_limit("first-turn-ms", optarg, &cfg->limits.first_turn_ms, status))
            return 0;
        break;
    case 'R':
        if (!parse_limit("turn-ms", optarg, &cfg->limits.turn_ms, status))
            return 0;
        break;
    case 'P':
        if (!parse_limit("max-plies", optarg, &cfg->limits.max_plies, status))
            return 0;
        break;
    case OPT_TIME_MODE:
        if (ref_time_mode_from_name(optarg, &cfg->time_mode) != REF_OK)
            return *status = usage_error("--time-mode '%s': expected wall or cpu", optarg), 0;
        break;
    case OPT_WALL_CAP:
        if (!parse_limit("wall-cap", optarg, &cfg->limits.wall_cap_ms, status))
            return 0;
        break;
    case OPT_TIME_MARGIN:
        if (!parse_limit("time-margin", optarg, &cfg->limits.time_margin_ms, status))
            return 0;
        break;
    case OPT_CPU_METHOD:
        if (ref_cpu_method_from_name(optarg, &cfg->cpu_method) != REF_OK)
            return *status =
                       usage_error("--cpu-method '%s': expected auto, cgroup or proc", optarg),
                   0;
        break;
    case 'o': {
        char why[160];
        if (ref_opening_parse(optarg, cli->opening, REF_OPENING_MAX, &cfg->opening_plies, why,
                              sizeof why) != REF_OK) {
            fprintf(stderr, "loa-referee: --opening '%.200s': %s (try --help)\n", optarg, why);
            return *status = EXIT_USAGE, 0;
        }
        cfg->opening = cli->opening;
        break;
    }
    }
    return 1;
}

/* Option c of getopt_long (its optarg; argv[word] the word it came from,
 * as typed) into *cli: the players, records and output here, the game's
 * options in take_game_option(). Returns 1 to go on, or 0 with *status
 * (--help, --version, a bad option or argument). */
static int take_option(int c, int word, char **argv, ref_cli *cli, int *status)
{
    ref_config *cfg = &cli->cfg;
    switch (c) {
    case 'B': cfg->players[0].command = optarg; break;
    case 'W': cfg->players[1].command = optarg; break;
    case 'N': cfg->players[0].name = optarg; break;
    case 'M': cfg->players[1].name = optarg; break;
    case 'C': cfg->players[0].cwd = optarg; break;
    case OPT_SANDBOX:
    case OPT_SANDBOX_RW:
        /* both bots: docs/referee.md, "The sandbox" */
        for (int i = 0; i < 2; i++)
            if (cfg->players[i].sandbox != REF_SANDBOX_WRITABLE_CWD)
                cfg->players[i].sandbox =
                    c == OPT_SANDBOX ? REF_SANDBOX_READ_ONLY : REF_SANDBOX_WRITABLE_CWD;
        break;
    case 'D': cfg->players[1].cwd = optarg; break;
    case 'S':
    case OPT_LEAGUE:
    case 'd':
    case 'F':
    case 'R':
    case 'P':
    case OPT_TIME_MODE:
    case OPT_WALL_CAP:
    case OPT_TIME_MARGIN:
    case OPT_CPU_METHOD:
    case 'o': return take_game_option(c, cli, status);
    case 'l': cli->record = optarg; break;
    case 'T': cli->text_record = optarg; break;
    case 'H': cli->html = optarg; break;
    case 'O': cli->olympiad = 1; break;
    case 'v': cli->verbose = 1; break;
    case 'q': cli->quiet = 1; break;
    case 's': break; /* CodinGame's -s (viewer server): nothing to serve here */
    case 'h': usage(stdout); return *status = EXIT_PLAYED, 0;
    case 'V':
        printf("loa-referee %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR, LOA_VERSION_PATCH);
        return *status = EXIT_PLAYED, 0;
    case ':': return *status = usage_error("%s: missing argument", argv[word]), 0;
    default: return *status = usage_error("%s: unknown option", argv[word]), 0;
    }
    return 1;
}

/* The options together, after the loop (args[optind..]: what is left).
 * Returns 1 to play, or 0 with *status after the message, in this order:
 * an operand, no black, no white, a sandbox unavailable, a cpu option
 * without --time-mode cpu, the cgroup method unavailable. */
static int check_options(int argc, char **args, const ref_config *cfg, int *status)
{
    if (optind < argc)
        return *status = usage_error("'%s': unexpected argument", args[optind]), 0;
    if (!cfg->players[0].command || !cfg->players[0].command[0])
        return *status = usage_error("%s", "missing -p1/--black: the command of black"), 0;
    if (!cfg->players[1].command || !cfg->players[1].command[0])
        return *status = usage_error("%s", "missing -p2/--white: the command of white"), 0;
    char why[256];
    if (cfg->players[0].sandbox && ref_sandbox_check(why, sizeof why))
        return *status = usage_error("--sandbox: %s", why), 0;
    ref_time_misfit stray = ref_time_misfit_of(cfg->time_mode, &cfg->limits, cfg->cpu_method);
    if (stray != REF_TIME_FITS)
        return *status = usage_error("%s: only with --time-mode cpu",
                                     stray == REF_TIME_STRAY_CAP ? "--wall-cap" : "--cpu-method"),
               0;
    if (ref_cpu_method_check(cfg->time_mode, cfg->cpu_method, why, sizeof why))
        return *status = usage_error("--cpu-method cgroup: unavailable here: %s", why), 0;
    return 1;
}

/* The getopt_long loop over the renamed words. Returns 1 to play, or 0
 * with *status. */
static int parse_options(int argc, char **args, char **argv, ref_cli *cli, int *status)
{
    int c;
    opterr = 0;
    optind = 1;
    for (;;) {
        /* With "+" ordering, the word getopt_long is about to read (a new
         * one or the rest of a cluster such as -foo) is argv[optind]: an
         * error names that word, as the user typed it. */
        int word = optind;
        if ((c = getopt_long(argc, args, short_opts, long_opts, NULL)) == -1)
            break;
        if (!take_option(c, word, argv, cli, status))
            return 0;
    }
    return check_options(argc, args, &cli->cfg, status);
}

int ref_cli_parse(int argc, char **argv, ref_cli *cli, int *status)
{
    memset(cli, 0, sizeof *cli);
    ref_config_init(&cli->cfg);
    /* The copy is only getopt_long's to permute; every string stays argv's. */
    char **args = malloc(sizeof(char *) * (size_t)(argc + 1));
    if (!args) {
        fputs("loa-referee: out of memory\n", stderr);
        *status = EXIT_REFEREE;
        return 0;
    }
    int play = 0;
    if ((*status = rename_words(argc, argv, args)) == 0)
        play = parse_options(argc, args, argv, cli, status);
    free(args);
    return play;
}

int ref_cli_wants_summary(const ref_cli *cli, int stderr_is_tty)
{
    return cli->verbose || (stderr_is_tty && !cli->quiet);
}
