/*
 * loa-bundle - one self-contained C file from a bot on the SDK, to paste
 * into CodinGame (see bundle.h for how, docs/stubs.md for why).
 *
 *   loa-bundle bot.c -o submit.c
 *   loa-bundle main.c search.c eval.c -I include -o submit.c
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"

#ifndef LOA_BUNDLE_VERSION
#define LOA_BUNDLE_VERSION "unknown"
#endif

/* Most -I directories accepted. */
#define MAX_INCLUDE_DIRS 64

static void usage(FILE *f)
{
    fprintf(f, "Usage: loa-bundle [options] MAIN.c [MORE.c...] [-o SUBMIT.c]\n"
               "Writes one self-contained C file for CodinGame from a bot that uses the\n"
               "loa SDK: its own \"...\" includes and the SDK (embedded in loa-bundle) are\n"
               "inlined once each, system headers are kept. Several .c files are bundled\n"
               "as separate units (static names that clash are renamed).\n"
               "\n"
               "  -o, --output FILE     write to FILE instead of standard output\n"
               "  -I, --include DIR     also search DIR for \"...\" includes\n"
               "      --line-markers    write #line markers pointing at the original files\n"
               "      --keep-comments   keep the SDK's comments and blank lines (a bigger file)\n"
               "  -s, --strip-comments  strip comments and blank lines from the bot's files too\n"
               "                        (to fit CodinGame's 100,000-character limit)\n"
               "  -q, --quiet           no size report on standard error\n"
               "  -h, --help            print this help\n"
               "  -V, --version         print the version\n"
               "\n"
               "The result compiles with: gcc -std=gnu17 -O2 SUBMIT.c -lm -lpthread\n"
               "Exit status: 0 done, 1 a source or include could not be bundled, or a file\n"
               "of the bot is missing (named), 2 bad command line, 3 written but over\n"
               "CodinGame's 100,000-character limit.\n");
}

/* The command line's choices. */
typedef struct command {
    const char *out_path;               /* NULL: standard output */
    const char *dirs[MAX_INCLUDE_DIRS]; /* the -I directories, opt's include_dirs */
    bundle_options opt;
    int quiet;
} command;

/* Reads the command line into *cmd (the sources from argv[optind]).
 * Returns -1 to go on, else the exit status (0 after --help or --version,
 * 2 after the message of a bad command line). */
static int parse_options(int argc, char **argv, command *cmd)
{
    static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
                                         {"include", required_argument, NULL, 'I'},
                                         {"line-markers", no_argument, NULL, 'L'},
                                         {"keep-comments", no_argument, NULL, 'K'},
                                         {"strip-comments", no_argument, NULL, 's'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {"version", no_argument, NULL, 'V'},
                                         {NULL, 0, NULL, 0}};
    bundle_options *opt = &cmd->opt;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:I:sqhV", opts, NULL)) != -1) {
        switch (c) {
        case 'o': cmd->out_path = optarg; break;
        case 'I':
            if (opt->include_dir_count == MAX_INCLUDE_DIRS) {
                fprintf(stderr, "loa-bundle: more than %d -I directories\n", MAX_INCLUDE_DIRS);
                return 2;
            }
            cmd->dirs[opt->include_dir_count++] = optarg;
            break;
        case 'L': opt->line_markers = 1; break;
        case 'K': opt->keep_sdk_comments = 1; break;
        case 's': opt->strip_comments = 1; break;
        case 'q': cmd->quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("loa-bundle %s\n", LOA_BUNDLE_VERSION); return 0;
        case ':':
            fprintf(stderr, "loa-bundle: option '%s' needs a value (try --help)\n",
                    argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "loa-bundle: unknown option '%s' (try --help)\n", argv[optind - 1]);
            return 2;
        }
    }
    if (opt->strip_comments && (opt->line_markers || opt->keep_sdk_comments)) {
        fprintf(stderr, "loa-bundle: --strip-comments cannot be combined with --line-markers or "
                        "--keep-comments\n");
        return 2;
    }
    if (optind >= argc) {
        fprintf(stderr, "loa-bundle: no source given (try --help)\n");
        return 2;
    }
    opt->include_dirs = cmd->dirs;
    return -1;
}

/* Writes text[len] to out_path (standard output when NULL or "-").
 * Returns 0, or 1 after the message. */
static int write_bundle(const char *out_path, const char *text, size_t len)
{
    FILE *out = stdout;
    if (out_path && strcmp(out_path, "-") != 0 && !(out = fopen(out_path, "w"))) {
        fprintf(stderr, "loa-bundle: cannot write '%s': %s\n", out_path, strerror(errno));
        return 1;
    }
    int bad = fwrite(text, 1, len, out) != len;
    bad |= out == stdout ? fflush(out) != 0 : fclose(out) != 0;
    if (bad) {
        fprintf(stderr, "loa-bundle: writing %s failed: %s\n", out_path ? out_path : "output",
                strerror(errno));
        return 1;
    }
    return 0;
}

/* A bundle of len characters over CodinGame's limit, said loud whatever -q
 * says (CodinGame would refuse the paste), with what stripping the bot's
 * comments would give (the n sources bundled again with -s). */
static void say_over_limit(const command *cmd, const char *const *sources, int n, size_t len)
{
    char stripped[160] = "";
    if (!cmd->opt.strip_comments) {
        bundle_options s_opt = cmd->opt;
        s_opt.strip_comments = 1;
        s_opt.line_markers = 0;
        char *s_text = NULL;
        size_t s_len = 0;
        bundle_diag diag;
        if (bundle_sources(sources, n, &s_opt, &s_text, &s_len, &diag) == 0)
            snprintf(stripped, sizeof stripped,
                     "; with -s (comments stripped): %zu "
                     "characters%s",
                     s_len, s_len <= BUNDLE_CODINGAME_MAX_CHARS ? ", which fits" : ", still over");
        free(s_text);
    }
    fprintf(stderr, "loa-bundle: %s is over CodinGame's limit of %d characters by %zu%s\n",
            cmd->out_path ? cmd->out_path : "the bundle", BUNDLE_CODINGAME_MAX_CHARS,
            len - BUNDLE_CODINGAME_MAX_CHARS, stripped);
}

int main(int argc, char **argv)
{
    command cmd = {0};
    int status = parse_options(argc, argv, &cmd);
    if (status >= 0)
        return status;
    const char *const *sources = (const char *const *)argv + optind;
    int n = argc - optind;
    char *text = NULL;
    size_t len = 0;
    bundle_diag diag;
    int rc = bundle_sources(sources, n, &cmd.opt, &text, &len, &diag);
    if (rc) {
        fprintf(stderr, "loa-bundle: %s\n", diag.message[0] ? diag.message : bundle_strerror(rc));
        return 1;
    }
    status = write_bundle(cmd.out_path, text, len);
    free(text);
    if (status)
        return status;
    if (!cmd.quiet)
        fprintf(stderr, "loa-bundle: wrote %s: %zu characters\n",
                cmd.out_path ? cmd.out_path : "stdout", len);
    if (len > BUNDLE_CODINGAME_MAX_CHARS) {
        say_over_limit(&cmd, sources, n, len);
        return 3;
    }
    return 0;
}
