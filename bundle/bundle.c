/*
 * The bundler: include resolution, once-only inlining, unit-static renaming
 * and SDK compaction (the design is described in bundle.h).
 *
 * Text is processed line by line with a small C lexer that knows comments,
 * string and character literals and preprocessor lines, which is all the
 * bundler needs: it never expands macros or evaluates conditions. It only
 * follows conditional nesting to know whether an include is unconditional
 * (then a guarded file is done after its first inlining) or not (then it is
 * inlined again at its next include, its guard keeping that correct).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bundle.h"

/* Largest source file read, in bytes. */
#define BUNDLE_FILE_MAX (16 << 20)

typedef struct buf {
    char *s;
    size_t len, cap;
    int failed;
} buf;

static void buf_put(buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1 << 16;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->failed = 1;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void buf_str(buf *b, const char *s) { buf_put(b, s, strlen(s)); }

static void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(buf *b, const char *fmt, ...)
{
    char small[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof small)
        b->failed = 1;
    else
        buf_put(b, small, (size_t)n);
}

/* A list of owned strings. */
typedef struct strlist {
    char **v;
    int n, cap;
} strlist;

static int list_has(const strlist *l, const char *s, size_t n)
{
    for (int i = 0; i < l->n; i++)
        if (strlen(l->v[i]) == n && memcmp(l->v[i], s, n) == 0)
            return i;
    return -1;
}

static int list_add(strlist *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        char **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (!v)
            return BUNDLE_E_NOMEM;
        l->v = v;
        l->cap = cap;
    }
    char *d = malloc(n + 1);
    if (!d)
        return BUNDLE_E_NOMEM;
    memcpy(d, s, n);
    d[n] = '\0';
    l->v[l->n++] = d;
    return 0;
}

static void list_free(strlist *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

typedef struct file {
    char *key;         /* real path, or "sdk:<name>" for the embedded SDK */
    char *display;     /* name in #line markers and messages */
    char *dir;         /* directory for relative includes (same scheme as key) */
    const char *text;
    size_t len;
    char *owned;       /* text read from disk */
    int sdk;
    int once;          /* has an include guard or #pragma once */
    int pragma_once;
    int guard_open, guard_define, guard_close; /* lines of the guard, or 0 */
    int done;          /* inlined unconditionally: later includes add nothing */
    int active;        /* being inlined now (a cycle if included again) */
} file;

/* Per-unit state: names to rename in the unit's own text. */
typedef struct unit {
    file *f;
    strlist statics;   /* its file-scope static names */
    strlist from, to;  /* renames in effect */
    strlist macros;    /* macros its own text defines (#undef'd at its end) */
} unit;

typedef struct ctx {
    const bundle_options *opt;
    bundle_diag *diag;
    int rc;
    buf out;
    file **files;
    int nfiles, capfiles;
    strlist system;    /* system include lines emitted unconditionally */
    strlist seen_statics; /* statics of the units emitted so far */
    strlist globals;   /* global function names of every unit */
    int cond_depth;
    int depth;
    int sdk_used;
    int compact_sdk;
    unit *cur;
    int once_ids;
} ctx;

static int fail(ctx *c, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(ctx *c, int rc, const char *fmt, ...)
{
    if (c->rc)
        return c->rc;
    c->rc = rc;
    if (c->diag) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->diag->message, sizeof c->diag->message, fmt, ap);
        va_end(ap);
    }
    return rc;
}

static char *dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static char *dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* ---- lexing ------------------------------------------------------------- */

static int is_ident_start(int ch) { return isalpha(ch) || ch == '_'; }
static int is_ident(int ch) { return isalnum(ch) || ch == '_'; }

/* Length of line starting at s (up to '\n' or end). */
static size_t line_len(const char *s, const char *end)
{
    const char *e = memchr(s, '\n', (size_t)(end - s));
    return e ? (size_t)(e - s) : (size_t)(end - s);
}

/* If line (not inside a comment) is a directive, returns its name in
 * name[32] and sets *rest to the text after it; else returns 0. */
static int directive(const char *line, size_t n, char name[32], const char **rest)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i == n || line[i] != '#')
        return 0;
    i++;
    while (i < n && (line[i] == ' ' || line[i] == '\t'))
        i++;
    size_t k = 0;
    while (i < n && is_ident((unsigned char)line[i]) && k < 31)
        name[k++] = line[i++];
    name[k] = '\0';
    *rest = line + i;
    return 1;
}

/* Copies the identifier at s (n bytes available) into id[64]; 0 if none. */
static size_t ident_at(const char *s, size_t n, char id[64])
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '(' || s[i] == '!'))
        i++;
    size_t k = 0;
    if (i < n && is_ident_start((unsigned char)s[i]))
        while (i < n && is_ident((unsigned char)s[i]) && k < 63)
            id[k++] = s[i++];
    id[k] = '\0';
    return k;
}

