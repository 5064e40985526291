/*
 * loa-replay - the replay of a game record as one self-contained HTML page,
 * or as text in a terminal, or a game from CodinGame as this project's
 * record:
 *
 *   loa-replay RECORD.json [-o OUT.html]
 *   loa-replay --text RECORD.json [--ply N]
 *   loa-replay --record OUT.json GAME.json
 *   loa-replay --input [--turn-only] --ply N GAME.json
 *   loa-replay --through CMD --side black|white [--from N] GAME.json
 *   loa-replay --through CMD --lost-by NAME DIR
 * where a game of a league is named DIR ID (read from DIR/league.db).
 *
 * Options and exit codes: usage() below and docs/replay.md.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "leaguedb/leaguedb.h"
#include "replay/analysis.h"
#include "replay/replay.h"
#include "tool.h"
#include "util/file.h"
#include "util/parse.h"
#include "util/text.h"

static void usage(FILE *out)
{
    fputs("Usage: loa-replay RECORD.json [-o OUT.html]\n"
          "       loa-replay --text RECORD.json [--ply N]\n"
          "       loa-replay --record OUT.json RECORD.json\n"
          "       loa-replay --input [--turn-only] --ply N RECORD.json\n"
          "       loa-replay --through CMD --side black|white [--from N] RECORD.json\n"
          "       (each with DIR ID instead of RECORD.json: game ID of loa-arena's DIR)\n"
          "       loa-replay --through CMD --lost-by NAME DIR\n"
          "Writes the replay of a game record (loa-referee -l, a game of a loa-arena league) as\n"
          "one self-contained HTML page (no server, no network: open it from file://), or\n"
          "prints it as text. A game CodinGame recorded (its engine's -l result, or the\n"
          "replay JSON its site serves) is read too: replayed with the rules, refused unless\n"
          "it agrees with them.\n"
          "\n"
          "  -o, --output FILE   the page (default: the record's path with .html for .json)\n"
          "      --text          print the game as text instead: players, result, every ply,\n"
          "                      the final board\n"
          "  -n, --ply N         with --text: the board after N plies (0 = start), its move,\n"
          "                      comment, time and stderr; with --input: the ply\n"
          "      --record OUT    write the game as this project's record (the format of\n"
          "                      loa-referee -l) instead of a page\n"
          "      --input         print the bytes the mover of ply N (--ply) read on its\n"
          "                      stdin from the game's start through that turn\n"
          "      --turn-only     with --input: that turn's bytes alone\n"
          "      --through CMD   run the bot CMD through the game: fed its side's input\n"
          "                      turn by turn (the recorded moves are played), each answer\n"
          "                      judged against the recorded move\n"
          "      --side SIDE     with --through: the side CMD plays, black or white\n"
          "      --from N        with --through: report from ply N (earlier turns are fed)\n"
          "      --lost-by NAME  with --through and DIR: every game NAME lost, on its side\n"
          "  -h, --help          this help\n"
          "  -V, --version       the version\n"
          "\n"
          "In the page: Left/Right a ply, Home/End the ends; #ply=N in the URL opens ply N.\n"
          "Exit status: 0 done, 1 the record is bad or a file cannot be read or written\n"
          "(one line on stderr names it and, for a CodinGame file, the frame), 2 bad\n"
          "command line, 3 the bot of --through failed a turn (invalid, timeout, crash).\n",
          out);
}

/* Game id of the league in dir (its league.db): read as a record file
 * would be. Returns 0 or a REPLAY_E_* code, err naming the game. */
static int load_from_league(const char *dir, int id, replay_game **g, char *err, size_t errsz)
{
    leaguedb *db = NULL;
    cJSON *record = NULL;
    char why[512];
    if (leaguedb_open(dir, LEAGUEDB_READ, &db, why, sizeof why) ||
        leaguedb_record(db, id, &record, why, sizeof why)) {
        leaguedb_close(db);
        return util_fail(REPLAY_E_IO, err, errsz, "%s", why);
    }
    leaguedb_close(db);
    char source[600];
    snprintf(source, sizeof source, "%s game %d", dir, id);
    int rc = replay_game_from_record(record, source, g, err, errsz);
    cJSON_Delete(record);
    return rc;
}

