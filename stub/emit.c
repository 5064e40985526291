/*
 * Emitter support: the growing output buffer, naming conventions, quoting
 * (the emitters' helpers; the table of languages is languages.c, above the
 * emitters, so that calls only point down).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stub.h"
#include "util/buf.h"

struct stub_out {
    util_buf text; /* the program; its failed flag is sticky */
    const char *indent;
    const stub_program *p;
    const stub_lang *lang;
    char **names;      /* per variable, in the language's convention */
    int *declared;     /* per variable: block level of its declaration, -1 */
    int *reads;        /* per variable: number of commands that read it */
    char index[8][16]; /* loop index names by depth */
    char *scratch[8];  /* ring of results of stub_quote / stub_amount */
    char **kept;       /* segment texts (freed with o) */
    int nkept;
    int scratch_next;
    const void *data; /* the emitter's, see stub_out_data() */
};

static void put(stub_out *o, const char *s, size_t n)
{
    util_buf_put(&o->text, s, n);
}

static void vput(stub_out *o, const char *fmt, va_list ap)
{
    util_buf_vprintf(&o->text, fmt, ap);
}

void stub_out_set_indent(stub_out *o, const char *unit)
{
    o->indent = unit;
}

void stub_out_set_data(stub_out *o, const void *data)
{
    o->data = data;
}

const void *stub_out_data(const stub_out *o)
{
    return o->data;
}

void stub_out_printf(stub_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(o, fmt, ap);
    va_end(ap);
}

void stub_line(stub_out *o, int level, const char *fmt, ...)
{
    if (fmt[0]) {
        for (int i = 0; i < level; i++)
            put(o, o->indent, strlen(o->indent));
        va_list ap;
        va_start(ap, fmt);
        vput(o, fmt, ap);
        va_end(ap);
    }
    put(o, "\n", 1);
}

void stub_blank(stub_out *o)
{
    put(o, "\n", 1);
}

void stub_comment_lines(stub_out *o, int level, const char *prefix, const char *text,
                        const char *suffix)
{
    const char *s = text;
    for (;;) {
        const char *e = strchr(s, '\n');
        int n = e ? (int)(e - s) : (int)strlen(s);
        if (n == 0) {
            /* an empty comment line: the prefix without its trailing space */
            size_t pl = strlen(prefix);
            while (pl && prefix[pl - 1] == ' ')
                pl--;
            stub_line(o, level, "%.*s", (int)pl, prefix);
        } else
            stub_line(o, level, "%s%.*s%s", prefix, n, s, suffix);
        if (!e)
            break;
        s = e + 1;
    }
}

void stub_text(stub_out *o, int level, const char *text)
{
    for (const char *s = text; s;) {
        const char *e = strchr(s, '\n');
        int n = e ? (int)(e - s) : (int)strlen(s);
        if (n)
            stub_line(o, level, "%.*s", n, s);
        else
            stub_blank(o);
        s = e ? e + 1 : NULL;
    }
}

void stub_answer_hint(stub_out *o, int level, const char *marker, const char *end, const char *how,
                      const char *debug)
{
    stub_blank(o);
    stub_line(o, level, "%s%s%s", marker, how, end);
    stub_line(o, level, "%s%s%s", marker, debug, end);
    stub_line(o, level, "%s%s%s", marker, STUB_METRICS_HINT, end);
    stub_blank(o);
    if (o->p->output)
        stub_comment_lines(o, level, marker, o->p->output, end);
}

const char *stub_statement(const stub_program *p)
{
    return p->statement ? p->statement : STUB_DEFAULT_STATEMENT;
}

const stub_program *stub_out_program(const stub_out *o)
{
    return o->p;
}

const char *stub_var_comment(const stub_out *o, int var)
{
    return o->p->vars[var].comment;
}

/* camelCase -> snake_case: an underscore before an upper-case letter that
 * follows a lower-case letter or digit, or that starts a word after an
 * acronym (myURLValue -> my_url_value); everything lower case. */
static char *convert(const char *name, stub_case c)
{
    size_t n = strlen(name);
    char *s = malloc(2 * n + 2);
    if (!s)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (c == STUB_SNAKE && isupper(ch) && i > 0) {
            unsigned char prev = (unsigned char)name[i - 1], next = (unsigned char)name[i + 1];
            if (islower(prev) || isdigit(prev) || (isupper(prev) && islower(next)))
                s[k++] = '_';
        }
        s[k++] = c == STUB_SNAKE ? (char)tolower(ch) : (char)ch;
    }
    s[k] = '\0';
    return s;
}

static int is_keyword(const stub_lang *l, const char *s)
{
    for (const char *const *k = l->keywords; k && *k; k++)
        if (strcmp(*k, s) == 0)
            return 1;
    return 0;
}

const char *stub_name(stub_out *o, int var)
{
    return o->names[var];
}

