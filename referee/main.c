/*
 * loa-referee - plays one LOA game between two bot commands, exactly as the
 * CodinGame referee does, and prints the scores the way league tools
 * (cg-brutaltester, psyleague) read them:
 *
 *   loa-referee -p1 "<black cmd>" -p2 "<white cmd>" [-d "seed=<n>"] [-l <record.json>]
 *   -> score of p1, score of p2 (one per line: 1, 0 or -1), then `seed=<n>`.
 *
 * Options and exit codes: usage() below and docs/referee.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "ref/referee.h"
#include "util/error.h"
#include "util/parse.h"
#ifdef LOA_HAVE_REPLAY
#include "replay/replay.h"
#endif

enum { EXIT_PLAYED = 0, EXIT_REFEREE = 1, EXIT_USAGE = 2, EXIT_ABORTED = 130 };

/* Self-pipe: SIGINT/SIGTERM make its read end readable, which is in every
 * poll set of the game (ref_config.stop_fd), so the game aborts at once. */
static int g_stop_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
    (void)sig;
    int e = errno;
    ssize_t w = write(g_stop_pipe[1], "x", 1); /* async-signal-safe */
    (void)w; /* a full pipe is already readable */
    errno = e;
}

static void usage(FILE *out)
{
    fputs(
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
        "Game:\n"
        "  -d PARAMS               game parameters as CodinGame writes them: \"seed=N\"\n"
        "      --seed N            seed of `random` answers, a signed 64-bit integer\n"
        "                          (default: drawn at random, printed so the game replays)\n"
        "      --first-turn-ms MS  time limit of each bot's first turn (default 1000)\n"
        "      --turn-ms MS        time limit of every later turn (default 150)\n"
        "      --max-plies N       draw after N plies in total (default 150)\n"
        "      --opening \"MOVES\"   start from these plies (e.g. \"b1d3 a2c2\", spaces or\n"
        "                          commas), applied by the referee; they count in the plies\n"
        "Records:\n"
        "  -l, --record FILE       write the JSON record to FILE (docs/record.md)\n"
        "      --text-record FILE  write the tag-pair text record to FILE\n"
        "      --olympiad          moves as E2-E3 in the text record and --verbose\n"
        "      --html FILE         write the game's replay page to FILE (docs/replay.md)\n"
        "Output:\n"
        "  -v, --verbose           on stderr: every ply, its time and comment, and the\n"
        "                          board after it\n"
        "  -q, --quiet             no result line on stderr\n"
        "  -s                      accepted and ignored (CodinGame's viewer-server flag)\n"
        "  -h, --help              this help\n"
        "      --version           print the version\n"
        "\n"
        "Exit status:\n"
        "  0    the game was played, whoever won (a bot's timeout, invalid answer, crash\n"
        "       or failure to start is a result: that bot scores -1)\n"
        "  1    the referee itself failed: the game could not be run (out of file\n"
        "       descriptors, processes, memory) or a record could not be written\n"
        "  2    bad command line (a one-line error on stderr)\n"
        "  130  interrupted by SIGINT/SIGTERM (both bots are ended first)\n",
        out);
}

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

static int parse_ms(const char *s, int *v)
{
    return util_parse_int(s, 1, INT_MAX / 1000, v) == UTIL_OK ? 0 : -1;
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

static int64_t random_seed(void)
{
    int64_t s;
    if (getrandom(&s, sizeof s, 0) != (ssize_t)sizeof s) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        s = (int64_t)ts.tv_sec * 1000000007LL ^ ts.tv_nsec;
    }
    return s;
}

typedef struct view {
    int olympiad;
} view;

