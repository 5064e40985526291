/*
 * loa-bundle - one self-contained C file from a bot on the SDK, to paste
 * into CodinGame (see bundle.h for how, docs/stubs.md for why).
 *
 *   loa-bundle bot.c -o submit.c
 *   loa-bundle main.c search.c eval.c -I include -o submit.c
 *   loa-bundle --embed weights=w.bin bot.c -o submit.c
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "embed.h"
#include "files.h"
#include "prune.h"
#include "strlist.h"
#include "util/error.h"
#include "util/file.h"

#ifndef LOA_BUNDLE_VERSION
#define LOA_BUNDLE_VERSION "unknown"
#endif

/* Most -I directories accepted. */
#define MAX_INCLUDE_DIRS 64

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: loa-bundle [options] MAIN.c [MORE.c...] [-o SUBMIT.c]\n"
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
            "      --embed NAME=FILE put FILE's bytes in the bundle (repeatable); the bot\n"
            "                        reads them with loa_embed_get(\"NAME\", &size) (loa/embed.h)\n"
            "      --embed-only      write only the blobs and their decoder (no MAIN.c), a\n"
            "                        C file to compile with the bot for local builds\n"
            "  -q, --quiet           no size report on standard error\n"
            "  -h, --help            print this help\n"
            "  -V, --version         print the version\n"
            "\n"
            "The result compiles with: gcc -std=gnu17 -O2 SUBMIT.c -lm -lpthread\n"
            "Sizes are counted as CodinGame does, in UTF-16 units (a character outside\n"
            "Unicode's BMP counts two); blobs take 15 bits a character.\n"
            "Exit status: 0 done; 1 a source, include or --embed FILE could not be read,\n"
            "a file of the bot is missing (named), or it calls loa_embed_get() without\n"
            "--embed; 2 bad command line (a bad or repeated --embed NAME included); 3 over\n"
            "CodinGame's 100,000-character limit: written anyway without --embed, not\n"
            "written with it (the blob that passes the limit named).\n");
}

/* The command line's choices. */
typedef struct command {
    const char *out_path;               /* NULL: standard output */
    const char *dirs[MAX_INCLUDE_DIRS]; /* the -I directories, opt's include_dirs */
    bundle_options opt;
    int quiet;
    int embed_only;                                 /* --embed-only */
    int nblobs;                                     /* --embed options */
    bundle_blob blobs[BUNDLE_EMBED_MAX_BLOBS];      /* their names (in argv) and bytes */
    const char *blob_paths[BUNDLE_EMBED_MAX_BLOBS]; /* their FILEs */
} command;

/* Records --embed NAME=FILE (arg is written: the '=' becomes a NUL).
 * Returns -1, or 2 after the message naming what is wrong. */
static int add_blob(command *cmd, char *arg)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq[1] == '\0') {
        fprintf(stderr, "loa-bundle: --embed '%s': expected NAME=FILE\n", arg);
        return 2;
    }
    *eq = '\0';
    if (!bundle_embed_name_ok(arg)) {
        fprintf(stderr,
                "loa-bundle: --embed: blob name '%s' is not a C identifier (letters, digits "
                "and '_', not first a digit, at most %d)\n",
                arg, BUNDLE_EMBED_NAME_MAX);
        return 2;
    }
    for (int i = 0; i < cmd->nblobs; i++)
        if (strcmp(cmd->blobs[i].name, arg) == 0) {
            fprintf(stderr, "loa-bundle: --embed: blob name '%s' is given twice\n", arg);
            return 2;
        }
    if (cmd->nblobs == BUNDLE_EMBED_MAX_BLOBS) {
        fprintf(stderr, "loa-bundle: more than %d --embed blobs\n", BUNDLE_EMBED_MAX_BLOBS);
        return 2;
    }
    cmd->blobs[cmd->nblobs].name = arg;
    cmd->blob_paths[cmd->nblobs++] = eq + 1;
    return -1;
}

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
                                         {"embed", required_argument, NULL, 'E'},
                                         {"embed-only", no_argument, NULL, 'B'},
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
        case 'E':
            if (add_blob(cmd, optarg) >= 0)
                return 2;
            break;
        case 'B': cmd->embed_only = 1; break;
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
    if (cmd->embed_only && (cmd->nblobs == 0 || optind < argc)) {
        fprintf(stderr, "loa-bundle: --embed-only takes --embed blobs and no source\n");
        return 2;
    }
    if (optind >= argc && !cmd->embed_only) {
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
        if (bundle_sources(sources, n, &s_opt, &s_text, &s_len, &diag) == 0) {
            s_len = bundle_cg_chars(s_text, s_len); /* as CodinGame counts */
            snprintf(stripped, sizeof stripped,
                     "; with -s (comments stripped): %zu "
                     "characters%s",
                     s_len, s_len <= BUNDLE_CODINGAME_MAX_CHARS ? ", which fits" : ", still over");
        }
        free(s_text);
    }
    fprintf(stderr, "loa-bundle: %s is over CodinGame's limit of %d characters by %zu%s\n",
            cmd->out_path ? cmd->out_path : "the bundle", BUNDLE_CODINGAME_MAX_CHARS,
            len - BUNDLE_CODINGAME_MAX_CHARS, stripped);
}