const char *stub_index(stub_out *o, int depth)
{
    return o->index[depth < 8 ? depth : 7];
}

/* Stores a result in the ring (freeing the one it replaces): up to 8 results
 * stay valid at once, enough for any one line an emitter prints. */
static const char *keep(stub_out *o, char *q)
{
    free(o->scratch[o->scratch_next]);
    o->scratch[o->scratch_next] = q;
    o->scratch_next = (o->scratch_next + 1) % 8;
    return q;
}

const char *stub_quote(stub_out *o, const char *s, const char *extra, int percent)
{
    size_t n = strlen(s);
    char *q = malloc(2 * n + 1);
    if (!q) {
        o->text.failed = 1;
        return "";
    }
    size_t k = 0;
    for (; *s; s++) {
        if (*s == '\\' || *s == '"' || (extra && strchr(extra, *s)))
            q[k++] = '\\';
        else if (percent && *s == '%')
            q[k++] = '%';
        q[k++] = *s;
    }
    q[k] = '\0';
    return keep(o, q);
}

const char *stub_format(stub_out *o, const char *fmt, ...)
{
    va_list ap, cp;
    va_start(ap, fmt);
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *q = n < 0 ? NULL : malloc((size_t)n + 1);
    if (!q) {
        va_end(cp);
        o->text.failed = 1;
        return "";
    }
    vsnprintf(q, (size_t)n + 1, fmt, cp);
    va_end(cp);
    return keep(o, q);
}

const char *stub_amount(stub_out *o, const stub_node *n)
{
    if (n->amount_var >= 0)
        return o->names[n->amount_var];
    char *q = malloc(24);
    if (!q) {
        o->text.failed = 1;
        return "0";
    }
    snprintf(q, 24, "%ld", n->amount);
    return keep(o, q);
}

const char *stub_bound(stub_out *o, const stub_node *n, const char *long_fmt)
{
    if (n->amount_var < 0 || o->p->vars[n->amount_var].type != STUB_LONG)
        return stub_amount(o, n);
    const char *name = o->names[n->amount_var];
    size_t size = strlen(long_fmt) + strlen(name) + 1;
    char *q = malloc(size);
    if (!q) {
        o->text.failed = 1;
        return name;
    }
    snprintf(q, size, long_fmt, name);
    return keep(o, q);
}

int stub_segments(stub_out *o, const stub_node *n, stub_seg *segs)
{
    int k = 0;
    size_t cap = 2;
    for (int i = 0; i < n->part_count; i++)
        cap += 2 + (n->parts[i].var < 0 ? strlen(n->parts[i].text) : 0); /* space, NUL */
    char *lit = malloc(cap);
    char **kept = realloc(o->kept, (size_t)(o->nkept + 1) * sizeof *kept);
    if (!lit || !kept) {
        free(lit);
        o->text.failed = 1;
        return 0;
    }
    o->kept = kept;
    kept[o->nkept++] = lit; /* one buffer holds every literal of this write */
    size_t len = 0, start = 0;
    for (int i = 0; i < n->part_count; i++) {
        if (i)
            lit[len++] = ' ';
        if (n->parts[i].var < 0) {
            size_t t = strlen(n->parts[i].text);
            memcpy(lit + len, n->parts[i].text, t);
            len += t;
            continue;
        }
        if (len > start) {
            lit[len++] = '\0';
            segs[k].var = -1;
            segs[k++].text = lit + start;
            start = len;
        }
        segs[k].var = n->parts[i].var;
        segs[k++].text = NULL;
    }
    if (len > start || k == 0) {
        lit[len++] = '\0';
        segs[k].var = -1;
        segs[k++].text = lit + start;
    }
    return k;
}

void stub_concat(stub_out *o, const stub_node *n, char *buf, size_t size, const char *op,
                 char quote, const char *extra,
                 void (*var_expr)(stub_out *o, int var, char *out, size_t size))
{
    stub_seg *sg = malloc((2 * (size_t)n->part_count + 1) * sizeof *sg);
    int k = sg ? stub_segments(o, n, sg) : 0;
    if (!sg)
        o->text.failed = 1;
    size_t l = 0;
    buf[0] = '\0';
    for (int i = 0; i < k && l < size; i++) {
        char v[256];
        if (sg[i].var < 0)
            snprintf(buf + l, size - l, "%s%c%s%c", i ? op : "", quote,
                     stub_quote(o, sg[i].text, extra, 0), quote);
        else {
            if (var_expr)
                var_expr(o, sg[i].var, v, sizeof v);
            else
                snprintf(v, sizeof v, "%s", stub_name(o, sg[i].var));
            snprintf(buf + l, size - l, "%s%s", i ? op : "", v);
        }
        l += strlen(buf + l);
    }
    free(sg);
}