/* The command line's choices. */
typedef struct replay_cli {
    const char *output, *record_out;
    int text, ply;
    int league;           /* 1: the operands are DIR ID */
    int input, turn_only; /* --input, --turn-only */
    const char *through, *lost_by;
    int side; /* --side: 0 black, 1 white, -1 not given */
    int from; /* --from N, -1: not given */
} replay_cli;

/* Returned by the steps of main() when the program goes on. */
enum { GO_ON = -1 };

/* The long options without a short form. */
enum { OPT_INPUT = 1000, OPT_TURN_ONLY, OPT_THROUGH, OPT_SIDE, OPT_FROM, OPT_LOST_BY };

/* The options of the commands that feed a bot (tool.h): GO_ON, or
 * EXIT_USAGE (said). */
static int read_bot_option(int c, const char *arg, replay_cli *cli)
{
    switch (c) {
    case OPT_INPUT: cli->input = 1; return GO_ON;
    case OPT_TURN_ONLY: cli->turn_only = 1; return GO_ON;
    case OPT_THROUGH:
        if (!arg[0]) {
            fputs("loa-replay: --through needs a bot's command\n", stderr);
            return EXIT_USAGE;
        }
        cli->through = arg;
        return GO_ON;
    case OPT_LOST_BY: cli->lost_by = arg; return GO_ON;
    case OPT_SIDE:
        cli->side = strcmp(arg, "black") == 0 ? 0 : strcmp(arg, "white") == 0 ? 1 : -2;
        if (cli->side == -2) {
            fprintf(stderr, "loa-replay: --side '%s': give black or white\n", arg);
            return EXIT_USAGE;
        }
        return GO_ON;
    default:
        if (util_parse_int(arg, 1, REPLAY_PLIES_MAX, &cli->from) != 0) {
            fprintf(stderr, "loa-replay: --from '%s' is not a ply from 1 to %d\n", arg,
                    REPLAY_PLIES_MAX);
            return EXIT_USAGE;
        }
        return GO_ON;
    }
}

/* Reads the options of argv into *cli (argv[optind] then names the game):
 * GO_ON, or the exit status (--help, --version, a bad command line). */