/* Reads every --embed FILE into cmd->blobs (the caller frees their data).
 * Returns -1, or the exit status after the message naming the blob: 1 a
 * FILE that cannot be read, 3 a FILE too large for CodinGame's limit alone. */
static int load_blobs(command *cmd)
{
    size_t max = bundle_embed_max_bytes(BUNDLE_CODINGAME_MAX_CHARS);
    for (int i = 0; i < cmd->nblobs; i++) {
        char *data = NULL;
        size_t size = 0;
        int rc = util_read_file(cmd->blob_paths[i], max, &data, &size);
        if (rc == UTIL_E_RANGE) {
            fprintf(stderr,
                    "loa-bundle: blob '%s': '%s' is larger than %zu bytes, the most that fit in "
                    "CodinGame's %d characters at %d bits a character\n",
                    cmd->blobs[i].name, cmd->blob_paths[i], max, BUNDLE_CODINGAME_MAX_CHARS,
                    BUNDLE_EMBED_BITS_PER_CHAR);
            return 3;
        }
        if (rc) {
            fprintf(stderr, "loa-bundle: blob '%s': cannot read '%s': %s\n", cmd->blobs[i].name,
                    cmd->blob_paths[i], rc == UTIL_E_IO ? strerror(errno) : util_strerror(rc));
            return 1;
        }
        cmd->blobs[i].data = (const unsigned char *)data;
        cmd->blobs[i].size = size;
    }
    return -1;
}

/* The characters of the blobs' literals (their encoded text). */
static size_t blob_chars(const command *cmd)
{
    size_t n = 0;
    for (int i = 0; i < cmd->nblobs; i++)
        n += bundle_embed_chars(cmd->blobs[i].size);
    return n;
}

/* With --embed, what the bundle's chars characters go to: the code, each
 * blob, what is left. */
static void report_blobs(const command *cmd, size_t chars)
{
    fprintf(stderr, "loa-bundle:   code: %zu characters (the blobs' table and decoder included)\n",
            chars - blob_chars(cmd));
    for (int i = 0; i < cmd->nblobs; i++)
        fprintf(stderr, "loa-bundle:   blob '%s': %zu bytes in %zu characters\n",
                cmd->blobs[i].name, cmd->blobs[i].size, bundle_embed_chars(cmd->blobs[i].size));
    if (chars <= BUNDLE_CODINGAME_MAX_CHARS && !cmd->embed_only)
        fprintf(stderr,
                "loa-bundle:   left under CodinGame's %d: %zu characters (%zu bytes of blobs)\n",
                BUNDLE_CODINGAME_MAX_CHARS, BUNDLE_CODINGAME_MAX_CHARS - chars,
                bundle_embed_max_bytes(BUNDLE_CODINGAME_MAX_CHARS - chars));
}

/* A bundle with blobs of chars characters over the limit: not written;
 * names the blob that, added in order after the code, passes it. */
