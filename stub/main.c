/*
 * loa-stub - writes a starter bot for Lines of Action (or for any stub in
 * CodinGame's stub language) in one of many languages.
 *
 *   loa-stub --lang python3 -o bot.py
 *   loa-stub --lang c --stub mygame.stub
 *   loa-stub --list
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stub.h"
#include "util/error.h"
#include "util/file.h"

/* Largest stub file read, in bytes (stubs are a few hundred bytes). */
#define STUB_FILE_MAX (1 << 20)

#ifndef LOA_STUB_VERSION
#define LOA_STUB_VERSION "unknown" /* set by stub/CMakeLists.txt */
#endif

static void usage(FILE *f)
{
    fprintf(f, "Usage: loa-stub --lang LANG [-o FILE] [--stub FILE]\n"
               "       loa-stub --list | --print-stub | --help\n"
               "Writes a starter bot that reads CodinGame's Lines of Action input and\n"
               "answers `random`, in the language LANG.\n"
               "\n"
               "  -l, --lang LANG     target language (see --list; aliases such as py, js,\n"
               "                      c++, cs, ts, rs, hs, ml are accepted)\n"
               "  -o, --output FILE   write to FILE instead of standard output\n"
               "  -s, --stub FILE     generate from this stub (CodinGame's stub-generator\n"
               "                      language) instead of the built-in LOA stub\n"
               "      --list          print the supported languages and their file names\n"
               "      --print-stub    print the built-in LOA stub (a starting point for --stub)\n"
               "  -h, --help          print this help\n"
               "  -V, --version       print the version\n"
               "\n"
               "Exit status: 0 done, 1 bad stub or I/O error, 2 bad command line.\n");
}

/* Reads the stub file at path (at most STUB_FILE_MAX bytes, no NUL byte)
 * into a new string (*out, caller frees) through util_read_file. Returns 0,
 * STUB_E_IO with errno set for the message (the open's or read's errno;
 * EFBIG when too large; EINVAL when it holds a NUL byte) or STUB_E_NOMEM. */
static int read_stub_file(const char *path, char **out)
{
    char *buf = NULL;
    size_t n = 0;
    int rc = util_read_file(path, STUB_FILE_MAX, &buf, &n);
    if (rc == UTIL_E_NOMEM)
        return STUB_E_NOMEM;
    if (rc == UTIL_E_RANGE) {
        errno = EFBIG;
        return STUB_E_IO;
    }
    if (rc)
        return STUB_E_IO; /* errno says why: EISDIR for a directory */
    /* The parser works on C strings: a NUL would silently cut the stub. */
    if (memchr(buf, '\0', n)) {
        free(buf);
        errno = EINVAL;
        return STUB_E_IO;
    }
    *out = buf;
    return 0;
}

static void list_languages(void)
{
    int n;
    const stub_lang *const *langs = stub_languages(&n);
    printf("%-12s %-12s %-18s %s\n", "LANG", "NAME", "FILE", "ALIASES");
    for (int i = 0; i < n; i++)
        printf("%-12s %-12s %-18s %s\n", langs[i]->name, langs[i]->display, langs[i]->file_name,
               langs[i]->aliases ? langs[i]->aliases : "");
}

/* The command line's choices. */
typedef struct options {
    const char *lang_name, *out_path, *stub_path;
    int list, print_stub;
} options;

/* Reads the command line into *o. Returns -1 to go on, else the exit
 * status (0 after --help or --version, 2 after the message of a bad
 * command line). */
static int parse_options(int argc, char **argv, options *o)
{
    static const struct option opts[] = {
        {"lang", required_argument, NULL, 'l'}, {"output", required_argument, NULL, 'o'},
        {"stub", required_argument, NULL, 's'}, {"list", no_argument, NULL, 'L'},
        {"print-stub", no_argument, NULL, 'P'}, {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},    {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":l:o:s:hV", opts, NULL)) != -1) {
        switch (c) {
        case 'l': o->lang_name = optarg; break;
        case 'o': o->out_path = optarg; break;
        case 's': o->stub_path = optarg; break;
        case 'L': o->list = 1; break;
        case 'P': o->print_stub = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("loa-stub %s\n", LOA_STUB_VERSION); return 0;
        case ':':
            fprintf(stderr, "loa-stub: option '%s' needs a value (try --help)\n", argv[optind - 1]);
            return 2;
        default:
            fprintf(stderr, "loa-stub: unknown option '%s' (try --help)\n", argv[optind - 1]);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-stub: unexpected argument '%s' (try --help)\n", argv[optind]);
        return 2;
    }
    return -1;
}

/* The stub of stub_path (the built-in LOA stub when NULL) read and parsed
 * into *prog (free with stub_program_free). Returns 0, or 1 after the
 * message (the file unreadable, a syntax error with its line). */
static int load_program(const char *stub_path, stub_program **prog)
{
    char *text = NULL;
    const char *source = stub_loa_text(), *source_name = "built-in LOA stub";
    if (stub_path) {
        int rc = read_stub_file(stub_path, &text);
        if (rc) {
            int e = errno;
            fprintf(stderr, "loa-stub: cannot read stub '%s': %s\n", stub_path,
                    rc != STUB_E_IO ? stub_strerror(rc)
                    : e == EISDIR   ? "it is a directory (give the stub file, e.g. "
                                      "DIR/stub.txt)"
                    : e == EFBIG    ? "larger than a stub can be"
                    : e == EINVAL   ? "it holds a NUL byte (not a text file)"
                                    : strerror(e));
            return 1;
        }
        source = text;
        source_name = stub_path;
    }
    stub_diag diag;
    int rc = stub_parse(source, prog, &diag);
    free(text);
    if (rc) {
        if (rc == STUB_E_SYNTAX)
            fprintf(stderr, "%s:%d: error: %s\n", source_name, diag.line, diag.message);
        else
            fprintf(stderr, "loa-stub: %s\n", stub_strerror(rc));
        return 1;
    }
    return 0;
}

/* Writes code to out_path (standard output when NULL or "-"). Returns 0,
 * or 1 after the message. */
static int write_code(const char *out_path, const char *code)
{
    FILE *out = stdout;
    if (out_path && strcmp(out_path, "-") != 0 && !(out = fopen(out_path, "w"))) {
        fprintf(stderr, "loa-stub: cannot write '%s': %s\n", out_path, strerror(errno));
        return 1;
    }
    int bad = fputs(code, out) < 0;
    bad |= out == stdout ? fflush(out) != 0 : fclose(out) != 0;
    if (bad) {
        fprintf(stderr, "loa-stub: writing %s failed: %s\n", out_path ? out_path : "output",
                strerror(errno));
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    options o = {0};
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;
    if (o.list) {
        list_languages();
        return 0;
    }
    if (o.print_stub) {
        fputs(stub_loa_text(), stdout);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (!o.lang_name) {
        fprintf(stderr, "loa-stub: missing --lang LANG (see --list)\n");
        return 2;
    }
    const stub_lang *lang = stub_find_language(o.lang_name);
    if (!lang) {
        fprintf(stderr, "loa-stub: unknown language '%s' (see --list)\n", o.lang_name);
        return 2;
    }
    stub_program *prog = NULL;
    if (load_program(o.stub_path, &prog))
        return 1;
    char *code = NULL;
    int rc = stub_generate(prog, lang, &code);
    stub_program_free(prog);
    if (rc) {
        fprintf(stderr, "loa-stub: %s\n", stub_strerror(rc));
        return 1;
    }
    status = write_code(o.out_path, code);
    free(code);
    return status;
}