/* Lexer state carried from line to line. */
typedef struct lexstate {
    int in_comment;     /* inside a block comment */
    int brace;          /* brace depth */
    int record_kw;      /* saw `struct`/`union` and no `;`, `(`, `)` since */
    int records[32];    /* brace depths of the struct/union bodies open */
    int nrecords;
} lexstate;

/*
 * Transforms one line of code: renames identifiers listed in `from` (not
 * after `.` or `->`, not inside a struct or union body, where they are
 * members), and when compact is set drops comments and needless
 * whitespace. *st carries comments and braces across lines. Appends the
 * result (without newline) to out.
 */
static void transform(const char *s, size_t n, lexstate *st, const strlist *from,
                      const strlist *to, int compact, buf *out)
{
    int *in_comment = &st->in_comment;
    size_t i = 0;
    int pending_space = 0, last = 0; /* last significant char written */
    char prev_tok = 0;               /* '.' or '>' when the last token was . or -> */
    buf *o = out;
#define EMIT(p, len)                                                                   \
    do {                                                                               \
        if (compact && pending_space && last && last != ',' && last != '(') \
            buf_put(o, " ", 1);                                                        \
        pending_space = 0;                                                             \
        buf_put(o, (p), (len));                                                        \
        last = (unsigned char)(p)[(len) - 1];                                          \
    } while (0)
    while (i < n) {
        if (*in_comment) {
            const char *e = NULL;
            for (size_t k = i; k + 1 < n; k++)
                if (s[k] == '*' && s[k + 1] == '/') {
                    e = s + k;
                    break;
                }
            size_t stop = e ? (size_t)(e - s) + 2 : n;
            if (!compact)
                buf_put(o, s + i, stop - i);
            else
                pending_space = 1;
            i = stop;
            if (e)
                *in_comment = 0;
            continue;
        }
        char ch = s[i];
        if (ch == '/' && i + 1 < n && s[i + 1] == '*') {
            *in_comment = 1;
            if (!compact)
                buf_put(o, "/*", 2);
            i += 2;
            continue;
        }
        if (ch == '/' && i + 1 < n && s[i + 1] == '/') {
            if (!compact)
                buf_put(o, s + i, n - i);
            i = n;
            continue;
        }
        if (ch == '"' || ch == '\'') {
            size_t k = i + 1;
            while (k < n && s[k] != ch) {
                if (s[k] == '\\' && k + 1 < n)
                    k++;
                k++;
            }
            if (k < n)
                k++;
            EMIT(s + i, k - i);
            prev_tok = 0;
            i = k;
            continue;
        }
        if (is_ident_start((unsigned char)ch)) {
            size_t k = i;
            while (k < n && is_ident((unsigned char)s[k]))
                k++;
            int r = prev_tok || st->nrecords ? -1 : list_has(from, s + i, k - i);
            if ((k - i == 6 && memcmp(s + i, "struct", 6) == 0) ||
                (k - i == 5 && memcmp(s + i, "union", 5) == 0))
                st->record_kw = 1;
            if (r >= 0)
                EMIT(to->v[r], strlen(to->v[r]));
            else
                EMIT(s + i, k - i);
            prev_tok = 0;
            i = k;
            continue;
        }
        if (isdigit((unsigned char)ch)) { /* a number: never renamed */
            size_t k = i;
            while (k < n && (is_ident((unsigned char)s[k]) || s[k] == '.'))
                k++;
            EMIT(s + i, k - i);
            prev_tok = 0;
            i = k;
            continue;
        }
        if (ch == ' ' || ch == '\t' || ch == '\r') {
            if (compact)
                pending_space = 1;
            else
                buf_put(o, s + i, 1);
            i++;
            continue;
        }
        prev_tok = ch == '.' ? '.' : (ch == '>' && i > 0 && s[i - 1] == '-') ? '>' : 0;
        if (ch == '{') {
            st->brace++;
            if (st->record_kw && st->nrecords < 32)
                st->records[st->nrecords++] = st->brace;
            st->record_kw = 0;
        } else if (ch == '}') {
            if (st->nrecords && st->records[st->nrecords - 1] == st->brace)
                st->nrecords--;
            st->brace--;
        } else if (ch == ';' || ch == '(' || ch == ')')
            st->record_kw = 0;
        EMIT(s + i, 1);
        i++;
    }
#undef EMIT
}

/* Strips trailing spaces of the last line in out (compact mode). */
static int ends_blank_line(const buf *b, size_t start) { return b->len == start; }

/* ---- collecting file-scope statics ------------------------------------- */

typedef struct tokzer {
    const char *s;
    size_t n, i;
    int line_start;
} tokzer;