/* --verbose: the ply and the board after it, on stderr. */
static void show_ply(const ref_ply *p, const loa_board *b, void *user)
{
    const view *v = user;
    char m[LOA_MOVE_STRING_MAX], comment[REF_COMMENT_DISPLAY + 1];
    snprintf(comment, sizeof comment, "%s", p->comment ? p->comment : "");
    for (char *c = comment; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    fprintf(stderr, "ply %d %s %s%s %" PRId64 " us%s%s%s\n", b->ply,
            p->player == 0 ? "black" : "white",
            v->olympiad ? loa_move_format_olympiad(p->move, m) : loa_move_format(p->move, m),
            p->random ? " (random)" : "", p->time_us, comment[0] ? " \"" : "", comment,
            comment[0] ? "\"" : "");
    for (int rank = 7; rank >= 0; rank--) {
        fprintf(stderr, "  %d ", rank + 1);
        for (int file = 0; file < 8; file++)
            fprintf(stderr, " %c", loa_board_square_char(b, LOA_SQUARE(file, rank)));
        fputc('\n', stderr);
    }
    fputs("     a b c d e f g h\n", stderr);
}

static const char *short_opts = ":d:l:vqsh"; /* leading ":": report a missing argument as ':' */
static const struct option long_opts[] = {
    {"black", required_argument, NULL, 'B'},
    {"white", required_argument, NULL, 'W'},
    {"black-name", required_argument, NULL, 'N'},
    {"white-name", required_argument, NULL, 'M'},
    {"black-cwd", required_argument, NULL, 'C'},
    {"white-cwd", required_argument, NULL, 'D'},
    {"seed", required_argument, NULL, 'S'},
    {"record", required_argument, NULL, 'l'},
    {"text-record", required_argument, NULL, 'T'},
    {"olympiad", no_argument, NULL, 'O'},
    {"html", required_argument, NULL, 'H'},
    {"first-turn-ms", required_argument, NULL, 'F'},
    {"turn-ms", required_argument, NULL, 'R'},
    {"max-plies", required_argument, NULL, 'P'},
    {"opening", required_argument, NULL, 'o'},
    {"verbose", no_argument, NULL, 'v'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* --html: the replay page, from the same record as -l (loa_replay). */
static int write_html(const ref_game *g, const char *path)
{
#ifdef LOA_HAVE_REPLAY
    char err[512] = "out of memory";
    cJSON *j = ref_game_to_json(g);
    int rc = j ? replay_write_record_html(j, path, path, err, sizeof err) : REPLAY_E_NOMEM;
    cJSON_Delete(j);
    if (rc != 0)
        fprintf(stderr, "loa-referee: replay page: %s\n", err);
    return rc;
#else
    (void)g;
    fprintf(stderr, "loa-referee: --html %s: built without the replay component\n", path);
    return -1;
#endif
}

/* Everything after the renaming of -p1/-p2 (args is argv with them
 * renamed); returns the exit status. */
static int run(int argc, char **args)
{
    ref_config cfg;
    ref_config_init(&cfg);
    const char *record = NULL, *text_record = NULL, *html = NULL;
    int have_seed = 0, verbose = 0, quiet = 0, olympiad = 0;
    loa_move opening[REF_OPENING_MAX];

    int c;
    opterr = 0;
    while ((c = getopt_long(argc, args, short_opts, long_opts, NULL)) != -1) {
        int64_t v;
        switch (c) {
        case 'B': cfg.players[0].command = optarg; break;
        case 'W': cfg.players[1].command = optarg; break;
        case 'N': cfg.players[0].name = optarg; break;
        case 'M': cfg.players[1].name = optarg; break;
        case 'C': cfg.players[0].cwd = optarg; break;
        case 'D': cfg.players[1].cwd = optarg; break;
        case 'S':
            if (parse_i64(optarg, &v))
                return usage_error("--seed '%s': not a signed 64-bit integer", optarg);
            cfg.seed = v;
            have_seed = 1;
            break;
        case 'd':
            if (parse_params(optarg, &cfg.seed, &have_seed))
                return usage_error("-d '%s': expected game parameters \"seed=<integer>\"",
                                   optarg);
            break;
        case 'l': record = optarg; break;
        case 'T': text_record = optarg; break;
        case 'H': html = optarg; break;
        case 'O': olympiad = 1; break;
        case 'F':
            if (parse_ms(optarg, &cfg.first_turn_ms))
                return usage_error("--first-turn-ms '%s': expected milliseconds > 0", optarg);
            break;
        case 'R':
            if (parse_ms(optarg, &cfg.turn_ms))
                return usage_error("--turn-ms '%s': expected milliseconds > 0", optarg);
            break;
        case 'P':
            if (parse_i64(optarg, &v) || v <= 0 || v > 1000000)
                return usage_error("--max-plies '%s': expected 1..1000000", optarg);
            cfg.max_plies = (int)v;
            break;
        case 'o': {
            char why[160];
            if (ref_opening_parse(optarg, opening, REF_OPENING_MAX, &cfg.opening_plies, why,
                                  sizeof why) != REF_OK) {
                fprintf(stderr, "loa-referee: --opening '%.200s': %s (try --help)\n", optarg,
                        why);
                return EXIT_USAGE;
            }
            cfg.opening = opening;
            break;
        }
        case 'v': verbose = 1; break;
        case 'q': quiet = 1; break;
        case 's': break; /* CodinGame's -s (viewer server): nothing to serve here */
        case 'h': usage(stdout); return EXIT_PLAYED;
        case 'V': printf("loa-referee %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR,
                         LOA_VERSION_PATCH);
            return EXIT_PLAYED;
        case ':':
            return usage_error("%s: missing argument", args[optind - 1]);
        default:
            return usage_error("%s: unknown option", args[optind - 1]);
        }
    }
    if (optind < argc)
        return usage_error("'%s': unexpected argument", args[optind]);
    if (!cfg.players[0].command || !cfg.players[0].command[0])
        return usage_error("%s", "missing -p1/--black: the command of black");
    if (!cfg.players[1].command || !cfg.players[1].command[0])
        return usage_error("%s", "missing -p2/--white: the command of white");
    if (!have_seed)
        cfg.seed = random_seed();

    if (ref_global_init() != REF_OK) {
        fputs("loa-referee: cannot ignore SIGPIPE\n", stderr);
        return EXIT_REFEREE;
    }
    if (pipe2(g_stop_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        fputs("loa-referee: cannot create the stop pipe\n", stderr);
        return EXIT_REFEREE;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    cfg.stop_fd = g_stop_pipe[0];

    view v = {olympiad};
    if (verbose) {
        cfg.on_ply = show_ply;
        cfg.user = &v;
    }
    ref_game *g = NULL;
    int rc = ref_game_run(&cfg, &g);
    if (rc == REF_E_OPENING) {
        /* the parse checked the moves: only the length is left to refuse */
        fprintf(stderr, "loa-referee: --opening of %d plies: it must be shorter than the game "
                        "(--max-plies %d) (try --help)\n",
                cfg.opening_plies, cfg.max_plies);
        return EXIT_USAGE;
    }
    if (rc != REF_OK) {
        fprintf(stderr, "loa-referee: %s\n", ref_strerror(rc));
        return rc == REF_E_INVAL ? EXIT_USAGE : EXIT_REFEREE;
    }
    const ref_result *r = ref_game_result(g);
    int status = EXIT_PLAYED;
    if (r->reason == REF_REASON_REFEREE_ERROR) {
        fprintf(stderr, "loa-referee: %s\n", r->detail);
        status = EXIT_REFEREE;
    } else if (r->reason == REF_REASON_ABORTED) {
        fprintf(stderr, "loa-referee: interrupted\n");
        status = EXIT_ABORTED;
    } else {
        printf("%d\n%d\nseed=%" PRId64 "\n", r->scores[0], r->scores[1], cfg.seed);
        fflush(stdout);
        if (!quiet || verbose)
            fprintf(stderr, "loa-referee: %s after %d plies (%s): %s\n",
                    r->winner == 0 ? "black wins" : r->winner == 1 ? "white wins" : "draw",
                    r->plies, ref_reason_name(r->reason), r->detail);
    }
    if (record && (rc = ref_game_write_json(g, record)) != REF_OK) {
        fprintf(stderr, "loa-referee: cannot write the record %s: %s\n", record,
                ref_strerror(rc));
        status = status == EXIT_PLAYED ? EXIT_REFEREE : status;
    }
    if (text_record) {
        FILE *f = fopen(text_record, "we");
        rc = f ? ref_game_write_text(g, f, olympiad) : REF_E_IO;
        if (f && fclose(f) != 0)
            rc = REF_E_IO;
        if (rc != REF_OK) {
            fprintf(stderr, "loa-referee: cannot write the text record %s\n", text_record);
            status = status == EXIT_PLAYED ? EXIT_REFEREE : status;
        }
    }
    if (html && write_html(g, html) != 0)
        status = status == EXIT_PLAYED ? EXIT_REFEREE : status;
    ref_game_free(g);
    return status;
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

int main(int argc, char **argv)
{
    /* CodinGame's single-dash long options: -p1 CMD, -p2 CMD. getopt_long
     * would read "-p1" as -p with argument "1", so they are renamed first;
     * -p3/-p4 (more players) are refused. */
    char **args = malloc(sizeof(char *) * (size_t)(argc + 1));
    if (!args) {
        fputs("loa-referee: out of memory\n", stderr);
        return EXIT_REFEREE;
    }
    int operands = 0; /* after "--" nothing is an option */
    for (int i = 0; i < argc; i++) {
        args[i] = argv[i];
        if (i > 0 && strcmp(argv[i], "--") == 0)
            operands = 1;
        if (i > 0 && !operands && !takes_argument(args[i - 1])) {
            if (strcmp(argv[i], "-p1") == 0)
                args[i] = "--black";
            else if (strcmp(argv[i], "-p2") == 0)
                args[i] = "--white";
            else if (strncmp(argv[i], "-p", 2) == 0 && argv[i][2] >= '3' && argv[i][2] <= '9') {
                free(args);
                return usage_error("%s: LOA is a two-player game (only -p1 and -p2)", argv[i]);
            }
        }
    }
    args[argc] = NULL;

    int status = run(argc, args);
    free(args);
    return status;
}