static int read_options(int argc, char **argv, replay_cli *cli)
{
    static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
                                         {"text", no_argument, NULL, 't'},
                                         {"ply", required_argument, NULL, 'n'},
                                         {"help", no_argument, NULL, 'h'},
                                         {"version", no_argument, NULL, 'V'},
                                         {"record", required_argument, NULL, 'r'},
                                         {"input", no_argument, NULL, OPT_INPUT},
                                         {"turn-only", no_argument, NULL, OPT_TURN_ONLY},
                                         {"through", required_argument, NULL, OPT_THROUGH},
                                         {"side", required_argument, NULL, OPT_SIDE},
                                         {"from", required_argument, NULL, OPT_FROM},
                                         {"lost-by", required_argument, NULL, OPT_LOST_BY},
                                         {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    /* -t and -p mean a move time and a position in the other tools:
     * --text has no short form, --ply is -n (N plies) */
    while ((c = getopt_long(argc, argv, ":o:n:hV", opts, NULL)) != -1) {
        switch (c) {
        case 'o': cli->output = optarg; break;
        case 't': cli->text = 1; break;
        case 'r': cli->record_out = optarg; break;
        case 'n':
            if (util_parse_int(optarg, 0, REPLAY_PLIES_MAX, &cli->ply) != 0) {
                fprintf(stderr, "loa-replay: --ply '%s' is not a number from 0 to %d\n", optarg,
                        REPLAY_PLIES_MAX);
                return EXIT_USAGE;
            }
            break;
        case OPT_INPUT:
        case OPT_TURN_ONLY:
        case OPT_THROUGH:
        case OPT_SIDE:
        case OPT_FROM:
        case OPT_LOST_BY:
            if (read_bot_option(c, optarg, cli) != GO_ON)
                return EXIT_USAGE;
            break;
        case 'h': usage(stdout); return EXIT_DONE;
        case 'V': printf("loa-replay %s\n", LOA_REPLAY_VERSION); return EXIT_DONE;
        case ':':
            fprintf(stderr, "loa-replay: option '%s' needs an argument (see --help)\n",
                    argv[optind - 1]);
            return EXIT_USAGE;
        default:
            fprintf(stderr, "loa-replay: unknown option '%s' (see --help)\n", argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    return GO_ON;
}

/* The options of --input and --through, and what they exclude: GO_ON or
 * EXIT_USAGE (said on stderr). */
static int check_bot_command(int argc, const replay_cli *cli)
{
    const char *bad = NULL;
    int page = cli->output || cli->text || cli->record_out;
    if (cli->input && (page || cli->through))
        bad =
            "--input prints a turn's input: give it without --output, --text, --record, --through";
    else if (cli->input && cli->ply < 0)
        bad = "--input needs --ply N: the ply whose mover's input to print";
    else if (cli->turn_only && !cli->input)
        bad = "--turn-only goes with --input";
    else if (cli->through && (page || cli->ply >= 0))
        bad = "--through runs a bot: give it without --output, --text, --record, --ply";
    else if ((cli->side >= 0 || cli->from >= 0 || cli->lost_by) && !cli->through)
        bad = "--side, --from and --lost-by go with --through CMD";
    else if (cli->through && !cli->lost_by && cli->side < 0)
        bad = "--through needs --side black or --side white: the side the bot plays";
    else if (cli->lost_by && (cli->side >= 0 || cli->from >= 0))
        bad = "--lost-by plays the bot on NAME's side of each game: no --side, no --from";
    else if (cli->lost_by && optind != argc - 1)
        bad = "--lost-by NAME takes one operand, the league's DIR";
    if (!bad)
        return GO_ON;
    fprintf(stderr, "loa-replay: %s\n", bad);
    return EXIT_USAGE;
}

/* The operands' count and the options that exclude each other: GO_ON or
 * EXIT_USAGE (said on stderr). Sets cli->league. */
static int check_command(int argc, replay_cli *cli)
{
    if (check_bot_command(argc, cli) != GO_ON)
        return EXIT_USAGE;
    if (cli->lost_by)
        return GO_ON;
    cli->league = optind == argc - 2;
    if (optind != argc - 1 && !cli->league) {
        fprintf(stderr, "loa-replay: %s (see --help)\n",
                optind == argc ? "give one RECORD.json, or DIR ID"
                               : "give one RECORD.json, or DIR ID, only");
        return EXIT_USAGE;
    }
    if (cli->ply >= 0 && !cli->text && !cli->input) {
        fputs("loa-replay: --ply goes with --text (in the page, open OUT.html#ply=N)\n", stderr);
        return EXIT_USAGE;
    }
    if (cli->output && cli->text) {
        fputs("loa-replay: --output and --text exclude each other\n", stderr);
        return EXIT_USAGE;
    }
    if (cli->record_out && (cli->output || cli->text)) {
        fputs("loa-replay: --record writes a record, not a page or text: give it alone\n", stderr);
        return EXIT_USAGE;
    }
    return GO_ON;
}

/* The game the operands name (operands[0] RECORD.json, or DIR and ID) into
 * *g; for a league's game, page[pagesz] gets its page's path (DIR/games
 * made when the page goes there). GO_ON, or the exit status (said). */
static int open_game(const replay_cli *cli, char **operands, replay_game **g, char *page,
                     size_t pagesz)
{
    const char *record = operands[0];
    char err[512];
    if (!cli->league) {
        if (replay_game_load(record, g, err, sizeof err) == 0)
            return GO_ON;
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int id;
    if (util_parse_int(operands[1], 0, 100000000, &id) != 0) {
        fprintf(stderr, "loa-replay: '%s' is not a game id (DIR ID)\n", operands[1]);
        return EXIT_USAGE;
    }
    if (load_from_league(record, id, g, err, sizeof err) != 0) {
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    snprintf(page, pagesz, "%s/games", record);
    if (!cli->output && !cli->text && !cli->record_out && !cli->input && !cli->through &&
        util_mkdirs(page) != 0) {
        fprintf(stderr, "loa-replay: cannot create %s\n", page);
        replay_game_free(*g);
        *g = NULL;
        return EXIT_BAD_INPUT;
    }
    snprintf(page, pagesz, "%s/games/%06d.html", record, id);
    return GO_ON;
}

/* g's page at output, else the league's page (page, "" for a record),
 * else beside the record, with the game's analysis (loa-analyse) beside
 * the record or the league's page, whatever the page's path. */
static int write_page(const replay_game *g, const char *record, const char *output,
                      const char *page, char *err, size_t errsz)
{
    char *def = output || page[0] ? NULL : replay_default_output(record);
    char *apath = replay_analysis_path(page[0] ? page : record);
    replay_analysis *a = NULL;
    char why[512];
    int arc = apath ? replay_analysis_load(g, apath, &a, why, sizeof why) : 0;
    if (arc) {
        if (!(arc == REPLAY_E_IO && errno == ENOENT))
            fprintf(stderr, "loa-replay: warning: %s (the page is written without it)\n", why);
        a = NULL;
    }
    int rc = replay_write_html_analysed(g, a, output ? output : page[0] ? page : def, err, errsz);
    replay_analysis_free(a);
    free(apath);
    free(def);
    return rc;
}

/* --through on g: --from checked (a turn of the bot's side), the bot run.
 * Returns the exit status (said on stderr). */
static int run_through(const replay_cli *cli, const replay_game *g)
{
    char err[512];
    const replay_info *in = replay_game_info(g);
    if (cli->from >= 0) {
        int rc = tool_check_ply(g, cli->from, err, sizeof err);
        const replay_ply *p = replay_game_ply(g, cli->from);
        int mover = p ? p->player : in->error_player;
        if (rc == 0 && mover != cli->side)
            rc = util_fail(REPLAY_E_PLY, err, sizeof err,
                           "--from %d: ply %d is %s's, not a turn of %s (--side)", cli->from,
                           cli->from, mover ? "white" : "black", cli->side ? "white" : "black");
        if (rc) {
            fprintf(stderr, "loa-replay: %s\n", err);
            return EXIT_BAD_INPUT;
        }
    }
    tool_through o = {cli->through, cli->side, cli->from, 0};
    tool_tally tally = {0};
    if (tool_through_game(g, &o, stdout, &tally, err, sizeof err) != 0) {
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return tally.faults ? EXIT_BOT_FAILED : EXIT_DONE;
}

int main(int argc, char **argv)
{
    replay_cli cli = {.ply = -1, .side = -1, .from = -1};
    int rc = read_options(argc, argv, &cli);
    if (rc == GO_ON)
        rc = check_command(argc, &cli);
    if (rc != GO_ON)
        return rc;
    /* --through starts a bot as the referee does: SIGPIPE ignored (a bot
     * that exits must not kill this process), its watchdog, a subreaper */
    if (cli.through && ref_global_init() != 0) {
        fputs("loa-replay: cannot set up the referee's process layer\n", stderr);
        return EXIT_BAD_INPUT;
    }
    if (cli.lost_by) {
        tool_through o = {cli.through, 0, 0, 1};
        return tool_lost_by(argv[optind], cli.lost_by, &o, stdout);
    }
    const char *record = argv[optind];
    char err[512], page[4096] = "";
    replay_game *g = NULL;
    if ((rc = open_game(&cli, argv + optind, &g, page, sizeof page)) != GO_ON)
        return rc;
    if (cli.through) {
        rc = run_through(&cli, g);
        replay_game_free(g);
        return rc;
    }
    if (cli.input) {
        rc = tool_print_input(g, cli.ply, cli.turn_only, stdout, err, sizeof err);
    } else if (cli.record_out) {
        /* replay_game_load refused a file that does not replay: nothing
         * is written then */
        rc = replay_write_record(g, cli.record_out, err, sizeof err);
    } else if (cli.text) {
        rc = replay_text(g, cli.ply, stdout, err, sizeof err);
    } else {
        rc = write_page(g, record, cli.output, page, err, sizeof err);
    }
    replay_game_free(g);
    if (rc != 0) {
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return EXIT_DONE;
}