/* Next token: returns 'i' (identifier in tok), 'p' (punctuation char in
 * tok[0]), 0 at end. Skips comments, literals, numbers and directives. */
static int next_tok(tokzer *t, char tok[64])
{
    while (t->i < t->n) {
        char ch = t->s[t->i];
        if (ch == '\n') {
            t->line_start = 1;
            t->i++;
        } else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
            t->i++;
        } else if (ch == '/' && t->i + 1 < t->n && t->s[t->i + 1] == '*') {
            t->i += 2;
            while (t->i + 1 < t->n && !(t->s[t->i] == '*' && t->s[t->i + 1] == '/'))
                t->i++;
            t->i += 2;
        } else if (ch == '/' && t->i + 1 < t->n && t->s[t->i + 1] == '/') {
            while (t->i < t->n && t->s[t->i] != '\n')
                t->i++;
        } else if (ch == '#' && t->line_start) {
            while (t->i < t->n && t->s[t->i] != '\n') {
                if (t->s[t->i] == '\\' && t->i + 1 < t->n && t->s[t->i + 1] == '\n')
                    t->i++;
                t->i++;
            }
        } else if (ch == '"' || ch == '\'') {
            t->i++;
            while (t->i < t->n && t->s[t->i] != ch && t->s[t->i] != '\n') {
                if (t->s[t->i] == '\\')
                    t->i++;
                t->i++;
            }
            t->i++;
            t->line_start = 0;
        } else if (isdigit((unsigned char)ch)) {
            while (t->i < t->n && (is_ident((unsigned char)t->s[t->i]) || t->s[t->i] == '.'))
                t->i++;
            t->line_start = 0;
        } else if (is_ident_start((unsigned char)ch)) {
            size_t k = 0;
            while (t->i < t->n && is_ident((unsigned char)t->s[t->i])) {
                if (k < 63)
                    tok[k++] = t->s[t->i];
                t->i++;
            }
            tok[k] = '\0';
            t->line_start = 0;
            return 'i';
        } else {
            tok[0] = ch;
            tok[1] = '\0';
            t->i++;
            t->line_start = 0;
            return 'p';
        }
    }
    return 0;
}

static int is_type_word(const char *w)
{
    static const char *const words[] = {
        "static", "inline", "const", "volatile", "restrict", "unsigned", "signed", "int",
        "char", "short", "long", "float", "double", "void", "struct", "union", "enum", "_Bool",
        "bool", "register", "__inline", "__inline__", "__attribute__", "_Thread_local",
        "_Noreturn", "noreturn", "__restrict", NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0)
            return 1;
    return 0;
}

/* Skips a balanced group whose opening char was just read. */
static void skip_group(tokzer *t, char open, char close)
{
    char tok[64];
    int d = 1, k;
    while (d > 0 && (k = next_tok(t, tok)) != 0)
        if (k == 'p' && tok[0] == open)
            d++;
        else if (k == 'p' && tok[0] == close)
            d--;
}

/* Adds the names of the file-scope static objects and functions of text to
 * names. Heuristic but sound for ordinary C: after a `static` at brace
 * depth 0, the last identifier before `(`, `[`, `=`, `,` or `;` that is not
 * a type word is a declared name. */
static int collect_statics(const char *text, size_t n, strlist *names)
{
    tokzer t = {text, n, 0, 1};
    char tok[64], last[64];
    int depth = 0, k;
    while ((k = next_tok(&t, tok)) != 0) {
        if (k == 'p') {
            depth += tok[0] == '{' ? 1 : tok[0] == '}' ? -1 : 0;
            continue;
        }
        if (depth != 0 || strcmp(tok, "static") != 0)
            continue;
        last[0] = '\0';
        while ((k = next_tok(&t, tok)) != 0) {
            if (k == 'i') {
                if (!is_type_word(tok))
                    snprintf(last, sizeof last, "%s", tok);
                else if (strcmp(tok, "__attribute__") == 0) {
                    if (next_tok(&t, tok) == 'p' && tok[0] == '(')
                        skip_group(&t, '(', ')');
                }
                continue;
            }
            char p = tok[0];
            if (p == '{') { /* a struct/enum body inside the declaration */
                skip_group(&t, '{', '}');
                last[0] = '\0';
                continue;
            }
            if (p == '*')
                continue;
            if ((p == '(' || p == '[' || p == '=' || p == ',' || p == ';') && last[0] &&
                list_has(names, last, strlen(last)) < 0 && list_add(names, last, strlen(last)))
                return BUNDLE_E_NOMEM;
            last[0] = '\0';
            if (p == '(') {
                /* function: its body (if any) is skipped by depth tracking */
                skip_group(&t, '(', ')');
                break;
            }
            if (p == '[') {
                skip_group(&t, '[', ']');
                continue;
            }
            if (p == '=') { /* skip the initializer up to ',' or ';' */
                int d = 0;
                while ((k = next_tok(&t, tok)) != 0) {
                    if (k != 'p')
                        continue;
                    if (tok[0] == '{' || tok[0] == '(')
                        d++;
                    else if (tok[0] == '}' || tok[0] == ')')
                        d--;
                    else if (d == 0 && (tok[0] == ',' || tok[0] == ';'))
                        break;
                }
                if (k == 0 || tok[0] == ';')
                    break;
                continue;
            }
            if (p == ';')
                break;
        }
    }
    return 0;
}