static void refuse_blobs(const command *cmd, size_t chars)
{
    size_t total = chars - blob_chars(cmd);
    const char *what = "the code alone";
    char blob[160];
    for (int i = 0; i < cmd->nblobs && total <= BUNDLE_CODINGAME_MAX_CHARS; i++) {
        total += bundle_embed_chars(cmd->blobs[i].size);
        snprintf(blob, sizeof blob, "blob '%s' (%zu bytes, %zu characters)", cmd->blobs[i].name,
                 cmd->blobs[i].size, bundle_embed_chars(cmd->blobs[i].size));
        what = blob;
    }
    fprintf(stderr,
            "loa-bundle: not written: %s takes the bundle over CodinGame's limit of %d "
            "characters: %zu, %zu over (code %zu)\n",
            what, BUNDLE_CODINGAME_MAX_CHARS, chars, chars - BUNDLE_CODINGAME_MAX_CHARS,
            chars - blob_chars(cmd));
}

/* The text to write: the bundle of the sources (none with --embed-only),
 * then the blobs' section. Returns 0, or 1 after the message. */
static int build(const command *cmd, const char *const *sources, int n, util_buf *out)
{
    if (!cmd->embed_only) {
        char *text = NULL;
        size_t len = 0;
        bundle_diag diag;
        int rc = bundle_sources(sources, n, &cmd->opt, &text, &len, &diag);
        if (rc) {
            fprintf(stderr, "loa-bundle: %s\n",
                    diag.message[0] ? diag.message : bundle_strerror(rc));
            return 1;
        }
        util_buf_put(out, text, len);
        free(text);
    }
    if (cmd->nblobs)
        bundle_embed_section(cmd->blobs, cmd->nblobs, out);
    if (out->failed) {
        fprintf(stderr, "loa-bundle: out of memory\n");
        return 1;
    }
    return 0;
}

/* Without --embed, a bot whose .c files call loa_embed_get() would not
 * link on CodinGame (only --embed writes its definition): said, naming the
 * file. Returns -1 to go on, or 1 after the message. (A source it cannot
 * read is left to the bundler's own message.) */
static int check_embed_needed(const command *cmd, const char *const *sources, int n)
{
    static const char fn[] = "loa_embed_get";
    for (int i = 0; i < n && cmd->nblobs == 0; i++) {
        char *text = NULL;
        size_t len = 0;
        bundle_strlist ids = {0};
        int uses = util_read_file(sources[i], BUNDLE_FILE_MAX, &text, &len) == 0 &&
                   bundle_collect_idents(text, len, &ids) == 0 &&
                   bundle_list_has(&ids, fn, sizeof fn - 1) >= 0;
        bundle_list_free(&ids);
        free(text);
        if (uses) {
            fprintf(stderr,
                    "loa-bundle: %s calls %s() but no --embed NAME=FILE is given (the bundle "
                    "would not link)\n",
                    sources[i], fn);
            return 1;
        }
    }
    return -1;
}

/* Bundles, checks the limit, writes. Returns the exit status. */
static int run(command *cmd, const char *const *sources, int n)
{
    int status = load_blobs(cmd);
    if (status < 0)
        status = check_embed_needed(cmd, sources, n);
    if (status >= 0)
        return status;
    util_buf out = {0};
    if (build(cmd, sources, n, &out) != 0) {
        util_buf_free(&out);
        return 1;
    }
    size_t chars = bundle_cg_chars(out.s, out.len);
    int over = chars > BUNDLE_CODINGAME_MAX_CHARS && !cmd->embed_only;
    if (over && cmd->nblobs) {
        refuse_blobs(cmd, chars);
        util_buf_free(&out);
        return 3;
    }
    status = write_bundle(cmd->out_path, out.s, out.len);
    util_buf_free(&out);
    if (status)
        return status;
    if (!cmd->quiet) {
        fprintf(stderr, "loa-bundle: wrote %s: %zu characters\n",
                cmd->out_path ? cmd->out_path : "stdout", chars);
        if (cmd->nblobs)
            report_blobs(cmd, chars);
    }
    if (over) {
        say_over_limit(cmd, sources, n, chars);
        return 3;
    }
    return 0;
}

int main(int argc, char **argv)
{
    command cmd = {0};
    int status = parse_options(argc, argv, &cmd);
    if (status >= 0)
        return status;
    status = run(&cmd, (const char *const *)argv + optind, argc - optind);
    for (int i = 0; i < cmd.nblobs; i++)
        free((void *)cmd.blobs[i].data);
    return status;
}
