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

#include "replay/analysis.h"
#include "replay/replay.h"
#include "util/parse.h"
#include "util/file.h"
#include "util/text.h"
#ifdef LOA_HAVE_ARENA_DB
#include "store/db.h"
#endif

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
#ifdef LOA_HAVE_ARENA_DB
    arena_db *db = NULL;
    cJSON *record = NULL;
    char why[512];
    if (arena_db_open(dir, ARENA_DB_READ, &db, why, sizeof why) ||
        arena_db_record(db, id, &record, why, sizeof why)) {
        arena_db_close(db);
        return util_fail(REPLAY_E_IO, err, errsz, "%s", why);
    }
    arena_db_close(db);
    char source[600];
    snprintf(source, sizeof source, "%s game %d", dir, id);
    int rc = replay_game_from_record(record, source, g, err, errsz);
    cJSON_Delete(record);
    return rc;
#else
    (void)id, (void)g;
    return util_fail(REPLAY_E_IO, err, errsz, "%s: built without the league database", dir);
#endif
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"output", required_argument, NULL, 'o'}, {"text", no_argument, NULL, 't'},
        {"ply", required_argument, NULL, 'n'},    {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},      {"record", required_argument, NULL, 'r'},
        {NULL, 0, NULL, 0}};
    const char *output = NULL, *record_out = NULL;
    int text = 0, ply = -1, c;
    opterr = 0;
    /* -t and -p mean a move time and a position in the other tools:
     * --text has no short form, --ply is -n (N plies) */
    while ((c = getopt_long(argc, argv, ":o:n:hV", opts, NULL)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case 't': text = 1; break;
        case 'r': record_out = optarg; break;
        case 'n':
            if (util_parse_int(optarg, 0, REPLAY_PLIES_MAX, &ply) != 0) {
                fprintf(stderr, "loa-replay: --ply '%s' is not a number from 0 to %d\n", optarg,
                        REPLAY_PLIES_MAX);
                return EXIT_USAGE;
            }
            break;
        case 'h': usage(stdout); return EXIT_DONE;
        case 'V': printf("loa-replay %s\n", LOA_REPLAY_VERSION); return EXIT_DONE;
        case ':':
            fprintf(stderr, "loa-replay: option '%s' needs an argument (see --help)\n", argv[optind - 1]);
            return EXIT_USAGE;
        default:
            fprintf(stderr, "loa-replay: unknown option '%s' (see --help)\n", argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    int league = optind == argc - 2;
    if (optind != argc - 1 && !league) {
        fprintf(stderr, "loa-replay: %s (see --help)\n",
                optind == argc ? "give one RECORD.json, or DIR ID"
                               : "give one RECORD.json, or DIR ID, only");
        return EXIT_USAGE;
    }
    if (ply >= 0 && !text) {
        fputs("loa-replay: --ply goes with --text (in the page, open OUT.html#ply=N)\n", stderr);
        return EXIT_USAGE;
    }
    if (output && text) {
        fputs("loa-replay: --output and --text exclude each other\n", stderr);
        return EXIT_USAGE;
    }
    if (record_out && (output || text)) {
        fputs("loa-replay: --record writes a record, not a page or text: give it alone\n", stderr);
        return EXIT_USAGE;
    }
    const char *record = argv[optind];
    char err[512], page[4096] = "";
    replay_game *g;
    if (league) {
        int id;
        if (util_parse_int(argv[optind + 1], 0, 100000000, &id) != 0) {
            fprintf(stderr, "loa-replay: '%s' is not a game id (DIR ID)\n", argv[optind + 1]);
            return EXIT_USAGE;
        }
        if (load_from_league(record, id, &g, err, sizeof err) != 0) {
            fprintf(stderr, "loa-replay: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        snprintf(page, sizeof page, "%s/games", record);
        if (!output && !text && !record_out && util_mkdirs(page) != 0) {
            fprintf(stderr, "loa-replay: cannot create %s\n", page);
            replay_game_free(g);
            return EXIT_BAD_INPUT;
        }
        snprintf(page, sizeof page, "%s/games/%06d.html", record, id);
    } else if (replay_game_load(record, &g, err, sizeof err) != 0) {
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int rc;
    if (record_out) {
        /* replay_game_load refused a file that does not replay: nothing
         * is written then */
        rc = replay_write_record(g, record_out, err, sizeof err);
    } else if (text) {
        rc = replay_text(g, ply, stdout, err, sizeof err);
    } else {
        /* the game's analysis (loa-analyse), beside the record or the
         * league's page, whatever the page's path */
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
        rc = replay_write_html_analysed(g, a, output ? output : page[0] ? page : def, err, sizeof err);
        replay_analysis_free(a);
        free(apath);
        free(def);
    }
    replay_game_free(g);
    if (rc != 0) {
        fprintf(stderr, "loa-replay: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return EXIT_DONE;
}