/* Adds the names of the functions that text declares or defines at file
 * scope without `static` (its global functions) to names. */
static int collect_globals(const char *text, size_t n, strlist *names)
{
    tokzer t = {text, n, 0, 1};
    char tok[64], last[64] = "";
    int depth = 0, local = 0, k;
    while ((k = next_tok(&t, tok)) != 0) {
        if (k == 'p' && (tok[0] == '{' || tok[0] == '}')) {
            depth += tok[0] == '{' ? 1 : -1;
            if (depth == 0 && tok[0] == '}')
                local = 0, last[0] = '\0';
            continue;
        }
        if (depth != 0)
            continue;
        if (k == 'i') {
            if (strcmp(tok, "static") == 0 || strcmp(tok, "typedef") == 0)
                local = 1;
            else if (!is_type_word(tok) && strcmp(tok, "sizeof") != 0 &&
                     strcmp(tok, "extern") != 0 && strcmp(tok, "_Static_assert") != 0)
                snprintf(last, sizeof last, "%s", tok);
            continue;
        }
        if (tok[0] == '(') {
            if (last[0] && !local && list_has(names, last, strlen(last)) < 0 &&
                list_add(names, last, strlen(last)))
                return BUNDLE_E_NOMEM;
            skip_group(&t, '(', ')');
            last[0] = '\0';
        } else if (tok[0] == '[') {
            skip_group(&t, '[', ']');
        } else if (tok[0] == ';') {
            local = 0;
            last[0] = '\0';
        } else if (tok[0] != '*') {
            last[0] = '\0';
        }
    }
    return 0;
}

/* ---- files ------------------------------------------------------------- */

static void file_free(file *f)
{
    if (!f)
        return;
    free(f->key);
    free(f->display);
    free(f->dir);
    free(f->owned);
    free(f);
}

/* Finds the include guard (or #pragma once) of f: the first significant
 * line (comments and blank lines aside) is `#ifndef X` or `#if !defined X`,
 * the second `#define X`, and the #endif that closes the first is the last
 * significant line. */
static void find_guard(file *f)
{
    const char *s = f->text, *end = f->text + f->len;
    int ln = 0, sig = 0, depth = 0, broken = 0, last_close = 0;
    lexstate lx = {0};
    char guard[64] = "", name[32], id[64];
    const char *rest;
    buf t = {0};
    static const strlist none;
    while (s < end && !broken) {
        size_t n = line_len(s, end);
        ln++;
        t.len = 0;
        transform(s, n, &lx, &none, &none, 1, &t);
        s += n + (s + n < end);
        if (t.failed) {
            broken = 1;
            break;
        }
        if (t.len == 0)
            continue;
        sig++;
        int is_dir = directive(t.s, t.len, name, &rest);
        size_t rn = is_dir ? (size_t)(t.s + t.len - rest) : 0;
        if (is_dir && strcmp(name, "pragma") == 0 && ident_at(rest, rn, id) &&
            strcmp(id, "once") == 0)
            f->pragma_once = 1;
        if (sig == 1) {
            const char *d;
            if (is_dir && strcmp(name, "ifndef") == 0 && ident_at(rest, rn, guard))
                f->guard_open = ln;
            else if (is_dir && strcmp(name, "if") == 0 && (d = strstr(rest, "defined")) &&
                     memchr(rest, '!', (size_t)(d - rest)) &&
                     ident_at(d + 7, (size_t)(t.s + t.len - d - 7), guard))
                f->guard_open = ln;
        } else if (sig == 2 && f->guard_open) {
            if (!(is_dir && strcmp(name, "define") == 0 && ident_at(rest, rn, id) &&
                  strcmp(id, guard) == 0))
                broken = 1;
            else
                f->guard_define = ln;
        } else if (f->guard_open && depth == 0) {
            broken = 1; /* significant text after the guard's #endif */
        }
        if (is_dir && (strcmp(name, "if") == 0 || strcmp(name, "ifdef") == 0 ||
                       strcmp(name, "ifndef") == 0))
            depth++;
        else if (is_dir && strcmp(name, "endif") == 0 && --depth == 0)
            last_close = ln;
    }
    free(t.s);
    if (broken || !f->guard_open || !f->guard_define || depth != 0 || !last_close)
        f->guard_open = f->guard_define = 0;
    else
        f->guard_close = last_close;
    f->once = f->pragma_once || f->guard_open;
}

