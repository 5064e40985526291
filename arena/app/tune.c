/* tune.c - loa-tune's command line and run (app/tune.h). */
#include "app/tune.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "app/tasks.h"
#include "core/error.h"
#include "league/setting.h"
#include "loa/loa.h"
#include "ref/referee.h"
#include "run/signals.h"
#include "tune/tune_file.h"
#include "tune/tune_run.h"
#include "util/parse.h"
#include "util/sys.h"

static void usage(FILE *out)
{
    fputs("Usage: loa-tune [options] TUNEFILE\n"
          "Tunes a bot's parameters by SPSA over game pairs, as fishtest and OpenBench do:\n"
          "the bot command of TUNEFILE with {name} placeholders, each parameter's start,\n"
          "min, max, c_end and r_end, the pairs to play, and league settings (openings,\n"
          "time mode, limits, seed, concurrency). Resumable: run it again to go on.\n"
          "Docs: docs/tuning.md.\n\n"
          "  -o, --out DIR           results directory (default: TUNEFILE without .json,\n"
          "                          then -results)\n"
          "  -c, --concurrency N     games at once (at most 2 x pairs_per_iteration;\n"
          "                          0: the CPUs it may use)\n"
          "      --report N          print the values every N pairs (default: the file's\n"
          "                          report_every, else " ARENA_STR(
              ARENA_TUNE_REPORT_DEFAULT) ")\n"
                                         "  -q, --quiet             print only the final values "
                                         "and command\n"
                                         "  -h, --help              show this help\n"
                                         "  -V, --version           show the version\n",
          out);
}

typedef struct tune_flags {
    const char *file, *out, *concurrency;
    int report, quiet;
} tune_flags;

/* argv into *f; returns -1 to go on, else the exit status. */
static int parse(int argc, char **argv, tune_flags *f)
{
    static const struct option longs[] = {{"out", required_argument, NULL, 'o'},
                                          {"concurrency", required_argument, NULL, 'c'},
                                          {"report", required_argument, NULL, 'r'},
                                          {"quiet", no_argument, NULL, 'q'},
                                          {"help", no_argument, NULL, 'h'},
                                          {"version", no_argument, NULL, 'V'},
                                          {NULL, 0, NULL, 0}};
    int ch;
    while ((ch = getopt_long(argc, argv, "o:c:qhV", longs, NULL)) != -1) {
        switch (ch) {
        case 'o': f->out = optarg; break;
        case 'c': f->concurrency = optarg; break;
        case 'q': f->quiet = 1; break;
        case 'r':
            if (util_parse_int(optarg, 1, ARENA_TUNE_PAIRS_MAX, &f->report)) {
                fprintf(stderr, "loa-tune: --report: '%s' is not an integer in 1..%d\n", optarg,
                        ARENA_TUNE_PAIRS_MAX);
                return 2;
            }
            break;
        case 'h': usage(stdout); return 0;
        case 'V':
            printf("loa-tune %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR, LOA_VERSION_PATCH);
            return 0;
        default: fprintf(stderr, "loa-tune: see --help\n"); return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "loa-tune: %s (see --help)\n",
                optind < argc ? "one tune file, no other argument" : "no tune file given");
        return 2;
    }
    f->file = argv[optind];
    return -1;
}

/* The tune file, then the options over it. Returns 0 or 2 after the message. */
static int load(arena_tune *t, const tune_flags *f)
{
    char err[1024];
    int rc = arena_tune_load_file(t, f->file, err, sizeof err);
    if (!rc && f->out)
        rc = arena_setting_from_text(&t->league, &arena_setting_table[ARENA_SETTING_OUT], "out",
                                     f->out, err, sizeof err);
    if (!rc && f->concurrency)
        rc = arena_setting_from_text(&t->league, &arena_setting_table[ARENA_SETTING_CONCURRENCY],
                                     "concurrency", f->concurrency, err, sizeof err);
    if (!rc && f->report)
        t->report_every = f->report;
    if (rc)
        fprintf(stderr, "loa-tune: %s\n", err);
    return rc ? 2 : 0;
}

static int exit_status(int rc, int stopped)
{
    if (arena_error_kind(rc) == ARENA_E_BUSY || rc == ARENA_E_MISMATCH ||
        arena_error_kind(rc) == ARENA_E_PARSE || rc == ARENA_E_CONFIG)
        return 2;
    if (rc)
        return 1;
    return stopped == ARENA_TUNE_STOP_INTERRUPTED ? 130 : stopped ? 3 : 0;
}

int arena_tune_main(int argc, char **argv)
{
    tune_flags f = {0};
    int code = parse(argc, argv, &f);
    if (code >= 0)
        return code;
    arena_tune t;
    arena_tune_init(&t);
    code = load(&t, &f);
    if (!code && (ref_global_init() || arena_signals_install())) {
        fprintf(stderr, "loa-tune: cannot initialise the referee or the signal handlers\n");
        code = 1;
    }
    if (!code) {
        char bin[4096], err[1024] = "";
        util_exe_dir(bin, sizeof bin);
        arena_tune_run_config cfg = {.bin_dir = bin,
                                     .interrupt_fd = arena_signals_fd(),
                                     .out = stdout,
                                     .quiet = f.quiet};
        int stopped = 0;
        int rc = arena_tune_run(&t, &cfg, &stopped, err, sizeof err);
        if (err[0])
            fprintf(stderr, "loa-tune: %s\n", err);
        if (stopped == ARENA_TUNE_STOP_INTERRUPTED)
            fprintf(stderr, "loa-tune: interrupted: run the same command again to resume\n");
        code = exit_status(rc, stopped);
    }
    arena_tune_clear(&t);
    return code;
}
