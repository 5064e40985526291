/*
 * import_cli.c - the command line of `loa-arena import` (app/import.h):
 * its options (getopt_long), its summary line and its exit status.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "app/analyse.h"
#include "app/import.h"
#include "core/error.h"
#include "ref/referee.h"
#include "util/sys.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: loa-arena import DIR FILE... [--me NAME]... [--analyse WHICH]\n"
            "  CodinGame's replays of Lines of Action (the files the site and the public\n"
            "  tools save; a FILE may be a folder: its files) as a league in DIR: the same\n"
            "  league.db, standings, dashboard and bot pages as a league played here.\n"
            "  Each file is replayed under the rules; one that does not replay is named\n"
            "  with the reason and skipped. A game is keyed by CodinGame's game id:\n"
            "  importing a file again adds nothing.\n"
            "      --me NAME   the contestant's CodinGame name (again for another name of\n"
            "                  the same contestant); default: the name in the most files\n"
            "      --analyse WHICH  then loa-analyse the league's games: lost, faults or\n"
            "                  all (as loa-arena --analyse; a game analysed before is kept)\n"
            "  -h, --help      this text\n"
            "  Exit status: the number of files refused (at most %d), 0 when none;\n"
            "  %d bad command line or DIR holding a league not imported, %d the league\n"
            "  could not be read or written, %d the analysis failed, 130 interrupted.\n",
            ARENA_IMPORT_REFUSED_MAX, ARENA_IMPORT_EXIT_USAGE, ARENA_IMPORT_EXIT_IO,
            ARENA_IMPORT_EXIT_ANALYSIS);
}

/* Parses argv into *o and *which. Returns 0, 1 (--help printed) or -1
 * (said). */
static int parse(int argc, char **argv, arena_import_opts *o, const char **files,
                 arena_analyse_which *which)
{
    static const struct option longs[] = {{"me", required_argument, NULL, 'm'},
                                          {"analyse", required_argument, NULL, 'a'},
                                          {"help", no_argument, NULL, 'h'},
                                          {0, 0, 0, 0}};
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "+h", longs, NULL)) != -1 || optind < argc;) {
        if (c == -1) { /* an operand: DIR first, then files */
            if (!o->dir)
                o->dir = argv[optind];
            else
                files[o->nfiles++] = argv[optind];
            optind++;
            continue;
        }
        if (c == 'h') {
            usage(stdout);
            return 1;
        }
        if (c == 'a' && arena_analyse_from_name(optarg, which) == 0)
            continue;
        if (c == 'a') {
            fprintf(stderr, "loa-arena import: --analyse: '%s': lost, faults or all\n", optarg);
            return -1;
        }
        if (c == 'm' && o->nme < ARENA_IMPORT_ME_MAX && optarg[0]) {
            o->me[o->nme++] = optarg;
            continue;
        }
        if (c == 'm')
            fprintf(stderr, "loa-arena import: --me: %s\n",
                    optarg[0] ? "too many names (at most 8)" : "an empty name");
        else
            fprintf(stderr, "loa-arena import: unknown option %s (--help)\n", argv[optind - 1]);
        return -1;
    }
    if (!o->dir || o->nfiles == 0) {
        fprintf(stderr, "loa-arena import: usage: loa-arena import DIR FILE... [--me NAME]...\n");
        return -1;
    }
    return 0;
}

/* --analyse: loa-analyse (beside loa-arena) on DIR's games, as after a
 * league's run. Returns 0 or the exit status. */
static int analyse(const char *dir, arena_analyse_which which)
{
    char bin[PATH_MAX], err[1024] = "";
    if (ref_global_init()) {
        fprintf(stderr, "loa-arena import: cannot initialise the referee: %s\n",
                ref_strerror(REF_E_SYSTEM));
        return ARENA_IMPORT_EXIT_ANALYSIS;
    }
    util_exe_dir(bin, sizeof bin);
    fputc('\n', stdout);
    fflush(stdout);
    int rc = arena_analyse_league(bin, dir, which, 1, -1, err, sizeof err);
    if (rc && err[0])
        fprintf(stderr, "loa-arena import: --analyse: %s\n", err);
    return rc == 0 ? 0 : rc == 130 ? 130 : ARENA_IMPORT_EXIT_ANALYSIS;
}

int arena_import_main(int argc, char **argv)
{
    const char *files[argc > 0 ? argc : 1];
    arena_import_opts o = {.files = files};
    arena_analyse_which which = ARENA_ANALYSE_NONE;
    int rc = parse(argc, argv, &o, files, &which);
    if (rc)
        return rc > 0 ? 0 : ARENA_IMPORT_EXIT_USAGE;
    arena_import_result res;
    char err[1024];
    rc = arena_import(&o, stdout, stderr, &res, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena import: %s\n", err);
        int k = arena_error_kind(rc);
        return k == ARENA_E_CONFIG || k == ARENA_E_MISMATCH ? ARENA_IMPORT_EXIT_USAGE
                                                            : ARENA_IMPORT_EXIT_IO;
    }
    printf("%s%d file%s read: %d new game%s, %d held already, %d refused; %s holds %d "
           "game%s%s%s\n",
           res.added ? "\n" : "", res.files, res.files == 1 ? "" : "s", res.added,
           res.added == 1 ? "" : "s", res.already, res.refused, o.dir, res.games,
           res.games == 1 ? "" : "s", res.me[0] ? " of contestant " : "", res.me);
    if (res.renamed)
        printf("The players named again (--me): the league written again\n");
    if (res.added || res.renamed)
        printf("Dashboard: %s/index.html\n", o.dir);
    if (which != ARENA_ANALYSE_NONE && res.games > 0 && (rc = analyse(o.dir, which)))
        return rc;
    return res.refused > ARENA_IMPORT_REFUSED_MAX ? ARENA_IMPORT_REFUSED_MAX : res.refused;
}