static file *add_file(ctx *c, file *f)
{
    if (c->nfiles == c->capfiles) {
        int cap = c->capfiles ? 2 * c->capfiles : 32;
        file **v = realloc(c->files, (size_t)cap * sizeof *v);
        if (!v) {
            file_free(f);
            fail(c, BUNDLE_E_NOMEM, "out of memory");
            return NULL;
        }
        c->files = v;
        c->capfiles = cap;
    }
    find_guard(f);
    c->files[c->nfiles++] = f;
    return f;
}

static file *find_loaded(ctx *c, const char *key)
{
    for (int i = 0; i < c->nfiles; i++)
        if (strcmp(c->files[i]->key, key) == 0)
            return c->files[i];
    return NULL;
}

static const bundle_file *sdk_lookup(const char *name)
{
    for (int i = 0; i < bundle_sdk_file_count; i++)
        if (strcmp(bundle_sdk_files[i].name, name) == 0)
            return &bundle_sdk_files[i];
    return NULL;
}

/* The embedded SDK file `name` ("include/loa/x.h"), loaded once. */
static file *load_sdk(ctx *c, const char *name)
{
    const bundle_file *bf = sdk_lookup(name);
    if (!bf)
        return NULL;
    char *key = dup_printf("sdk:%s", name);
    if (!key)
        return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
    file *f = find_loaded(c, key);
    if (f) {
        free(key);
        return f;
    }
    f = calloc(1, sizeof *f);
    const char *slash = strrchr(name, '/');
    if (f) {
        f->key = key;
        f->display = dup_printf("loa-sdk/%s", name);
        f->dir = dupn(name, slash ? (size_t)(slash - name) : 0);
    }
    if (!f || !f->display || !f->dir) {
        if (!f)
            free(key);
        file_free(f);
        return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
    }
    f->text = bf->data;
    f->len = bf->size;
    f->sdk = 1;
    return add_file(c, f);
}

/* A file from disk, loaded once (keyed by its real path). Returns NULL
 * without an error when it does not exist and `quiet` is set. */
static file *load_path(ctx *c, const char *path, int quiet)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (!quiet)
            fail(c, BUNDLE_E_IO, "cannot read '%s': %s", path,
                 errno && !S_ISREG(st.st_mode) ? strerror(errno) : "not a regular file");
        return NULL;
    }
    char *real = realpath(path, NULL);
    if (!real)
        return fail(c, BUNDLE_E_IO, "cannot resolve '%s': %s", path, strerror(errno)), NULL;
    file *f = find_loaded(c, real);
    if (f) {
        free(real);
        return f;
    }
    if (st.st_size > BUNDLE_FILE_MAX) {
        free(real);
        return fail(c, BUNDLE_E_IO, "'%s' is larger than %d bytes", path, BUNDLE_FILE_MAX), NULL;
    }
    f = calloc(1, sizeof *f);
    FILE *in = fopen(path, "rb");
    char *text = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    if (f && in && text)
        got = fread(text, 1, (size_t)st.st_size, in);
    int bad = !f || !in || !text || got != (size_t)st.st_size || ferror(in);
    int err = errno;
    if (in)
        fclose(in);
    if (bad) {
        free(real);
        free(text);
        free(f);
        return fail(c, !f || !text ? BUNDLE_E_NOMEM : BUNDLE_E_IO, "cannot read '%s': %s", path,
                    strerror(err ? err : EIO)),
               NULL;
    }
    text[got] = '\0';
    f->key = real;
    f->display = strdup(path);
    const char *slash = strrchr(real, '/');
    f->dir = dupn(real, slash ? (size_t)(slash - real) : 0);
    f->owned = text;
    f->text = text;
    f->len = got;
    if (!f->display || !f->dir) {
        file_free(f);
        return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
    }
    return add_file(c, f);
}

/* Resolves an include of `name` from `from`; angle = <...>. Returns the
 * file, or NULL (c->rc unset) when it should stay as written (a system
 * header) or was not found (*missing set). */