void stub_interpolate(stub_out *o, const stub_node *n, char *buf, size_t size, const char *var_fmt,
                      const char *extra)
{
    buf[0] = '\0';
    for (int i = 0; i < n->part_count; i++) {
        size_t l = strlen(buf);
        const stub_part *pt = &n->parts[i];
        if (i)
            snprintf(buf + l, size - l, " ");
        l += strlen(buf + l);
        if (pt->var >= 0)
            snprintf(buf + l, size - l, var_fmt, stub_name(o, pt->var));
        else
            snprintf(buf + l, size - l, "%s", stub_quote(o, pt->text, extra, 0));
    }
}

static int needs_split(const stub_node *n)
{
    for (; n; n = n->next)
        if ((n->kind == STUB_READ && n->var_count > 1) || n->kind == STUB_LOOPLINE ||
            (n->body && needs_split(n->body)))
            return 1;
    return 0;
}

int stub_needs_split(const stub_program *p)
{
    return needs_split(p->init) || needs_split(p->turn);
}

int stub_declare(stub_out *o, int var, int level)
{
    if (o->declared[var] >= 0 && o->declared[var] <= level)
        return 0;
    o->declared[var] = level;
    return 1;
}

void stub_leave(stub_out *o, int level)
{
    for (int i = 0; i < o->p->var_count; i++)
        if (o->declared[i] > level)
            o->declared[i] = -1;
}

static void count_reads(const stub_node *n, int *reads)
{
    for (; n; n = n->next) {
        if (n->kind == STUB_READ || n->kind == STUB_LOOPLINE)
            for (int i = 0; i < n->var_count; i++)
                reads[n->vars[i]]++;
        count_reads(n->body, reads);
    }
}

int stub_reassigned(const stub_out *o, int var)
{
    return o->reads[var] > 1;
}

/* Fills the variable and loop index names. Returns 0 or STUB_E_NOMEM. */
static int prepare_names(stub_out *o)
{
    const stub_program *p = o->p;
    o->names = calloc((size_t)p->var_count + 1, sizeof *o->names);
    o->declared = malloc(((size_t)p->var_count + 1) * sizeof *o->declared);
    o->reads = calloc((size_t)p->var_count + 1, sizeof *o->reads);
    if (!o->names || !o->declared || !o->reads)
        return STUB_E_NOMEM;
    count_reads(p->init, o->reads);
    count_reads(p->turn, o->reads);
    for (int i = 0; i < p->var_count; i++)
        o->declared[i] = -1;
    for (int i = 0; i < p->var_count; i++) {
        char *s = convert(p->vars[i].name, o->lang->naming);
        if (!s)
            return STUB_E_NOMEM;
        /* Escape reserved words, and names that clash after conversion. */
        for (;;) {
            int clash = is_keyword(o->lang, s);
            for (int j = 0; j < i && !clash; j++)
                clash = strcmp(o->names[j], s) == 0;
            if (!clash)
                break;
            size_t n = strlen(s);
            char *t = realloc(s, n + 2);
            if (!t) {
                free(s);
                return STUB_E_NOMEM;
            }
            s = t;
            s[n] = '_';
            s[n + 1] = '\0';
        }
        o->names[i] = s;
    }
    static const char *const base[] = {"i", "j", "k", "l", "m", "n", "o", "p"};
    int next = 0;
    for (int d = 0; d < 8; d++) {
        for (;;) {
            char cand[16];
            if (next < 8)
                snprintf(cand, sizeof cand, "%s", base[next]);
            else
                snprintf(cand, sizeof cand, "i%d", next);
            next++;
            int clash = is_keyword(o->lang, cand);
            for (int j = 0; j < p->var_count && !clash; j++)
                clash = strcmp(o->names[j], cand) == 0;
            if (!clash) {
                snprintf(o->index[d], sizeof o->index[d], "%s", cand);
                break;
            }
        }
    }
    return 0;
}

int stub_generate(const stub_program *p, const stub_lang *lang, char **code)
{
    if (!p || !lang || !code)
        return STUB_E_INVAL;
    *code = NULL;
    stub_out o = {0};
    o.indent = "    ";
    o.p = p;
    o.lang = lang;
    int rc = prepare_names(&o);
    if (rc == 0) {
        lang->emit(p, &o);
        rc = o.text.failed ? STUB_E_NOMEM : 0;
    }
    if (o.names)
        for (int i = 0; i < p->var_count; i++)
            free(o.names[i]);
    free(o.names);
    free(o.declared);
    free(o.reads);
    for (int i = 0; i < 8; i++)
        free(o.scratch[i]);
    for (int i = 0; i < o.nkept; i++)
        free(o.kept[i]);
    free(o.kept);
    if (rc == 0 && !(*code = util_buf_take(&o.text)))
        rc = STUB_E_NOMEM;
    util_buf_free(&o.text);
    return rc;
}
