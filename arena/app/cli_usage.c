/* cli_usage.c - loa-arena --help: the app's options as text, the
 * settings' from their table (app/cli.h). */
#include <stdio.h>

#include "app/cli.h"
#include "app/serve.h"
#include "league/setting.h"

static void usage_section(FILE *out, arena_setting_section section)
{
    for (int i = 0; i < ARENA_SETTING_COUNT; i++)
        if (arena_setting_table[i].section == section)
            arena_setting_help(&arena_setting_table[i], out);
}

void arena_cli_usage(FILE *out)
{
    fputs("Usage: loa-arena [OPTIONS] [LEAGUE.json]\n"
          "       loa-arena --standings DIR [--anchor NAME] [--exclude NAME]\n"
          "                 [--filter EXPR] [--opening MOVES]\n"
          "       loa-arena --add-bot NAME=COMMAND --out DIR   (to a running league too)\n"
          "       loa-arena --replace-bot NAME=COMMAND --out DIR\n"
          "       loa-arena --retire NAME --out DIR\n"
          "       loa-arena --out DIR [--games N] [--continuous]   (resume or extend it)\n"
          "       loa-arena --html DIR\n"
          "       loa-arena serve DIR [--listen ADDR:PORT]\n"
          "       loa-arena --merge OUT DIR...\n"
          "       loa-arena import DIR FILE... [--me NAME]... [--analyse WHICH]   (--help)\n"
          "Runs a league of Lines of Action bots (CodinGame protocol and limits) in parallel,\n"
          "keeps every result in DIR (resumable), and prints standings with Elo ratings.\n"
          "\n"
          "League (flags override the league file):\n"
          "  -b, --bot NAME=COMMAND   add a bot (repeat); COMMAND runs with /bin/sh -c;\n"
          "                           {bin} = loa-arena's directory, {dir} = the league file's\n",
          out);
    usage_section(out, ARENA_HELP_LEAGUE);
    fputs("Version testing (two bots: the first, or the gauntlet bot, is tested):\n", out);
    usage_section(out, ARENA_HELP_SPRT);
    fputs("A league across bot versions (psyleague's loop; docs/arena.md):\n"
          "      --add-bot NAME=CMD   with --out DIR: add a bot to DIR's league and play only\n"
          "                           its new pairings; to a league that runs, it is handed\n"
          "                           over and played without stopping\n"
          "      --replace-bot NAME=CMD  a new version of NAME: its games archived in\n"
          "                           DIR/previous-<time>-NAME/, its pairings played again\n"
          "      --retire NAME        no longer schedule NAME; its games are kept\n"
          "      --no-snapshot        run the new bots where they are (default: their files\n"
          "                           are copied into DIR/bots/NAME/ and the copy is run)\n"
          "      --extend             the league file lists more bots than DIR's league:\n"
          "                           add them (as --add-bot)\n"
          "Running:\n",
          out);
    usage_section(out, ARENA_HELP_RUNNING);
    fputs("      --force-new          DIR holds another league, or a bot changed since its\n"
          "                           games were played: archive DIR's league, start anew\n"
          "      --keep-going         a bot that cannot start loses its games (default:\n"
          "                           the league stops at its first game, exit 3)\n"
          "  -q, --quiet              no progress display, no line per game\n"
          "      --analyse WHICH      once the league is played, loa-analyse its lost games\n"
          "                           (every decisive one), faults or all: each move\n"
          "                           judged, the worst moments linked from the index\n"
          "                           (docs/analysis.md)\n"
          "Standings:\n",
          out);
    usage_section(out, ARENA_HELP_STANDINGS);
    fputs(
        "      --standings DIR      print the standings of DIR without playing\n"
        "      --exclude NAME       with --standings: leave NAME and its games out\n"
        "      --filter EXPR        with --standings: only the games EXPR keeps, rated anew\n"
        "                           (bot(NAME)[30].depth < 8 AND match.plies > 60; docs/arena.md)\n"
        "      --opening MOVES      with --standings: only the games from opening MOVES\n"
        "      --metrics[=NAMES]    with --standings: the metrics bots reported, per bot and\n"
        "                           phase, in wins and losses (NAMES: only those, as\n"
        "                           depth,nps; docs/metrics.md)\n"
        "      --merge OUT DIR...   merge result directories of one league (shards, or\n"
        "                           copies) into OUT; games are checked, never duplicated;\n"
        "                           --pages says which new games get a page\n"
        "      --html DIR           rewrite DIR/index.html and every game's replay page\n"
        "                           DIR/games/<id>.html, playing nothing (docs/replay.md)\n"
        "      serve DIR, --serve DIR  serve DIR's pages over HTTP, every game's page\n"
        "                           rendered on request from DIR/league.db, writing\n"
        "                           nothing; the pages follow a league that plays\n"
        "      --listen ADDR:PORT   with serve: where (default " ARENA_SERVE_LISTEN ", loopback\n"
        "                           only; 0.0.0.0:PORT serves every network, with a\n"
        "                           warning; port 0: any free one) (docs/arena.md)\n"
        "  -h, --help               this text\n"
        "  -V, --version            version\n"
        "\n"
        "fastchess's and cutechess's words work too (-engine cmd=X name=Y, -rounds, -games,\n"
        "-concurrency, -openings file=F, -sprt ...; docs/arena.md).\n"
        "Re-running the same command resumes: finished games are kept. Ctrl-C once stops\n"
        "scheduling and lets running games end; twice stops them at once.\n"
        "Exit status: 0 done (or a continuous league stopped), 1 I/O failure while\n"
        "running, 2 bad input (or a bot changed), 3 a bot failed to start, 130 interrupted.\n"
        "Details: docs/arena.md\n",
        out);
}