static file *resolve(ctx *c, const file *from, const char *name, int angle, int *missing)
{
    char *path;
    file *f;
    *missing = 0;
    /* The SDK always comes from loa-bundle's own embedded copy, so that
     * headers and sources match. */
    if (strncmp(name, "loa/", 4) == 0) {
        path = dup_printf("include/%s", name);
        if (!path)
            return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
        f = sdk_lookup(path) ? load_sdk(c, path) : NULL;
        free(path);
        if (f)
            return f;
    }
    if (from->sdk && !angle) {
        path = from->dir[0] ? dup_printf("%s/%s", from->dir, name) : strdup(name);
        if (!path)
            return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
        f = sdk_lookup(path) ? load_sdk(c, path) : NULL;
        free(path);
        if (f)
            return f;
        path = dup_printf("include/%s", name);
        f = path && sdk_lookup(path) ? load_sdk(c, path) : NULL;
        free(path);
        if (f)
            return f;
    }
    if (!angle) {
        path = name[0] == '/' ? strdup(name) : dup_printf("%s/%s", from->dir, name);
        if (!path)
            return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
        f = load_path(c, path, 1);
        free(path);
        if (f || c->rc)
            return f;
        for (int i = 0; i < c->opt->include_dir_count; i++) {
            path = dup_printf("%s/%s", c->opt->include_dirs[i], name);
            if (!path)
                return fail(c, BUNDLE_E_NOMEM, "out of memory"), NULL;
            f = load_path(c, path, 1);
            free(path);
            if (f || c->rc)
                return f;
        }
        *missing = 1;
    }
    return NULL;
}

/* ---- emission ------------------------------------------------------------ */

static void line_marker(ctx *c, int line, const file *f)
{
    if (c->opt->line_markers)
        buf_printf(&c->out, "#line %d \"%s\"\n", line, f->display);
}

static int emit_file(ctx *c, file *f);

/* Handles an #include line of f (line number ln); 0 or an error. */
static int do_include(ctx *c, file *f, int ln, const char *line, size_t n, const char *rest)
{
    const char *end = line + n, *p = rest;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || (*p != '"' && *p != '<'))
        return fail(c, BUNDLE_E_SYNTAX,
                    "%s:%d: computed include '%.*s' is not supported (write the file name)",
                    f->display, ln, (int)n, line);
    char close = *p == '"' ? '"' : '>';
    const char *q = memchr(p + 1, close, (size_t)(end - p - 1));
    if (!q || q == p + 1)
        return fail(c, BUNDLE_E_SYNTAX, "%s:%d: malformed include '%.*s'", f->display, ln, (int)n,
                    line);
    char *name = dupn(p + 1, (size_t)(q - p - 1));
    if (!name)
        return fail(c, BUNDLE_E_NOMEM, "out of memory");
    int missing;
    file *inc = resolve(c, f, name, close == '>', &missing);
    if (c->rc) {
        free(name);
        return c->rc;
    }
    if (!inc) {
        if (missing && c->cond_depth == 0) {
            fail(c, BUNDLE_E_NOT_FOUND,
                 "%s:%d: cannot find \"%s\" (searched %s and %d -I director%s)", f->display, ln,
                 name, f->dir, c->opt->include_dir_count,
                 c->opt->include_dir_count == 1 ? "y" : "ies");
            free(name);
            return c->rc;
        }
        /* A system header (or a missing one under a condition): keep the
         * line, each unconditional system header once. */
        size_t len = (size_t)(q + 1 - line);
        if (c->cond_depth == 0 && !missing) {
            if (list_has(&c->system, line, len) >= 0) {
                free(name);
                return 0;
            }
            if (list_add(&c->system, line, len)) {
                free(name);
                return fail(c, BUNDLE_E_NOMEM, "out of memory");
            }
        }
        buf_put(&c->out, line, len);
        buf_put(&c->out, "\n", 1);
        free(name);
        return 0;
    }
    free(name);
    if (inc->sdk)
        c->sdk_used = 1;
    if (inc->done)
        return 0;
    if (inc->active && !inc->once)
        return fail(c, BUNDLE_E_DEPTH, "%s:%d: '%s' includes itself (an include cycle)", f->display,
                    ln, inc->display);
    if (inc->active)
        return 0; /* guarded: the inner include is empty */
    unit *saved = c->cur;
    c->cur = NULL; /* renames apply to a unit's own text only */
    /* clang warns about unused static inline functions of the main file,
     * never of headers: keep that so for the headers inlined here. */
    size_t nl = strlen(inc->display);
    int header = nl > 2 && strcmp(inc->display + nl - 2, ".h") == 0;
    if (header)
        buf_str(&c->out, "#ifdef __clang__\n#pragma clang diagnostic push\n"
                         "#pragma clang diagnostic ignored \"-Wunused-function\"\n#endif\n");
    int rc = emit_file(c, inc);
    if (header && !rc)
        buf_str(&c->out, "#ifdef __clang__\n#pragma clang diagnostic pop\n#endif\n");
    c->cur = saved;
    if (!rc)
        line_marker(c, ln + 1, f);
    return rc;
}

