/*
 * loa-replay - the replay of a game record as one self-contained HTML page,
 * or as text in a terminal, or a game from CodinGame as this project's
 * record:
 *
 *   loa-replay RECORD.json [-o OUT.html]
 *   loa-replay --text RECORD.json [--ply N]
 *   loa-replay --record OUT.json GAME.json
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
#include "util/file.h"
#include "util/parse.h"
#include "util/text.h"

enum { EXIT_DONE = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

static void usage(FILE *out)
{
    fputs("Usage: loa-replay RECORD.json [-o OUT.html]\n"
          "       loa-replay --text RECORD.json [--ply N]\n"
          "       loa-replay --record OUT.json RECORD.json\n"
          "       (each with DIR ID instead of RECORD.json: game ID of loa-arena's DIR)\n"
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
          "                      comment, time and stderr\n"
          "      --record OUT    write the game as this project's record (the format of\n"
          "                      loa-referee -l) instead of a page\n"
          "  -h, --help          this help\n"
          "  -V, --version       the version\n"
          "\n"
          "In the page: Left/Right a ply, Home/End the ends; #ply=N in the URL opens ply N.\n"
          "Exit status: 0 done, 1 the record is bad or a file cannot be read or written\n"
          "(one line on stderr names it and, for a CodinGame file, the frame), 2 bad\n"
          "command line.\n",
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
    int league; /* 1: the operands are DIR ID */
} replay_cli;

/* Returned by the steps of main() when the program goes on. */
enum { GO_ON = -1 };

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

/* The operands' count and the options that exclude each other: GO_ON or
 * EXIT_USAGE (said on stderr). Sets cli->league. */
static int check_command(int argc, replay_cli *cli)
{
    cli->league = optind == argc - 2;
    if (optind != argc - 1 && !cli->league) {
        fprintf(stderr, "loa-replay: %s (see --help)\n",
                optind == argc ? "give one RECORD.json, or DIR ID"
                               : "give one RECORD.json, or DIR ID, only");
        return EXIT_USAGE;
    }
    if (cli->ply >= 0 && !cli->text) {
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
    if (!cli->output && !cli->text && !cli->record_out && util_mkdirs(page) != 0) {
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

int main(int argc, char **argv)
{
    replay_cli cli = {.ply = -1};
    int rc = read_options(argc, argv, &cli);
    if (rc == GO_ON)
        rc = check_command(argc, &cli);
    if (rc != GO_ON)
        return rc;
    const char *record = argv[optind];
    char err[512], page[4096] = "";
    replay_game *g = NULL;
    if ((rc = open_game(&cli, argv + optind, &g, page, sizeof page)) != GO_ON)
        return rc;
    if (cli.record_out) {
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