static int emit_file(ctx *c, file *f)
{
    if (c->depth >= BUNDLE_MAX_DEPTH)
        return fail(c, BUNDLE_E_DEPTH, "includes nested deeper than %d at '%s' (a cycle?)",
                    BUNDLE_MAX_DEPTH, f->display);
    c->depth++;
    f->active = 1;
    int unconditional = c->cond_depth == 0;
    int once_id = 0;
    if (f->pragma_once && !f->guard_open) {
        once_id = ++c->once_ids;
        buf_printf(&c->out, "#ifndef LOA_BUNDLE_ONCE_%d\n#define LOA_BUNDLE_ONCE_%d\n", once_id,
                   once_id);
    }
    line_marker(c, 1, f);
    int compact = (f->sdk && c->compact_sdk) || (c->opt->strip_comments && !c->opt->line_markers);
    static const strlist none;
    const strlist *from = c->cur && c->cur->f == f ? &c->cur->from : &none;
    const strlist *to = c->cur && c->cur->f == f ? &c->cur->to : &none;
    const char *s = f->text, *end = f->text + f->len;
    int ln = 0, continued = 0;
    lexstate lx = {0};
    char name[32];
    const char *rest;
    while (s < end && !c->rc) {
        size_t n = line_len(s, end);
        ln++;
        int was_comment = lx.in_comment;
        const char *line = s;
        s += n + (s + n < end);
        int is_dir = !was_comment && !continued && directive(line, n, name, &rest);
        continued = n > 0 && line[n - (line[n - 1] == '\r' && n > 1 ? 2 : 1)] == '\\';
        if (is_dir) {
            char id[64];
            if (strcmp(name, "include") == 0 || strcmp(name, "include_next") == 0) {
                buf scratch = {0};
                transform(line, n, &lx, &none, &none, 1, &scratch);
                free(scratch.s);
                if (do_include(c, f, ln, line, n, rest))
                    break;
                continue;
            }
            if (strcmp(name, "pragma") == 0 && ident_at(rest, (size_t)(line + n - rest), id) &&
                strcmp(id, "once") == 0)
                continue;
            int guard_line = ln == f->guard_open || ln == f->guard_close;
            if (!guard_line && (strcmp(name, "if") == 0 || strcmp(name, "ifdef") == 0 ||
                                strcmp(name, "ifndef") == 0))
                c->cond_depth++;
            else if (!guard_line && strcmp(name, "endif") == 0 && c->cond_depth > 0)
                c->cond_depth--;
            else if (strcmp(name, "define") == 0 && c->cur && c->cur->f == f &&
                     ident_at(rest, (size_t)(line + n - rest), id) && id[0] != '_' &&
                     list_has(&c->cur->macros, id, strlen(id)) < 0 &&
                     list_add(&c->cur->macros, id, strlen(id)))
                return fail(c, BUNDLE_E_NOMEM, "out of memory");
        }
        size_t start = c->out.len;
        transform(line, n, &lx, from, to, compact, &c->out);
        if (compact && ends_blank_line(&c->out, start))
            continue; /* a line that held only comments or spaces */
        buf_put(&c->out, "\n", 1);
    }
    if (once_id)
        buf_str(&c->out, "#endif\n");
    f->active = 0;
    if (unconditional && f->once)
        f->done = 1;
    c->depth--;
    return c->rc;
}

/* Emits one unit (a source given by the user or an SDK source). */
static int emit_unit(ctx *c, file *f, const char *prefix)
{
    unit u = {0};
    u.f = f;
    int rc = collect_statics(f->text, f->len, &u.statics);
    for (int i = 0; !rc && i < u.statics.n; i++) {
        const char *s = u.statics.v[i];
        /* A static is renamed when an earlier unit has a static of that name
         * or any unit a global one (globals keep their names). */
        int clash = list_has(&c->globals, s, strlen(s)) >= 0;
        if (!clash && list_has(&c->seen_statics, s, strlen(s)) < 0) {
            rc = list_add(&c->seen_statics, s, strlen(s));
            continue;
        }
        char *nn = dup_printf("%s__%s", prefix, s);
        rc = !nn || list_add(&u.from, s, strlen(s)) || list_add(&u.to, nn, strlen(nn))
                 ? BUNDLE_E_NOMEM
                 : 0;
        free(nn);
    }
    if (rc) {
        fail(c, rc, "out of memory");
    } else {
        buf_printf(&c->out, "\n/* ---- %s ---- */\n", f->display);
        for (int i = 0; i < u.from.n; i++)
            buf_printf(&c->out, "/* loa-bundle: static '%s' renamed '%s' (another file uses the name) */\n",
                       u.from.v[i], u.to.v[i]);
        c->cur = &u;
        rc = emit_file(c, f);
        c->cur = NULL;
        if (!rc && c->cond_depth != 0)
            rc = fail(c, BUNDLE_E_SYNTAX, "%s: unbalanced #if/#endif", f->display);
        for (int i = 0; !rc && i < u.macros.n; i++)
            buf_printf(&c->out, "#undef %s\n", u.macros.v[i]);
    }
    list_free(&u.statics);
    list_free(&u.from);
    list_free(&u.to);
    list_free(&u.macros);
    return c->rc;
}

/* The unit prefix of a path: its base name without extension, as an
 * identifier. */
static void unit_prefix(const char *path, char *out, size_t size)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t k = 0;
    for (; *b && *b != '.' && k + 1 < size; b++)
        out[k++] = is_ident((unsigned char)*b) ? *b : '_';
    if (k == 0 || isdigit((unsigned char)out[0]))
        out[k = 0] = 'u', k = 1;
    out[k] = '\0';
}

int bundle_sources(const char *const *sources, int count, const bundle_options *opt,
                   char **out, size_t *out_len, bundle_diag *diag)
{
    if (out)
        *out = NULL;
    if (!sources || count <= 0 || !out)
        return BUNDLE_E_INVAL;
    static const bundle_options defaults;
    ctx c = {0};
    c.opt = opt ? opt : &defaults;
    c.diag = diag;
    c.compact_sdk = !c.opt->keep_sdk_comments && !c.opt->line_markers;
    if (diag)
        diag->message[0] = '\0';

    buf_str(&c.out, "/*\n * Bundled by loa-bundle for CodinGame from:");
    for (int i = 0; i < count; i++)
        buf_printf(&c.out, " %s", sources[i]);
    buf_str(&c.out, "\n * Self-contained: gcc -std=gnu17 -O2 THIS_FILE.c -lm -lpthread\n */\n"
                    "#ifndef _GNU_SOURCE\n#define _GNU_SOURCE\n#endif\n");
    /* Global function names of every unit first: a static of any unit that
     * has the name of a global elsewhere must be renamed. */
    for (int i = 0; i < count && !c.rc; i++) {
        file *f = load_path(&c, sources[i], 0);
        if (f && collect_globals(f->text, f->len, &c.globals))
            fail(&c, BUNDLE_E_NOMEM, "out of memory");
    }
    for (int i = 0; i < bundle_sdk_file_count && !c.rc; i++) {
        const char *n = bundle_sdk_files[i].name;
        size_t len = strlen(n);
        if (strncmp(n, "src/", 4) == 0 && len > 2 && strcmp(n + len - 2, ".c") == 0 &&
            collect_globals(bundle_sdk_files[i].data, bundle_sdk_files[i].size, &c.globals))
            fail(&c, BUNDLE_E_NOMEM, "out of memory");
    }
    for (int i = 0; i < count && !c.rc; i++) {
        file *f = load_path(&c, sources[i], 0);
        if (!f)
            break;
        if (f->done || f->active) {
            fail(&c, BUNDLE_E_INVAL, "'%s' is given twice", sources[i]);
            break;
        }
        char prefix[64];
        unit_prefix(sources[i], prefix, sizeof prefix);
        emit_unit(&c, f, prefix);
        f->done = 1;
    }
    if (!c.rc && c.sdk_used) {
        buf_str(&c.out, "\n/* ==== the loa SDK (sdk/src and its generated tables) ==== */\n");
        for (int i = 0; i < bundle_sdk_file_count && !c.rc; i++) {
            const char *n = bundle_sdk_files[i].name;
            size_t len = strlen(n);
            if (strncmp(n, "src/", 4) != 0 || len < 3 || strcmp(n + len - 2, ".c") != 0)
                continue;
            file *f = load_sdk(&c, n);
            if (!f)
                break;
            char prefix[64];
            unit_prefix(n, prefix, sizeof prefix);
            char sdk_prefix[80];
            snprintf(sdk_prefix, sizeof sdk_prefix, "loa_sdk_%s", prefix);
            emit_unit(&c, f, sdk_prefix);
        }
    }
    if (!c.rc && c.out.failed)
        fail(&c, BUNDLE_E_NOMEM, "out of memory");
    for (int i = 0; i < c.nfiles; i++)
        file_free(c.files[i]);
    free(c.files);
    list_free(&c.system);
    list_free(&c.seen_statics);
    list_free(&c.globals);
    if (c.rc) {
        free(c.out.s);
        return c.rc;
    }
    *out = c.out.s;
    if (out_len)
        *out_len = c.out.len;
    return BUNDLE_OK;
}

const char *bundle_strerror(int code)
{
    switch (code) {
    case BUNDLE_OK: return "success";
    case BUNDLE_E_INVAL: return "invalid argument";
    case BUNDLE_E_NOMEM: return "out of memory";
    case BUNDLE_E_IO: return "cannot read a source";
    case BUNDLE_E_NOT_FOUND: return "included file not found";
    case BUNDLE_E_SYNTAX: return "unsupported include";
    case BUNDLE_E_DEPTH: return "includes nested too deeply";
    default: return "unknown error";
    }
}
